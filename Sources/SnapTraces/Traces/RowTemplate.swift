/// The whole-row shape of a usual-plan row (trace id / user run, `t_ms`, `offset`, phase,
/// per-trace run, line break), kept by the row loop from the last row it read cell by cell
/// (``ReaderCore/usualRowInBounds(_:_:_:_:)``): within a trace most rows have the same length and
/// the same bytes but for the digits of the two numbers. The next row is checked against it in
/// a few vector operations over its bytes (at most 64); when it matches, its two numbers are
/// read from their known lanes (``values(_:_:)``), and its phase is the template's (but see
/// ``matchesEnded(_:)``, a trace's last row); anything else is
/// refused and read cell by cell as before.
///
/// The check is ``DecimalShape``'s, over the row: the row's bytes XOR the expected ones (the
/// template row's bytes, `0x30` in the numbers' digit lanes); adding `0x76` (digit lane) or
/// `0x7F` (any other lane of the row) sets bit 7 of a lane, or the lane's own bit 7 is set,
/// exactly when the lane is wrong (a digit lane not a digit, any other lane not the template's
/// byte); only a wrong lane carries into the next, so the lowest wrong lane is always seen.
/// (Every lane checked is in the row: see the groups below.)
///
/// When both numbers have at most 3 decimals, the `offset` at most 4 integer digits, and each
/// one's ``DecimalWord`` starts within the row, the template is a fixed-point one: the `t_ms`
/// cell's leading digits (those before its last 4 integer digits: `462` of `4629315.795`) are
/// template bytes, not digit lanes, so a matched row has the template row's, and each number is
/// one ``DecimalWord`` conversion (both at once: ``DecimalWordPair``) plus the leading digits'
/// value kept in the template. A row whose leading digits changed is refused (read cell by
/// cell, and its template is built), as any other change of a fixed lane. Other templates read
/// the numbers with their shapes.
///
/// Why a match reads as the cell-by-cell path reads: the fixed lanes are the head run and its
/// comma (the run's bytes: the template row passed that comparison), each number's point and
/// comma, the phase word and its comma, the tail run, the line break; a number's digit lanes
/// are those of its column's shape (``ReaderCore/UsualShapes``, which describe the template
/// row's cells), but for the fixed leading digits, which are the template row's own. So a
/// matching row passes every step of the cell-by-cell path with the same shapes, ends at the
/// same byte, and its numbers are the same doubles: the same operations on the same lanes, or
/// (fixed-point) the same real quotient of exact operands (``DecimalWord``).
///
/// The four 16-byte groups checked start at 0, 16, 32 and at `length − 16`, each at most
/// `length − 16` (they overlap in a row shorter than 64 bytes): every lane checked is a lane of
/// the row, so no lane needs masking out (bit 7 of every lane is looked at), and every lane of
/// the row is in a group. A row shorter than 16 bytes has no template (it is read cell by cell).
/// The shapes must not change while the template is used: the row loop builds a new template
/// (or none) after every row read cell by cell.
///
/// A trace's last row, `ended` where its rows before say `moved`, is taken too
/// (``matchesEnded(_:)``): the row's phase lanes are checked to be `ended,` by one word compare,
/// and the rest of the row against the template with those six bytes replaced by the template
/// row's own. Every lane but the phase's is then checked as ``matches(_:)`` checks it, and the
/// phase lanes hold `ended,`, which the cell-by-cell path reads as the lift-off (flag 0) at the
/// same place; so the row is the one the cell-by-cell path would take, with the same numbers
/// (the same lanes) and the same end.
struct RowTemplate {
    typealias Lanes = SIMD16<UInt8>

    /// The expected bytes (`0x30` in digit lanes) and the added constants (`0x76` digit lanes,
    /// `0x7F` other lanes) of the four groups.
    var x0: Lanes, x1: Lanes, x2: Lanes, x3: Lanes
    var k0: Lanes, k1: Lanes, k2: Lanes, k3: Lanes
    /// Where the groups after the first start in the row: `min(16·g, length − 16)`.
    var at1: Int, at2: Int, at3: Int
    /// The row's length, line break included (0: the template that takes no row).
    var length: Int
    /// Where the `t_ms` and `offset` cells start in the row.
    var timeAt: Int, offsetAt: Int
    /// Whether the numbers are read by `words` (a fixed-point template, see the type's note),
    /// else by their columns' shapes.
    var fixedPoint: Bool
    var words: DecimalWordPair
    /// Where the phase starts in the row, and the template row's phase and comma (the low six
    /// bytes of the word; 0 in the template that takes no row).
    var phaseAt: Int, phaseWord: UInt64
    /// The runs' lengths the template was built with (the head run from lane 0, the tail run
    /// from `phaseAt + 6`), the `t_ms` cell's leading digits (fixed lanes of a fixed-point
    /// template, 0 otherwise) and the template's ``RowTemplateCache`` slot: what
    /// ``rebase(row:runs:)`` needs.
    var headCount: Int, tailCount: Int, timeLead: Int, slot: Int
    /// The lanes ``rebase(row:runs:)`` takes from a row, `0xFF` in each group: the head run's,
    /// the tail run's and (fixed-point) the `t_ms` cell's leading digits'.
    var r0: Lanes, r1: Lanes, r2: Lanes, r3: Lanes

