import SnapStrategies

/// Everything `snaplab import` needs besides the files.
public struct PointerImportOptions: Sendable {
    /// How positions become points.
    public enum Scale: Sendable, Hashable {
        /// Log pixels per point (`--scale 2.625`; 1 when the log is in points or CSS px).
        case pixelsPerPoint(Double)
        /// Each event's own scale: JSONL `devicePixelRatio`, a CSV `scale` column, or the CSV
        /// `device` column looked up in `--device-scales`.
        case devicePixelRatio
    }

    /// Where each stroke starts.
    public enum StartOffsets: Sendable {
        /// Every stroke at this offset, unless the log's start-offset column says otherwise.
        case fixed(Double)
        /// `--chain`: each trial's first stroke at `trialStart`, each later stroke where the
        /// previous one came to rest under `livePolicy` (its velocity from `velocity`).
        case chain(trialStart: Double, livePolicy: any SnapPolicy, velocity: VelocityMethod)
    }

    /// What the label column holds.
    public enum Labels: Sendable, Hashable {
        case none
        /// Each stroke's intended item (`--intended-column`).
        case intended
        /// The trial's target item, given to every stroke of the trial (`--target-column`).
        case target
    }

    /// The layout of strokes without a layout name (every stroke when ``layouts`` is empty).
    public var layout: CarouselLayout
    /// Layouts by name (`--layout-map`), for strokes whose log names one (a `layout` column).
    public var layouts: [String: CarouselLayout] = [:]
    /// Whether ``layout`` is only a stand-in (none given): a stroke that needs it is an error.
    public var layoutIsStandIn = false
    public var timeUnit: TimeUnit = .ms
    /// `nil`: none given, an error for any event that carries no scale of its own.
    public var scale: Scale? = .pixelsPerPoint(1)
    /// Scroll along y instead of x.
    public var verticalAxis = false
    /// Content runs right to left (or bottom to top): finger travel toward larger x raises the offset.
    public var reverse = false
    public var touchSlop: Double = 0
    public var overscroll: OverscrollModel = .clamp
    public var start: StartOffsets = .fixed(0)
    public var labels: Labels = .none
    /// Strokes with fewer events (down, moves and up together) are dropped.
    public var minimumEvents = 2
    /// Strokes whose finger travel along the axis is smaller than this are dropped, points.
    public var minimumTravel: Double = 0
    /// Strokes whose |cross-axis travel| / |axis travel| exceeds this are dropped.
    public var maximumCrossRatio: Double? = nil

    public init(layout: CarouselLayout) { self.layout = layout }
}
