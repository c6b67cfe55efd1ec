import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapScoring
@testable import SnapReports

/// Regression tests for the reader defects of issue 12 (each test names its defect).
@Suite struct TraceReaderDefectTests {
    struct Seen: Sendable, Equatable {
        var id: String
        var velocityBits: UInt64
        var user: String
        var line: Int
    }

    /// Every trace of a read in `parts` ranges (users and lines made whole-file), the summary's
    /// skipped list and the error, if any.
    func read(_ path: String, parts: Int, options: TraceReadOptions = withLayout) -> (seen: [Seen], skipped: [String], error: String?) {
        do {
            let r = try TraceReader.readInParallel(path: path, options: options, parts: parts, initial: { [Seen]() }) { acc, rec in
                acc.append(Seen(id: rec.release.traceID, velocityBits: rec.release.release.velocity.bitPattern,
                                user: String(rec.release.user), line: rec.release.location.line))
            }
            var all: [Seen] = []
            for (k, part) in r.partials.enumerated() {
                all += part.map { s in
                    var s = s
                    s.user = r.users.names[r.userMaps[k][Int(s.user)!]]
                    s.line += r.lineOffsets[k]
                    return s
                }
            }
            return (all, r.summary.skipped.map(\.description), nil)
        } catch {
            return ([], [], "\(error)")
        }
    }

    /// A file of `traces` traces whose first rows carry a quoted `user_id` running over many
    /// lines that look like rows of another trace: a cut inside one misleads a range reader.
    static func quotedLineBreaks(traces: Int) -> String {
        var text = "trace_id,user_id,t_ms,offset,phase\n"
        for k in 1...traces {
            let fake = (0..<24).map { "\n99,u,\($0 * 8),\($0),moved" }.joined()
            for j in 0..<5 {
                let user = j == 0 ? "\"user \(k % 5)\(fake)\"" : ""
                let phase = j == 0 ? "began" : j == 4 ? "ended" : "moved"
                text += "\(k),\(user),\(Double(j) * 8.5),\(Double(k % 9) + Double(j * j)),\(phase)\n"
            }
        }
        return text
    }

    @Test("defect 1: quoted line breaks read the same for every number of parts")
    func quotedLineBreaksReadTheSameInEveryNumberOfParts() throws {
        let path = try TestFiles.write(Self.quotedLineBreaks(traces: 1200))
        let serial = read(path, parts: 1)
        #expect(serial.error == nil, "\(serial.error ?? "")")
        #expect(serial.seen.count == 1200)
        for parts in [2, 3, 5, 8] {
            let p = read(path, parts: parts)
            #expect(p.error == nil, "\(parts) parts: \(p.error ?? "")")
            #expect(p.seen == serial.seen, "\(parts) parts")
        }
    }

    /// 40 traces of 5 rows; trace 5's first `user_id` opens a quote that a later cell closes.
    static let strayQuotes: String = {
        var text = "trace_id,user_id,t_ms,offset,phase\n"
        for t in 1...40 {
            for i in 0..<5 {
                var u = "u1"
                if t == 5 && i == 0 { u = "\"x" }
                if t == 30 && i == 2 { u = "o\"brien" }
                let phase = i == 0 ? "began" : i == 4 ? "ended" : "moved"
                text += "\(t),\(u),\(i * 8),\(i * 3),\(phase)\n"
            }
        }
        return text
    }()

    @Test("defect 2: a stray quote costs its trace only, in lenient mode; strict names its line")
    func strayQuoteSkipsOnlyItsTrace() throws {
        let path = try TestFiles.write(Self.strayQuotes)
        for bufferSize in [1024, 256 << 10] {
            var options = withLayout
            options.bufferSize = bufferSize
            let strict = read(path, parts: 1, options: options)
            // trace 5 starts on line 1 + 4·5 + 1 = 22
            #expect(strict.error?.contains(":22: column 'user_id'") == true, "\(strict.error ?? "")")
            options.lenient = true
            let lenient = read(path, parts: 1, options: options)
            #expect(lenient.error == nil)
            #expect(lenient.seen.map(\.id) == (1...40).filter { $0 != 5 && $0 != 30 }.map(String.init))
            #expect(lenient.skipped.count == 2, "\(lenient.skipped)")
            #expect(lenient.skipped.first?.contains(":22 trace '5'") == true, "\(lenient.skipped)")
            #expect(lenient.skipped.last?.contains(":147 trace '30'") == true, "\(lenient.skipped)")
            #expect(lenient.skipped.last?.contains("found 'o\"brien'") == true, "\(lenient.skipped)")
        }
    }