    /// The longest row a template covers (its four 16-byte lane groups).
    static let maxLength = 64

    /// The shortest row a template covers (one group).
    static let minLength = 16

    /// The template that takes no row (lane 0's bit 7 is set by adding `0x80`).
    init() {
        let k = unsafeBitCast(SIMD2<UInt64>(0x80, 0), to: Lanes.self)
        x0 = Lanes(); x1 = x0; x2 = x0; x3 = x0
        k0 = k; k1 = x0; k2 = x0; k3 = x0
        at1 = 0; at2 = 0; at3 = 0
        length = 0; timeAt = 0; offsetAt = 0
        fixedPoint = false; words = DecimalWordPair()
        phaseAt = 0; phaseWord = 0
        headCount = 0; tailCount = 0; timeLead = 0; slot = 0
        r0 = x0; r1 = x0; r2 = x0; r3 = x0
    }

    /// The template of the row `start..<end`, just read cell by cell with `shapes` (whose cells
    /// are the row's, at `start + headCount + 1` and after the `t_ms` cell's comma), or the
    /// template that takes no row when the row is longer than ``maxLength``, shorter than
    /// ``minLength``, or a number cell has no shape. Reads 64 bytes at `start` (the caller
    /// checks they are there).
    @inline(__always)
    init(row start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, headCount: Int, tailCount: Int,
         shapes: ReaderCore.UsualShapes) {
        // (the shapes' few numbers, not the shapes: no copy of them for the call)
        let t = shapes.time, o = shapes.offset
        self.init(row: start, length: end - start, headCount: headCount, tailCount: tailCount,
                  time: (t.length, t.integerDigits, t.decimals), offset: (o.length, o.integerDigits, o.decimals))
    }

    /// ``init(row:end:headCount:tailCount:shapes:)`` with each number's shape as its cell's length (0: no
    /// shape), integer digits and decimals.
    @inline(never)
    private init(row start: UnsafePointer<UInt8>, length: Int, headCount: Int, tailCount: Int,
                 time: (length: Int, digits: Int, decimals: Int), offset: (length: Int, digits: Int, decimals: Int)) {
        self.init()
        guard length <= Self.maxLength, length >= Self.minLength, time.length > 0, offset.length > 0 else { return }
        let timeAt = headCount + 1, offsetAt = timeAt + time.length + 1
        let numbersEnd = offsetAt + offset.length
        // fixed-point: the `t_ms` cell's leading digits are template bytes (the `offset` cell
        // has none: at most 4 integer digits)
        let fixed = DecimalWord.fits(cellAt: timeAt, digits: time.digits, decimals: time.decimals)
            && DecimalWord.fits(cellAt: offsetAt, digits: offset.digits, decimals: offset.decimals) && offset.digits <= 4
        let timeLead = fixed ? Swift.max(0, time.digits &- 4) : 0
        let raw = UnsafeRawPointer(start)
        // lane arithmetic only (lane values below 0x80): `lane &- n` has bit 7 set when lane < n
        let bit7 = Lanes(repeating: 0x80), iota = Lanes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        let tailAt = numbersEnd &+ 7, tailEnd = tailAt &+ tailCount
        @inline(__always) func group(_ at: Int) -> (Lanes, Lanes, Lanes) {
            let bytes = raw.loadUnaligned(fromByteOffset: at, as: Lanes.self)
            let lane = iota &+ Lanes(repeating: UInt8(at))
            // the digit bytes from the `t_ms` cell's start (after its leading digits in a
            // fixed-point template) to the `offset` cell's end: the two cells' digit lanes (the
            // shapes took them: all their bytes but the point are digits)
            let inNumbers = ~(lane &- Lanes(repeating: UInt8(timeAt &+ timeLead))) & (lane &- Lanes(repeating: UInt8(numbersEnd))) & bit7
            let a = bytes ^ Lanes(repeating: 0x30)
            let digit = ~((a &+ Lanes(repeating: 0x76)) | a) & inNumbers
            // bit 7 to all bits: 0x00 or 0xFF
            let d = Lanes() &- (digit &>> 7)
            let x = bytes & ~d | Lanes(repeating: 0x30) & d
            let k = Lanes(repeating: 0x7F) & ~d | Lanes(repeating: 0x76) & d
            // the head run's, the tail run's and the leading digits' lanes
            @inline(__always) func below(_ n: Int) -> Lanes { lane &- Lanes(repeating: UInt8(n)) }
            let taken = (below(headCount) | ~below(timeAt) & below(timeAt &+ timeLead) | ~below(tailAt) & below(tailEnd)) & bit7
            return (x, k, Lanes() &- (taken &>> 7))
        }
        let last = length &- 16
        at1 = Swift.min(16, last); at2 = Swift.min(32, last); at3 = last
        (x0, k0, r0) = group(0)
        (x1, k1, r1) = group(at1)
        (x2, k2, r2) = group(at2)
        (x3, k3, r3) = group(at3)
        self.length = length
        self.timeAt = timeAt
        self.offsetAt = offsetAt
        // (the phase and its comma end at least 2 bytes before the row's end, at most 64: the
        // word at `phaseAt` is within the 64 bytes read)
        phaseAt = numbersEnd &+ 1
        phaseWord = raw.loadUnaligned(fromByteOffset: phaseAt, as: UInt64.self) & Self.phaseMask
        self.headCount = headCount
        self.tailCount = tailCount
        self.timeLead = timeLead
        slot = Self.slot(tailCount: tailCount, timeDigits: time.digits, offsetDigits: offset.digits)
        if fixed {
            fixedPoint = true
            words = DecimalWordPair(time: DecimalWord(row: start, cellAt: timeAt, digits: time.digits, decimals: time.decimals),
                                    offset: DecimalWord(row: start, cellAt: offsetAt, digits: offset.digits, decimals: offset.decimals))
        }
    }

