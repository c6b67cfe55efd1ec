/// The two kinds of trace file (shared/spec/trace-format.md).
public enum TraceFileKind: String, Sendable, Hashable {
    /// Kind A: one row per touch sample.
    case sampleLevel = "sample-level"
    /// Kind B: one row per swipe, as logged at lift-off.
    case releaseLevel = "release-level"
}

/// A trace the lenient reader skipped, and why.
public struct SkippedTrace: Sendable, Hashable, CustomStringConvertible {
    /// Where the trace starts (or the bad row, for rows outside any trace).
    public var location: TraceLocation
    /// The trace's identifier.
    public var traceID: String
    /// The first problem found (with its own line).
    public var error: TraceParseError

    public init(location: TraceLocation, traceID: String, error: TraceParseError) {
        self.location = location
        self.traceID = traceID
        self.error = error
    }

    public var description: String { "\(location) trace '\(traceID)': \(error.description)" }
}

/// What one file gave.
public struct FileReadSummary: Sendable, Hashable {
    public var path: String
    public var kind: TraceFileKind
    /// Header columns the reader does not know (listed once, as a notice).
    public var unknownColumns: [String]
    /// Traces met (yielded, skipped and cancelled).
    public var tracesRead = 0
    /// Traces handed to the consumer.
    public var tracesYielded = 0
    /// Traces with a `cancelled` row: counted, never scored.
    public var tracesCancelled = 0
    /// Traces skipped as bad (lenient mode).
    public var skipped: [SkippedTrace] = []
    /// Data rows (samples) read.
    public var rows = 0
    /// Lines consumed, header and empty lines included.
    public var lines = 0

    public init(path: String, kind: TraceFileKind, unknownColumns: [String]) {
        self.path = path
        self.kind = kind
        self.unknownColumns = unknownColumns
    }

    /// Adds another part of the same file (parallel reading).
    mutating func absorb(_ other: FileReadSummary) {
        tracesRead += other.tracesRead
        tracesYielded += other.tracesYielded
        tracesCancelled += other.tracesCancelled
        skipped += other.skipped
        rows += other.rows
        lines += other.lines
    }
}

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
