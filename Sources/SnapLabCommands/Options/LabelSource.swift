import ArgumentParser
import SnapStrategies
import SnapTraces
import SnapScoring

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
    public var dwellMs: Double = BehaviourLabeller.Parameters().dwellMilliseconds

    @Option(help: "With --labels behaviour: a stroke from next to the goal is labelled as a correction only when the next stroke follows within this long, ms.")
    public var correctionMs: Double = BehaviourLabeller.Parameters().correctionWindowMilliseconds

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

    /// Reads every trace of `input` into memory and relabels it from behaviour (sessions must be
    /// seen whole before any stroke is labelled): the traces in file order, with derived labels,
    /// and the data checks over them (so they describe the derived labels, not the files').
    /// `hit`: the command's `--hit`, given by the reader to traces without a `hit` column.
    func relabelledTraces(_ input: TraceInputOptions, hit: HitCriterion? = nil, groupBy: TraceReadOptions.GroupColumn? = nil) throws
        -> (traces: [TraceRelease], sessions: [String?], summary: ReadSummary, labels: BehaviourRelabelling.Summary, checks: DataChecks) {
        var traces: [TraceRelease] = []
        var sessions: [String?] = []
        let (summary, read) = try input.read(hit: hit, groupBy: groupBy) { record in
            traces.append(record.release)
            sessions.append(record.sessionID)
        }
        let (relabelled, labels) = BehaviourRelabelling.relabel(traces, sessions: sessions, labeller: labeller)
        var checks = DataChecks(velocity: input.velocity, framesRebuilt: read.framesRebuilt)
        for trace in relabelled { checks.add(trace) }
        return (relabelled, sessions, summary, labels, checks)
    }

    /// Reads every trace of `input` into memory, relabels it from behaviour and scores `policies`:
    /// the in-memory path `compare --labels behaviour` takes.
    /// The data checks (``DataChecks``) run over the relabelled traces; `hit` applies to traces
    /// without their own `hit` column (the reader gives it), as on the streaming path.
    /// Also returns the relabelled traces and their sessions (for `--per-trace`).
    func accumulate(_ input: TraceInputOptions, policies: [any SnapPolicy], hit: HitCriterion = .exact) throws
        -> (totals: ScoreAccumulator, summary: ReadSummary, labels: BehaviourRelabelling.Summary, checks: DataChecks,
            traces: [TraceRelease], sessions: [String?]) {
        let (relabelled, sessions, summary, labels, checks) = try relabelledTraces(input, hit: hit)
        var totals = ScoreAccumulator(policies: policies)
        totals.add(contentsOf: relabelled)
        return (totals, summary, labels, checks, relabelled, sessions)
    }

    /// `report --labels behaviour`: derives the labels in a first pass over `input` (releases and
    /// sessions only), then reads it again and hands `body` every record with its derived label
    /// (``TraceRecord/relabelled(_:)``). Standard input cannot be read twice.
    func readRelabelled(_ input: TraceInputOptions, hit: HitCriterion? = nil, groupBy: TraceReadOptions.GroupColumn? = nil,
                        _ body: (TraceRecord) throws -> Void) throws
        -> (summary: ReadSummary, labels: BehaviourRelabelling.Summary, checks: DataChecks) {
        guard !input.files.contains("-") else {
            throw ValidationError("--labels behaviour reads the files twice here; it cannot read standard input ('-')")
        }
        let first = try relabelledTraces(input, hit: hit)
        var i = 0
        let (summary, _) = try input.read(hit: hit, groupBy: groupBy) { record in
            // The same files in the same order: record i is trace i of the first pass.
            try body(record.relabelled(i < first.traces.count ? first.traces[i].intendedIndex : nil))
            i += 1
        }
        return (summary, first.labels, first.checks)
    }
}
