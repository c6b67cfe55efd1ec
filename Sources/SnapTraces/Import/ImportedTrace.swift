import SnapStrategies

/// One stroke turned into a trace of the trace contract (sample-level): content offsets over
/// time, with its per-trace values.
public struct ImportedTrace: Sendable, Hashable {
    public var id: String
    public var user: String?
    public var session: String?
    public var trial: String?
    /// Content offset at touch-down, points.
    public var startOffset: Double
    public var intendedIndex: Int?
    /// How the trace's target counts as reached (the `hit` column), from the log's task; `nil`
    /// leaves it to the scoring command's `--hit`.
    public var hit: HitCriterion? = nil
    /// Finger travel touch-down → lift-off along the axis, points, in the sign of the offset change.
    public var fingerTravel: Double
    /// Times, ms (the log's origin), one per event; the last is the lift-off.
    public var times: [Double]
    /// Content offsets, points.
    public var offsets: [Double]
    /// The line of the stroke's first event.
    public var line: Int
    /// The stroke's own layout (a named layout of `--layout-map`); `nil`: the import's layout.
    public var layout: CarouselLayout? = nil
    /// The layout's name, when the log named one.
    public var layoutName: String? = nil
    /// Telemetry from the log: the item the carousel came to rest on, the item tapped after.
    public var settledIndex: Int? = nil
    public var tapIndex: Int? = nil
}
