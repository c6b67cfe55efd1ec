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
    /// Reads one file in `parts` byte ranges, at most `threads` at once (default: all at once),
    /// each range folding its traces into its own partial result.
    ///
    /// The file is cut at `size·k/parts`; each cut moves forward to the next line start and then
    /// to the next trace boundary, so every trace is read by exactly one part and the parts, in
    /// order, see the traces in file order. Within a part, `TraceRelease.user` indexes the part's
    /// own users table and `location.line` counts from the part's start: translate them with
    /// ``ParallelReadResult/userMaps`` and ``ParallelReadResult/lineOffsets``.
    ///
    /// The result and the errors are those of one serial read (`parts` 1), whatever `parts` and
    /// `threads`: when a part fails, when two consecutive parts do not meet at the same row (a
    /// cut that landed inside a quoted field with line breaks: the later part cannot tell), or
    /// when a trace id of one part reappears in a later one, the file is read again as one part
    /// and that read's result or error is the answer. The partial results depend on `parts`
    /// (floating sums are folded per part): callers that want the same bytes for any number of
    /// threads choose `parts` from the file alone (``parts(forFileSize:)``) and vary `threads`.
    /// Standard input, pipes and FIFOs are read as one part; a part has at least
    /// `minimumPartBytes` (64 KiB; smaller for tests and the fuzzer).
    ///
    /// - Complexity: O(file size / threads) time per thread; memory per running part as for one reader.
    public static func readInParallel<Partial: Sendable>(
        path: String, options: TraceReadOptions, parts: Int, threads: Int? = nil, users: TraceUsers = TraceUsers(),
        minimumPartBytes: Int = 1 << 16,
        initial: @escaping @Sendable () -> Partial,
        accumulate: @escaping @Sendable (inout Partial, TraceRecord) throws -> Void
    ) throws -> ParallelReadResult<Partial> {
        var kept: [FilePart<Partial>] = []
        let (summary, allUsers) = try readFolding(path: path, options: options, parts: parts, threads: threads, users: users,
                                                  minimumPartBytes: minimumPartBytes, into: &kept, initial: initial,
                                                  accumulate: accumulate) { kept, part in kept.append(part) }
        return ParallelReadResult(partials: kept.map(\.partial), summary: summary, users: allUsers,
                                  userMaps: kept.map(\.userMap), lineOffsets: kept.map(\.lineOffset))
    }

    /// ``readInParallel(path:options:parts:threads:users:minimumPartBytes:initial:accumulate:)``
    /// folding each part, in file order, into `folded` as soon as the parts before it are folded,
    /// so that at most `2 · threads` parts' partial results are alive at once, plus the one being
    /// folded (`threads` threads of their own read the parts in file order, at most that many
    /// ahead of the fold, while the calling thread folds: no thread waits for a batch to end;
    /// memory does not grow with `parts`). Before the file,
    /// `folded` is copied: when the serial read decides (a failure, parts that do not meet, an id
    /// in two parts), the copy is restored and the serial read's one part folded into it, so
    /// `folded` gets exactly the parts of the answer, in order.
    /// - Returns: the file's summary (absolute lines) and the users table extended by the file.
    public static func readFolding<Partial: Sendable, Folded>(
        path: String, options: TraceReadOptions, parts: Int, threads: Int? = nil, users: TraceUsers = TraceUsers(),
        minimumPartBytes: Int = 1 << 16, into folded: inout Folded,
        initial: @escaping @Sendable () -> Partial,
        accumulate: @escaping @Sendable (inout Partial, TraceRecord) throws -> Void,
        fold: (inout Folded, FilePart<Partial>) throws -> Void
    ) throws -> (summary: FileReadSummary, users: TraceUsers) {
        var st = stat()
        let regular = path != "-" && stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
        guard regular, parts > 1 else {
            return try readAsOnePart(path: path, options: options, users: users, into: &folded, initial: initial,
                                     accumulate: accumulate, fold: fold)
        }
        let stamp = FileStamp(st)
        let size = Int(st.st_size)
        let n = Swift.max(1, Swift.min(parts, Swift.max(1, size / Swift.max(1, minimumPartBytes))))
        let workers = Swift.max(1, Swift.min(threads ?? n, n))
        let batch = 2 * workers
        let before = folded
        var allUsers = users
        var merged: FileReadSummary?
        var ids = PartIDChecker()
        var lineOffset = 0
        var previousStop: Int?
        // the parts are read by `workers` threads of their own, at most `batch` parts ahead of the
        // fold; this (the calling) thread folds them in file order as they come, while the next
        // ones are read
        let pipeline = PartPipeline<Partial>(count: n, window: batch)
        let running = DispatchGroup()
        for _ in 0..<workers {
            running.enter()
            let worker = Thread {
                while let k = pipeline.claim() {
                    pipeline.finish(k, readPart(k, of: n, size: size, path: path, options: options, users: users,
                                                initial: initial, accumulate: accumulate))
                }
                running.leave()
            }
            worker.stackSize = 8 << 20
            worker.start()
        }
        // every way out stops the readers and waits for them: none outlives the call
        defer { pipeline.stop(); running.wait() }
        for k in 0..<n {
            let slot = pipeline.take(k)
            // in file order; any failure, parts that do not meet, or an id in two parts: the serial read decides
            if case let .badRow(error, partIDs, firstRow) = slot, previousStop.map({ firstRow == $0 }) ?? true,
               !ids.add(partIDs) {
                // the parts before it read clean, it starts where the one before it stopped, and no
                // id it met before its error was met earlier: its error is the serial read's first
                // (strict mode), no second read needed; its line made absolute here
                throw error.shiftingLines(by: lineOffset)
            }
            guard case let .read(part) = slot, previousStop.map({ part.firstRow == $0 }) ?? true,
                  !ids.add(part.ids) else {
                pipeline.stop()
                running.wait()
                folded = before
                return try readAsOnePart(path: path, options: options, users: users, into: &folded, initial: initial,
                                         accumulate: accumulate, fold: fold)
            }
            previousStop = part.stop
            // the one place where a part's lines become absolute
            var s = part.summary
            s.skipped = s.skipped.map { skip in
                SkippedTrace(location: TraceLocation(file: skip.location.file, line: skip.location.line + lineOffset),
                             traceID: skip.traceID, error: skip.error.shiftingLines(by: lineOffset))
            }
            if merged == nil { merged = s } else { merged?.absorb(s) }
            let userMap = allUsers.intern(contentsOf: part.users)
            try fold(&folded, FilePart(partial: part.partial, userMap: userMap, lineOffset: lineOffset))
            lineOffset += part.summary.lines
        }
        var after = stat()
        guard stat(path, &after) == 0 else { throw TraceParseError.unreadable(file: path, reason: String(cString: strerror(errno))) }
        if let change = FileStamp(after).change(since: stamp) { throw TraceParseError.changedWhileReading(file: path, reason: change) }
        guard var summary = merged else { throw TraceParseError.emptyFile(file: path) }
        summary.lines = lineOffset
        return (summary, allUsers)
    }

    /// The number of byte ranges for a file of `size` bytes when the result must not depend on
    /// the number of threads: one per `bytesPerPart` (32 MiB), at least 1, at most 32.
    public static func parts(forFileSize size: Int, bytesPerPart: Int = 32 << 20) -> Int {
        Swift.max(1, Swift.min(32, size / Swift.max(1, bytesPerPart)))
    }

    /// Reads part `k` of `n` (the bytes from `size/n·k`, the last part to the end) into its own
    /// partial result: how its read ended.
    private static func readPart<Partial: Sendable>(
        _ k: Int, of n: Int, size: Int, path: String, options: TraceReadOptions, users: TraceUsers,
        initial: @Sendable () -> Partial, accumulate: @Sendable (inout Partial, TraceRecord) throws -> Void
    ) -> PartSlot<Partial> {
        let lo = k == 0 ? 0 : size / n * k
        let hi = k == n - 1 ? Int.max : size / n * (k + 1)
        var opened: TraceReader?
        do {
            let reader = try TraceReader(path: path, options: options, users: users, range: lo..<hi)
            opened = reader
            var partial = initial()
            let summary = try reader.forEach { record in try accumulate(&partial, record) }
            return .read(PartOutcome(partial: partial, summary: summary, users: reader.users,
                                     ids: PartIDs(reader.core.ids), firstRow: reader.firstRowOffset,
                                     stop: reader.stopOffset))
        } catch let error as TraceParseError {
            // a bad row: kept with the ids met before it (its part's first error)
            if let opened { return .badRow(error, ids: PartIDs(opened.core.ids), firstRow: opened.firstRowOffset) }
            return .failed(error)
        } catch {
            return .failed(error)
        }
    }

    /// The whole file as one part (serial), folded into `folded`.
    static func readAsOnePart<Partial: Sendable, Folded>(
        path: String, options: TraceReadOptions, users: TraceUsers, into folded: inout Folded,
        initial: @escaping @Sendable () -> Partial,
        accumulate: @escaping @Sendable (inout Partial, TraceRecord) throws -> Void,
        fold: (inout Folded, FilePart<Partial>) throws -> Void
    ) throws -> (summary: FileReadSummary, users: TraceUsers) {
        let reader = try TraceReader(path: path, options: options, users: users)
        var partial = initial()
        let summary = try reader.forEach { record in try accumulate(&partial, record) }
        // the part's users extend `users`: map them to themselves
        try fold(&folded, FilePart(partial: partial, userMap: Array(0..<reader.users.count), lineOffset: 0))
        return (summary, reader.users)
    }
}

