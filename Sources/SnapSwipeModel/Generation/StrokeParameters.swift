/// The strokes and goals of the ``SwipeTask/reveal`` and ``SwipeTask/browse`` tasks (issue 16).
///
/// A stroke follows the same minimum-jerk path as a flick (`Docs/swipe-model.md` §3), or the
/// skewed bell of ``peakTime`` (``StrokeProfile``), with its
/// amplitude in item pitches so that a model carries over between layouts:
/// `A = a·P·g_u·exp(σ_u ε)`, `a ~ LogNormal(ln amplitudeMedian, amplitudeLogSD)`,
/// `T ~ LogNormal(ln durationMedian, durationLogSD)/g_u`, released at `ρ ~ U(releaseRange)`; with
/// probability ``holdProbability`` it is a placed stroke instead (`ρ = 1` and a hold
/// `h ~ Exp(holdMean)` before lift, so a tracker with a 40 ms stop gap reads 0).
/// Every default is an [assumption] anchored on the 2024 A30 study (`Data/README.md`: finger travel
/// p50 ≈ 1.3 pitches, contact p50 156 ms); `generate --like` fits them to a recording.
public struct StrokeParameters: Sendable, Hashable, Codable {
    /// Median stroke amplitude, item pitches: 1.2.
    public var amplitudeMedian: Double = 1.2
    /// Log standard deviation of the amplitude: 0.35.
    public var amplitudeLogSD: Double = 0.35
    /// Median planned duration `T`, ms: 130.
    public var durationMedian: Double = 130
    /// Log standard deviation of `T`: 0.35.
    public var durationLogSD: Double = 0.35
    /// Release point as a fraction of `T` for flicked strokes: U(0.55, 0.85) (as flicks, C.2).
    public var releaseRange: ClosedRange<Double> = 0.55...0.85
    /// Probability of a placed stroke (released at rest after a hold): 0.2.
    public var holdProbability: Double = 0.2
    /// Mean hold before lift of a placed stroke, ms: 80.
    public var holdMean: Double = 80
    /// Where the stroke's speed peaks, as a fraction of `T` (``StrokeProfile``: a skewed bell
    /// `φ'(τ) ∝ τ^(4p)(1 − τ)^(4(1 − p))`; 0.5 is minimum jerk), or `nil` (the key absent: every
    /// model before issue 32's release kinematics) for the minimum-jerk path as before. Set in a
    /// model file; `generate --like` does not fit it.
    public var peakTime: Double?
    /// The share of the amplitude on a path that starts at its fastest and slows to rest at `T`
    /// (``StrokeProfile``: `c·(1 − (1 − τ)³) + (1 − c)·φ(τ)`, so the finger lands moving),
    /// or `nil` (the key absent: every model before it) for the bell alone as before. Set in a model
    /// file; the calibration fits it (to the first move's share of the travel) when its starting
    /// model sets it with withheld moves (``InputDeliveryParameters/firstDeliveryMedian``).
    public var movingStartShare: Double?
    /// Whether a reveal stroke toward a target that is revealed at the content's end (the row's
    /// last position in the stroke's direction) keeps its drawn size, or `nil`/`false` (the key
    /// absent: every model before it) for the rule of every other stroke: when the drawn stroke
    /// would carry farther during contact than the distance still to go (+ 0.3 item widths), the
    /// person places a stroke of that distance instead (``SwipeModel/planStroke(direction:limit:user:opening:using:)``).
    /// At the content's end nothing can overshoot, the row's end stops it, and people swipe as
    /// before (A30 home, whose target is the last item: the trials' last strokes travel a
    /// geometric mean 1.09 pitches, as far as their middle strokes' 1.05, with a within-user log sd
    /// of 0.19; the placed rule made the model's last strokes 0.73 pitches with 0.51 and held the
    /// amplitude spread at its floor; `Docs/research/2026-11-29-home-fit-content-end.md`).
    /// `generate --like` sets it for a study's reveal trials.
    public var keepsSizeAtContentEnd: Bool?

    /// Reveal goals: distance from the first fully visible item to the target, items.
    public var goalDistances: [Int] = [2, 3, 4, 5, 6, 8, 10, 12]
    /// Weights of ``goalDistances`` [assumption]: most goals a few items away.
    public var goalDistanceWeights: [Double] = [0.2, 0.2, 0.15, 0.12, 0.1, 0.1, 0.08, 0.05]
    /// Share of goals (reveal) or runs (browse) going forward (toward later items): 0.6.
    public var forwardShare: Double = 0.6
    /// Browse: probability that a stroke keeps the previous stroke's direction: 0.9.
    public var browseKeepDirection: Double = 0.9
    /// Reveal and paging with a live policy: most strokes spent on one goal before the person
    /// gives up and picks the next goal: 12.
    public var maxStrokesPerGoal: Int = 12

    public init() {}
}
