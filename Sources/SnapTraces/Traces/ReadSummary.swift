/// What a read of one or more files gave: per file kind and counts, skipped traces with
/// reasons and locations, and the users table the yielded traces index into.
public struct ReadSummary: Sendable {
    public var files: [FileReadSummary] = []
    public var users = TraceUsers()

    public init() {}

    public var tracesRead: Int { files.reduce(0) { $0 + $1.tracesRead } }
    public var tracesYielded: Int { files.reduce(0) { $0 + $1.tracesYielded } }
    public var tracesCancelled: Int { files.reduce(0) { $0 + $1.tracesCancelled } }
    public var skipped: [SkippedTrace] { files.flatMap(\.skipped) }
    public var tracesSkipped: Int { files.reduce(0) { $0 + $1.skipped.count } }
    public var rows: Int { files.reduce(0) { $0 + $1.rows } }

    /// Notices for standard error: file kinds, unknown columns, skipped traces, counts.
    public func notices(scored: Int? = nil) -> [String] {
        var out: [String] = []
        for f in files {
            out.append("\(f.path): \(f.kind.rawValue) file, \(f.tracesRead) traces, \(f.rows) rows")
            if !f.unknownColumns.isEmpty {
                out.append("\(f.path): ignoring unknown columns: \(f.unknownColumns.joined(separator: ", "))")
            }
            for s in f.skipped { out.append("skipped \(s.description)") }
        }
        var counts = "traces read: \(tracesRead)"
        if let scored { counts += ", scored: \(scored)" }
        counts += ", skipped: \(tracesSkipped), cancelled: \(tracesCancelled)"
        out.append(counts)
        return out
    }
}