/// Trace ids a part met, for the cross-part contiguity check: runs of increasing integers after
/// the part's prefix (constant memory for ids 1, 2, 3, … or t1, t2, t3, …), then hashes of the
/// ids after the first one out of order.
struct PartIDs: Sendable {
    var monotone: Bool
    /// The text before the runs' integers, and its FNV-1a hash (``ContiguityTracker/prefix``).
    var prefix: [UInt8]
    var prefixHash: UInt64
    var first: UInt64?
    var last: UInt64
    var runs: [IDRun]
    var hashes: [UInt64]

    init(_ ids: borrowing ContiguityTracker) {
        monotone = ids.monotone
        prefix = ids.prefix
        prefixHash = ids.prefixHash
        first = ids.firstNumericID
        last = ids.lastNumericID
        runs = ids.idRuns
        hashes = ids.idHashes
    }

    var isEmpty: Bool { runs.isEmpty && hashes.isEmpty }
}

/// The cross-part contiguity check, part by part in file order: whether a part meets a trace id
/// that an earlier part met. While every part's ids are increasing integers after the same
/// prefix, each part's first above the previous part's last, nothing is looked up (runs only);
/// from the first part that breaks this on, every id is hashed and looked up.
struct PartIDChecker {
    private var increasing = true
    private var previousLast: UInt64?
    private var previousPrefix: [UInt8]?
    private var earlier: [PartIDs] = []
    private var seen = Set<UInt64>()

