/// Every constant of the synthetic swipe model (``SwipeModel``), with its default and source.
///
/// Section numbers refer to `spec/human-swipes-and-user-needs.md` Part C; **[assumption]** marks
/// a value chosen without a direct source (as the spec does). Units: points (= dp at density 1),
/// milliseconds, points per millisecond. `Docs/swipe-model.md` describes the model as a whole.
public struct SwipeModelParameters: Sendable, Hashable, Codable {
    // MARK: - Task, delivery, strokes (issue 16)

    /// What the people are doing: paging (default, today's model), reveal or browse.
    public var task: SwipeTask = .paging
    /// How samples reach the app (frame delivery, touch slop, lift-off repeat, stalls); off by default.
    public var delivery = InputDeliveryParameters()
    /// Strokes and goals of the reveal and browse tasks.
    public var stroke = StrokeParameters()
    /// The study's session structure (issue 32): each session one trial that opens at a known
    /// offset and holds one goal (``TrialParameters``); `nil` (key absent: every model file
    /// written before issue 32) chains goal after goal from a random item, as before.
    public var trials: TrialParameters?
    /// The screen the finger moves on (issue 32): touch-down placement and the edge that stops what
    /// the device reports (``ScreenParameters``; frame delivery only); `nil` (key absent: every model
    /// file written before it) has no edge, drawn exactly as before.
    public var screen: ScreenParameters?

    /// The recording's own people (issue 32; ``RecordedUser``): written by `generate --like`, each
    /// recorded user's estimated log gain and share of the traces. A run with as many users as the
    /// block generates these people (``TraceGenerator``); with another user count, or `nil` (key
    /// absent: every model file written before it), users are drawn from the population as before.
    public var recordedUsers: [RecordedUser]?

    // MARK: - Users (C.1)

    /// Log standard deviation of the per-user speed gain `g_u ~ LogNormal(0, σ)`: 0.25 (C.1, [assumption]).
    public var gainLogSD: Double = 0.25
    /// Range of the per-user motor-noise scale `σ_u ~ U(lo, hi)`: 0.2…0.4 (C.1, [assumption]).
    public var motorNoiseRange: ClosedRange<Double> = 0.2...0.4
    /// Beta(a, b) of the per-user probability `π_u` of aiming a multi-item goal with one projected
    /// flick (else a series of one-item flicks): a = 3, b = 2, mean 0.6 (C.1 "strategy preference",
    /// [assumption]).
    public var projectorPreferenceA: Double = 3
    /// The `b` of the projector-preference Beta.
    public var projectorPreferenceB: Double = 2
    /// Share of users whose projection habit is iOS (`Proj(v) = 0.499 s · v`), the rest Android's
    /// spline: 0.5 (C.2 projector strategy, [assumption]).
    public var iOSHabitShare: Double = 0.5
    /// Touch sampling rates, Hz, and their weights in the device mix: 60/120/240 Hz weighted
    /// 0.3/0.5/0.2 (C.1 `f_s`, B.3; weights [assumption]). ``fixedRate`` overrides the mix.
    public var rates: [Double] = [60, 120, 240]
    /// Weights of ``rates``.
    public var rateWeights: [Double] = [0.3, 0.5, 0.2]
    /// One rate for every user (`--rate`), or `nil` for the device mix.
    public var fixedRate: Double?
    /// Device pixel ratios and weights; finger positions are quantised to `1/dpr` points (C.4.1):
    /// 2× and 3× weighted 0.4/0.6 ([assumption]).
    public var pixelRatios: [Double] = [2, 3]
    /// Weights of ``pixelRatios``.
    public var pixelRatioWeights: [Double] = [0.4, 0.6]
    /// Log standard deviation of a user's activity (share of the traces): 0.7, so users contribute
    /// unequal numbers of traces (as `bench/gen_traces.py`; [assumption]).
    public var activityLogSD: Double = 0.7

    // MARK: - Intents (C.1)

    /// Intents `k` (items from the start item to the intended one) of one goal.
    public var intents: [Int] = [-4, -3, -2, -1, 0, 1, 2, 3, 4]
    /// Weights of ``intents``: 0.01/0.02/0.06/0.20/0.08/0.42/0.12/0.06/0.03. Forward goals are
    /// twice as common as backward ones; 62% of goals are one item away ([assumption]).
    public var intentWeights: [Double] = [0.01, 0.02, 0.06, 0.20, 0.08, 0.42, 0.12, 0.06, 0.03]
    /// Tries at redrawing `k` when `start + k` falls outside a bounded carousel; after that `k = 0`.
    public var intentRedraws: Int = 64

