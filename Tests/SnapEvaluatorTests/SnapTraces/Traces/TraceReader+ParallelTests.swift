import Foundation
import Testing
@testable import SnapTraces
@testable import SnapReports

@Suite struct TraceReaderParallelTests {
    struct Seen: Sendable, Equatable {
        var id: String
        var velocityBits: UInt64
        var user: Int
        var line: Int
    }

    /// Reads in `parts` and translates users and lines to the whole file's.
    func parallel(_ path: String, parts: Int, options: TraceReadOptions = withLayout) throws -> ([Seen], FileReadSummary, TraceUsers) {
        let result = try TraceReader.readInParallel(path: path, options: options, parts: parts, initial: { [Seen]() }) { acc, r in
            acc.append(Seen(id: r.release.traceID, velocityBits: r.release.release.velocity.bitPattern,
                            user: r.release.user, line: r.release.location.line))
        }
        #expect(result.partials.count > 1, "the file was split")
        var all: [Seen] = []
        for (k, part) in result.partials.enumerated() {
            all += part.map { s in
                var s = s
                s.user = result.userMaps[k][s.user]
                s.line += result.lineOffsets[k]
                return s
            }
        }
        return (all, result.summary, result.users)
    }

    func serial(_ path: String, options: TraceReadOptions = withLayout) throws -> ([Seen], FileReadSummary, TraceUsers) {
        let reader = try TraceReader(path: path, options: options)
        var all: [Seen] = []
        let summary = try reader.forEach { r in
            all.append(Seen(id: r.release.traceID, velocityBits: r.release.release.velocity.bitPattern,
                            user: r.release.user, line: r.release.location.line))
        }
        return (all, summary, reader.users)
    }

    /// A sample-level file of `traces` traces, 12 rows each, generated here.
    static func bigFile(traces: Int, badLine: Int? = nil) -> String {
        var text = "trace_id,user_id,t_ms,offset,phase\n"
        var line = 1
        for k in 0..<traces {
            for j in 0..<12 {
                line += 1
                let phase = j == 0 ? "began" : (j == 11 ? "ended" : "moved")
                let offset = line == badLine ? "oops" : String(Double(k % 7) * 3.5 + Double(j * j) * 0.25)
                text += "\(k + 1),u\(k % 13),\(Double(k) * 1000 + Double(j) * 8.125),\(offset),\(phase)\n"
            }
        }
        return text
    }

    @Test(arguments: [2, 3, 5, 8])
    func partsGiveTheSameTracesAsOneSerialRead(_ parts: Int) throws {
        for path in [try TestFiles.fixture("odd320.csv"), try TestFiles.write(Self.bigFile(traces: 4000))] {
            let (p, ps, pu) = try parallel(path, parts: parts)
            let (s, ss, su) = try serial(path)
            #expect(p.count == s.count)
            #expect(p.map(\.id) == s.map(\.id))
            #expect(p.map(\.velocityBits) == s.map(\.velocityBits))
            #expect(p.map(\.line) == s.map(\.line))
            #expect(p.map { pu.names[$0.user] } == s.map { su.names[$0.user] })
            #expect(ps.tracesRead == ss.tracesRead)
            #expect(ps.tracesCancelled == ss.tracesCancelled)
            #expect(ps.rows == ss.rows)
            #expect(ps.lines == ss.lines)
        }
    }

    @Test func anErrorInALaterPartNamesItsAbsoluteLine() throws {
        let path = try TestFiles.write(Self.bigFile(traces: 4000, badLine: 40_000))
        var serialError: TraceParseError?
        do { _ = try serial(path) } catch let e as TraceParseError { serialError = e }
        var parallelError: TraceParseError?
        do { _ = try parallel(path, parts: 4) } catch let e as TraceParseError { parallelError = e }
        #expect(serialError?.line == 40_000)
        #expect(parallelError == serialError)
    }

    @Test func lenientSkipsCarryAbsoluteLines() throws {
        let path = try TestFiles.write(Self.bigFile(traces: 4000, badLine: 40_000))
        var options = withLayout
        options.lenient = true
        let (_, ps, _) = try parallel(path, parts: 3, options: options)
        let (_, ss, _) = try serial(path, options: options)
        #expect(ps.skipped == ss.skipped)
        #expect(ss.skipped.count == 1)
    }

