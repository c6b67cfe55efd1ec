import Testing
@testable import SnapTraces

/// The row loop's whole-row shape (``RowTemplate``) against the cell-by-cell read it stands in
/// for: the loop with templates (``ReaderCore/usualRowsInBounds(_:_:_:_:_:_:_:_:_:_:_:_:)``) takes
/// exactly the rows, values (bit for bit), positions and shapes that the loop of
/// ``ReaderCore/usualRowInBounds(_:_:_:_:)`` alone takes, on seeded random files and on hostile
/// rows; and a template takes a row exactly when the row is the template row's bytes with other
/// digits in the numbers' digit lanes.
@Suite struct RowTemplateTests {
    static let head = "7,u12", tail = "21,160,10,10,375,40"

    /// The usual plan's runs `head` and `tail` (as the reader keeps them), for `body`.
    func withRuns<R>(head: String = head, tail: String = tail, _ body: (ReaderCore.UsualRuns) -> R) -> R {
        let arenas = UnsafeMutablePointer<ByteArena>.allocate(capacity: 5)
        defer { for i in 0..<5 { arenas[i].free() }; arenas.deallocate() }
        for i in 0..<5 { (arenas + i).initialize(to: ByteArena()) }
        for (i, s) in [(0, head), (4, tail)] {
            let b = Array(s.utf8)
            b.withUnsafeBufferPointer { arenas[i].append($0.baseAddress!, $0.baseAddress! + b.count) }
        }
        return body(ReaderCore.UsualRuns(arenas))
    }

    /// What a row loop did: samples (bit patterns), where it stopped, the last row's start,
    /// the last time, the shapes' lengths and scales after it.
    struct Outcome: Equatable {
        var samples: [[UInt64]] = []
        var stop = 0, lastRow = 0
        var lastTime: UInt64 = 0
        var shapes: [UInt64] = []
    }

    /// The reference for the row loop (``ReaderCore/usualRowsInBounds``): the loop as it was
    /// before templates, each row read cell by cell (``ReaderCore/usualRowInBounds``), with the
    /// same arguments and the same stops.
    static func cellByCell(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ runs: ReaderCore.UsualRuns,
                           _ shapes: inout ReaderCore.UsualShapes, _ ts: UnsafeMutablePointer<Double>,
                           _ xs: UnsafeMutablePointer<Double>, _ ms: UnsafeMutablePointer<UInt8>, _ count: inout Int,
                           _ room: Int, _ lastTime: inout Double, _ lastRow: inout UnsafePointer<UInt8>) {
        let limit = e - runs.span
        while count < room && p <= limit {
            var q = p
            guard let (tv, xv, flag) = ReaderCore.usualRowInBounds(&q, e, runs, &shapes), tv >= lastTime else { break }
            ts[count] = tv; xs[count] = xv; ms[count] = flag
            count += 1; lastTime = tv; lastRow = p; p = q
            if flag == 0 { break }
        }
    }

    static func shapeKey(_ s: DecimalShape) -> [UInt64] {
        [s.x0, s.x1, s.k0, s.k1, s.c0, s.c1, UInt64(s.length), s.divisor.bitPattern, s.packed ? 1 : 0]
    }

