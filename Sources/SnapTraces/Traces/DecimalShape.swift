/// The shape of a plain unsigned decimal cell followed by a comma, `d{i}[.d{f}],` with i in
/// 1...8 and f in 1...7 (or no point and no f), at most 15 bytes before the comma (not 8 + 7,
/// whose comma is past the 16 bytes checked), and what reads a cell of that shape in a few
/// steps: the row loop keeps the shape of the last `t_ms` and `offset` cells (a trace's numbers
/// mostly keep theirs) and reads the next cell with it, without finding its length; a cell of
/// any other shape is refused (``read(_:)`` is `nil`) and read by ``DecimalParser``, whose cell
/// then gives the shape for the next rows.
///
/// The check: the 16 bytes at the cell's start, as two words, XOR the shape's expected bytes
/// (`0x30` in the digit lanes, `.` and `,` in theirs, 0 after the comma): a lane is right when
/// the result is 0...9 in a digit lane, 0 in the point and comma lanes. Adding 0x76 or 0x7F
/// sets bit 7 of a lane (or the lane's own bit 7 is set) exactly when it is wrong; only a wrong
/// lane can carry into the next, so the lowest wrong lane is always seen. Lanes after the comma
/// add 0 and are not looked at.
///
/// The value: the digits before the point shifted to the top of a word (``DecimalParser/eightDigitsValue(_:)``),
/// the digits after it likewise, mantissa `m = integer·10^f + fraction` (below 10^15 < 2^53,
/// exact) and `Double(m) / 10^f`: the same correctly rounded division of exact operands as
/// ``DecimalParser/parsePrefixScalar(_:_:)``, hence the same double (`Double(m)` without a
/// point). A test compares them on every shape and on random cells read with another's shape.
struct DecimalShape {
    var x0: UInt64, x1: UInt64
    var k0: UInt64, k1: UInt64
    var c0: UInt64, c1: UInt64
    /// `64 − 8i`: the integer digits to the top of the word.
    var intShift: UInt64
    /// `i + 1`: the first digit after the point.
    var fracOffset: Int
    /// The low `f` lanes (0 without a point), and `64 − 8f` (0 without a point).
    var fracMask: UInt64
    var fracShift: UInt64
    /// `10^f`, as an integer and as a double.
    var scale: UInt64
    var divisor: Double
    /// The cell's length: the comma's position.
    var length: Int
    /// Whether the cell's digits all lie in its first word (at most 8 bytes before the comma):
    /// then ``read(_:)`` closes the point's gap (the integer digits' lanes `packLow`, the
    /// fraction's, one lane down, `packHigh`), shifts the `i + f` digits to the top of the word
    /// (`packShift`) and converts them in one ``DecimalParser/eightDigitsValue(_:)``: the same
    /// mantissa `integer·10^f + fraction`, hence the same double.
    var packed = false
    var packLow: UInt64 = 0, packHigh: UInt64 = 0, packShift: UInt64 = 0

    /// The shape that takes no cell (every lane's bit 7 is set by adding 0x80).
    init() {
        x0 = 0; x1 = 0; k0 = 0x80; k1 = 0; c0 = 0x80; c1 = 0
        intShift = 0; fracOffset = 0; fracMask = 0; fracShift = 0; scale = 1; divisor = 1; length = 0
    }

    /// The shape of the cell `start..<comma` (a comma at `comma`), or the shape that takes no
    /// cell when it has none of the shapes above. Reads the 16 bytes at `start` (the caller
    /// checks they are there), in word operations: the point is the lowest `.` lane of the
    /// cell (zero-byte test on the bytes XOR `.`), the shape is built from the cell's length
    /// and the point by masks, and the cell is then checked against it as ``read(_:)`` checks
    /// (lanes before the comma only): a second point, or any byte but a digit, fails there.
    @inline(never)
    init(cell start: UnsafePointer<UInt8>, comma: UnsafePointer<UInt8>) {
        self.init()
        let length = comma - start
        guard length >= 1, length <= 15 else { return }
        let raw = UnsafeRawPointer(start)
        let w0 = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let w1 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        // the cell's lanes (before the comma), in both words
        let m0: UInt64 = length >= 8 ? ~0 : DecimalParser.lowBytesMask(length)
        let m1: UInt64 = length > 8 ? DecimalParser.lowBytesMask(length - 8) : 0
        // bit 7 of each lane that is a `.` (exact: no lane carries into the next)
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, dots: UInt64 = 0x2E2E_2E2E_2E2E_2E2E
        let t0 = w0 ^ dots, t1 = w1 ^ dots
        let p0 = ~(((t0 & low7) &+ low7) | t0) & ~low7 & m0
        let p1 = ~(((t1 & low7) &+ low7) | t1) & ~low7 & m1
        let point = p0 != 0 ? p0.trailingZeroBitCount >> 3 : (p1 != 0 ? 8 + p1.trailingZeroBitCount >> 3 : -1)
        let digits = point < 0 ? length : point
        let decimals = point < 0 ? 0 : length - point - 1
        guard digits >= 1, digits <= 8, point < 0 || (decimals >= 1 && decimals <= 7) else { return }
        // `0x30`/`0x76` in the cell's lanes; the point's lane `.`/`0x7F`, the comma's `,`/`0x7F`
        let ones: UInt64 = 0x0101_0101_0101_0101
        var x0 = ones &* 0x30 & m0, x1 = ones &* 0x30 & m1
        var k0 = ones &* 0x76 & m0, k1 = ones &* 0x76 & m1
        if point >= 0 {
            let (a, b) = Self.lane(0x30 ^ 0x2E, point)
            let (ka, kb) = Self.lane(0x76 ^ 0x7F, point)
            x0 ^= a; x1 ^= b; k0 ^= ka; k1 ^= kb
        }
        let c0 = ones &* 0x80 & m0, c1 = ones &* 0x80 & m1
        let a0 = w0 ^ x0, a1 = w1 ^ x1
        guard (((a0 &+ k0) | a0) & c0) | (((a1 &+ k1) | a1) & c1) == 0 else { return }
        let (xa, xb) = Self.lane(0x2C, length), (ka, kb) = Self.lane(0x7F, length), (ca, cb) = Self.lane(0x80, length)
        (self.x0, self.x1, self.k0, self.k1, self.c0, self.c1) = (x0 | xa, x1 | xb, k0 | ka, k1 | kb, c0 | ca, c1 | cb)
        intShift = UInt64(64 - 8 * digits)
        fracOffset = digits + 1
        fracMask = decimals == 0 ? 0 : DecimalParser.lowBytesMask(decimals)
        fracShift = decimals == 0 ? 0 : UInt64(64 - 8 * decimals)
        divisor = DecimalParser.powerOfTen(decimals)
        scale = UInt64(divisor)   // 10^f ≤ 10^7: exact
        self.length = length
        if length <= 8 {
            packed = true
            packLow = Self.lanes(digits)
            packHigh = Self.lanes(digits + decimals) & ~Self.lanes(digits)
            packShift = UInt64(64 - 8 * (digits + decimals))
        }
    }

