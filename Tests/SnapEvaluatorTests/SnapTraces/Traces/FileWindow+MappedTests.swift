import Foundation
import Testing
@testable import SnapTraces

/// The mapped file window: every fill shows the bytes, limits and end of file of the `pread()`
/// window, and a file truncated under the mapping is an error, not a crash.
@Suite struct FileWindowMappedTests {
    /// What one fill shows: its result (or error), the window's bytes from `pos`, where they are,
    /// and the window's capacity and end of file.
    struct Step: Equatable, CustomStringConvertible {
        var result: String
        var bytes: [UInt8]
        var offset: Int
        var cap: Int
        var eof: Bool
        var description: String { "\(result) at \(offset): \(bytes.count) bytes, cap \(cap), eof \(eof)" }
    }

    /// Fills a window of `path` until the end of file or an error, consuming a seeded random number
    /// of bytes before each fill (none at times: the window must grow), with a seek now and then.
    func steps(_ path: String, maps: Bool, bufferSize: Int, limit: Int, seed: UInt64) throws -> [Step] {
        var w = try FileWindow(path: path, bufferSize: bufferSize, maxRowBytes: limit, startsAtZero: true, maps: maps)
        let isMapped = w.isMapped
        #expect(isMapped == maps)
        var rng = SeededGenerator(seed: seed)
        var steps: [Step] = []
        for _ in 0..<400 {
            var result: String
            do { result = try w.fill(line: 3) ? "more" : "end" } catch { result = "\(error)" }
            steps.append(Step(result: result, bytes: Array(UnsafeBufferPointer(start: w.buf + w.pos, count: w.end - w.pos)),
                              offset: w.offset, cap: w.cap, eof: w.eof))
            if result != "more" && result != "end" { break }
            if w.eof { break }
            switch rng.next() % 10 {
            case 0: break                                        // nothing consumed
            case 1: w.seek(to: Int(rng.next() % UInt64(w.offset + 1)))
            default: w.pos += Int(rng.next() % UInt64(w.end - w.pos + 1))
            }
        }
        return steps
    }

    /// Files whose sizes fall on, just before and just after page boundaries, with and without a
    /// last line break, with rows of a few bytes to several pages (so rows cross windows, and one
    /// row may fill a window).
    static func texts() -> [String] {
        var rng = SeededGenerator(seed: 7)
        var texts: [String] = []
        for size in [1, 100, 4095, 4096, 4097, 8192, 12_289, 40_000] {
            var text = ""
            while text.utf8.count < size {
                let n = rng.next() % 8 == 0 ? Int(rng.next() % 9000) : Int(rng.next() % 60)
                text += String(repeating: "x", count: n) + "\n"
            }
            texts.append(String(decoding: text.utf8.prefix(size), as: UTF8.self))
        }
        return texts
    }

    @Test func everyFillShowsWhatPreadShows() throws {
        for (k, text) in Self.texts().enumerated() {
            let path = try TestFiles.write(text, name: "window\(k).csv")
            for (bufferSize, limit) in [(1024, 4096), (1024, 1 << 20), (5000, 20_000), (4096, 4096)] {
                for seed: UInt64 in 1...6 {
                    let mapped = try steps(path, maps: true, bufferSize: bufferSize, limit: limit, seed: seed)
                    let read = try steps(path, maps: false, bufferSize: bufferSize, limit: limit, seed: seed)
                    #expect(mapped == read, "size \(text.utf8.count), buffer \(bufferSize), limit \(limit), seed \(seed)")
                }
            }
        }
    }

    @Test func traceFilesReadTheSameMappedOrNot() throws {
        // a bad row; quoted user ids over many lines, unquoted in place (the mapping is private)
        let files = [(TraceReaderParallelTests.bigFile(traces: 700, badLine: 5000), 699),
                     (TraceReaderDefectTests.quotedLineBreaks(traces: 300), 300)]
        for (k, (text, good)) in files.enumerated() {
            let path = try TestFiles.write(text, name: "same\(k).csv")
            for parts in [1, 3] {
                for lenient in [false, true] {
                    var options = TraceReadOptions(lenient: lenient, baseLayout: withLayout.baseLayout, bufferSize: 1024)
                    options.mapsFiles = true
                    let mapped = TraceReaderDefectTests().read(path, parts: parts, options: options)
                    options.mapsFiles = false
                    let read = TraceReaderDefectTests().read(path, parts: parts, options: options)
                    #expect(mapped.seen == read.seen && mapped.skipped == read.skipped && mapped.error == read.error)
                    #expect(lenient || good == 300 ? mapped.seen.count == good : mapped.error != nil)
                }
            }
        }
    }

    @Test func aFileTruncatedUnderTheMappingIsAnErrorNotACrash() throws {
        let text = String(repeating: String(repeating: "y", count: 99) + "\n", count: 400)
        let path = try TestFiles.write(text, name: "shrinks.csv")
        var w = try FileWindow(path: path, bufferSize: 16_384, maxRowBytes: 1 << 20, startsAtZero: true, maps: true)
        let isMapped = w.isMapped
        #expect(isMapped)
        let filled = try w.fill(line: 0)
        #expect(filled)
        #expect(truncate(path, 5000) == 0)
        // the window's pages past the new end: zeros, where the kernel raised SIGBUS
        let past = Array(UnsafeBufferPointer(start: w.buf + 9000, count: 100))
        #expect(past == Array(repeating: 0, count: 100))
        let before = w.buf[4000]
        #expect(before == UInt8(ascii: "y"))
        w.pos = w.end
        let more = try w.fill(line: 0)
        let eof = w.eof
        #expect(!more && eof)
        #expect(throws: TraceParseError.self) { try w.checkUnchanged() }
    }
}
