import Foundation

/// What ``TraceReader/readInParallel(path:options:parts:users:initial:accumulate:)`` gives.
public struct ParallelReadResult<Partial> {
    /// One partial result per byte range, in file order.
    public var partials: [Partial]
    /// The whole file's counts (line numbers in skipped traces are absolute).
    public var summary: FileReadSummary
    /// The users table of the whole file (extending the one passed in).
    public var users: TraceUsers
    /// For each part, the global user index of each of its local user indices:
    /// `users.names[userMaps[k][release.user]]` is the user of a release seen by part `k`.
    public var userMaps: [[Int]]
    /// For each part, the number of lines before its first line: the line of a release seen by
    /// part `k` is `release.location.line + lineOffsets[k]`.
    public var lineOffsets: [Int]
}

extension TraceReader {
    /// Reads one file in `parts` byte ranges at once, one thread each, each folding its traces
    /// into its own partial result.
    ///
    /// The file is cut at `size·k/parts`; each cut moves forward to the next line start and then
    /// to the next trace boundary, so every trace is read by exactly one part and the parts, in
    /// order, see the traces in file order. Within a part, `TraceRelease.user` indexes the part's
    /// own users table and `location.line` counts from the part's start: translate them with
    /// ``ParallelReadResult/userMaps`` and ``ParallelReadResult/lineOffsets``.
    ///
    /// Errors: the error of the earliest failing part (strict), with its absolute line. A trace
    /// id that reappears in a later part is reported as non-contiguous even in lenient mode
    /// (the earlier part has already yielded it).
    ///
    /// - Complexity: O(file size / parts) time per thread; memory per part as for one reader.
    public static func readInParallel<Partial: Sendable>(
        path: String, options: TraceReadOptions, parts: Int, users: TraceUsers = TraceUsers(),
        initial: @escaping @Sendable () -> Partial,
        accumulate: @escaping @Sendable (inout Partial, TraceRecord) throws -> Void
    ) throws -> ParallelReadResult<Partial> {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw TraceParseError.unreadable(file: path, reason: String(cString: strerror(errno)))
        }
        let size = Int(st.st_size)
        let n = Swift.max(1, Swift.min(parts, Swift.max(1, size / (1 << 16))))
        let outcomes = PartOutcomes<Partial>(count: n)
        DispatchQueue.concurrentPerform(iterations: n) { k in
            let lo = k == 0 ? 0 : size / n * k
            let hi = k == n - 1 ? Int.max : size / n * (k + 1)
            do {
                let reader = try TraceReader(path: path, options: options, users: users, range: lo..<hi)
                var partial = initial()
                let summary = try reader.forEach { record in try accumulate(&partial, record) }
                outcomes.set(k, .success(PartOutcome(partial: partial, summary: summary, users: reader.users,
                                                     ids: PartIDs(reader: reader))))
            } catch {
                outcomes.set(k, .failure(error))
            }
        }
        // merge in file order
        var partials: [Partial] = []
        var merged: FileReadSummary?
        var allUsers = users
        var userMaps: [[Int]] = []
        var lineOffsets: [Int] = []
        var offset = 0
        var ids: [PartIDs] = []
        for k in 0..<n {
            guard let outcome = outcomes.get(k) else { throw TraceParseError.unreadable(file: path, reason: "part \(k) did not finish") }
            switch outcome {
            case let .failure(error):
                if let e = error as? TraceParseError { throw e.shiftingLines(by: offset) }
                throw error
            case let .success(part):
                partials.append(part.partial)
                userMaps.append(part.users.names.map { allUsers.intern($0) })
                lineOffsets.append(offset)
                var s = part.summary
                s.skipped = s.skipped.map { skip in
                    SkippedTrace(location: TraceLocation(file: skip.location.file, line: skip.location.line + offset),
                                 traceID: skip.traceID, error: skip.error.shiftingLines(by: offset))
                }
                if merged == nil {
                    merged = s
                } else {
                    merged?.absorb(s)
                }
                ids.append(part.ids.shifted(by: offset))
                offset += part.summary.lines
            }
        }
        guard var summary = merged else { throw TraceParseError.emptyFile(file: path) }
        summary.lines = offset
        switch PartIDs.firstDuplicate(ids) {
        case nil:
            break
        case let .hashed(line, hash):
            throw TraceParseError.nonContiguousTrace(file: path, line: line, column: "trace_id", traceID: "(id hash \(String(hash, radix: 16)))")
        case let .integer(k, id, runLine):
            // a run keeps no line per id: re-read the part to name the trace's first line
            let lo = k == 0 ? 0 : size / n * k
            let hi = k == n - 1 ? Int.max : size / n * (k + 1)
            let line = Self.firstLine(ofTrace: "\(id)", path: path, options: options, range: lo..<hi).map { $0 + lineOffsets[k] } ?? runLine
            throw TraceParseError.nonContiguousTrace(file: path, line: line, column: "trace_id", traceID: "\(id)")
        }
        return ParallelReadResult(partials: partials, summary: summary, users: allUsers, userMaps: userMaps, lineOffsets: lineOffsets)
    }
}

