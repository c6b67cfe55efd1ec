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
}
