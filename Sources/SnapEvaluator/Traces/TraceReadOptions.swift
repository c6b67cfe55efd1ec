import SnapStrategies

/// How to read traces.
public struct TraceReadOptions: Sendable {
    /// The release-velocity estimator for sample-level files (release-level files always use
    /// the recorded velocity).
    public var velocity: VelocityMethod
    /// Skip bad traces (listed in the summary) instead of stopping at the first error.
    public var lenient: Bool
    /// Layout fields for traces whose columns do not give them (from `--layout FILE` over the
    /// command-line options; see ``LayoutFields``). A trace that ends up without a whole layout
    /// is an error (``TraceParseError/invalidLayout(file:line:reason:)``).
    public var baseLayout: LayoutFields
    /// Bytes per `read()` (the buffer grows only for a longer row).
    public var bufferSize: Int

    public init(velocity: VelocityMethod = .lsq2, lenient: Bool = false, baseLayout: LayoutFields = LayoutFields(),
                bufferSize: Int = 4 << 20) {
        self.velocity = velocity
        self.lenient = lenient
        self.baseLayout = baseLayout
        self.bufferSize = bufferSize
    }
}
