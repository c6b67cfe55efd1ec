import ArgumentParser
import SnapEvaluator
import SnapStrategies

/// `--labels file|behaviour`: where scoring commands take the intended items from.
public enum LabelSource: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The files' `intended_index` column.
    case file
    /// Derived from what people did next (``BehaviourLabeller``; needs `session_id` and `settled_index`).
    case behaviour
}

/// The behaviour labeller's thresholds on the command line.
public struct BehaviourLabelOptions: ParsableArguments, Sendable {
    @Option(help: "With --labels behaviour: labels from file (intended_index) or behaviour (session_id, settled_index, tap_index; Docs/recording.md).")
    public var labels: LabelSource = .file

    @Option(help: "With --labels behaviour: a pause at least this long after a stroke marks its resting item as the goal, ms.")
    public var dwellMs: Double = 2000

    @Option(help: "With --labels behaviour: a stroke the other way within this long after an overshoot marks a correction, ms.")
    public var correctionMs: Double = 1500

    public init() {}

    public func validate() throws {
        guard dwellMs.isFinite, dwellMs > 0 else { throw ValidationError("--dwell-ms must be a positive number of milliseconds") }
        guard correctionMs.isFinite, correctionMs >= 0 else { throw ValidationError("--correction-ms must be zero or more milliseconds") }
    }

    /// The labeller these options describe.
    public var labeller: BehaviourLabeller {
        var p = BehaviourLabeller.Parameters()
        p.dwellMilliseconds = dwellMs
        p.correctionWindowMilliseconds = correctionMs
        return BehaviourLabeller(parameters: p)
    }

    /// Reads every trace of `input` into memory, relabels it from behaviour and scores `policies`:
    /// the in-memory path `compare --labels behaviour` takes (sessions must be seen whole).
    /// The data checks (``DataChecks``) run over the relabelled traces; `hit` applies to traces
    /// without their own `hit` column, as on the streaming path.
    func accumulate(_ input: TraceInputOptions, policies: [any SnapPolicy], hit: HitCriterion = .exact) throws
        -> (totals: ScoreAccumulator, summary: ReadSummary, labels: BehaviourRelabelling.Summary, checks: DataChecks) {
        var traces: [TraceRelease] = []
        var sessions: [String?] = []
        let (summary, _) = try input.read { record in
            traces.append(record.release)
            sessions.append(record.sessionID)
        }
        var (relabelled, labels) = BehaviourRelabelling.relabel(traces, sessions: sessions, labeller: labeller)
        var checks = DataChecks()
        for i in relabelled.indices {
            if relabelled[i].hit == nil && hit != .exact { relabelled[i].hit = hit }
            checks.add(relabelled[i])
        }
        var totals = ScoreAccumulator(policies: policies)
        totals.add(contentsOf: relabelled)
        return (totals, summary, labels, checks)
    }
}
