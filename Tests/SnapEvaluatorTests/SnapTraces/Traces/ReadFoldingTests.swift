import Foundation
import Testing
@testable import SnapTraces
@testable import SnapScoring

/// Reading in parts folded in file order as they come (`TraceReader.readFolding`): the same
/// parts in the same order as collecting them, a bounded number alive, and the serial read's
/// answer (and only it) folded when the parallel read is dropped.
@Suite(.serialized) struct ReadFoldingTests {
    /// Counts the partial results alive (each holds one token).
    final class Token: @unchecked Sendable {
        nonisolated(unsafe) static var alive = 0
        nonisolated(unsafe) static var most = 0
        static let lock = NSLock()
        init() { Self.lock.lock(); Self.alive += 1; Self.most = Swift.max(Self.most, Self.alive); Self.lock.unlock() }
        deinit { Self.lock.lock(); Self.alive -= 1; Self.lock.unlock() }
    }

    struct Partial: Sendable {
        var token = Token()
        var ids: [String] = []
        var lines: [Int] = []
        var users: [Int] = []
    }

    /// Every trace as (id, absolute line, user name), by folding.
    func folded(_ path: String, parts: Int, threads: Int, options: TraceReadOptions = withLayout) throws -> ([String], Int) {
        var out: [String] = []
        var folds = 0
        let users = try TraceReader.readFolding(path: path, options: options, parts: parts, threads: threads, minimumPartBytes: 1024,
                                                into: &out, initial: { Partial() }, accumulate: { p, r in
            p.ids.append(r.release.traceID); p.lines.append(r.release.location.line); p.users.append(r.release.user)
        }, fold: { out, part in
            folds += 1
            for (i, id) in part.partial.ids.enumerated() {
                out.append("\(id)@\(part.partial.lines[i] + part.lineOffset):\(part.userMap[part.partial.users[i]])")
            }
        }).users
        return (out.map { s in
            // user indices to names
            let u = Int(s.split(separator: ":").last!)!
            return s.split(separator: ":").dropLast().joined() + ":" + users.names[u]
        }, folds)
    }

    @Test func foldingGivesTheSerialTracesWithABoundedNumberOfPartsAlive() throws {
        let path = try TestFiles.write(TraceReaderParallelTests.bigFile(traces: 3000))
        let (serial, one) = try folded(path, parts: 1, threads: 1)
        #expect(one == 1 && serial.count == 3000)
        for threads in [1, 2, 3] {
            Token.lock.lock(); Token.most = 0; Token.lock.unlock()
            let (parallel, folds) = try folded(path, parts: 24, threads: threads)
            #expect(parallel == serial, "threads \(threads)")
            #expect(folds == 24, "threads \(threads)")
            Token.lock.lock(); let most = Token.most; Token.lock.unlock()
            // a batch of 2·threads parts, plus the one being made by `initial` for the next batch
            #expect(most <= 2 * threads + 1, "threads \(threads): \(most) partial results alive at once")
        }
    }

    @Test func aDroppedParallelReadFoldsOnlyTheSerialAnswer() throws {
        // trace 2 reappears at the end: lenient, the serial read skips it; parts would not see it
        var text = TraceReaderParallelTests.bigFile(traces: 2000)
        text += "2,u1,0,0,began\n2,u1,8,1,ended\n"
        let path = try TestFiles.write(text)
        var lenient = withLayout
        lenient.lenient = true
        let (serial, _) = try folded(path, parts: 1, threads: 1, options: lenient)
        // parts of earlier batches were folded before the reappearance was found: the fold
        // starts again from the state before the file, with the serial read's one part
        let (parallel, _) = try folded(path, parts: 16, threads: 1, options: lenient)
        #expect(parallel == serial && serial.count == 2000)
    }

    /// Counts the traces handed to `accumulate`, across threads.
    final class Counter: @unchecked Sendable {
        let lock = NSLock()
        var n = 0
        func add() { lock.lock(); n += 1; lock.unlock() }
    }