    /// The cell's digits before the point (all its digits without a point).
    var integerDigits: Int { fracOffset - 1 }
    /// The cell's digits after the point (0 without a point).
    var decimals: Int { fracMask == 0 ? 0 : length - fracOffset }

    /// The low `n` lanes (0...8) of a word.
    @inline(__always)
    private static func lanes(_ n: Int) -> UInt64 { n >= 8 ? ~0 : (1 &<< UInt64(8 * n)) &- 1 }

    /// `byte` in lane `i` (0...15) of the two words.
    @inline(__always)
    private static func lane(_ byte: UInt64, _ i: Int) -> (UInt64, UInt64) {
        i < 8 ? (byte &<< UInt64(8 * i), 0) : (0, byte &<< UInt64(8 * (i - 8)))
    }

    /// The value of the cell at `start` when it has this shape (then its comma is at
    /// `start + length`), else `nil`. Reads the 16 bytes at `start` and 8 at `start + fracOffset`
    /// (at most 17 bytes from `start`; the caller checks they are there).
    @inline(__always)
    func read(_ start: UnsafePointer<UInt8>) -> Double? {
        let raw = UnsafeRawPointer(start)
        let a0 = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) ^ x0
        let a1 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) ^ x1
        guard (((a0 &+ k0) | a0) & c0) | (((a1 &+ k1) | a1) & c1) == 0 else { return nil }
        return value(a0, raw)
    }

    /// The value of the cell at `start`, known to have this shape (a ``RowTemplate`` checked its
    /// lanes): ``read(_:)`` without the check, the same operations.
    @inline(__always)
    func value(checked start: UnsafePointer<UInt8>) -> Double {
        let raw = UnsafeRawPointer(start)
        return value(UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) ^ x0, raw)
    }

    /// The value from `a0`, the cell's first word XOR `x0` (digit values in the digit lanes),
    /// and the cell's bytes at `raw` (the fraction of a cell longer than a word).
    @inline(__always)
    private func value(_ a0: UInt64, _ raw: UnsafeRawPointer) -> Double {
        if packed {
            // the digits' values in their lanes (the point's lane is 0), the fraction moved down one lane
            let digits = DecimalParser.eightDigitsValue(((a0 & packLow) | ((a0 &>> 8) & packHigh)) &<< packShift)
            return Double(Int64(bitPattern: digits)) / divisor
        }
        let integer = DecimalParser.eightDigitsValue(a0 &<< intShift)
        let f = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: fracOffset, as: UInt64.self)) ^ 0x3030_3030_3030_3030
        let fraction = DecimalParser.eightDigitsValue((f & fracMask) &<< fracShift)
        // (below 10^15: as a signed integer, one conversion instruction)
        return Double(Int64(bitPattern: integer &* scale &+ fraction)) / divisor
    }
}

extension DecimalShape {
    /// The number of the cell at `q` (a comma after it), `q` moved past the comma: read with this
    /// shape when the cell has it, else by ``DecimalParser/parseBeforeCommaInBounds(_:_:)``, whose
    /// cell then becomes this shape (for the next rows of the column); `nil` when the cell is not
    /// a number followed by a comma. At least 32 bytes must follow `q` before `e` (the row loop's span).
    @inline(__always)
    mutating func readCell(_ q: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Double? {
        if let v = read(q) {
            q += length &+ 1
            return v
        }
        guard let (v, comma) = DecimalParser.parseBeforeCommaInBounds(q, e) else { return nil }
        self = DecimalShape(cell: q, comma: comma)
        q = comma + 1
        return v
    }
}
