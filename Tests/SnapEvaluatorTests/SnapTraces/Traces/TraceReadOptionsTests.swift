import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapReports

/// Large and hostile inputs: each is a clear error or a correct result, in bounded memory
/// (the limits of ``TraceReadOptions``). Scripts/bench/bench-hostile.sh runs the full-size versions.
@Suite struct TraceReadOptionsTests {
    static func options(maxRowBytes: Int = 64 << 20, maxSamples: Int = 4 << 20, lenient: Bool = false,
                        bufferSize: Int = 4 << 20) -> TraceReadOptions {
        TraceReadOptions(lenient: lenient, baseLayout: benchLayout, bufferSize: bufferSize,
                         maxRowBytes: maxRowBytes, maxSamplesPerTrace: maxSamples)
    }

    @Test func defaultsBoundARowAndATrace() {
        let o = TraceReadOptions()
        #expect(o.maxRowBytes == 64 << 20)
        #expect(o.maxSamplesPerTrace == 4 << 20)
    }

    @Test func aTenMegabyteLineIsAnErrorNamingItsLine() throws {
        var text = "trace_id,t_ms,offset\n1,0,0\n1,8,"
        text += String(repeating: "7", count: 10_000_000)
        text += "\n1,16,3\n"
        let path = try TestFiles.write(text)
        let error = try #require(try readError(text, Self.options(maxRowBytes: 1 << 20, bufferSize: 1024)))
        #expect(error == .rowTooLong(file: error.file, line: 3, limit: 1 << 20))
        #expect(error.description.contains(":3: the row is longer than 1048576 bytes"))
        // lenient mode cannot skip past a row it cannot hold: the same error
        #expect(throws: TraceParseError.rowTooLong(file: path, line: 3, limit: 1 << 20)) {
            _ = try readAll(path, Self.options(maxRowBytes: 1 << 20, lenient: true, bufferSize: 1024))
        }
    }

    @Test func aQuoteLeftOpenOverManyLinesStopsAtTheRowLimit() throws {
        var text = "trace_id,t_ms,offset\n1,0,0\n\"1,8,1\n"
        text += String(repeating: "1,16,2\n", count: 400_000)   // 2.8 MB inside one quoted field
        let error = try #require(try readError(text, Self.options(maxRowBytes: 1 << 20, bufferSize: 4096)))
        #expect(error.line == 3)
        guard case .rowTooLong = error.kind else { Issue.record("\(error)"); return }
    }

    @Test func aLongRowUnderTheLimitIsRead() throws {
        // a 3 MB unknown column, read with a 1 KiB starting buffer
        let text = "trace_id,t_ms,offset,note\n1,0,0,\(String(repeating: "n", count: 3_000_000))\n1,8,4,\n1,16,10,\n"
        let (traces, _, _) = try readAll(try TestFiles.write(text), Self.options(bufferSize: 1024))
        #expect(traces.count == 1)
        #expect(traces[0].sampleCount == 3)
    }

    @Test func aRowWithAHundredThousandFieldsIsAFieldCountError() throws {
        let text = "trace_id,t_ms,offset\n1,0,0\n" + String(repeating: ",", count: 100_000) + "\n"
        let error = try #require(try readError(text, Self.options()))
        #expect(error == .fieldCount(file: error.file, line: 3, found: 100_001, expected: 3))
    }

    @Test func aHeaderWithTenThousandColumnsIsRefused() throws {
        let header = "trace_id,t_ms,offset," + (0..<10_000).map { "c\($0)" }.joined(separator: ",")
        let error = try #require(try readError(header + "\n", Self.options()))
        #expect(error.line == 1)
        #expect(error.description.contains("expected at most 4096 columns"))
    }

    @Test func deeplyQuotedFieldsAreUnquotedCorrectly() throws {
        // a user id of a million quote characters, written as 2·10^6 doubled quotes inside quotes
        let quotes = String(repeating: "\"\"", count: 1_000_000)
        let text = "trace_id,t_ms,offset,user_id\n1,0,0,\"\(quotes)\"\n1,8,4,\"\(quotes)\"\n1,16,10,\n"
        let (traces, _, users) = try readAll(try TestFiles.write(text), Self.options(bufferSize: 1024))
        #expect(traces.count == 1)
        #expect(users.names == [String(repeating: "\"", count: 1_000_000)])
        // an unclosed one is an unterminated quote
        let open = "trace_id,t_ms,offset,user_id\n1,0,0,\"\(quotes)\n"
        let error = try #require(try readError(open, Self.options(bufferSize: 1024)))
        #expect(error == TraceParseError.unterminatedQuote(file: error.file, line: 2, column: "user_id").inColumn(4))
    }

    @Test func aHundredThousandSampleTraceGivesTheVelocityOfItsEnd() throws {
        // offset = 0.5·t for 100k samples 8 ms apart, then the tail of the same trace alone
        var long = "trace_id,t_ms,offset\n"
        for i in 0..<100_000 { long += "1,\(i * 8),\(Double(i * 8) * 0.5)\n" }
        var tail = "trace_id,t_ms,offset\n"
        for i in 99_950..<100_000 { tail += "1,\(i * 8),\(Double(i * 8) * 0.5)\n" }
        let a = try readAll(try TestFiles.write(long), Self.options(bufferSize: 1024)).traces
        let b = try readAll(try TestFiles.write(tail), Self.options()).traces
        #expect(a.count == 1 && b.count == 1)
        #expect(a[0].sampleCount == 100_000)
        #expect(abs(a[0].velocity - 0.5) < 1e-9)
        #expect(a[0].velocity == b[0].velocity)
        #expect(a[0].release.offset == 399_996)
    }

    @Test func aTraceOverTheSampleLimitIsAnErrorOrSkipped() throws {
        var text = "trace_id,t_ms,offset\n"
        for i in 0..<1_001 { text += "1,\(i),\(i)\n" }
        text += "2,0,0\n2,8,4\n"
        let path = try TestFiles.write(text)
        #expect(throws: TraceParseError.traceTooLong(file: path, line: 2, traceID: "1", limit: 1_000).inColumn(1)) {
            _ = try readAll(path, Self.options(maxSamples: 1_000))
        }
        #expect(TraceParseError.traceTooLong(file: "f.csv", line: 2, traceID: "1", limit: 1_000).description
                == "f.csv:2: column 'trace_id': trace '1' has more than 1000 samples; expected at most 1000 samples per trace")
        let (traces, summary, _) = try readAll(path, Self.options(maxSamples: 1_000, lenient: true))
        #expect(traces.map(\.id) == ["2"])
        #expect(summary.skipped.map(\.traceID) == ["1"])
        // exactly at the limit is fine
        #expect(try readAll(path, Self.options(maxSamples: 1_001)).traces.count == 2)
    }

    @Test func oneTraceFilesWork() throws {
        let sample = try readAll(try TestFiles.write("trace_id,t_ms,offset\n9,0,0\n9,8,4\n"), Self.options()).traces
        #expect(sample.map(\.id) == ["9"])
        let single = try readAll(try TestFiles.write("trace_id,t_ms,offset\n9,0,0"), Self.options()).traces
        #expect(single.map(\.sampleCount) == [1])
        let release = try readAll(try TestFiles.write("trace_id,release_offset,release_velocity\n9,300,1.5\n"), Self.options()).traces
        #expect(release.map(\.velocity) == [1.5])
    }

    @Test func headerOnlyAndEmptyFiles() throws {
        for header in ["trace_id,t_ms,offset\n", "trace_id,t_ms,offset", "trace_id,release_offset,release_velocity\r\n\r\n"] {
            let (traces, summary, _) = try readAll(try TestFiles.write(header), Self.options())
            #expect(traces.isEmpty && summary.tracesRead == 0)
        }
        let empty = try TestFiles.write("")
        #expect(throws: TraceParseError.emptyFile(file: empty)) { _ = try readAll(empty, Self.options()) }
        // only blank lines or a BOM: no header
        for blank in ["\n\n", "\u{FEFF}"] {
            let path = try TestFiles.write(blank)
            #expect(throws: TraceParseError.emptyFile(file: path)) { _ = try readAll(path, Self.options()) }
        }
    }
}