    /// The `t_ms` and `offset` of the row at `p`, which the template matched (``matches(_:)``),
    /// `shapes` the ones the template was built with.
    @inline(__always)
    func values(_ p: UnsafePointer<UInt8>, _ shapes: ReaderCore.UsualShapes) -> (time: Double, offset: Double) {
        if fixedPoint { return words.values(p) }
        return (shapes.time.value(checked: p + timeAt), shapes.offset.value(checked: p + offsetAt))
    }

    /// The six bytes of a phase and its comma, in a word.
    static let phaseMask: UInt64 = 0xFFFF_FFFF_FFFF

    /// Whether the row at `p` matches the template (see the type's note). Reads at most 64
    /// bytes at `p` (the row's).
    @inline(__always)
    func matches(_ p: UnsafePointer<UInt8>) -> Bool { matches(UnsafeRawPointer(p)) }

    /// Whether the row at `p` is a trace's last row the template takes: its phase `ended,` and
    /// every other lane as ``matches(_:)`` wants it (see the type's note). Reads 64 bytes at `p`.
    /// (Inline: out of line, the row loop would copy the template to memory at every row, to
    /// pass it.)
    @inline(__always)
    func matchesEnded(_ p: UnsafePointer<UInt8>) -> Bool {
        let raw = UnsafeRawPointer(p)
        // (the template that takes no row has length 0 and phase word 0: never `ended,`)
        let phase = raw.loadUnaligned(fromByteOffset: phaseAt, as: UInt64.self)
        guard length > 0, phase & Self.phaseMask == ReaderCore.endedComma else { return false }
        // a copy of the row's 64 bytes, the template row's phase in the phase lanes (the word
        // ends within them)
        var row = (raw.loadUnaligned(as: Lanes.self), raw.loadUnaligned(fromByteOffset: 16, as: Lanes.self),
                   raw.loadUnaligned(fromByteOffset: 32, as: Lanes.self), raw.loadUnaligned(fromByteOffset: 48, as: Lanes.self))
        let at = phaseAt
        let patched = phase & ~Self.phaseMask | phaseWord
        return withUnsafeMutableBytes(of: &row) { copy in
            copy.storeBytes(of: patched, toByteOffset: at, as: UInt64.self)
            return matches(UnsafeRawPointer(copy.baseAddress!))
        }
    }