extension TraceReader {
    /// The line (counted from the range's start) where trace `id` starts in `range`, if it is
    /// there: the error path of the cross-part contiguity check.
    static func firstLine(ofTrace id: String, path: String, options: TraceReadOptions, range: Range<Int>) -> Int? {
        struct Found: Error { let line: Int }
        var lenient = options
        lenient.lenient = true
        do {
            let reader = try TraceReader(path: path, options: lenient, range: range)
            let summary = try reader.forEach { record in
                if record.release.traceID == id { throw Found(line: record.release.location.line) }
            }
            return summary.skipped.first { $0.traceID == id }?.location.line
        } catch let found as Found {
            return found.line
        } catch {
            return nil
        }
    }
}

/// Trace ids a part met, for the cross-part contiguity check: runs of increasing integers
/// (constant memory for ids 1, 2, 3, …), then hashes and lines of the ids after the first one
/// out of order.
struct PartIDs: Sendable {
    var monotone: Bool
    var first: UInt64?
    var last: UInt64
    var runs: [IDRun]
    var hashes: [UInt64]
    var lines: [Int]

    init(reader: TraceReader) {
        monotone = reader.idsAreIncreasingIntegers
        first = reader.firstIntegerID
        last = reader.lastIntegerID
        runs = reader.idRuns
        hashes = reader.idHashes
        lines = reader.idLines
    }

    var isEmpty: Bool { runs.isEmpty && hashes.isEmpty }

    func shifted(by offset: Int) -> PartIDs {
        var c = self
        c.lines = lines.map { $0 + offset }
        c.runs = runs.map { IDRun(first: $0.first, last: $0.last, line: $0.line + offset) }
        return c
    }

    /// A trace id met in an earlier part, met again.
    enum Duplicate: Equatable {
        /// A hashed id, on `line` (absolute).
        case hashed(line: Int, hash: UInt64)
        /// An integer id of a run in part `part`; `runLine` is the run's first line (absolute).
        case integer(part: Int, id: UInt64, runLine: Int)
    }

    /// The first id (in file order) of a part that an earlier part already met, if any.
    static func firstDuplicate(_ parts: [PartIDs]) -> Duplicate? {
        var increasing = true
        var previousLast: UInt64?
        for p in parts where !p.isEmpty {
            guard p.monotone, let first = p.first else { increasing = false; break }
            if let previousLast, first <= previousLast { increasing = false; break }
            previousLast = p.last
        }
        if increasing || parts.count < 2 { return nil }
        var seen = Set<UInt64>()
        for (k, p) in parts.enumerated() {
            if k > 0 {
                for run in p.runs {
                    var n = run.first
                    while true {
                        if seen.contains(TraceReader.hash(ofInteger: n)) { return .integer(part: k, id: n, runLine: run.line) }
                        if n >= run.last { break }
                        n += 1
                    }
                }
                for (i, h) in p.hashes.enumerated() where seen.contains(h) {
                    return .hashed(line: p.lines[i], hash: h)
                }
            }
            for run in p.runs { run.forEachHash { seen.insert($0) } }
            seen.formUnion(p.hashes)
        }
        return nil
    }
}

struct PartOutcome<Partial: Sendable>: Sendable {
    var partial: Partial
    var summary: FileReadSummary
    var users: TraceUsers
    var ids: PartIDs
}

/// Results written by the worker threads, each slot once, read after they all finished.
final class PartOutcomes<Partial: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<PartOutcome<Partial>, any Error>?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ k: Int, _ r: Result<PartOutcome<Partial>, any Error>) {
        lock.lock(); slots[k] = r; lock.unlock()
    }
    func get(_ k: Int) -> Result<PartOutcome<Partial>, any Error>? {
        lock.lock(); defer { lock.unlock() }
        return slots[k]
    }
}

extension TraceParseError {
    /// The same error with its line moved by `offset` (parts read in parallel count lines from
    /// their own start).
    public func shiftingLines(by offset: Int) -> TraceParseError {
        guard offset != 0 else { return self }
        switch self {
        case .unreadable, .emptyFile: return self
        case let .missingColumn(f, l, c, e): return .missingColumn(file: f, line: l, column: c, expected: e)
        case let .duplicateColumn(f, l, c): return .duplicateColumn(file: f, line: l, column: c)
        case let .fieldCount(f, l, a, b): return .fieldCount(file: f, line: l + offset, found: a, expected: b)
        case let .unterminatedQuote(f, l, c): return .unterminatedQuote(file: f, line: l + offset, column: c)
        case let .invalidValue(f, l, c, a, b): return .invalidValue(file: f, line: l + offset, column: c, found: a, expected: b)
        case let .nonFinite(f, l, c, a): return .nonFinite(file: f, line: l + offset, column: c, found: a)
        case let .timeBackwards(f, l, c, a, p): return .timeBackwards(file: f, line: l + offset, column: c, found: a, previous: p)
        case let .nonContiguousTrace(f, l, c, id): return .nonContiguousTrace(file: f, line: l + offset, column: c, traceID: id)
        case let .disagreement(f, l, c, a, b, first):
            return .disagreement(file: f, line: l + offset, column: c, found: a, expected: b, firstLine: first + offset)
        case let .invalidLayout(f, l, r): return .invalidLayout(file: f, line: l + offset, reason: r)
        case let .rowTooLong(f, l, n): return .rowTooLong(file: f, line: l + offset, limit: n)
        case let .traceTooLong(f, l, id, n): return .traceTooLong(file: f, line: l + offset, traceID: id, limit: n)
        case let .tooManyFields(f, l, n): return .tooManyFields(file: f, line: l + offset, limit: n)
        }
    }
}
