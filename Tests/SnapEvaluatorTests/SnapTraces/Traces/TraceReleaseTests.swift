import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces

/// The trace id kept as bytes (``TraceIDText``) until ``TraceRelease/traceID`` is read: the
/// string read back is, byte for byte, what the reader made of the id before (`byteText` of its
/// unquoted bytes), for ids of every form, through every public path (records, parallel parts,
/// skipped traces, errors); a string given or set is read back as given.
@Suite struct TraceReleaseTests {
    // MARK: the storage

    /// Bytes of every kind: digits, letters, punctuation, multi-byte UTF-8 (whole or cut), bytes
    /// that are no UTF-8 at all, NUL.
    static let pieces: [[UInt8]] = [
        Array("0123456789".utf8), Array("t-_./:".utf8), Array("abcXYZ".utf8), [0x22, 0x2C, 0x20],
        Array("é".utf8), Array("e\u{301}".utf8), Array("日本".utf8), Array("🙂".utf8), [0xF0, 0x9F], [0x80], [0xFF, 0xFE], [0],
    ]

    @Test func keptBytesReadBackAsByteText() {
        var rng = SeededGenerator(seed: 37)
        var arena = ByteArena()
        defer { arena.free() }
        var inline = 0, strings = 0
        for round in 0..<4_000 {
            // the arena's bytes past the id are another id's (a longer one, or noise)
            arena.removeAll()
            let noise = (0..<Int.random(in: 0...80, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            noise.withUnsafeBufferPointer { arena.append($0.baseAddress!, $0.baseAddress! + $0.count) }
            arena.removeAll()
            var bytes: [UInt8] = []
            let target = round < 41 ? round : Int.random(in: 0...40, using: &rng)
            while bytes.count < target {
                let piece = Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &rng)]
                bytes += piece.prefix(target - bytes.count)
            }
            bytes.withUnsafeBufferPointer { b in
                if let s = b.baseAddress { arena.append(s, s + b.count) }
            }
            let id = TraceIDText(arena)
            let want = bytes.withUnsafeBufferPointer { b in String(decoding: b, as: UTF8.self) }
            #expect(id.text == want && Array(id.text.utf8) == Array(want.utf8), "round \(round): \(bytes)")
            #expect(id.text.hashValue == want.hashValue)
            #expect(id.keptAsBytes == (bytes.count <= TraceIDText.inlineCapacity))
            if id.keptAsBytes { inline += 1 } else { strings += 1 }
            // in a record, through the public property
            var release = TraceRelease(traceID: "", user: 0, intendedIndex: nil, layout: Self.benchLayoutValue, release: Self.release,
                                       sampleCount: 1, location: TraceLocation(file: "f.csv", line: 2))
            release.id = id
            #expect(release.traceID == want && Array(release.traceID.utf8) == Array(want.utf8))
        }
        #expect(inline > 1_000 && strings > 1_000)
    }

    static let release = Release(offset: 0, velocity: 0, startOffset: 0, startTime: 0, time: 0, startIndex: nil, fingerTravel: nil)
    static var benchLayoutValue: CarouselLayout {
        // swiftlint:disable:next force_try
        try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
    }

    @Test func aGivenOrSetIdIsReadBackAsGiven() {
        for text in ["", "1", "t000001", "e\u{301}", "é", "日本-0001", String(repeating: "🙂", count: 20), String(repeating: "x", count: 300)] {
            var release = TraceRelease(traceID: text, user: 0, intendedIndex: nil, layout: Self.benchLayoutValue,
                                       release: Self.release, sampleCount: 1, location: TraceLocation(file: "f.csv", line: 2))
            #expect(Array(release.traceID.utf8) == Array(text.utf8))
            release.traceID = text + "!"
            #expect(Array(release.traceID.utf8) == Array((text + "!").utf8))
        }
        // equality as strings: canonically equivalent ids are equal, as before
        var a = ByteArena(), b = ByteArena()
        defer { a.free(); b.free() }
        let composed = Array("é".utf8), decomposed = Array("e\u{301}".utf8)
        composed.withUnsafeBufferPointer { a.append($0.baseAddress!, $0.baseAddress! + $0.count) }
        decomposed.withUnsafeBufferPointer { b.append($0.baseAddress!, $0.baseAddress! + $0.count) }
        #expect(TraceIDText(a).text == TraceIDText(b).text && TraceIDText(a).text.hashValue == TraceIDText(b).text.hashValue)
        #expect(Array(TraceIDText(a).text.utf8) != Array(TraceIDText(b).text.utf8))
    }

    // MARK: the reader