    @Test("defect 2: text after a closing quote and an unclosed quote at the end are errors on the row's first line")
    func quotingFaultsNameTheRowsFirstLine() throws {
        let junk = "trace_id,t_ms,offset,user_id\n1,0,0,\"a\"b\n1,8,1,\n"
        #expect(try readError(junk, withLayout)?.line == 2)
        let open = "trace_id,t_ms,offset,user_id\n1,0,0,a\n2,0,0,\"b\n2,8,1,\n2,16,2,\n"
        #expect(try readError(open, withLayout)?.line == 3)
        var lenient = withLayout
        lenient.lenient = true
        let (traces, summary, _) = try readAll(try TestFiles.write(open), lenient)
        #expect(traces.map(\.id) == ["1"])
        #expect(summary.skipped.map(\.traceID) == ["2"])
    }

    /// Ids 1...n then id 3 again, far enough for a range of its own.
    static func reappearing() -> String {
        var text = TraceReaderParallelTests.bigFile(traces: 3000)
        text += "3,u0,0,0,began\n3,u0,8,1,ended\n"
        return text
    }

    @Test("defect 3: a reappearing trace id gives the serial result for every number of parts")
    func reappearingIDIsTheSameForEveryJobs() throws {
        let path = try TestFiles.write(Self.reappearing())
        for lenient in [false, true] {
            var options = withLayout
            options.lenient = lenient
            let serial = read(path, parts: 1, options: options)
            for parts in [2, 4, 7] {
                let p = read(path, parts: parts, options: options)
                #expect(p.seen == serial.seen && p.skipped == serial.skipped && p.error == serial.error, "\(parts) parts, lenient \(lenient)")
            }
            if lenient { #expect(serial.skipped.count == 1) } else { #expect(serial.error?.contains("trace '3' appeared before") == true) }
        }
    }

    @Test("defect 3: the partial results depend on the parts, never on the threads")
    func threadsDoNotChangeThePartials() throws {
        let path = try TestFiles.write(TraceReaderParallelTests.bigFile(traces: 3000))
        func sums(threads: Int) throws -> [Double] {
            try TraceReader.readInParallel(path: path, options: withLayout, parts: 6, threads: threads, initial: { 0.0 }) { sum, r in
                sum += r.release.release.velocity * 1.000_000_1
            }.partials
        }
        let one = try sums(threads: 1)
        #expect(one.count == 6)
        for threads in [2, 3, 6] { #expect(try sums(threads: threads).map(\.bitPattern) == one.map(\.bitPattern)) }
        #expect(TraceReader.parts(forFileSize: 1 << 20) == 1)
        #expect(TraceReader.parts(forFileSize: 1_150_000_000) == 32)
    }

    /// Read with `pread()` (the default) and mapped: mapped, 1 KiB windows are mapped after the
    /// truncation too (past the new end), a 64 KiB window already spans it (``MappedRegions``'
    /// handler).
    @Test("defect 4: a file that shrinks while read is an error, not a complete read",
          arguments: [1024, 65_536], [false, true])
    func shrinkingFileIsAnError(bufferSize: Int, maps: Bool) throws {
        let path = try TestFiles.write(TraceReaderParallelTests.bigFile(traces: 200), name: "shrinks\(bufferSize)-\(maps).csv")
        var options = withLayout
        options.bufferSize = bufferSize
        options.mapsFiles = maps
        let reader = try TraceReader(path: path, options: options)
        var truncated = false
        #expect {
            try reader.forEach { _ in
                if !truncated { truncated = true; #expect(truncate(path, 20_000) == 0) }
            }
        } throws: { error in
            guard let error = error as? TraceParseError, case let .changedWhileReading(reason) = error.kind else { return false }
            return error.file == path && reason.contains("20000 at the end")
        }
    }

    struct Bad: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var line: Int
        var column: String
        var description: String { name }
    }

    static let nonsense: [Bad] = [
        Bad(name: "empty trace id", text: "trace_id,t_ms,offset\n1,0,0\n,8,1\n", line: 3, column: "trace_id"),
        Bad(name: "empty release-level id", text: "trace_id,release_offset,release_velocity\n,0,1\n", line: 2, column: "trace_id"),
        Bad(name: "row after ended", text: "trace_id,t_ms,offset,phase\n1,0,0,began\n1,8,1,ended\n1,16,2,moved\n", line: 4, column: "phase"),
        Bad(name: "hexadecimal", text: "trace_id,t_ms,offset\n1,0,0xA0\n", line: 2, column: "offset"),
        Bad(name: "hexadecimal float", text: "trace_id,t_ms,offset\n1,0x1p-2,0\n", line: 2, column: "t_ms"),
        Bad(name: "underscores", text: "trace_id,t_ms,offset\n1,0,1_000\n", line: 2, column: "offset"),
        Bad(name: "Infinity", text: "trace_id,t_ms,offset\n1,0,Infinity\n", line: 2, column: "offset"),
        Bad(name: "overflow", text: "trace_id,t_ms,offset\n1,0,1e309\n", line: 2, column: "offset"),
    ]

    @Test("defect 5: nonsense is refused with line and column", arguments: nonsense)
    func nonsenseIsRefused(_ b: Bad) throws {
        let error = try #require(try readError(b.text, withLayout))
        #expect(error.line == b.line, "\(error)")
        #expect(error.columnName == b.column, "\(error)")
    }

    @Test("defect 5: a repeated 'ended' row (the lift-off logged twice) is still accepted")
    func repeatedEndedIsAccepted() throws {
        let (traces, _, _) = try readAll(try TestFiles.write("trace_id,t_ms,offset,phase\n1,0,0,began\n1,8,1,ended\n1,16,2,ended\n"), withLayout)
        #expect(traces.count == 1 && traces[0].release.offset == 2)
    }

    @Test("defect 7: item errors never trap")
    func itemErrorsNeverTrap() throws {
        let looping = try CarouselLayout(itemWidth: 100, spacing: 0, leadingInset: 0, trailingInset: 0, viewportWidth: 300,
                                         itemCount: 1_000_000_000, alignment: .leading, isLooping: true)
        let bounded = try CarouselLayout(itemWidth: 100, spacing: 0, leadingInset: 0, trailingInset: 0, viewportWidth: 300,
                                         itemCount: 10, alignment: .leading, isLooping: false)
        for (a, b) in [(Int.max, Int.min), (Int.min, Int.max), (Int.max, 0), (0, Int.min), (999_999_999, 0)] {
            let l = TraceOutcome.itemError(target: a, intended: b, in: looping)
            #expect(abs(l) <= 500_000_000)
            let e = TraceOutcome.itemError(target: a, intended: b, in: bounded)
            #expect(abs(e) <= 1 << 62 && e * -1 != 0 || e == 0)
        }
        #expect(TraceOutcome.itemError(target: 999_999_999, intended: 0, in: looping) == -1)
    }

    @Test("defect 8: a FIFO is read serially, whole")
    func fifoIsReadSerially() throws {
        let dir = try TestScratch.directory("fifo")
        let path = dir.appendingPathComponent("traces.fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        let text = TraceReaderParallelTests.bigFile(traces: 300)
        TestFiles.feed(fifo: path, with: text)
        let fromFIFO = read(path, parts: 4)
        let fromFile = read(try TestFiles.write(text), parts: 1)
        #expect(fromFIFO.error == nil, "\(fromFIFO.error ?? "")")
        #expect(fromFIFO.seen == fromFile.seen)
    }

    @Test("defect 9: layout-file errors name the layout file and its key")
    func layoutFileErrorsNameFileAndKey() throws {
        for (json, key) in [("{\"item_width\": -5}", "item_width"), ("{\"viewport_width\": 0}", "viewport_width"),
                            ("{\"item_spacing\": -1}", "item_spacing"), ("{\"item_count\": 0}", "item_count"),
                            ("{\"alignment\": \"middle\"}", "alignment"), ("{\"colour\": 1}", "colour")] {
            #expect {
                _ = try LayoutFields.parse(json: Data(json.utf8), file: "my-layout.json")
            } throws: { error in
                guard let e = error as? TraceParseError, e.file == "my-layout.json", e.columnName == key else { return false }
                return e.description.hasPrefix("my-layout.json: ") && e.description.contains("'\(key)'")
            }
        }
    }

    @Test("defect 11: control characters are escaped in every message")
    func controlCharactersAreEscaped() throws {
        let text = "trace_id,t_ms,offset\nab\u{1B}[31m\u{0}c,0,0\nab\u{1B}[31m\u{0}c,8,x\u{7}\n"
        let error = try #require(try readError(text, withLayout))
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(error.description.contains("\\u{7}"), "\(error)")
        var lenient = withLayout
        lenient.lenient = true
        let (_, summary, _) = try readAll(try TestFiles.write(text), lenient)
        let listed = try #require(summary.skipped.first).description
        #expect(!listed.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(listed)")
        #expect(listed.contains("ab\\u{1B}[31m\\u{0}c"), "\(listed)")
    }
}
