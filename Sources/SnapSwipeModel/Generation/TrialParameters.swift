/// The session structure of a study (issue 32, item 1): trials that each open the screen afresh.
///
/// Without it (``SwipeModelParameters/trials`` `nil`, every model file written before issue 32)
/// a session starts on a random item and chains goal after goal, never resetting. With it, every
/// session is one **trial**, as in a study that opens its screen for each task:
/// - the trial opens at rest at a content offset drawn from ``startOffsets`` (in item pitches, so a
///   model carries over to another layout; clamped to the layout's range). The A30 study opened
///   every trial at offset 0 (60% of its strokes, 97% of its trials' first strokes, start there);
/// - it holds one goal: the ``targetIndex`` when set (`generate --target`), else a target
///   ``StrokeParameters/goalDistances`` items beyond the first fully visible item (reveal) or an
///   intent `k` (paging), as for any goal;
/// - strokes go toward the goal, each from where the previous one came to rest under the live
///   policy, until it is reached (reveal: the target wholly in view) or
///   ``StrokeParameters/maxStrokesPerGoal`` strokes are spent;
/// - the trial ends with a tap on the target: a contact of ``finalTapMedian`` ms (log-normal,
///   log sd 0.3) after a dwell, not written as a trace (a tap is no swipe), then the next trial
///   begins after ``SwipeModelParameters/interSwipePauseMinimum`` + Exp(mean
///   ``SwipeModelParameters/interSwipePauseMean``) ms.
///
/// `generate --like` infers the start offsets (the first strokes' start offsets of the recording's
/// sessions, binned to a quarter pitch) and the goal distances when the recording's sessions each
/// hold one label. Units: item pitches, ms.
public struct TrialParameters: Sendable, Hashable, Codable {
    /// Where a trial opens, content offset in item pitches (0: the row's start).
    public var startOffsets: [Double] = [0]
    /// Weights of ``startOffsets``.
    public var startOffsetWeights: [Double] = [1]
    /// A fixed target item for every trial (`generate --target`), or `nil` for drawn goals.
    public var targetIndex: Int?
    /// Median contact of the final tap on the target, ms: 100 [assumption; a tap is not in a
    /// swipe recording, so nothing there measures it].
    public var finalTapMedian: Double = 100
    /// The latest release of a trial's **opening stroke** (a reveal trial's first stroke), as a gap
    /// `q_o` before the end of its planned duration: it lifts at `ρ ~ U(1 − q_o − w, 1 − q_o)`, `w`
    /// the width of ``StrokeParameters/releaseRange``, where every later stroke keeps
    /// ``StrokeParameters/releaseRange``. `nil` (the key absent: every model file written before it):
    /// the opening stroke lifts like the others, drawn exactly as before. People open a trial with a
    /// stroke flung toward a far target and correct with slow ones (A30 home: the late finger speed
    /// p50 of trials' opening strokes 2.03 pt/ms, of the later ones 0.82; 55% of trials end with
    /// their opening stroke); one release range for both made the model's opening stroke lift at
    /// rest and correct 1.6 times as often (`Docs/research/2026-11-29-home-fit-trials.md`).
    /// `generate --like` fits it for a study's reveal trials (``StatisticKind/oneStrokeTrialShare``).
    public var openingReleaseEnd: Double?
    /// The planned duration of a trial's **opening stroke** as a multiple of its drawn duration
    /// (``StrokeParameters/durationMedian``): `T = s_o·T_drawn/g_u`. `nil` (the key absent: every
    /// model file written before it): 1, computed exactly as before. With ``openingReleaseEnd`` it
    /// lets the opening stroke lift early on its path (fast at lift-off, so the row carries it
    /// far) without moving faster over its last 50 ms than people's (A30 home: the opening
    /// strokes' late finger speed p50 2.03 pt/ms, the later ones' 0.82); `generate --like` fits it
    /// for a study's reveal trials (``StatisticKind/openingLateSpeedP50``).
    public var openingDurationScale: Double?
    /// The amplitude of a trial's **opening stroke** as a multiple of its drawn amplitude
    /// (``StrokeParameters/amplitudeMedian``): `A = a_o·a·P·g_u·exp(σ_u ε)`. `nil` (the key absent:
    /// every model file written before it): 1, computed exactly as before, with the same draws. People
    /// aim a trial's opening stroke at the far target and correct with smaller ones; with one amplitude
    /// law for both the model's opening stroke had to reach as far by a faster fling (A30 home, seed 1:
    /// opening strokes' travel 1.14 pitches against people's 1.33, their LSQ2 release speed p50 1.78
    /// against 0.95 pt/ms; `Docs/research/2026-11-30-home-fit-stroke-speeds.md`). `generate --like`
    /// fits it for a study's reveal trials (``StatisticKind/openingTravelLocation``).
    public var openingAmplitudeScale: Double?

    public init(startOffsets: [Double] = [0], startOffsetWeights: [Double] = [1], targetIndex: Int? = nil) {
        self.startOffsets = startOffsets
        self.startOffsetWeights = startOffsetWeights
        self.targetIndex = targetIndex
    }

    /// The opening stroke's release range for a stroke release range `r`: `U(1 − q_o − w, 1 − q_o)`
    /// with `w` = `r`'s width, its lower end at ≥ 0.05; `r` itself without ``openingReleaseEnd``.
    func openingReleaseRange(_ r: ClosedRange<Double>) -> ClosedRange<Double> {
        guard let q = openingReleaseEnd else { return r }
        let upper = 1 - q
        return max(upper - (r.upperBound - r.lowerBound), 0.05)...upper
    }

    /// The checks of a model's trial structure (``SwipeModel``'s validation).
    static func validate(_ t: TrialParameters) throws(SwipeModelError) {
        try SwipeModel.need(!t.startOffsets.isEmpty && t.startOffsets.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 100_000 }
                                && SwipeModel.weights(t.startOffsetWeights, count: t.startOffsets.count),
                            "trials.startOffsets", t.startOffsets,
                            "offsets in [0, 100000] pitches with as many non-negative weights, one positive")
        if let i = t.targetIndex {
            try SwipeModel.need((0...1_000_000).contains(i), "trials.targetIndex", i, "an item index ≥ 0")
        }
        if let q = t.openingReleaseEnd {
            try SwipeModel.need(q > 0 && q < 0.95, "trials.openingReleaseEnd", q,
                                "a gap before the opening stroke's end inside (0, 0.95) of its duration")
        }
        if let s = t.openingDurationScale {
            try SwipeModel.need(s > 0 && s <= 100, "trials.openingDurationScale", s, "a positive multiple of the stroke duration up to 100")
        }
        if let a = t.openingAmplitudeScale {
            try SwipeModel.need(a > 0 && a <= 100, "trials.openingAmplitudeScale", a, "a positive multiple of the stroke amplitude up to 100")
        }
        try SwipeModel.need(SwipeModel.positive(t.finalTapMedian) && t.finalTapMedian <= 10_000, "trials.finalTapMedian",
                            t.finalTapMedian, "a positive number of ms up to 10000")
    }
}
