import Foundation
import SnapStrategies
import SnapTraces
import SnapScoring
import SnapLabSupport

/// What `generate --like` reads off a recording's sessions (issue 32, item 1): its task when no
/// hit column says it, and its trial structure (``TrialParameters``).
extension ModelCalibration {
    /// The recording's strokes grouped by session: consecutive traces of one user with one
    /// `session_id` (traces without one are sessions of their own).
    static func sessions(_ f: [TraceFeatures]) -> [[TraceFeatures]] {
        var out: [[TraceFeatures]] = []
        for x in f {
            if let last = out.last?.last, last.user == x.user, last.session != nil, last.session == x.session {
                out[out.count - 1].append(x)
            } else {
                out.append([x])
            }
        }
        return out
    }

    /// The task of a recording whose task no option or sidecar gives, and why: the hit column's
    /// criterion when it has one; unlabelled → browse; labelled sessions that each hold one label
    /// over several strokes, aimed at least 2 items beyond where they start (the median first
    /// stroke), → reveal (a study's trial: "bring this item into view"); other labels → paging.
    public static func inferredTask(_ recording: RecordingSummary) -> (task: SwipeTask, reason: String) {
        if let hit = recording.hit {
            return hit == .revealed ? (.reveal, "the hit column says revealed") : (.paging, "the hit column says \(hit.rawValue)")
        }
        let f = recording.features
        guard f.contains(where: { $0.intendedIndex != nil }) else { return (.browse, "the traces carry no labels") }
        let groups = sessions(f).map { $0.filter { $0.intendedIndex != nil } }.filter { !$0.isEmpty }
        let multi = groups.filter { $0.count >= 2 }
        let held = multi.filter { g in g.allSatisfy { $0.intendedIndex == g[0].intendedIndex } }
        let away = groups.map { Double(abs($0[0].intent ?? 0)) }
        if multi.count >= 5 && Double(held.count) >= 0.9 * Double(multi.count) && Percentile.of(away, 0.5) >= 2 {
            return (.reveal, "\(held.count) of \(multi.count) sessions of several strokes hold one label, a median "
                        + "\(NumberFormat.fixed(Percentile.of(away, 0.5), 0)) items from their first stroke's start: a goal "
                        + "held over strokes, as in a reveal task (--task overrides)")
        }
        return (.paging, "labelled, and the labels change within sessions")
    }

    /// The trial structure of a labelled recording whose sessions each hold one goal (at least 10
    /// sessions, at least 5 with several labelled strokes and ≥ 90% of those keeping one label),
    /// or `nil`: the
    /// sessions' first strokes' start offsets binned to a quarter pitch (``TrialParameters/startOffsets``),
    /// and, when every goal names the same item, that item as the fixed target.
    static func trialStructure(_ f: [TraceFeatures], layout: CarouselLayout) -> (TrialParameters, String)? {
        let groups = sessions(f)
        let labelled = groups.filter { g in g.contains { $0.intendedIndex != nil } }
        let multi = labelled.filter { g in g.filter { $0.intendedIndex != nil }.count >= 2 }
        let held = multi.filter { g in
            let labels = g.compactMap(\.intendedIndex)
            return labels.allSatisfy { $0 == labels[0] }
        }
        // sessions of several strokes must show it: traces without session ids are sessions of one
        guard labelled.count >= 10, multi.count >= 5, Double(held.count) >= 0.9 * Double(multi.count) else { return nil }
        var bins: [Double: Int] = [:]
        for g in labelled {
            let pitches = max(g[0].startOffset, 0) / layout.stride
            bins[(pitches * 4).rounded() / 4, default: 0] += 1
        }
        let keys = bins.keys.sorted()
        var trials = TrialParameters(startOffsets: keys, startOffsetWeights: keys.map { Double(bins[$0]!) })
        let targets = Set(labelled.compactMap { $0.first { $0.intendedIndex != nil }?.intendedIndex })
        if targets.count == 1 { trials.targetIndex = targets.first }
        let atZero = bins[0] ?? 0
        let note = "trials: \(labelled.count) sessions each hold one goal; \(atZero) of them open at offset 0 "
            + "(start offsets \(keys.map { NumberFormat.fixed($0, 2) }.joined(separator: ", ")) pitches)"
            + (trials.targetIndex.map { "; every goal is item \($0) (the trial's fixed target)" } ?? "")
        return (trials, note)
    }

    /// The range the opening stroke's release end `q_o` (``TrialParameters/openingReleaseEnd``) is
    /// kept in: released no later than 0.995 and no earlier than 0.4 of its planned duration.
    static let openingReleaseEndLimits: ClosedRange<Double> = 0.005...0.6