    /// Ids of every form, as written in the file and as read (unquoted).
    static let ids: [(cell: String, text: String)] = {
        var out: [(String, String)] = [
            ("1", "1"), ("42", "42"), ("007", "007"), ("123456789012345", "123456789012345"), ("1234567890123456", "1234567890123456"),
            ("t000001", "t000001"), ("user-3/swipe-12", "user-3/swipe-12"), ("\"a,b\"", "a,b"), ("\"say \"\"hi\"\"\"", "say \"hi\""),
            ("\"q\"", "q"), ("日本-1", "日本-1"), ("e\u{301}", "e\u{301}"), ("é", "é"), ("🙂🙂🙂", "🙂🙂🙂"),
            ("exactly-15-byte", "exactly-15-byte"), ("exactly-16-bytes", "exactly-16-bytes"),
            ("3f2504e0-4f89-11d3-9a0c-0305e82c3301", "3f2504e0-4f89-11d3-9a0c-0305e82c3301"),
            (String(repeating: "long", count: 50), String(repeating: "long", count: 50)),
        ]
        for i in 0..<40 { out.append(("\(1000 + i)", "\(1000 + i)")) }
        return out
    }()

    static func file(_ ids: [(cell: String, text: String)], badTimeAt bad: Int? = nil) -> String {
        var text = "trace_id,t_ms,offset,phase\n"
        for (k, id) in ids.enumerated() {
            text += "\(id.cell),\(k == bad ? "1x5" : "0"),100,began\n\(id.cell),16,90,ended\n"
        }
        return text
    }

    static func expectSame(_ got: String, _ want: String, _ comment: Comment) {
        #expect(got == want && Array(got.utf8) == Array(want.utf8), comment)
    }

    @Test func everyFormOfIdReadsBackTheSame() throws {
        let path = try TestFiles.write(Self.file(Self.ids), name: "ids.csv")
        // the records, read serially
        let reader = try TraceReader(path: path, options: withLayout)
        var got: [String] = []
        let summary = try reader.forEach { got.append($0.release.traceID) }
        #expect(got.count == Self.ids.count && summary.skipped.isEmpty)
        for (g, w) in zip(got, Self.ids) { Self.expectSame(g, w.text, "\(w.cell)") }
        // in byte ranges read in parallel
        let parallel = try TraceReader.readInParallel(path: path, options: withLayout, parts: 4, threads: 2, minimumPartBytes: 64,
                                                      initial: { [String]() }, accumulate: { $0.append($1.release.traceID) })
        #expect(parallel.partials.count > 1)
        let joined = Array(parallel.partials.joined())
        #expect(joined.count == Self.ids.count)
        for (g, w) in zip(joined, Self.ids) { Self.expectSame(g, w.text, "parallel \(w.cell)") }
    }

    @Test func skippedTracesAndErrorsNameTheIdAsWritten() throws {
        var lenient = withLayout
        lenient.lenient = true
        for (k, id) in Self.ids.enumerated() {
            // a skipped trace (lenient): its id and description
            let path = try TestFiles.write(Self.file(Self.ids, badTimeAt: k), name: "skip.csv")
            let summary = try TraceReader(path: path, options: lenient).forEach { _ in }
            #expect(summary.skipped.count == 1)
            if let skip = summary.skipped.first {
                Self.expectSame(skip.traceID, id.text, "skipped \(id.cell)")
                #expect(skip.description.contains("trace '\(id.text.escapingControlCharacters)'"))
            }
            // an id met again after another trace: the error names it
            let again = try TestFiles.write(Self.file([id, ("other", "other"), id]), name: "again.csv")
            do {
                _ = try TraceReader(path: again, options: withLayout).forEach { _ in }
                Issue.record("\(id.cell): no error")
            } catch {
                let want = TraceParseError.nonContiguousTrace(file: again, line: 6, column: "trace_id", traceID: id.text)
                #expect(String(describing: error) == want.description, "\(id.cell)")
            }
            // no layout (layout columns, empty on the trace's rows): the error names the trace
            let single = try TestFiles.write("trace_id,t_ms,offset,phase,item_width,viewport_width,item_count\n"
                                             + "\(id.cell),0,100,began,,,\n\(id.cell),16,90,ended,,,\n", name: "nolayout.csv")
            do {
                _ = try TraceReader(path: single, options: TraceReadOptions()).forEach { _ in }
                Issue.record("\(id.cell): no layout error")
            } catch {
                #expect(String(describing: error).contains("no layout for trace '\(id.text)'"), "\(id.cell): \(error)")
            }
        }
    }
}