    /// The template of the row at `p` made from this one, for the trace whose runs are `runs`:
    /// true when the row's head and tail runs are, byte for byte, `runs` (of this template's
    /// lengths) and the lanes of the `t_ms` cell's leading digits hold digits; the template's head,
    /// tail and leading-digit lanes then hold the row's bytes, and its `t_ms` word the leading
    /// digits' value. Only a fixed-point template is rebased (the others read the numbers with the
    /// shapes they were built with). Reads 64 bytes at `p` (the caller checks they are there).
    ///
    /// Why the result is a template (see the type's note): it is the template of the row `R*`,
    /// the row this one was built from with its runs replaced by `runs` and its `t_ms` leading
    /// digits by the row's. `R*` is a row the cell-by-cell path reads with `runs` and the shapes
    /// this template was built with (the runs are the trace's, the `t_ms` cell keeps its shape
    /// with other digits in its digit lanes, every other byte is the old row's), and a template's
    /// lanes depend on its row only through those bytes: so a row it matches is read by the
    /// cell-by-cell path to the same numbers, flag and end as the template reads it. The row at
    /// `p` itself is still checked by ``matches(_:)`` (its commas, point, digits, phase, line
    /// break). Whether a template is kept from a trace before is never seen in the output.
    @inline(__always)
    mutating func rebase(row p: UnsafePointer<UInt8>, runs: ReaderCore.UsualRuns) -> Bool {
        guard fixedPoint, headCount == runs.headCount, tailCount == runs.tailCount else { return false }
        let tailAt = phaseAt &+ 6
        guard TraceReader.bytesEqual(runs.head, p, headCount), TraceReader.bytesEqual(runs.tail, p + tailAt, tailCount) else { return false }
        let raw = UnsafeRawPointer(p)
        if timeLead > 0 {
            // the leading digits' lanes (1...4 of them) digits: `DecimalShape`'s check on one word
            let a = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: timeAt, as: UInt64.self)) ^ 0x3030_3030_3030_3030
            guard ((a &+ 0x7676_7676_7676_7676) | a) & 0x8080_8080_8080_8080 & DecimalParser.lowBytesMask(timeLead) == 0 else { return false }
            words.leads[0] = DecimalWord.leadValue(row: p, cellAt: timeAt, leading: timeLead)
        }
        // the head, tail and leading-digit lanes of each group from the row (all other lanes kept)
        @inline(__always) func group(_ x: Lanes, _ m: Lanes, _ at: Int) -> Lanes {
            x & ~m | raw.loadUnaligned(fromByteOffset: at, as: Lanes.self) & m
        }
        x0 = group(x0, r0, 0)
        x1 = group(x1, r1, at1)
        x2 = group(x2, r2, at2)
        x3 = group(x3, r3, at3)
        return true
    }

    /// The ``RowTemplateCache`` slot of a template with these runs and numbers: the tail run's
    /// length's parity, whether `t_ms` has 8 or more integer digits, and `offset`'s integer digits
    /// (4 or more, 3, 2, fewer).
    static func slot(tailCount: Int, timeDigits: Int, offsetDigits: Int) -> Int {
        let o = offsetDigits >= 4 ? 0 : offsetDigits == 3 ? 1 : offsetDigits == 2 ? 2 : 3
        return tailCount & 1 | (timeDigits >= 8 ? 2 : 0) | o << 2
    }

    /// The slot to try for the next row of a trace with a tail run of `tailCount` bytes whose last
    /// sample is `(time, offset)`: ``slot(tailCount:timeDigits:offsetDigits:)`` of those numbers'
    /// integer digits (as the next row mostly writes them).
    @inline(__always)
    static func slot(tailCount: Int, time: Double, offset: Double) -> Int {
        slot(tailCount: tailCount, timeDigits: time >= 10_000_000 ? 8 : 0,
             offsetDigits: offset >= 1000 ? 4 : offset >= 100 ? 3 : offset >= 10 ? 2 : 1)
    }

    /// Whether the row at `raw` matches the template: its four groups checked.
    @inline(__always)
    private func matches(_ raw: UnsafeRawPointer) -> Bool {
        let bit7 = Lanes(repeating: 0x80)
        @inline(__always) func wrong(_ at: Int, _ x: Lanes, _ k: Lanes) -> Lanes {
            let a = raw.loadUnaligned(fromByteOffset: at, as: Lanes.self) ^ x
            return ((a &+ k) | a) & bit7
        }
        let any = wrong(0, x0, k0) | wrong(at1, x1, k1) | wrong(at2, x2, k2) | wrong(at3, x3, k3)
        let words = unsafeBitCast(any, to: SIMD2<UInt64>.self)
        return words[0] | words[1] == 0
    }
}