    /// The opening stroke's release end `q_o` of a study's reveal trials, fitted to the share of
    /// sessions of one stroke (``StatisticKind/oneStrokeTrialShare``): released earlier, the opening
    /// stroke lifts faster, the live carousel carries it further and more trials end with it.
    static let openingReleaseParameter = Fitted(
        name: "trial opening stroke release end q_o (ρ ~ U(1 − q_o − w, 1 − q_o))", key: "trials.openingReleaseEnd",
        statistic: .oneStrokeTrialShare, isProbability: false, get: { $0.trials?.openingReleaseEnd ?? .nan },
        set: { p, q in p.trials?.openingReleaseEnd = min(max(q, openingReleaseEndLimits.lowerBound), openingReleaseEndLimits.upperBound) },
        limits: openingReleaseEndLimits)

    /// The range the opening stroke's duration scale (``TrialParameters/openingDurationScale``) is kept in.
    static let openingDurationScaleLimits: ClosedRange<Double> = 0.25...6

    /// The opening stroke's duration scale of a study's reveal trials, fitted to the opening strokes'
    /// late finger speed p50 (``StatisticKind/openingLateSpeedP50``; longer, so slower: sign −1).
    static let openingDurationParameter = Fitted(
        name: "trial opening stroke duration scale s_o (× the drawn duration)", key: "trials.openingDurationScale",
        statistic: .openingLateSpeedP50, isProbability: false, get: { $0.trials?.openingDurationScale ?? .nan },
        set: { p, s in p.trials?.openingDurationScale = min(max(s, openingDurationScaleLimits.lowerBound), openingDurationScaleLimits.upperBound) },
        sign: -1, limits: openingDurationScaleLimits)

    /// The range the opening stroke's amplitude scale (``TrialParameters/openingAmplitudeScale``) is kept in.
    static let openingAmplitudeScaleLimits: ClosedRange<Double> = 0.25...4

    /// The opening stroke's amplitude scale of a study's reveal trials, fitted to the opening strokes'
    /// travel (``StatisticKind/openingTravelLocation``): aimed at the far target, the opening stroke
    /// travels farther than the corrections (A30 home: 1.33 pitches against the later strokes' 1.05–1.09),
    /// so it need not be flung as fast to reach as far.
    static let openingAmplitudeParameter = Fitted(
        name: "trial opening stroke amplitude scale a_o (× the drawn amplitude)", key: "trials.openingAmplitudeScale",
        statistic: .openingTravelLocation, isProbability: false, get: { $0.trials?.openingAmplitudeScale ?? 1 },
        set: { p, a in p.trials?.openingAmplitudeScale = min(max(a, openingAmplitudeScaleLimits.lowerBound), openingAmplitudeScaleLimits.upperBound) },
        limits: openingAmplitudeScaleLimits)

    /// `fitted` with a reveal trial's opening stroke fitted apart (``openingReleaseParameter``,
    /// ``openingDurationParameter``, ``openingAmplitudeParameter``) and the stroke duration median driven by the later strokes' late
    /// finger speed p50 (sign −1) instead of the motion time of all strokes: the opening strokes are
    /// fast and the later ones slow (A30 home: late speed p50 2.03 against 0.82 pt/ms), so a
    /// statistic over both (the late speed p50 of all strokes lies in the gap between the two) moves
    /// with their mixture, the trial structure, more than with any stroke parameter.
    static func withOpeningStroke(_ fitted: [Fitted]) -> [Fitted] {
        var out = fitted
        for i in out.indices where out[i].key == "stroke.durationMedian" {
            out[i].statistic = .laterLateSpeedP50
            out[i].sign = -1
        }
        return out + [openingReleaseParameter, openingDurationParameter, openingAmplitudeParameter]
    }

    /// Gives a reveal model of trials (``SwipeModelParameters/trials``) an opening release end equal to
    /// its strokes' release end and an opening duration scale of 1, the fit's start; returns the
    /// note, or `nil` (not reveal, or no trials).
    static func prepareOpeningRelease(_ p: inout SwipeModelParameters) -> String? {
        guard p.task == .reveal, p.trials != nil else { return nil }
        p.trials?.openingReleaseEnd = 1 - p.stroke.releaseRange.upperBound
        p.trials?.openingDurationScale = 1
        p.trials?.openingAmplitudeScale = 1
        return "opening stroke: a trial's first stroke lifts at ρ ~ U(1 − q_o − w, 1 − q_o) over s_o × the drawn duration with a_o × the drawn "
            + "amplitude, q_o fitted to the share of sessions of one stroke, s_o to the opening strokes' late finger speed p50 and a_o to their "
            + "travel geometric mean (from 1); so the duration median is fitted to "
            + "the later strokes' late finger speed p50 and q to the release speed p50 (not to the motion time and the late speed p50 of all strokes)"
    }
}
