import SnapStrategies
import Testing
@testable import SnapTraces

/// The trace assembler: a trace's start resets it, per-trace values are kept with the line that
/// gave them, and their errors name that line.
@Suite struct TraceAssemblerTests {
    func withBytes<R>(_ s: String, _ body: (UnsafePointer<UInt8>, UnsafePointer<UInt8>) -> R) -> R {
        let bytes = Array(s.utf8) + [0]
        return bytes.withUnsafeBufferPointer { b in body(b.baseAddress!, b.baseAddress! + b.count - 1) }
    }

    @Test func startingATraceResetsIt() {
        var a = TraceAssembler(path: "f.csv")
        withBytes("7") { a.start($0, $1, line: 2) }
        a.t.append(1); a.x.append(2); a.mv.append(0)
        withBytes("40") { a.store(PerTraceField.intendedIndex.rawValue, $0, $1, line: 3) }
        a.note(.fieldCount(file: "f.csv", line: 3, found: 1, expected: 3))
        let (ended, bad, value) = (a.endedLast, a.hasBad, a.perTraceText(.intendedIndex))
        #expect(ended && bad && value == "40")
        withBytes("8") { a.start($0, $1, line: 5) }
        let reset = (a.traceID, a.traceLine, a.t.count, a.hasBad, a.bad, a.perTraceText(.intendedIndex), a.tracesRead, a.lastTime)
        #expect(reset.0 == "8" && reset.1 == 5 && reset.2 == 0 && !reset.3 && reset.4 == nil)
        #expect(reset.5 == nil && reset.6 == 2 && reset.7 == -.infinity)
    }

    @Test func valuesAndErrorsNameTheLineThatGaveThem() throws {
        var a = TraceAssembler(path: "f.csv")
        withBytes("1") { a.start($0, $1, line: 2) }
        withBytes("2.0") { a.store(PerTraceField.intendedIndex.rawValue, $0, $1, line: 4) }
        withBytes("0x10") { a.store(PerTraceField.startOffset.rawValue, $0, $1, line: 6) }
        withBytes("visible") { a.store(PerTraceField.hit.rawValue, $0, $1, line: 7) }
        let layout = try #require(try LayoutFields(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 3).layout())
        let index = try a.perTraceIndex(.intendedIndex, in: layout)
        #expect(index == 2)
        #expect(throws: TraceParseError.invalidValue(file: "f.csv", line: 6, column: "start_offset", found: "0x10", expected: "a number")) {
            _ = try a.perTraceNumber(.startOffset, expected: "a number")
        }
        #expect(throws: TraceParseError.self) { _ = try a.perTraceHit() }
        do {
            _ = try a.perTraceHit()
        } catch {
            #expect(error.line == 7 && error.columnName == "hit")
        }
        // 3 is outside 0..<3 in a bounded layout
        #expect(throws: TraceParseError.self) {
            withBytes("3") { a.store(PerTraceField.startIndex.rawValue, $0, $1, line: 8) }
            _ = try a.perTraceIndex(.startIndex, in: layout)
        }
    }

    @Test func booleansHaveThreeSpellings() {
        #expect(TraceAssembler.boolean("TRUE") == true && TraceAssembler.boolean("yes") == true && TraceAssembler.boolean("0") == false)
        #expect(TraceAssembler.boolean("y") == nil)
    }

    /// Issue 36: an index or count of plain digits is read without the decimal parser
    /// (``TraceAssembler/plainInteger(_:)``); on seeded random cells (1 to 17 digits with leading
    /// zeros, signs, points, exponents, spaces and letters) the value or error is the parser
    /// route's: `DecimalParser.parse`, a whole number below 10^15, truncated.
    @Test func plainDigitsReadAsTheParserReadsThem() {
        var rng = SeededGenerator(seed: 36)
        let alphabet = Array("0123456789+-.e x".utf8)
        var a = TraceAssembler(path: "f.csv")
        withBytes("1") { a.start($0, $1, line: 2) }
        var fast = 0
        for i in 0..<50_000 {
            let n = Int.random(in: 1...17, using: &rng)
            var cell = (0..<n).map { _ in UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &rng) }
            if i % 3 == 0 { cell[Int.random(in: 0..<n, using: &rng)] = alphabet.randomElement(using: &rng)! }
            let text = String(decoding: cell, as: UTF8.self)
            withBytes(text) { a.store(PerTraceField.itemCount.rawValue, $0, $1, line: 3) }
            let reference: Int? = withBytes(text) { s, e in
                guard let v = DecimalParser.parse(s, e), v.isFinite, v == v.rounded(), abs(v) < 1e15 else { return nil }
                return SnapMath.truncatedIndex(v)
            }
            let read = try? a.givenPerTraceInteger(.itemCount, expected: "a count")
            #expect(read == reference, "\(text)")
            if a.plainInteger(.itemCount) != nil { fast += 1 }
        }
        #expect(fast > 20_000)
    }

    /// Issue 36: an item index of plain digits in range is read inline by
    /// ``TraceAssembler/perTraceIndex(_:in:)``; on seeded cells (plain digits around the item
    /// count, leading zeros, signs, points, exponents, letters) in bounded and looping layouts,
    /// the value or the error (its text included) is the general path's
    /// (``TraceAssembler/givenPerTraceIndex(_:in:)``).
    @Test func indicesInRangeReadInlineAsTheGeneralPath() throws {
        var rng = SeededGenerator(seed: 36)
        let alphabet = Array("0123456789+-.e x".utf8)
        var a = TraceAssembler(path: "f.csv")
        withBytes("1") { a.start($0, $1, line: 2) }
        var inline = 0, failed = 0
        for i in 0..<20_000 {
            let count = Int.random(in: 1...60, using: &rng)
            let layout = try #require(try LayoutFields(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375,
                                                       itemCount: count, isLooping: i % 4 == 0).layout())
            var text = String(Int.random(in: 0...(count + 5), using: &rng))
            if i % 5 == 0 { text = "0" + text }
            if i % 7 == 0 {
                var cell = Array(text.utf8)
                cell[Int.random(in: 0..<cell.count, using: &rng)] = alphabet.randomElement(using: &rng)!
                text = String(decoding: cell, as: UTF8.self)
            }
            withBytes(text) { a.store(PerTraceField.tapIndex.rawValue, $0, $1, line: 3 + i) }
            let read = Result { () throws(TraceParseError) -> Int? in try a.perTraceIndex(.tapIndex, in: layout) }
            let general = Result { () throws(TraceParseError) -> Int? in try a.givenPerTraceIndex(.tapIndex, in: layout) }
            switch (read, general) {
            case let (.success(x), .success(y)): #expect(x == y, "\(text)")
            case let (.failure(x), .failure(y)): #expect(x == y, "\(text)"); failed += 1
            default: Issue.record("\(text): \(read) against \(general)")
            }
            if let i = a.plainInteger(.tapIndex), layout.isLooping || i < layout.itemCount { inline += 1 }
        }
        #expect(inline > 10_000 && failed > 1_000)
    }
}