    /// Adds the next part's ids; true when one of them was met by an earlier part.
    mutating func add(_ p: PartIDs) -> Bool {
        if increasing {
            if p.isEmpty { return false }
            if p.monotone, let first = p.first, previousLast.map({ first > $0 }) ?? true,
               previousPrefix.map({ $0 == p.prefix }) ?? true {
                previousLast = p.last
                previousPrefix = p.prefix
                earlier.append(p)
                return false
            }
            increasing = false
            for q in earlier {
                for run in q.runs { run.forEachHash(after: q.prefixHash) { seen.insert($0) } }
                seen.formUnion(q.hashes)
            }
            earlier = []
        }
        for run in p.runs {
            var n = run.first
            while true {
                if seen.contains(ContiguityTracker.hash(ofInteger: n, after: p.prefixHash)) { return true }
                if n >= run.last { break }
                n += 1
            }
        }
        if p.hashes.contains(where: { seen.contains($0) }) { return true }
        for run in p.runs { run.forEachHash(after: p.prefixHash) { seen.insert($0) } }
        seen.formUnion(p.hashes)
        return false
    }
}

struct PartOutcome<Partial: Sendable>: Sendable {
    var partial: Partial
    var summary: FileReadSummary
    var users: TraceUsers
    var ids: PartIDs
    /// ``TraceReader/firstRowOffset`` and ``TraceReader/stopOffset`` of the part's reader.
    var firstRow: Int
    var stop: Int
}

/// How a part's read ended.
enum PartSlot<Partial: Sendable>: Sendable {
    /// Read to its end.
    case read(PartOutcome<Partial>)
    /// Stopped by a bad row (strict mode), with the trace ids met before it and where it started.
    case badRow(TraceParseError, ids: PartIDs, firstRow: Int)
    /// Not opened, or stopped by anything else.
    case failed(any Error)
}