    /// Runs the new loop (`template: true`) or the reference loop of the cell-by-cell reads
    /// (the loop before templates) over `bytes`, with the buffer's end at `end` bytes (the
    /// allocation is padded past it, as a reader's window is not).
    func run(_ bytes: [UInt8], end: Int? = nil, template: Bool, room: Int = 1000) -> Outcome {
        let padded = bytes + Array(repeating: 0x0A, count: 160)
        return withRuns { runs in
            padded.withUnsafeBufferPointer { b in
                let base = b.baseAddress!, e = base + (end ?? bytes.count + 160)
                var shapes = ReaderCore.UsualShapes()
                let ts = UnsafeMutablePointer<Double>.allocate(capacity: room)
                let xs = UnsafeMutablePointer<Double>.allocate(capacity: room)
                let ms = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
                defer { ts.deallocate(); xs.deallocate(); ms.deallocate() }
                var p = base, count = 0, lastTime = -Double.infinity, lastRow = base
                if template {
                    var templates = RowTemplateCache()
                    ReaderCore.usualRowsInBounds(&p, e, runs, &shapes, &templates, ts, xs, ms, &count, room, &lastTime, &lastRow)
                } else {
                    Self.cellByCell(&p, e, runs, &shapes, ts, xs, ms, &count, room, &lastTime, &lastRow)
                }
                var out = Outcome()
                out.samples = (0..<count).map { [ts[$0].bitPattern, xs[$0].bitPattern, UInt64(ms[$0])] }
                out.stop = p - base; out.lastRow = lastRow - base; out.lastTime = lastTime.bitPattern
                out.shapes = Self.shapeKey(shapes.time) + Self.shapeKey(shapes.offset)
                return out
            }
        }
    }

    /// A number cell: `digits` digits, a point and `decimals` more when `decimals > 0`.
    func number(_ rng: inout SeededGenerator, digits: Int, decimals: Int) -> String {
        var s = ""
        for _ in 0..<digits { s.append(Character(Unicode.Scalar(UInt8(48 + rng.next() % 10)))) }
        if decimals > 0 {
            s.append(".")
            for _ in 0..<decimals { s.append(Character(Unicode.Scalar(UInt8(48 + rng.next() % 10)))) }
        }
        return s
    }

    /// A seeded file of usual rows: shapes kept for runs of rows and then changed (to any shape
    /// a cell can have, a sign or an exponent sometimes), time mostly rising, phase mostly
    /// `moved`, LF or CRLF, long tails sometimes (rows over 64 bytes), a rare hostile byte.
    /// `fixedPoint`: the shapes of fixed-point templates (at most 3 decimals, `offset` at most 4
    /// integer digits, now and then 5), changed more rarely, and time's leading digits changed
    /// now and then (a jump of about 10^4).
    func randomRows(_ rng: inout SeededGenerator, rows: Int, fixedPoint: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        var td = 7, tf = 3, xd = 4, xf = 3
        var crlf = false
        var time = 4_629_315.0
        for _ in 0..<rows {
            if fixedPoint {
                if rng.next() % 40 == 0 { td = Int(1 + rng.next() % 8); tf = Int(rng.next() % 4) }
                if rng.next() % 40 == 0 { xd = Int(1 + rng.next() % (rng.next() % 4 == 0 ? 5 : 4)); xf = Int(rng.next() % 4) }
                if rng.next() % 30 == 0 { time += 9_990 }
            } else {
                if rng.next() % 12 == 0 { td = Int(1 + rng.next() % 8); tf = Int(rng.next() % 8) }
                if rng.next() % 10 == 0 { xd = Int(1 + rng.next() % 9); xf = Int(rng.next() % 9) }
            }
            if rng.next() % 40 == 0 { crlf.toggle() }
            var t = number(&rng, digits: td, decimals: tf)
            if rng.next() % 3 != 0 {
                // rising times of the same shape where the digits allow
                time += Double(rng.next() % 20)
                let whole = String(Int(time) % Int(pow10(td)))
                t = String(repeating: "0", count: td - whole.count) + whole + (tf > 0 ? "." + number(&rng, digits: tf, decimals: 0) : "")
            }
            var x = number(&rng, digits: xd, decimals: xf)
            if rng.next() % 25 == 0 { x = "-" + x }
            if rng.next() % 50 == 0 { x += "e1" }
            let roll = rng.next() % 60
            let phase = roll == 0 ? "ended" : roll == 1 ? "began" : roll == 2 ? "Moved" : "moved"
            let tail = rng.next() % 30 == 0 ? Self.tail + ",1234567890" : Self.tail
            var row = Array("\(Self.head),\(t),\(x),\(phase),\(tail)".utf8) + (crlf ? [0x0D, 0x0A] : [0x0A])
            if rng.next() % 40 == 0 {
                // a hostile byte anywhere in the row
                row[Int(rng.next() % UInt64(row.count))] = Array("0123456789.,x-\n\r ".utf8)[Int(rng.next() % 17)]
            }
            out += row
        }
        return out
    }

