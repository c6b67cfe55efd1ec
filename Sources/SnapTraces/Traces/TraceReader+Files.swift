import Foundation

extension TraceReader {
    /// Reads `paths` in order, one trace at a time, with one users table across the files.
    /// - Returns: per-file kinds and counts, skipped traces (lenient), and the users table that
    ///   the yielded releases' `user` indices point into.
    /// - Throws: the first ``TraceParseError`` (strict mode, or a bad header in any mode), or
    ///   whatever `body` throws.
    public static func read(paths: [String], options: TraceReadOptions,
                            _ body: (TraceRecord) throws -> Void) throws -> ReadSummary {
        var summary = ReadSummary()
        for path in paths {
            let reader = try TraceReader(path: path, options: options, users: summary.users)
            let file = try reader.forEach(body)
            summary.users = reader.users
            summary.files.append(file)
        }
        return summary
    }

    /// One byte range's partial result from ``readInParallel(paths:options:parts:initial:accumulate:afterFile:)``,
    /// with the map from its local user indices to the run's users table.
    public struct FilePart<Partial> {
        public var partial: Partial
        /// `userMap[u]` is the index in ``ReadSummary/users`` of the part's local user `u`.
        public var userMap: [Int]
        /// Lines before the part's first line: a release's absolute line is its `location.line` plus this.
        public var lineOffset = 0
    }

    /// Reads `paths` in order, each in byte ranges read by up to `parts` threads at once
    /// (``readInParallel(path:options:parts:threads:users:minimumPartBytes:initial:accumulate:)``),
    /// with one users table across the files. The ranges depend on each file's size alone
    /// (``parts(forFileSize:bytesPerPart:)``), so the partial results, and whatever is folded
    /// from them in order, are the same for any number of threads.
    /// - Parameter bytesPerPart: the size of a byte range (``parts(forFileSize:bytesPerPart:)``).
    /// - Parameter afterFile: called after each file with its position and summary (progress).
    /// - Returns: every part of every file, in file order, and what was read. (All parts' partial
    ///   results are kept: ``readFolding(paths:options:parts:bytesPerPart:into:initial:accumulate:fold:afterFile:)``
    ///   keeps at most `2 · parts` of them alive.)
    public static func readInParallel<Partial: Sendable>(
        paths: [String], options: TraceReadOptions, parts: Int, bytesPerPart: Int = 32 << 20,
        initial: @escaping @Sendable () -> Partial,
        accumulate: @escaping @Sendable (inout Partial, TraceRecord) throws -> Void,
        afterFile: ((Int, FileReadSummary) -> Void)? = nil
    ) throws -> (parts: [FilePart<Partial>], summary: ReadSummary) {
        var all: [FilePart<Partial>] = []
        let summary = try readFolding(paths: paths, options: options, parts: parts, bytesPerPart: bytesPerPart, into: &all,
                                      initial: initial, accumulate: accumulate, fold: { all, part in all.append(part) },
                                      afterFile: afterFile)
        return (all, summary)
    }

    /// ``readInParallel(paths:options:parts:bytesPerPart:initial:accumulate:afterFile:)`` folding
    /// every part, in file order, into `folded` as it comes
    /// (``readFolding(path:options:parts:threads:users:minimumPartBytes:into:initial:accumulate:fold:)``):
    /// the same parts in the same order, so the same result, with at most `2 · parts` partial
    /// results alive at once (memory flat in the file's size).
    public static func readFolding<Partial: Sendable, Folded>(
        paths: [String], options: TraceReadOptions, parts: Int, bytesPerPart: Int = 32 << 20, into folded: inout Folded,
        initial: @escaping @Sendable () -> Partial,
        accumulate: @escaping @Sendable (inout Partial, TraceRecord) throws -> Void,
        fold: (inout Folded, FilePart<Partial>) throws -> Void,
        afterFile: ((Int, FileReadSummary) -> Void)? = nil
    ) throws -> ReadSummary {
        var summary = ReadSummary()
        for (i, path) in paths.enumerated() {
            var st = stat()
            let size = stat(path, &st) == 0 ? Int(st.st_size) : 0
            let result = try readFolding(path: path, options: options, parts: Self.parts(forFileSize: size, bytesPerPart: bytesPerPart),
                                         threads: Swift.max(1, parts), users: summary.users, into: &folded,
                                         initial: initial, accumulate: accumulate, fold: fold)
            summary.users = result.users
            summary.files.append(result.summary)
            afterFile?(i, result.summary)
        }
        return summary
    }
}