    @Test func aTraceSplitAcrossPartsIsNonContiguous() throws {
        var text = Self.bigFile(traces: 3000)
        text += "5,u1,9999999,1,began\n"
        let path = try TestFiles.write(text)
        #expect(throws: TraceParseError.self) { _ = try parallel(path, parts: 3) }
        #expect(throws: TraceParseError.self) { _ = try serial(path) }
    }

    @Test func increasingIntegerIDsAreKeptAsRunsNotPerTrace() throws {
        let reader = try TraceReader(path: try TestFiles.write(Self.bigFile(traces: 4000)), options: withLayout)
        try reader.forEach { _ in }
        #expect(reader.core.ids.idRuns == [IDRun(first: 1, last: 4000, line: 2)])
        #expect(reader.core.ids.idHashes.isEmpty && reader.core.ids.idLines.isEmpty)
        // gaps start new runs; an id out of order switches to hashes and is still checked
        let text = "trace_id,t_ms,offset\n3,0,0\n4,0,0\n9,0,0\n10,0,0\n7,0,0\nx,0,0\n9,0,0\n"
        let other = try TraceReader(path: try TestFiles.write(text), options: withLayout)
        #expect(throws: TraceParseError.nonContiguousTrace(file: other.path, line: 8, column: "trace_id", traceID: "9").inColumn(1)) {
            try other.forEach { _ in }
        }
        #expect(other.core.ids.idRuns == [IDRun(first: 3, last: 4, line: 2), IDRun(first: 9, last: 10, line: 4)])
        #expect(other.core.ids.idLines == [6, 7, 8])
        for n: UInt64 in [0, 7, 10, 99, 1_000_000, 123_456_789_012_345_678] {
            let text = Array(String(n).utf8)
            let h = text.withUnsafeBufferPointer { b in ContiguityTracker.hash(b.baseAddress!, b.baseAddress! + b.count) }
            #expect(ContiguityTracker.hash(ofInteger: n) == h, "\(n)")
        }
    }

    @Test func aRepeatedRunOfIntegerIDsInALaterPartNamesTheTraceAndItsLine() throws {
        // ids 1…2000, then 1000…1999 again: the last part's ids increase but were all met before
        var text = Self.bigFile(traces: 2000)
        for k in 999..<1999 {
            for j in 0..<12 { text += "\(k + 1),u1,\(Double(k) * 1000 + Double(j) * 8.125),1,\(j == 11 ? "ended" : "moved")\n" }
        }
        let path = try TestFiles.write(text)
        var caught: TraceParseError?
        do { _ = try parallel(path, parts: 3) } catch let e as TraceParseError { caught = e }
        let error = try #require(caught)
        guard case let .nonContiguousTrace(id) = error.kind else { Issue.record("\(error)"); return }
        let line = error.line
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(line > 24_001, "in the repeated run")
        #expect(lines[line - 1].hasPrefix("\(id),"), "line \(line) starts trace \(id)")
        #expect(!lines[line - 2].hasPrefix("\(id),"), "the trace's first row")
        #expect(throws: TraceParseError.self) { _ = try serial(path) }
    }

    @Test func prefixedIntegerIDsAreRunsAcrossPartsAndARepeatIsCaught() throws {
        // t1…t3000 (the generator's ids): runs in every part, nothing hashed, the same traces as serially
        let prefixed = Self.bigFile(traces: 3000).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : "t" + $0.element }.joined(separator: "\n")
        let path = try TestFiles.write(prefixed)
        let (all, _, _) = try parallel(path, parts: 3)
        let (one, _, _) = try serial(path)
        #expect(all == one && all.count == 3000)
        let reader = try TraceReader(path: path, options: withLayout)
        try reader.forEach { _ in }
        #expect(reader.core.ids.idRuns == [IDRun(first: 1, last: 3000, line: 2)])
        #expect(reader.core.ids.idHashes.isEmpty)
        // t5 again at the end: in another part than the first t5, caught as serially
        let repeated = try TestFiles.write(prefixed + "t5,u1,9999999,1,began\n")
        #expect(throws: TraceParseError.self) { _ = try parallel(repeated, parts: 3) }
        #expect(throws: TraceParseError.self) { _ = try serial(repeated) }
        // a later part with another prefix is hashed and looked up: "s5" is not "t5"
        let other = try TestFiles.write(prefixed + "s5,u1,9999999,1,began\ns5,u1,9999999.5,1,ended\n")
        let (mixed, _, _) = try parallel(other, parts: 3)
        #expect(mixed.count == 3001)
    }
}
