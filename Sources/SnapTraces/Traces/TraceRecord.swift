/// One trace as the reader hands it over: the release, the estimate behind its velocity, and
/// the raw samples (a view valid only during the call).
public struct TraceRecord {
    public let release: TraceRelease
    public let estimate: VelocityEstimate
    public let samples: TraceSamples
    /// The trace's `session_id`, if given.
    public let sessionID: String?
    /// The finger's x on the first row (`touch_x` at touch-down), points, in a sample-level file
    /// with `touch_x`; `nil` in a file of content offsets (issue 32: where the stroke touched down,
    /// and so how far the screen's edge was).
    public var touchDownX: Double? = nil
}
