import SnapStrategies

/// One trace as the reader hands it over: the release, the estimate behind its velocity, and
/// the raw samples (a view valid only during the call).
///
/// The reader lends its own record to the consumer (``TraceReader/forEach(_:)``) and overwrites
/// it in place with the next trace (``ReleaseBuilder/lent``): a consumer that keeps a record (or
/// its release) keeps a copy, as with any value; only the samples are a view of the reader's
/// storage.
public struct TraceRecord {
    public internal(set) var release: TraceRelease
    public internal(set) var estimate: VelocityEstimate
    public internal(set) var samples: TraceSamples
    /// The trace's `session_id`, if given.
    public internal(set) var sessionID: String?
    /// The finger's x on the first row (`touch_x` at touch-down), points, in a sample-level file
    /// with `touch_x`; `nil` in a file of content offsets (issue 32: where the stroke touched down,
    /// and so how far the screen's edge was).
    public var touchDownX: Double? = nil

    init(release: TraceRelease, estimate: VelocityEstimate, samples: TraceSamples, sessionID: String?,
         touchDownX: Double? = nil) {
        self.release = release
        self.estimate = estimate
        self.samples = samples
        self.sessionID = sessionID
        self.touchDownX = touchDownX
    }

    /// Every field of a ``TraceRelease`` but the file of its location (the reader's path, the same
    /// for every trace a reader builds): what ``ReleaseBuilder`` computes for a trace.
    struct ReleaseParts {
        var id: TraceIDText
        var user: Int
        var intendedIndex: Int?
        var layout: CarouselLayout
        var release: Release
        var sampleCount: Int
        var line: Int
        var hit: HitCriterion?
        var settledIndex: Int?
        var tapIndex: Int?
        var group: String?
    }

    /// The reader's first record (``ReleaseBuilder/lent``): `parts` in `file`.
    init(_ parts: consuming ReleaseParts, file: String, estimate: VelocityEstimate, samples: TraceSamples,
         sessionID: String?, touchDownX: Double?) {
        var release = TraceRelease(traceID: "", user: parts.user, intendedIndex: parts.intendedIndex,
                                   layout: parts.layout, release: parts.release, sampleCount: parts.sampleCount,
                                   location: TraceLocation(file: file, line: parts.line), hit: parts.hit,
                                   settledIndex: parts.settledIndex, tapIndex: parts.tapIndex, group: parts.group)
        release.id = parts.id
        self.init(release: release, estimate: estimate, samples: samples, sessionID: sessionID, touchDownX: touchDownX)
    }

    /// Sets every field to the next trace's, in place (the file of the location stays: the same
    /// reader built both): the record then equals ``init(_:file:estimate:samples:sessionID:touchDownX:)``
    /// of the same values (tested field by field, with every field changed).
    @inline(__always)
    mutating func overwrite(with parts: consuming ReleaseParts, estimate: VelocityEstimate, samples: TraceSamples,
                            sessionID: String?, touchDownX: Double?) {
        release.id = parts.id
        release.user = parts.user
        release.intendedIndex = parts.intendedIndex
        release.layout = parts.layout
        release.release = parts.release
        release.sampleCount = parts.sampleCount
        release.location.line = parts.line
        release.hit = parts.hit
        release.settledIndex = parts.settledIndex
        release.tapIndex = parts.tapIndex
        release.group = parts.group
        self.estimate = estimate
        self.samples = samples
        self.sessionID = sessionID
        self.touchDownX = touchDownX
    }
}
