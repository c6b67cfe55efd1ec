/// What one file gave.
public struct FileReadSummary: Sendable, Hashable {
    public var path: String
    public var kind: TraceFileKind
    /// Header columns the reader does not know (listed once, as a notice).
    public var unknownColumns: [String]
    /// The layout columns of the header (`item_width`, `viewport_width`, …), in header order.
    public var layoutColumns: [String] = []
    /// The column that groups its traces (``TraceReadOptions/groupBy``), `nil` when none.
    public var groupColumn: String?
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
