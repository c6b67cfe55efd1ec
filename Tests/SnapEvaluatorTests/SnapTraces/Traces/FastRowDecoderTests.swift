import Testing
@testable import SnapTraces

/// The fast row decoder's steps fed byte arrays: it takes common rows and stops, without a
/// report, at any row it cannot take (the checked path then reads and explains that row).
@Suite struct FastRowDecoderTests {
    /// Runs `body` on `text`'s bytes followed by 128 bytes of padding (the in-bounds reader's span).
    func withRow<R>(_ text: String, _ body: (UnsafePointer<UInt8>, UnsafePointer<UInt8>) -> R) -> R {
        let bytes = Array(text.utf8) + Array(repeating: 0x0A, count: 128)
        return bytes.withUnsafeBufferPointer { b in body(b.baseAddress!, b.baseAddress! + b.count) }
    }

    /// The usual plan's runs: `head` before `t_ms`, `tail` after `phase`; the numbers read with
    /// `shapes` (those of an earlier row, or none).
    func usualRow(_ row: String, head: String = "7,u1", tail: String = "3",
                  shapes: inout ReaderCore.UsualShapes) -> (Double, Double, UInt8, Int)? {
        let arenas = UnsafeMutablePointer<ByteArena>.allocate(capacity: 5)
        defer { for i in 0..<5 { arenas[i].free() }; arenas.deallocate() }
        for i in 0..<5 { (arenas + i).initialize(to: ByteArena()) }
        for (i, s) in [(0, head), (4, tail)] {
            let b = Array(s.utf8) + [0]
            b.withUnsafeBufferPointer { arenas[i].append($0.baseAddress!, $0.baseAddress! + b.count - 1) }
        }
        let runs = ReaderCore.UsualRuns(arenas)
        return withRow(row) { s, e in
            var p = s
            guard let (t, x, flag) = ReaderCore.usualRowInBounds(&p, e, runs, &shapes) else { return nil }
            return (t, x, flag, p - s)
        }
    }

    func usualRow(_ row: String, head: String = "7,u1", tail: String = "3") -> (Double, Double, UInt8, Int)? {
        var shapes = ReaderCore.UsualShapes()
        return usualRow(row, head: head, tail: tail, shapes: &shapes)
    }

    /// Rows read one after another keep the numbers' shapes (``DecimalShape``): each row reads
    /// as it does alone, whether its cells have the shapes of the row before or not.
    @Test func rowsReadWithTheShapesOfTheRowBefore() throws {
        var shapes = ReaderCore.UsualShapes()
        for row in ["7,u1,12.5,-3,moved,3\n", "7,u1,12.6,4.25,moved,3\n", "7,u1,12.7,4.50,moved,3\n",
                    "7,u1,99.75,4.5,moved,3\n", "7,u1,100,4.5,moved,3\n", "7,u1,12345678.125,0.5,ended,3\n",
                    "7,u1,12.5,-3,moved,3\n", "7,u1,1x.5,4.5,moved,3\n", "7,u1,12.5,4.5,moved,4\n"] {
            let kept = usualRow(row, shapes: &shapes)
            let alone = usualRow(row)
            #expect(kept?.0.bitPattern == alone?.0.bitPattern && kept?.1.bitPattern == alone?.1.bitPattern
                    && kept?.2 == alone?.2 && kept?.3 == alone?.3, "\(row)")
        }
        #expect(usualRow("7,u1,12.75,4.5,moved,3\n", shapes: &shapes)?.0 == 12.75)
    }

    @Test func commonRowsAreTaken() throws {
        let r = try #require(usualRow("7,u1,12.5,-3,moved,3\n"))
        #expect(r.0 == 12.5 && r.1 == -3 && r.2 == 1 && r.3 == 21)
        let ended = try #require(usualRow("7,u1,16,0.25,ended,3\r\n"))
        #expect(ended.2 == 0 && ended.3 == 22)
    }

    @Test func anyOtherRowStopsTheFastPathWithoutAReport() {
        for row in ["8,u1,12.5,-3,moved,3\n",          // another trace
                    "7,u1,12.5,-3,moved,4\n",          // a per-trace value that changed
                    "7,u1,0x10,-3,moved,3\n",          // not a plain decimal
                    "7,u1,12.5,-3,cancelled,3\n",      // not began/moved/ended
                    "7,u1,\"12.5\",-3,moved,3\n",      // quoted
                    "7,u1,12.5,-3,moved,3,9\n",        // too many cells
                    "7,u1,12.5,-3,moved\n"] {          // too few
            #expect(usualRow(row) == nil, "\(row)")
        }
    }

    @Test func cellSteps() {
        withRow("12.75,x") { s, e in
            var p = s, v = 0.0
            #expect(ReaderCore.numberStep(&p, e, &v) && v == 12.75 && p - s == 5)
        }
        withRow("ended,") { s, e in
            var p = s, flag: UInt8 = 1
            #expect(ReaderCore.phaseStep(&p, e, &flag) && flag == 0 && p - s == 5)
        }
        withRow("Moved,") { s, e in
            var p = s, flag: UInt8 = 1
            #expect(!ReaderCore.phaseStep(&p, e, &flag))
        }
        withRow("free text,") { s, e in
            var p = s
            #expect(ReaderCore.otherStep(&p, e) && p - s == 9)
        }
        withRow("a\"b,") { s, e in
            var p = s
            #expect(!ReaderCore.otherStep(&p, e))
        }
    }
}
