import SnapStrategies

/// Replaces the labels of telemetry traces by labels derived from behaviour
/// (``BehaviourLabeller``): what `--labels behaviour` does before scoring.
///
/// Traces are grouped by `session_id` and ordered by touch-down time within a session (sample-level
/// files carry the times; release-level files have none, so their strokes keep file order and
/// every pause reads as 0 ms: only taps can end a run there). A trace without a `session_id` or a
/// `settled_index` cannot take part: it is left unlabelled and counted. Any `intended_index` in the
/// input is dropped: the derived label, or none, takes its place.
public enum BehaviourRelabelling {
    /// What the relabelling did.
    public struct Summary: Sendable, Hashable {
        public var traces = 0
        public var withoutSession = 0
        public var withoutSettledIndex = 0
        public var sessions = 0
        public var labelledByRule: [BehaviourLabeller.Rule: Int] = [:]
        public var unlabelled = 0

        public var labelled: Int { labelledByRule.values.reduce(0, +) }

        /// One line: how many strokes each rule labelled.
        public var description: String {
            let rules = BehaviourLabeller.Rule.allCases.map { "\(labelledByRule[$0, default: 0]) \($0.rawValue)" }
            var text = "behaviour labels: \(labelled) of \(traces) traces labelled (" + rules.joined(separator: ", ")
                + "), \(unlabelled) unlabelled, \(sessions) sessions"
            if withoutSession > 0 { text += "; \(withoutSession) traces without session_id" }
            if withoutSettledIndex > 0 { text += "; \(withoutSettledIndex) traces without settled_index" }
            return text
        }
    }

    /// `traces` with derived labels (same order), and the counts.
    public static func relabel(_ traces: [TraceRelease], sessions: [String?],
                               labeller: BehaviourLabeller) -> (traces: [TraceRelease], summary: Summary) {
        var out = traces
        var summary = Summary()
        summary.traces = traces.count
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (i, trace) in traces.enumerated() {
            out[i].intendedIndex = nil
            guard let session = i < sessions.count ? sessions[i] : nil else { summary.withoutSession += 1; continue }
            guard trace.settledIndex != nil else { summary.withoutSettledIndex += 1; continue }
            if groups[session] == nil { order.append(session) }
            groups[session, default: []].append(i)
        }
        summary.sessions = order.count
        for session in order {
            // Stable: equal touch-down times keep file order.
            let members = groups[session, default: []].enumerated()
                .sorted { (traces[$0.element].release.startTime, $0.offset) < (traces[$1.element].release.startTime, $1.offset) }
                .map(\.element)
            let strokes = members.map { i -> TelemetryStroke in
                let t = traces[i]
                return TelemetryStroke(startTime: t.release.startTime, endTime: t.release.time,
                                       startIndex: t.release.startSlot(in: t.layout), settledIndex: t.settledIndex ?? 0,
                                       tapIndex: t.tapIndex, direction: SnapMath.sign(t.release.travel))
            }
            for (i, label) in zip(members, labeller.label(session: strokes)) {
                if let label {
                    out[i].intendedIndex = label.index
                    summary.labelledByRule[label.rule, default: 0] += 1
                }
            }
        }
        summary.unlabelled = summary.traces - summary.labelled
        return (out, summary)
    }
}
