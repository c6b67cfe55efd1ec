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

    /// `file:line trace 'id': error`, control characters escaped (see ``TraceParseError/description``).
    public var description: String { "\(location) trace '\(traceID.escapingControlCharacters)': \(error.description)".escapingControlCharacters }
}
