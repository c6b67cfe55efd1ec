/// One trace as the reader hands it over: the release, the estimate behind its velocity, and
/// the raw samples (a view valid only during the call).
public struct TraceRecord {
    public let release: TraceRelease
    public let estimate: VelocityEstimate
    public let samples: TraceSamples
    /// The trace's `session_id`, if given.
    public let sessionID: String?
}