    // MARK: - Style (C.1, C.2)

    /// Share of flicks among one-item goals (the rest are drags): 0.65 (C.1, [assumption]).
    public var flickShare: Double = 0.65

    /// Flick planned amplitude `A ~ LogNormal(ln 130, 0.35)` points (C.2, [assumption, anchored]).
    public var flickAmplitudeMedian: Double = 130
    /// Log standard deviation of the flick amplitude.
    public var flickAmplitudeLogSD: Double = 0.35
    /// Flick planned duration `T ~ LogNormal(ln 120, 0.3)` ms (C.2).
    public var flickDurationMedian: Double = 120
    /// Log standard deviation of the flick duration.
    public var flickDurationLogSD: Double = 0.3
    /// Release point of a flick as a fraction of the planned duration, `ρ ~ U(0.55, 0.85)` (C.2).
    public var flickReleaseRange: ClosedRange<Double> = 0.55...0.85
    /// Paging goals two or more items away that the user does not project: `nil` (the key absent:
    /// every model file written before issue 32's sized flicks) makes them a page-stepper series of
    /// `|k|` one-item flicks, as before; a value `β` makes them **one flick sized to the goal**,
    /// its amplitude the one-item flick's draw times `|k|^β` (so its finger travel and release
    /// speed grow with the goal's distance; `β = 1`: in proportion, `β = 0`: not at all). Corrections
    /// after a miss (with a live policy) are sized to what is left. The power law of aimed
    /// movements' amplitude on the target's distance is our [assumption]; `generate --like` sets
    /// and fits `β` on a labelled paging recording (to ``StatisticKind/travelFarNearRatio``; with
    /// ``flickReach``, to ``StatisticKind/travelFar2NearRatio``).
    public var flickDistanceExponent: Double?
    /// How far a sized flick or far drag (``flickDistanceExponent``) reaches, in items: `nil` (the
    /// key absent: every model file written before it) sized for the goal's distance `|k|`, as
    /// before; `R` sized for `min(|k|, R)` items, so a goal past the reach is thrown as far as one
    /// contact carries the content (and another stroke follows). A finger sweeps at most about the
    /// viewport's width across the carousel and an item beyond the viewport's edge is not seen, so a
    /// person's reach saturates. [assumption]; `generate --like` starts it at the viewport's width in
    /// pitches and fits it to how much further the strokes aimed 3+ items away travel than those aimed
    /// 2 away (``StatisticKind/travelFarReachRatio``, ``ModelCalibration/reachFlicks(like:into:)``).
    public var flickReach: Double?

    /// Drag amplitude as a fraction of the item pitch (of ``dragTravelSpan`` pitches when set),
    /// `λ ~ Beta` with mean 0.55 and sd 0.15 (C.2).
    public var dragFractionMean: Double = 0.55
    /// Standard deviation of the drag fraction.
    public var dragFractionSD: Double = 0.15
    /// Drag duration `T ~ LogNormal(ln 350, 0.35)` ms; drags end at `ρ = 1` (C.2).
    public var dragDurationMedian: Double = 350
    /// Log standard deviation of the drag duration.
    public var dragDurationLogSD: Double = 0.35
    /// How many item pitches the drag fraction ``dragFractionMean`` is a fraction of: `nil` (the key
    /// absent: every model file written before issue 32's far drags) one pitch, so a drag stops short
    /// of the next item, as before; a value `s` makes a drag `λ·s·P` (a finger may drag the next item
    /// past its place). [assumption]; `generate --like` sets it to 2 with the one-item strokes' fit
    /// (``ModelCalibration/extendDrags(like:into:)``).
    public var dragTravelSpan: Double?
    /// Paging goals two or more items away with sized flicks (``flickDistanceExponent``): `nil` (the
    /// key absent) flicks every one, as before; a value is the probability that such a goal is one
    /// **drag** instead (a drag draw of ``dragFractionMean``, ``dragDurationMedian``, hold and
    /// gliding lift-off, its amplitude times `|k|^β` as a sized flick's), so far strokes need not all
    /// be fast. [assumption]; `generate --like` fits it to ``StatisticKind/farSlowShare``.
    public var farDragShare: Double?
    /// Drags and stays that are not held: `nil` (the key absent: every model file written before
    /// issue 32's gliding lift-offs) places them (`ρ = 1`: the finger comes to rest at the end of
    /// its path and lifts there), as before; a value `q` lifts them while the finger still glides,
    /// at `ρ ~ U(1 − q, 1)` of the planned duration (a held one is still placed, then held).
    /// [assumption]; `generate --like` sets and fits it on a paging recording logged one row per
    /// scan whose strokes seldom rest before lift-off (``ModelCalibration/glideLiftOffs(like:into:)``).
    public var dragReleaseEarliness: Double?
    /// Probability of a hold before lift on a drag: 0.3 (C.2, [assumption]).
    public var dragHoldProbability: Double = 0.3
    /// Mean of the hold `h ~ Exp(120 ms)` (C.2, [assumption]).
    public var holdMean: Double = 120

