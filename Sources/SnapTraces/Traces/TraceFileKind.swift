/// The two kinds of trace file (shared/spec/trace-format.md).
public enum TraceFileKind: String, Sendable, Hashable {
    /// Kind A: one row per touch sample.
    case sampleLevel = "sample-level"
    /// Kind B: one row per swipe, as logged at lift-off.
    case releaseLevel = "release-level"
}
