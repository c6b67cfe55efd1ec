import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapReports

@Suite struct TraceReaderTests {
    // MARK: - malformed files: each gives one error naming file, line, column, found and expected

    struct Malformed: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var line: Int
        var column: String?
        var fragment: String
        var description: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed(name: "missing column", text: "trace_id,t_ms,phase\n1,0,began\n", line: 1, column: "offset",
                  fragment: "missing required column 'offset'"),
        Malformed(name: "missing trace_id", text: "t_ms,offset\n0,1\n", line: 1, column: "trace_id",
                  fragment: "missing required column 'trace_id'"),
        Malformed(name: "non-numeric", text: "trace_id,t_ms,offset\n1,0,5\n1,8,abc\n1,16,7\n", line: 3, column: "offset",
                  fragment: "found 'abc'; expected a position in points"),
        Malformed(name: "non-finite offset", text: "trace_id,t_ms,offset\n1,0,5\n1,8,inf\n", line: 3, column: "offset",
                  fragment: "found 'inf'; expected a finite number"),
        Malformed(name: "non-finite time", text: "trace_id,t_ms,offset\n1,0,5\n1,NaN,6\n", line: 3, column: "t_ms",
                  fragment: "found 'NaN'; expected a finite number"),
        Malformed(name: "time backwards", text: "trace_id,t_ms,offset\n1,10,0\n1,16,1\n1,12.5,2\n", line: 4, column: "t_ms",
                  fragment: "found '12.5'; expected a time not before the previous sample's 16.0 ms"),
        Malformed(name: "non-contiguous trace", text: "trace_id,t_ms,offset\n1,0,0\n1,8,1\n2,0,0\n2,8,1\n1,16,2\n", line: 6,
                  column: "trace_id", fragment: "trace '1' appeared before"),
        Malformed(name: "non-contiguous string ids", text: "trace_id,t_ms,offset\na,0,0\nb,0,0\nc,0,0\na,8,1\n", line: 5,
                  column: "trace_id", fragment: "trace 'a' appeared before"),
        Malformed(name: "disagreeing per-trace values",
                  text: "trace_id,t_ms,offset,intended_index\n1,0,0,3\n1,8,1,3.0\n1,16,2,4\n", line: 4, column: "intended_index",
                  fragment: "found '4'; expected '3' as on line 2 of the same trace"),
        Malformed(name: "disagreeing user", text: "trace_id,t_ms,offset,user_id\n1,0,0,u1\n1,8,1,u2\n", line: 3, column: "user_id",
                  fragment: "found 'u2'; expected 'u1'"),
        Malformed(name: "too many fields", text: "trace_id,t_ms,offset\n1,0,0\n1,8,1,9\n", line: 3, column: nil,
                  fragment: "4 fields found; expected 3"),
        Malformed(name: "too few fields", text: "trace_id,t_ms,offset\n1,0,0\n1,8\n", line: 3, column: nil,
                  fragment: "2 fields found; expected 3"),
        Malformed(name: "unknown phase", text: "trace_id,t_ms,offset,phase\n1,0,0,began\n1,8,1,lifted\n", line: 3, column: "phase",
                  fragment: "found 'lifted'; expected began, moved, ended or cancelled"),
        Malformed(name: "unterminated quote", text: "trace_id,t_ms,offset\n1,0,0\n\"1,8,1\n", line: 3, column: "trace_id",
                  fragment: "quoted field not closed"),
        Malformed(name: "fractional intended index", text: "trace_id,t_ms,offset,intended_index\n1,0,0,2.5\n", line: 2,
                  column: "intended_index", fragment: "expected an item index (a whole number)"),
        Malformed(name: "duplicate column", text: "trace_id,t_ms,offset,t_ms\n", line: 1, column: "t_ms", fragment: "appears twice"),
        Malformed(name: "error after empty lines and CRLF keeps line numbers",
                  text: "trace_id,t_ms,offset\r\n1,0,0\r\n\r\n\r\n1,8,x\r\n", line: 5, column: "offset", fragment: "found 'x'"),
        Malformed(name: "bad layout value", text: "trace_id,t_ms,offset,item_width\n1,0,0,0\n", line: 2, column: nil,
                  fragment: "item width is 0.0; expected a positive number"),
        Malformed(name: "release-level missing velocity", text: "trace_id,release_offset\n1,300\n", line: 1, column: "release_velocity",
                  fragment: "missing required column 'release_velocity'"),
        Malformed(name: "release-level repeated id", text: "trace_id,release_offset,release_velocity\n1,300,1\n1,310,2\n", line: 3,
                  column: "trace_id", fragment: "trace '1' appeared before"),
    ]

    @Test(arguments: malformed)
    func malformedFileGivesItsError(_ m: Malformed) throws {
        let path = try TestFiles.write(m.text, name: "bad.csv")
        var caught: TraceParseError?
        do { _ = try readAll(path, withLayout) } catch let e as TraceParseError { caught = e }
        let error = try #require(caught)
        #expect(error.file == path)
        #expect(error.line == m.line, "\(error)")
        #expect(error.columnName == m.column, "\(error)")
        #expect(error.description.contains(m.fragment), "\(error)")
        #expect(error.description.hasPrefix("\(path):\(m.line): "))
    }

    @Test func emptyFileIsAClearError() throws {
        let path = try TestFiles.write("")
        #expect(throws: TraceParseError.emptyFile(file: path)) { _ = try readAll(path) }
        #expect(TraceParseError.emptyFile(file: "x.csv").description.contains("the file is empty (0 bytes)"))
    }

    @Test func missingFileIsUnreadable() {
        #expect {
            _ = try TraceReader(path: "/nonexistent/traces.csv", options: TraceReadOptions())
        } throws: { error in
            guard case .unreadable = (error as? TraceParseError)?.kind else { return false }
            return true
        }
    }

    @Test func headerOnlyGivesZeroTracesAndNoError() throws {
        let (traces, summary, _) = try readAll(try TestFiles.write("trace_id,t_ms,offset\n"), withLayout)
        #expect(traces.isEmpty)
        #expect(summary.tracesRead == 0)
        #expect(summary.kind == .sampleLevel)
    }

    // MARK: - the format's freedoms

    static let plain = "trace_id,t_ms,offset,phase\n1,0,0,began\n1,8,4,moved\n1,16,10,moved\n1,24,18,moved\n1,26,19,ended\n2,100,50,began\n2,108,47,moved\n2,116,41,moved\n2,118,40,ended\n"

    @Test func bomCRLFAndColumnOrderDoNotChangeTheResult() throws {
        let reference = try readAll(try TestFiles.write(Self.plain), withLayout).traces
        var crlf = "\u{FEFF}" + Self.plain.replacingOccurrences(of: "\n", with: "\r\n")
        crlf = crlf.replacingOccurrences(of: "\r\n2,100", with: "\r\n\r\n2,100")   // and an empty line
        let other = try readAll(try TestFiles.write(crlf), withLayout).traces
        #expect(other.map(\.velocity) == reference.map(\.velocity))
        #expect(other.map(\.id) == ["1", "2"])
        #expect(other.map(\.line) == [2, 8])
        // columns in another order
        let reordered = "phase,offset,trace_id,t_ms\n" + Self.plain.split(separator: "\n").dropFirst().map { row in
            let f = row.split(separator: ",", omittingEmptySubsequences: false)
            return "\(f[3]),\(f[2]),\(f[0]),\(f[1])"
        }.joined(separator: "\n") + "\n"
        #expect(try readAll(try TestFiles.write(reordered), withLayout).traces.map(\.velocity) == reference.map(\.velocity))
        #expect(reference[0].velocity > 0 && reference[1].velocity < 0)
    }

    @Test func quotedFieldsWithCommasQuotesAndLineBreaks() throws {
        let text = #"""
            trace_id,t_ms,offset,user_id,note
            "a,1",0,0,"u ""x""","first, with comma"
            "a,1",8,5,"u ""x""",plain
            "a,1",16,11,,"two
            lines"
            b,0,"1.5",u2,
            b,8,3,"u2",

            """#
        let (traces, summary, users) = try readAll(try TestFiles.write(text), withLayout)
        #expect(traces.map(\.id) == ["a,1", "b"])
        #expect(traces.map(\.user) == ["u \"x\"", "u2"])
        #expect(traces[0].release.offset == 11)
        #expect(traces[1].release.startOffset == 1.5)
        #expect(traces[1].line == 6)
        #expect(summary.unknownColumns == ["note"])
        #expect(users.count == 2)
    }

    @Test func perTraceValuesOnTheFirstRowOnly() throws {
        let text = """
            trace_id,t_ms,offset,intended_index,user_id,start_offset,item_width,viewport_width,item_count
            1,0,100,2,alice,90,100,300,10
            1,8,110,,,,,,
            1,16,130,,,,,,
            2,0,0,,bob,,,,
            2,8,-5,,,,,,

            """
        let (traces, _, _) = try readAll(try TestFiles.write(text), withLayout)
        #expect(traces.count == 2)
        #expect(traces[0].intended == 2)
        #expect(traces[0].user == "alice")
        #expect(traces[0].release.startOffset == 90)
        #expect(traces[0].release.offset == 130)
        #expect(traces[0].layout.itemWidth == 100)
        #expect(traces[0].layout.itemCount == 10)
        #expect(traces[0].layout.spacing == 10)        // from the base layout
        #expect(traces[1].intended == nil)
        #expect(traces[1].release.startOffset == 0)     // the first sample's offset
        #expect(traces[1].layout.itemWidth == 160)
    }

    @Test func touchXConvertsToOffsets() throws {
        let text = "trace_id,t_ms,touch_x,start_offset\n1,0,200,340\n1,8,190,\n1,16,170,\n1,20,165,\n"
        let (traces, _, _) = try readAll(try TestFiles.write(text), withLayout)
        // offset = start_offset - (touch_x - first touch_x): 340, 350, 370, 375
        #expect(traces[0].release.startOffset == 340)
        #expect(traces[0].release.offset == 375)
        #expect(traces[0].velocity > 0)
    }

    @Test func releaseLevelFileUsesTheRecordedVelocity() throws {
        let text = "release_velocity,trace_id,release_offset,start_offset,intended_index\n1.25,s1,400,340,3\n-0.5,s2,300,,\n"
        let (traces, summary, _) = try readAll(try TestFiles.write(text), withLayout)
        #expect(summary.kind == .releaseLevel)
        #expect(traces.map(\.velocity) == [1.25, -0.5])
        #expect(traces[0].release.startOffset == 340)
        #expect(traces[1].release.startOffset == 300)
        #expect(traces[0].intended == 3)
        #expect(traces[0].sampleCount == 1)
    }

    @Test func recordedVelocityNeedsTheColumn() throws {
        let options = TraceReadOptions(velocity: .recorded, baseLayout: benchLayout)
        let error = try readError("trace_id,t_ms,offset\n1,0,0\n", options)
        #expect(error?.columnName == "release_velocity")
        let text = "trace_id,t_ms,offset,release_velocity\n1,0,0,2.5\n1,8,3,\n"
        #expect(try readAll(try TestFiles.write(text), options).traces.map(\.velocity) == [2.5])
    }

    @Test func startIndexColumnGivesTheItemSelectedBeforeTheDrag() throws {
        let text = "trace_id,t_ms,offset,start_index\n1,0,600,7\n1,8,610,\n2,0,600,\n2,8,610,\n"
        let (traces, _, _) = try readAll(try TestFiles.write(text), withLayout)
        #expect(traces[0].release.startIndex == 7)
        #expect(traces[1].release.startSlot(in: traces[1].layout) == traces[1].layout.nearestSlot(toOffset: 600))
    }

    @Test func aTraceWithoutAnyLayoutIsAnError() throws {
        let error = try readError("trace_id,t_ms,offset\n1,0,0\n", TraceReadOptions())
        guard let error, case let .invalidLayout(reason) = error.kind else {
            Issue.record("expected invalidLayout, got \(String(describing: error))")
            return
        }
        #expect(error.line == 1)   // the header: no trace of the file can have a layout
        #expect(reason.contains("item_width, viewport_width, item_count"))
    }

    @Test func layoutColumnsOverrideTheBaseLayout() throws {
        let text = "trace_id,t_ms,offset,item_count,alignment,looping\n1,0,0,12,center,true\n"
        let (traces, _, _) = try readAll(try TestFiles.write(text), withLayout)
        #expect(traces[0].layout.itemCount == 12)
        #expect(traces[0].layout.alignment == .center)
        #expect(traces[0].layout.isLooping)
        #expect(traces[0].layout.itemWidth == 160)
    }

    // MARK: - lenient mode, cancelled traces, counts

    @Test func lenientModeSkipsBadTracesAndListsThem() throws {
        let text = """
            trace_id,t_ms,offset,phase
            1,0,0,began
            1,8,5,ended
            2,0,0,began
            2,8,abc,moved
            2,16,5,ended
            3,0,0,began
            3,8,2,cancelled
            4,0,0,began
            4,8,1,moved,extra
            5,10,0,began
            5,5,1,ended
            6,0,0,began
            6,8,-3,ended

            """
        let path = try TestFiles.write(text)
        var options = withLayout
        options.lenient = true
        let (traces, summary, _) = try readAll(path, options)
        #expect(traces.map(\.id) == ["1", "6"])
        #expect(summary.tracesRead == 6)
        #expect(summary.tracesCancelled == 1)
        #expect(summary.tracesYielded == 2)
        #expect(summary.skipped.map(\.traceID) == ["2", "4", "5"])
        #expect(summary.skipped.map(\.location.line) == [4, 9, 11])
        #expect(summary.skipped.map(\.error.line) == [5, 10, 12])
        #expect(summary.skipped[0].description.hasPrefix("\(path):4 trace '2': \(path):5: column 'offset'"))
        // strict: the first error stops the read
        #expect(try readError(text, withLayout)?.line == 5)
    }

    @Test func cancelledTracesAreCountedNeverYielded() throws {
        let text = "trace_id,t_ms,offset,phase\n1,0,0,began\n1,8,3,cancelled\n2,0,0,began\n2,8,3,ended\n"
        let (traces, summary, _) = try readAll(try TestFiles.write(text), withLayout)
        #expect(traces.map(\.id) == ["2"])
        #expect(summary.tracesCancelled == 1)
        #expect(summary.tracesRead == 2)
    }

    // MARK: - agreement with the Python reference

    func expected(_ name: String) throws -> [(String, Double, Bool)] {
        let text = try String(contentsOfFile: try TestFiles.fixture(name), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: ",")
            return (String(f[0]), Double(String(f[1])) ?? .nan, f.count > 2 && f[2] == "1")
        }
    }

    @Test(arguments: ["gen50_seed3.csv", "gen50_seed3_nophase.csv"])
    func lsq2MatchesBaselinePyOnGeneratedTraces(_ file: String) throws {
        let (traces, summary, _) = try readAll(try TestFiles.fixture(file), withLayout)
        let expected = try expected("gen50_seed3_lsq2_expected.csv")
        #expect(summary.tracesRead == 50)
        #expect(traces.map(\.id) == expected.map(\.0))
        for (t, e) in zip(traces, expected) {
            #expect(close(t.velocity, e.1), "trace \(t.id): \(t.velocity) vs \(e.1)")
        }
    }

    /// check_baseline.py's odd variant: string ids, CRLF, BOM, quoted fields, blank lines,
    /// per-trace values on first rows, cancelled and unlabelled traces, fractional layouts and
    /// every case of the velocity rule (40 ms gaps, exact 100 ms ages, 240 Hz, duplicates...).
    @Test func lsq2MatchesBaselinePyOnTheOddVariant() throws {
        let (traces, summary, _) = try readAll(try TestFiles.fixture("odd320.csv"), withLayout)
        let expected = try expected("odd320_lsq2_expected.csv")
        let kept = expected.filter { !$0.2 }
        #expect(summary.tracesRead == expected.count)
        #expect(summary.tracesCancelled == expected.count - kept.count)
        #expect(traces.map(\.id) == kept.map(\.0))
        var mismatches = 0
        for (t, e) in zip(traces, kept) where !close(t.velocity, e.1) {
            mismatches += 1
            Issue.record("trace \(t.id): \(t.velocity) vs baseline \(e.1)")
        }
        #expect(mismatches == 0)
    }

    @Test func smallBuffersGiveTheSameResult() throws {
        let path = try TestFiles.fixture("odd320.csv")
        let big = try readAll(path, withLayout).traces
        var options = withLayout
        options.bufferSize = 1024
        let small = try readAll(path, options).traces
        #expect(small == big)
    }

    // MARK: - fast paths against the general path

    /// A random sample-level file: the usual column order or another one, per-trace values on
    /// every row or the first only (some respelled: `160` then `160.0`), empty cells, CRLF,
    /// an unknown column, and (when `faults`) bad cells of every kind for lenient mode.
    static func randomTraceText(seed: UInt64, usualOrder: Bool, faults: Bool) -> String {
        var rng = SeededGenerator(seed: seed)
        let columns = usualOrder
            ? ["trace_id", "user_id", "t_ms", "offset", "phase", "intended_index", "item_width", "viewport_width", "item_count"]
            : ["user_id", "t_ms", "note", "trace_id", "item_width", "offset", "phase", "item_count", "viewport_width", "intended_index"]
        let crlf = seed % 2 == 0
        var lines = [columns.joined(separator: ",")]
        var id = 1
        for _ in 0..<60 {
            id += Int.random(in: 1...3, using: &rng)
            let user = "u\(Int.random(in: 0..<6, using: &rng))", firstOnly = rng.next() % 3 == 0
            let width = ["160", "150", "160.0"][Int.random(in: 0..<3, using: &rng)]
            var t = Double(Int.random(in: 0...99_999_999, using: &rng)) / 1000, x = Double(Int.random(in: -5000...5000, using: &rng))
            let rows = Int.random(in: 1...25, using: &rng)
            for r in 0..<rows {
                t += Double(Int.random(in: 4...20, using: &rng)) + 0.125
                x += Double(Int.random(in: -40...10, using: &rng)) / 8
                let phase = r == 0 ? "began" : r == rows - 1 ? "ended" : "moved"
                var cells: [String: String] = [
                    "trace_id": String(id), "user_id": user, "t_ms": String(t), "offset": String(x), "phase": phase,
                    "intended_index": String(id % 40), "item_width": width, "viewport_width": "375", "item_count": "40",
                    "note": "n\(r)",
                ]
                if firstOnly && r > 0 {
                    for k in ["user_id", "intended_index", "item_width", "viewport_width", "item_count"] { cells[k] = "" }
                }
                if r == 2 && width == "160" { cells["item_width"] = "160.00" }   // same number, other bytes
                if faults && rng.next() % 40 == 0 {
                    switch Int.random(in: 0..<9, using: &rng) {
                    case 0: cells["offset"] = "abc"
                    case 1: cells["t_ms"] = String(t - 100)
                    case 2: cells["item_width"] = "170"
                    case 3: cells["phase"] = "cancelled"
                    case 4: cells["phase"] = ""
                    case 5: cells["t_ms"] = "1e400"
                    case 6: cells["user_id"] = "someone else"
                    case 7: cells["intended_index"] = "2.5"
                    default: cells["offset"] = String(x) + "e1"
                    }
                }
                lines.append(columns.map { cells[$0] ?? "" }.joined(separator: ","))
            }
        }
        return lines.joined(separator: crlf ? "\r\n" : "\n") + (crlf ? "\r\n" : "\n")
    }

    /// The same text with every cell quoted: RFC 4180 says nothing changed, and quoted cells
    /// never take the fast paths, so this compares them with the general path.
    static func quotingEveryCell(_ text: String) -> String {
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        return text.components(separatedBy: newline).map { line in
            line.isEmpty ? line : line.split(separator: ",", omittingEmptySubsequences: false).map { "\"\($0)\"" }.joined(separator: ",")
        }.joined(separator: newline)
    }

    @Test(arguments: [(1, true), (2, true), (3, false), (4, false)])
    func fastPathsGiveWhatTheGeneralPathGives(seed: UInt64, usualOrder: Bool) throws {
        for faults in [false, true] {
            let text = Self.randomTraceText(seed: seed, usualOrder: usualOrder, faults: faults)
            let plainPath = try TestFiles.write(text), quotedPath = try TestFiles.write(Self.quotingEveryCell(text))
            var options = withLayout
            options.lenient = true
            for bufferSize in [1024, 256 << 10] {
                options.bufferSize = bufferSize
                let plain = try readAll(plainPath, options), quoted = try readAll(quotedPath, options)
                #expect(plain.traces == quoted.traces)
                #expect(plain.users.names == quoted.users.names)
                #expect("\(plain.summary)".replacingOccurrences(of: plainPath, with: "FILE")
                        == "\(quoted.summary)".replacingOccurrences(of: quotedPath, with: "FILE"))
                #expect(plain.traces.count > 20)
                if faults { #expect(!plain.summary.skipped.isEmpty) }
            }
            // strict: the same first error (files in different directories)
            let withoutPath = { (error: TraceParseError?) in error.map { "\($0)".replacing(/\S*traces\.csv/, with: "FILE") } }
            let plainError = withoutPath(try readError(text, withLayout))
            #expect(plainError == withoutPath(try readError(Self.quotingEveryCell(text), withLayout)))
            #expect(faults == (plainError != nil))
        }
    }
}

@Suite struct TraceReaderMultiFileTests {
    @Test func severalFilesShareOneUsersTableAndReportTheirKinds() throws {
        let a = try TestFiles.write("trace_id,user_id,t_ms,offset\n1,ann,0,0\n1,ann,8,4\n2,bob,0,0\n2,bob,8,4\n", name: "a.csv")
        let b = try TestFiles.write("trace_id,user_id,release_offset,release_velocity,extra\n9,bob,300,1.5,x\n", name: "b.csv")
        var users: [Int] = []
        let summary = try TraceReader.read(paths: [a, b], options: withLayout) { users.append($0.release.user) }
        #expect(summary.files.map(\.kind) == [.sampleLevel, .releaseLevel])
        #expect(summary.users.names == ["ann", "bob"])
        #expect(users == [0, 1, 1])
        #expect(summary.tracesRead == 3)
        #expect(summary.files[1].unknownColumns == ["extra"])
        #expect(summary.notices(scored: 3).contains("\(b): ignoring unknown columns: extra"))
    }

    @Test func parallelReadOfSeveralFilesMapsEveryPartsUsersToOneTable() throws {
        // Two copies of a 418 KB file, each read in 3 byte ranges of 130 KB or more by 2 threads: every
        // trace once, in file order, each part's local users mapped to the one table a serial
        // read builds. (The file's cancelled traces are counted, never yielded.)
        let path = try TestFiles.fixture("odd320.csv")
        var serialIDs: [(String, Int)] = []
        let serial = try TraceReader.read(paths: [path, path], options: withLayout) {
            serialIDs.append(($0.release.traceID, $0.release.user))
        }
        let (parts, summary) = try TraceReader.readInParallel(
            paths: [path, path], options: withLayout, parts: 2, bytesPerPart: 130_000,
            initial: { [(String, Int)]() },
            accumulate: { list, record in list.append((record.release.traceID, record.release.user)) })
        #expect(parts.count == 6)
        #expect(summary.tracesRead == serial.tracesRead && summary.files.count == 2)
        #expect(summary.tracesCancelled == serial.tracesCancelled)
        #expect(summary.users.names == serial.users.names)
        let named = { (id: String, user: String) in id + "@" + user }
        let parallel = parts.flatMap { part in
            part.partial.map { named($0.0, summary.users.names[part.userMap[$0.1]]) }
        }
        #expect(parallel == serialIDs.map { named($0.0, serial.users.names[$0.1]) })
    }
}