    /// `k = 0` goals ("stay"): a short peek drag of `λ ~ Beta` with mean 0.2 and sd 0.1 of the
    /// pitch in a random direction ([assumption]; the spec lists `k = 0` without a motion).
    public var stayFractionMean: Double = 0.2
    /// Standard deviation of the stay fraction.
    public var stayFractionSD: Double = 0.1
    /// Stay duration median, ms (log sd as drags) ([assumption]).
    public var stayDurationMedian: Double = 300
    /// Probability of a hold before lift on a stay: 0.5 ([assumption]).
    public var stayHoldProbability: Double = 0.5

    // MARK: - Projection habits (C.2, B.1)

    /// UIKit normal deceleration rate per ms: 0.998, so `Proj(v) = v · r/(1 − r) = 499 ms · v`
    /// (B.1, WWDC18 "Designing Fluid Interfaces").
    public var iOSDecelerationRate: Double = 0.998
    /// Android `ViewConfiguration.SCROLL_FRICTION` = 0.015 (B.1).
    public var androidFriction: Double = 0.015
    /// Android screen density in dpi for the spline's physical coefficient: 160 (1 dp = 1 px) (B.1).
    public var androidPPI: Double = 160

    // MARK: - Lift-off artefacts and sensing (C.3, C.4)

    /// Probability of a lift tail: 0.3 (C.3; effect from openpilot PR #37659, compose-mp PR #2851).
    public var liftTailProbability: Double = 0.3
    /// Speed kept by the last 1–2 samples of a decelerating tail: U(0.3, 0.7) (C.3, [assumption]).
    public var liftTailSpeedRange: ClosedRange<Double> = 0.3...0.7
    /// Reversal of the last 1–2 samples of a reversing tail: U(1, 3) points (C.3, [assumption]).
    public var liftTailReverseRange: ClosedRange<Double> = 1...3
    /// Sampling-time jitter `N(0, 0.5 ms)` (C.4.1), clipped to ± ``timeJitterClip``.
    public var timeJitterSD: Double = 0.5
    /// Clip of the time jitter, ms: 2, which keeps times increasing up to 240 Hz ([assumption]).
    public var timeJitterClip: Double = 2
    /// Position noise `N(0, 0.6 pt)` (≈ 0.1 mm; C.4.1, [assumption]).
    public var positionNoiseSD: Double = 0.6
    /// UIKit-style rubber band outside a bounded carousel's range: `(1 − 1/(c·o/W + 1))·W` with
    /// `c = 0.55`, `W` the viewport width (as `bench/gen_traces.py`; [secondary]).
    public var rubberBandConstant: Double = 0.55

    // MARK: - Sessions and cancellations

    /// Mean swipes per session (geometric): 8 ([assumption]).
    public var sessionLengthMean: Double = 8
    /// Pause between swipes of a session: 250 ms + Exp(mean 600 ms) ([assumption]).
    public var interSwipePauseMinimum: Double = 250
    /// Mean of the exponential part of the pause, ms.
    public var interSwipePauseMean: Double = 600
    /// Share of traces whose last sample is `cancelled` (a system gesture took the touch): 0.01 ([assumption]).
    public var cancelledShare: Double = 0.01

    /// The defaults above.
    public init() {}

    /// The ``fixedRate`` given, or `nil` (for the CLI's `--rate`).
    public init(fixedRate: Double?) {
        self.fixedRate = fixedRate
    }
}