    @Test func aBadRowInAPartIsReportedWithoutASecondRead() throws {
        // 3000 traces of 12 rows: the bad cell on trace 700's first row (line 2 + 699 · 12)
        let badLine = 2 + 699 * 12
        let path = try TestFiles.write(TraceReaderParallelTests.bigFile(traces: 3000, badLine: badLine))
        let serialError: TraceParseError
        do {
            _ = try TraceReader(path: path, options: withLayout).forEach { _ in }
            Issue.record("no error")
            return
        } catch let e as TraceParseError {
            serialError = e
        }
        #expect(serialError.line == badLine)
        let counter = Counter()
        var none: [Int] = []
        do {
            _ = try TraceReader.readFolding(path: path, options: withLayout, parts: 24, threads: 1, minimumPartBytes: 1024,
                                            into: &none, initial: { 0 }, accumulate: { _, _ in counter.add() },
                                            fold: { _, _ in })
            Issue.record("no error")
        } catch let e as TraceParseError {
            #expect(e == serialError)
        }
        // the parts up to the bad row, once: 699 good traces before it, plus what the reader read
        // ahead of the fold (at most two parts of about 125 traces: one thread, a window of two);
        // a second, serial read would add the 699 again
        #expect(counter.n >= 699 && counter.n < 2 * 699, "\(counter.n) traces accumulated")
    }

    /// A range starting inside the header starts at the header's end and counts its lines from
    /// there like any later range: a bad row in it, reported without a second read, names the
    /// serial read's line (found by the fuzzer: one line too far), and its traces' lines are the file's.
    @Test func aRangeStartingInTheHeaderCountsItsLinesFromItsFirstRow() throws {
        let bad = try TestFiles.write("trace_id,t_ms,offset\n1,0,0\n\"1,8,1\n", name: "header-range.csv")
        var serial: TraceParseError?
        do { try TraceReader(path: bad, options: withLayout).forEach { _ in } } catch let e as TraceParseError { serial = e }
        let expected = try #require(serial)
        #expect(expected.line == 3)
        for parts in 2...4 {
            var caught: TraceParseError?
            do {
                _ = try TraceReader.readInParallel(path: bad, options: withLayout, parts: parts, minimumPartBytes: 1,
                                                   initial: { 0 }) { n, _ in n += 1 }
            } catch let e as TraceParseError { caught = e }
            #expect(caught == expected, "\(parts) parts: \(String(describing: caught))")
        }
        let good = try TestFiles.write("trace_id,t_ms,offset\n1,0,0\n1,8,1\n2,0,0\n", name: "header-range-good.csv")
        for parts in 2...4 {
            let r = try TraceReader.readInParallel(path: good, options: withLayout, parts: parts, minimumPartBytes: 1,
                                                   initial: { [Int]() }) { lines, t in lines.append(t.release.location.line) }
            let lines = zip(r.partials, r.lineOffsets).flatMap { part, offset in part.map { $0 + offset } }
            #expect(lines == [2, 4], "\(parts) parts")
        }
    }

    /// A row with a quoting fault that runs over several lines keeps only its first line, and the
    /// next line is read as it is in the file, whatever byte range it falls in (found by the
    /// fuzzer: the faulted row's quoted id was unquoted in place over the next line, so a serial
    /// read listed the next skipped trace as `c"c"` and a range starting on that line as `bc`).
    @Test func aFaultedRowOverSeveralLinesLeavesTheNextLineAsItIs() throws {
        let path = try TestFiles.write("trace_id,t_ms,offset\n1,0,0\n1,8,5\n\"a\n\"bc\",0,0,\"e", name: "faulted-multiline.csv")
        let options = TraceReadOptions(lenient: true, baseLayout: benchLayout)
        func skipped(_ summary: FileReadSummary) -> [String] {
            summary.skipped.map { "\($0.location.line) \($0.traceID): \($0.error)" }
        }
        var ids: [String] = []
        let serial = try TraceReader(path: path, options: options).forEach { ids.append($0.release.traceID) }
        #expect(ids == ["1"])
        #expect(serial.skipped.map(\.traceID) == ["a", "bc"])
        #expect(serial.skipped.map(\.location.line) == [4, 5])
        for parts in 2...8 {
            let r = try TraceReader.readInParallel(path: path, options: options, parts: parts, minimumPartBytes: 1,
                                                   initial: { [String]() }) { ids, t in ids.append(t.release.traceID) }
            #expect(r.partials.flatMap { $0 } == ["1"], "\(parts) parts")
            #expect(skipped(r.summary) == skipped(serial), "\(parts) parts")
        }
    }
}
