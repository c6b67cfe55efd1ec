import SnapStrategies
import SnapTraces
import SnapScoring

/// Everything `snaplab report` needs from the trace files, gathered in one pass: the dataset
/// description (``TraceDescription``), the scores of every policy (``ScoreAccumulator``), a
/// small seeded sample of all traces to overlay on the decision map, and the labelled traces
/// for the hit-rate curve and for fitting, capped at `fitCapacity` (a seeded uniform sample
/// beyond, ``TraceReservoir``).
///
/// Memory: the description and scores are bounded per trace as for `describe` and `compare`;
/// the two samples hold at most `overlayCapacity + fitCapacity` traces.
///
/// Not `Sendable` (it owns reservoirs); feed it from one thread, in file order.
public final class ReportCollector {
    public private(set) var description = TraceDescription()
    /// The scores of every policy over every trace added so far.
    public var scores: ScoreAccumulator {
        scoring.flush()
        return scoring.accumulator
    }
    private var scoring: PendingScores
    /// A seeded uniform sample of all traces (labelled or not), drawn on the decision map.
    public let overlay: TraceReservoir
    /// The labelled traces, or a seeded uniform sample of `fitCapacity` of them.
    public let labelled: TraceReservoir
    /// The layout of the first trace read (the decision map is drawn in it).
    public private(set) var firstLayout: CarouselLayout?
    /// The run's `--hit`, said on the page (the reader gave it to traces without a `hit` column).
    public var hit: HitCriterion = .exact

    /// - Parameters:
    ///   - overlayCapacity: traces drawn on the decision map (default 1 500).
    ///   - fitCapacity: labelled traces kept for fitting and the hit-rate curve (default 200 000).
    ///   - seed: seed of both samples (the labelled one uses `seed + 1`).
    public init(policies: [any SnapPolicy], overlayCapacity: Int = 1_500, fitCapacity: Int = 200_000, seed: UInt64) throws {
        scoring = PendingScores(policies: policies)
        overlay = try TraceReservoir(capacity: overlayCapacity, seed: seed)
        labelled = try TraceReservoir(capacity: fitCapacity, seed: seed &+ 1)
    }

    /// Adds one trace to every part.
    public func add(_ record: TraceRecord) {
        description.add(record)
        let release = record.release
        scoring.add(release)
        overlay.add(release)
        if release.intendedIndex != nil { labelled.add(release) }
        if firstLayout == nil { firstLayout = record.release.layout }
    }
}