    func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }

    /// Seeded random files read from every row start: the loop with templates stops where the
    /// reference stops, with the same samples, last row, time and shapes. (Seeds 1...40, 400
    /// rows each; the read restarts after each stop, as the reader's loop does after the
    /// checked path takes a row.)
    @Test(arguments: 1...40)
    func randomFilesReadAsCellByCell(seed: UInt64) {
        readAsCellByCell(seed: seed, fixedPoint: false)
    }

    /// ``randomFilesReadAsCellByCell(seed:)`` with the shapes of fixed-point templates
    /// (``DecimalWord``), kept for longer runs: every shape they take, leading digits changing.
    @Test(arguments: 101...140)
    func fixedPointFilesReadAsCellByCell(seed: UInt64) {
        readAsCellByCell(seed: seed, fixedPoint: true)
    }

    func readAsCellByCell(seed: UInt64, fixedPoint: Bool) {
        var rng = SeededGenerator(seed: seed)
        let bytes = randomRows(&rng, rows: 400, fixedPoint: fixedPoint)
        var start = 0, reads = 0, taken = 0
        while start < bytes.count {
            let slice = Array(bytes[start...])
            let new = run(slice, template: true), old = run(slice, template: false)
            #expect(new == old, "seed \(seed), from byte \(start)")
            if new != old { return }
            taken += new.samples.count
            reads += 1
            // on past the stop, or past the row the loop refused
            let next = new.stop > 0 ? new.stop : (slice.firstIndex(of: 0x0A).map { $0 + 1 } ?? slice.count)
            start += next
        }
        #expect(taken > 200, "seed \(seed): \(taken) rows taken in \(reads) reads")
    }

    /// A run of rows of one shape, then a hostile row, then more rows: both loops take the
    /// same rows and stop at the same byte (the hostile row refused, or taken with the same
    /// values when it is still a usual row), for every hostile change listed.
    @Test func hostileRowsAfterARunOfTheTemplate() {
        let good = ["7,u12,4629315.795,3740.447,moved,21,160,10,10,375,40\n",
                    "7,u12,4629332.141,3739.749,moved,21,160,10,10,375,40\n",
                    "7,u12,4629348.579,3737.488,moved,21,160,10,10,375,40\n"]
        let row = "7,u12,4629365.006,3722.539,moved,21,160,10,10,375,40\n"
        var hostile: [String] = []
        let chars = Array(row)
        for i in 0..<chars.count {
            // each byte changed to a letter, a digit, a point, a comma; removed; doubled
            for c in ["x", "5", ".", ",", "\r"] where String(chars[i]) != c {
                var r = chars; r[i] = Character(c); hostile.append(String(r))
            }
            var shorter = chars; shorter.remove(at: i); hostile.append(String(shorter))
            var longer = chars; longer.insert(chars[i], at: i); hostile.append(String(longer))
        }
        hostile += ["7,u12,4629365.006,3722.539,moved,21,160,10,10,375,40\r\n",   // CRLF
                    "7,u12,4629365.006,3722.539,ended,21,160,10,10,375,40\n",     // phase changed
                    "7,u12,4629365.006,3722.539,began,21,160,10,10,375,40\n",
                    "7,u12,4629365.006,3722.539,moveD,21,160,10,10,375,40\n",
                    "7,u13,4629365.006,3722.539,moved,21,160,10,10,375,40\n",     // a run byte changed
                    "7,u12,4629365.006,3722.539,moved,21,160,10,10,375,41\n",
                    "7,u12,4629300.006,3722.539,moved,21,160,10,10,375,40\n",     // time going back
                    "7,u12,14629365.06,3722.539,moved,21,160,10,10,375,40\n",     // the point moved
                    "7,u12,4629365.006,-722.539,moved,21,160,10,10,375,40\n",     // a sign
                    "7,u12,4629365.006,3722.539,moved,21,160,10,10,375,40,\n"]    // one cell more
        let after = "7,u12,4629381.006,3702.539,moved,21,160,10,10,375,40\n"
        for h in hostile {
            let bytes = Array((good.joined() + h + after + after).utf8)
            #expect(run(bytes, template: true) == run(bytes, template: false), "\(h.debugDescription)")
        }
    }

    /// The buffer's end anywhere in the rows: both loops stop at the same row.
    @Test func bufferEndInsideARow() {
        var rng = SeededGenerator(seed: 3636)
        let bytes = randomRows(&rng, rows: 30)
        for end in stride(from: 90, through: bytes.count + 160, by: 1) {
            #expect(run(bytes, end: end, template: true) == run(bytes, end: end, template: false), "end \(end)")
        }
    }

    /// The buffer's end anywhere in a run of rows of one fixed-point shape (rising `t_ms`
    /// `dddddddd.ddd`, `offset` `dddd.ddd`; the template takes every row after the second): both
    /// loops stop at the same row with the same samples, and with the whole file in the buffer
    /// all 30 rows are taken.
    @Test func bufferEndInsideFixedPointRows() {
        var rng = SeededGenerator(seed: 3737)
        var time = 50_008_458.582, bytes: [UInt8] = []
        for _ in 0..<30 {
            time += Double(1 + rng.next() % 17_000) / 1000
            let offset = 1000 + Int(rng.next() % 9000)
            let t = String(Int(time)) + "." + String(1000 + Int(rng.next() % 1000)).dropFirst()
            bytes += Array("7,u12,\(t),\(offset).\(100 + rng.next() % 900),moved,21,160,10,10,375,40\n".utf8)
        }
        for end in stride(from: 90, through: bytes.count + 160, by: 1) {
            #expect(run(bytes, end: end, template: true) == run(bytes, end: end, template: false), "end \(end)")
        }
        #expect(run(bytes, template: true).samples.count == 30)
    }

    /// The template of `row` (read cell by cell first, as the row loop does) and the shapes
    /// after it.
    func templateOf(_ row: [UInt8]) -> (RowTemplate, ReaderCore.UsualShapes)? {
        withRuns { runs in
            let padded = row + Array(repeating: 0x0A, count: 160)
            return padded.withUnsafeBufferPointer { b -> (RowTemplate, ReaderCore.UsualShapes)? in
                let base = b.baseAddress!
                var shapes = ReaderCore.UsualShapes()
                var q = base
                guard ReaderCore.usualRowInBounds(&q, base + b.count, runs, &shapes) != nil else { return nil }
                return (RowTemplate(row: base, end: q, headCount: runs.headCount, tailCount: runs.tailCount, shapes: shapes), shapes)
            }
        }
    }

    /// Whether `template` takes `row`, and when it does, whether the cell-by-cell read with
    /// `shapes` gives the same samples (bit for bit) and the same length.
    func taken(_ template: RowTemplate, _ shapes: ReaderCore.UsualShapes, _ row: [UInt8]) -> (taken: Bool, same: Bool) {
        withRuns { runs in
            row.withUnsafeBufferPointer { m in
                let p = m.baseAddress!
                guard template.matches(p) else { return (false, true) }
                var s = shapes, after = p
                guard let cell = ReaderCore.usualRowInBounds(&after, p + m.count, runs, &s) else { return (true, false) }
                let values = template.values(p, shapes)
                let same = cell.0.bitPattern == values.time.bitPattern && cell.1.bitPattern == values.offset.bitPattern
                    && cell.2 == 1 && after - p == template.length
                return (true, same)
            }
        }
    }

    /// A template takes a row exactly when the row is the template row's bytes with any digits
    /// in the numbers' digit lanes (a byte-level statement of the check; `t_ms`'s leading digits
    /// `462` are not digit lanes of a fixed-point template), and its values are the cell-by-cell
    /// read's: every single-byte change of a row, to every byte value.
    @Test(arguments: [true, false])
    func templateTakesExactlyTheTemplateRowWithOtherDigits(fixedPoint: Bool) throws {
        // (4 decimals in `offset`: not a fixed-point template, all digits are digit lanes)
        let row = Array((fixedPoint ? "7,u12,4629315.795,3740.447,moved,21,160,10,10,375,40\n"
                                    : "7,u12,4629315.795,3740.4471,moved,21,160,10,10,375,40\n").utf8)
        let padded = row + Array(repeating: 0x0A, count: 160)
        let digitLanes = Set(Array(fixedPoint ? 9..<13 : 6..<13) + Array(14..<17) + Array(18..<22) + Array(fixedPoint ? 23..<26 : 23..<27))
        let (template, shapes) = try #require(templateOf(row))
        #expect(template.length == row.count && template.timeAt == 6 && template.offsetAt == 18)
        #expect(template.fixedPoint == fixedPoint)
        var wrong = 0
        for i in 0..<72 {
            for v in 0...255 {
                var r = padded
                r[i] = UInt8(v)
                let expected = i >= row.count || r[i] == row[i] || (digitLanes.contains(i) && (48...57).contains(v))
                let moved = taken(template, shapes, r)
                if moved.taken != expected || !moved.same { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        var ended = padded
        ended.replaceSubrange(row.count - 26..<row.count - 21, with: Array("ended".utf8))
        #expect(!taken(template, shapes, ended).taken)
        #expect(!taken(RowTemplate(), shapes, padded).taken)
    }

    /// A trace's last row (``RowTemplate/matchesEnded(_:)``): taken exactly when it is the
    /// template row's bytes with `ended` for the phase and any digits in the numbers' digit
    /// lanes, with the cell-by-cell read's values, lift-off flag and length; every single-byte
    /// change of such a row, to every byte value. Never the template row itself (`moved`), nor
    /// by the template that takes no row.
    @Test(arguments: [true, false])
    func endedRowTakenExactlyWhenOnlyThePhaseDiffers(fixedPoint: Bool) throws {
        let row = Array((fixedPoint ? "7,u12,4629315.795,3740.447,moved,21,160,10,10,375,40\n"
                                    : "7,u12,4629315.795,3740.4471,moved,21,160,10,10,375,40\n").utf8)
        let (template, shapes) = try #require(templateOf(row))
        let phaseAt = fixedPoint ? 27 : 28
        var endedRow = row
        endedRow.replaceSubrange(phaseAt..<phaseAt + 5, with: Array("ended".utf8))
        let padded = endedRow + Array(repeating: 0x0A, count: 160)
        let digitLanes = Set(Array(fixedPoint ? 9..<13 : 6..<13) + Array(14..<17) + Array(18..<22) + Array(fixedPoint ? 23..<26 : 23..<27))
        func takenEnded(_ r: [UInt8]) -> (taken: Bool, same: Bool) {
            withRuns { runs in
                r.withUnsafeBufferPointer { m in
                    let p = m.baseAddress!
                    guard template.matchesEnded(p) else { return (false, true) }
                    var s = shapes, after = p
                    guard let cell = ReaderCore.usualRowInBounds(&after, p + m.count, runs, &s) else { return (true, false) }
                    let values = template.values(p, shapes)
                    let same = cell.0.bitPattern == values.time.bitPattern && cell.1.bitPattern == values.offset.bitPattern
                        && cell.2 == 0 && after - p == template.length
                    return (true, same)
                }
            }
        }
        var wrong = 0, takenCount = 0
        for i in 0..<72 {
            for v in 0...255 {
                var r = padded
                r[i] = UInt8(v)
                let expected = i >= row.count || r[i] == endedRow[i] || (digitLanes.contains(i) && (48...57).contains(v))
                let got = takenEnded(r)
                if got.taken != expected || !got.same { wrong += 1 }
                if got.taken { takenCount += 1 }
            }
        }
        #expect(wrong == 0)
        #expect(takenCount > 72 * 10)
        #expect(!takenEnded(row + Array(repeating: 0x0A, count: 160)).taken)
        #expect(!padded.withUnsafeBufferPointer { RowTemplate().matchesEnded($0.baseAddress!) })
    }
}
