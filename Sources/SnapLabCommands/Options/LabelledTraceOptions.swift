import ArgumentParser
import SnapEvaluator

/// The labelled traces of the input, held in memory for fitting: all of them up to
/// `--max-traces`, a seeded uniform sample of that many beyond (``TraceReservoir``).
public struct LabelledTraceOptions: ParsableArguments, Sendable {
    @Option(help: "At most this many labelled traces are held for fitting (a seeded uniform sample beyond).")
    public var maxTraces: Int = 1_000_000

    @OptionGroup public var hitOptions: HitOptions

    public init() {}

    public func validate() throws {
        guard maxTraces >= 1 else { throw ValidationError("--max-traces must be at least 1") }
    }

    /// Reads `input`, keeping the labelled traces (sampled with `seed` beyond ``maxTraces``).
    /// - Returns: the kept traces, how many labelled traces were seen, and what was read.
    func read(_ input: TraceInputOptions, seed: UInt64) throws -> (traces: [TraceRelease], labelled: Int, summary: ReadSummary) {
        let reservoir = try TraceReservoir(capacity: maxTraces, seed: seed)
        let summary = try input.read(scoring: true, hit: hitOptions.hit) { record in
            if record.release.intendedIndex != nil { reservoir.add(hitOptions.applied(to: record.release)) }
        }
        guard reservoir.seen > 0 else { throw UnscorableDataError.unlabelled(traces: summary.tracesRead) }
        return (reservoir.traces, reservoir.seen, summary)
    }

    /// As ``read(_:seed:)``, straight into fit data's compact columns (the same sample; no full
    /// records held: what `fit` and `recommend` need at a million traces).
    func readFitData(_ input: TraceInputOptions, seed: UInt64) throws -> (data: FitData, labelled: Int, summary: ReadSummary) {
        let reservoir = try FitData.Reservoir(capacity: maxTraces, seed: seed)
        let summary = try input.read(scoring: true, hit: hitOptions.hit) { record in
            if record.release.intendedIndex != nil { reservoir.add(hitOptions.applied(to: record.release)) }
        }
        guard reservoir.seen > 0 else { throw UnscorableDataError.unlabelled(traces: summary.tracesRead) }
        return (reservoir.data, reservoir.seen, summary)
    }

    /// Notes for standard error about the sample (empty when every labelled trace was kept).
    func notes(kept: Int, labelled: Int) -> [String] {
        kept < labelled ? ["fitted on a uniform sample of \(kept) of \(labelled) labelled traces (--max-traces)"] : []
    }
}
