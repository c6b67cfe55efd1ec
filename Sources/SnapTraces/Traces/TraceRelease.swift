import SnapStrategies

/// Where a trace starts: the file (as given on the command line) and its first line (1-based).
public struct TraceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
    public var description: String { "\(file):\(line)" }
}

/// One swipe reduced to what policies and scoring need: the release state, the layout it
/// happened in, who made it and what they meant. The trace reader produces these, one at a
/// time; the evaluator consumes them.
public struct TraceRelease: Sendable {
    /// The trace's identifier as written in the file.
    public var traceID: String
    /// The user, as an index into the dataset's user table (``TraceUsers``).
    public var user: Int
    /// The item the person meant to bring to the snap position; `nil` when unlabelled.
    public var intendedIndex: Int?
    /// The carousel the swipe happened in.
    public var layout: CarouselLayout
    /// Offsets and times at touch-down and lift-off, the start item and the estimated velocity.
    public var release: Release
    /// Samples in the trace (1 for a release-level row).
    public var sampleCount: Int
    /// Where the trace starts.
    public var location: TraceLocation
    /// The trace's hit criterion: its own `hit` column (trace format 1.1), else the command's
    /// `--hit`, which the reader gives it (``TraceReadOptions/hit``); `nil` when neither said one.
    public var hit: HitCriterion?
    /// The criterion the trace is scored under: ``hit``, else ``HitCriterion/exact``. Every
    /// scorer asks this, never `hit` itself.
    @inlinable public var criterion: HitCriterion { hit ?? .exact }
    /// Telemetry (trace format 1.1): the item the live carousel actually came to rest on.
    public var settledIndex: Int?
    /// Telemetry (trace format 1.1): an item the person tapped after the swipe, before the next one.
    public var tapIndex: Int?
    /// The value of the column that groups traces into tasks or screens (`--group-by`, or a
    /// `screen`/`session_kind` column where asked for: ``TraceReadOptions/groupBy``); `nil` when
    /// not read.
    public var group: String?

    public init(traceID: String, user: Int, intendedIndex: Int?, layout: CarouselLayout,
                release: Release, sampleCount: Int, location: TraceLocation,
                hit: HitCriterion? = nil, settledIndex: Int? = nil, tapIndex: Int? = nil, group: String? = nil) {
        self.traceID = traceID
        self.user = user
        self.intendedIndex = intendedIndex
        self.layout = layout
        self.release = release
        self.sampleCount = sampleCount
        self.location = location
        self.hit = hit
        self.settledIndex = settledIndex
        self.tapIndex = tapIndex
        self.group = group
    }
}
