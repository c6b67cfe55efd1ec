import ArgumentParser
import SnapTraces
import SnapFitting
import SnapReports

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

    /// Reads `input` straight into fit data's compact columns, keeping the labelled traces
    /// (sampled with `seed` beyond ``maxTraces``; no full records held: what `fit` and
    /// `recommend` need at a million traces). With `--labels behaviour` the labels are derived
    /// from behaviour first (``BehaviourLabelOptions``) and the data checks run over the
    /// relabelled traces.
    /// - Returns: the fit data, how many labelled traces were seen, what was read, the data
    ///   checks over every trace read, and the behaviour labeller's counts (`nil` with the files'
    ///   labels).
    /// `groupBy`: also read this group column per trace (``FitData/groupIndex``, ``FitData/groupColumn``).
    func readFitData(_ input: TraceInputOptions, seed: UInt64, behaviour: BehaviourLabelOptions? = nil,
                     groupBy: TraceReadOptions.GroupColumn? = nil) throws
        -> (data: FitData, labelled: Int, summary: ReadSummary, checks: DataChecks,
            labels: BehaviourRelabelling.Summary?) {
        let reservoir = try FitData.Reservoir(capacity: maxTraces, seed: seed)
        let summary: ReadSummary
        let checks: DataChecks
        var labels: BehaviourRelabelling.Summary?
        if let behaviour, behaviour.labels == .behaviour {
            let run = try behaviour.relabelledTraces(input, hit: hitOptions.hit, groupBy: groupBy)
            for trace in run.traces where trace.intendedIndex != nil { reservoir.add(trace) }
            (summary, checks, labels) = (run.summary, run.checks, run.labels)
        } else {
            (summary, checks) = try input.read(hit: hitOptions.hit, groupBy: groupBy) { record in
                if record.release.intendedIndex != nil { reservoir.add(record.release) }
            }
        }
        guard reservoir.seen > 0 else {
            throw UnscorableDataError.unlabelled(traces: summary.tracesRead,
                                                 warnings: checks.lines())
        }
        var data = reservoir.data
        data.groupColumn = GroupOptions.column(summary)
        return (data, reservoir.seen, summary, checks, labels)
    }

    /// Notes for standard error about the sample (empty when every labelled trace was kept).
    func notes(kept: Int, labelled: Int) -> [String] {
        kept < labelled ? ["fitted on a uniform sample of \(kept) of \(labelled) labelled traces (--max-traces)"] : []
    }
}
