/// How touch samples reach the app (issue 16 "input delivery"; spec C.4.2, B.2, B.3).
///
/// When ``isEnabled`` is false (the default, today's model) every hardware scan is a row
/// (``SwipeModelParameters/rates``). When it is true, rows are what an Android app sees:
/// - one `moved` event per display frame (``frameRates``), timestamped at the frame
///   (`InputConsumer` batches per vsync, B.2);
/// - the content does not move until the finger has crossed the touch slop (``touchSlop``,
///   `ViewConfiguration.TOUCH_SLOP` = 8 dp, B.1); the first `moved` row is the first frame after
///   the crossing and is already displaced by the finger travel beyond the slop (Compose
///   `awaitHorizontalTouchSlopOrCancellation` hands the over-slop to the scroll);
/// - the finger rests ``touchDownDwellMedian`` ms (LogNormal, log sd ``touchDownDwellLogSD``)
///   before it starts moving [assumption: fitted by `generate --like`; it and the slop make the
///   late first move of the table, 89 ms];
/// - with probability ``stallProbability`` per trace, frames stop for U(``stallRange``) ms once
///   (dropped frames, a gap > 40 ms; flutter #174904-style load) [assumption];
/// - the `ended` row: with probability ``liftRepeatProbability`` it repeats the last `moved`
///   position U(0.5, 1.5)·``liftRepeatDelayMedian`` ms later (Android and Chromium give UP the last
///   move's position, C.4.3); otherwise it carries the finger's position at lift-off [assumption].
///
/// Positions are quantised to device pixels (``SwipeModelParameters/pixelRatios``). Units: points, ms.
public struct InputDeliveryParameters: Sendable, Hashable, Codable {
    /// Whether frame delivery is modelled (false: every hardware scan is a row).
    public var isEnabled: Bool = false
    /// Display frame rates, Hz: 60/90/120 (B.3; Android phones ship 60, 90 and 120 Hz panels).
    public var frameRates: [Double] = [60, 90, 120]
    /// Weights of ``frameRates``: 0.4/0.3/0.3 [assumption].
    public var frameRateWeights: [Double] = [0.4, 0.3, 0.3]
    /// Touch slop, points: 8 (`ViewConfiguration.TOUCH_SLOP`, B.1).
    public var touchSlop: Double = 8
    /// Median rest of the finger between touch-down and the start of its motion, ms: 30 [assumption].
    public var touchDownDwellMedian: Double = 30
    /// Log standard deviation of the dwell: 0.5 [assumption].
    public var touchDownDwellLogSD: Double = 0.5
    /// Probability that the `ended` row repeats the last move's position: 0.5 [assumption;
    /// the A30 study saw 0.83].
    public var liftRepeatProbability: Double = 0.5
    /// Median delay of a repeated lift-off after the last move, ms: 6 [assumption].
    public var liftRepeatDelayMedian: Double = 6
    /// Probability of one stall (dropped frames) in a trace: 0.05 [assumption; the A30 study saw
    /// gaps > 40 ms in 16% of traces].
    public var stallProbability: Double = 0.05
    /// Length of a stall, ms: U(45, 90) [assumption].
    public var stallRange: ClosedRange<Double> = 45...90
    /// Moves withheld until this long after touch-down, ms (log-normal, log sd as the dwell's), or
    /// `nil` (the key absent: every model before issue 32): the first `moved` row then comes no
    /// earlier and already carries the finger's travel so far. A row whose items hold buttons sees
    /// moves only once their gesture detection lets the drag through: the A30 study's first logged
    /// move came a median 89 ms after touch-down carrying 56% of the stroke's travel (home screen,
    /// `realdata/gestureapp`), where a finger at rest until then would have carried the slop's few
    /// points. `generate --like` fits it (to the first-move delay, the dwell then unfitted) when its
    /// starting model (`--like FILE --model START.json`) sets it; it does not set it by itself: on
    /// the A30 home recording, with the dwell at 1 ms, ten rounds did not converge (the release
    /// earliness reached its bound) and the policy ranking's ρ fell from 0.97 to 0.84.
    public var firstDeliveryMedian: Double?
    /// Log standard deviation of the withheld time (``firstDeliveryMedian``), or `nil` (the key
    /// absent: every model before it) for the dwell's, ``touchDownDwellLogSD``, as before. The A30
    /// home recording's first moves come within 77–101 ms of touch-down in 80% of its strokes (log
    /// sd 0.095, 5% trimmed), a gesture detector's fixed wait plus a frame, not the dwell's 0.5;
    /// the calibration fits it to ``StatisticKind/firstMoveSpread`` when its starting model has
    /// strokes that move from touch-down (``StrokeParameters/movingStartShare``).
    public var firstDeliveryLogSD: Double?
    /// With scan delivery (``isEnabled`` false): the finger rests this long after touch-down before
    /// it moves, ms (log-normal, log sd ``touchDownDwellLogSD``), every scan of the rest logged as
    /// a row that carries only sensor noise; `nil` (the key absent: every model before it) starts
    /// the motion at touch-down, as before. A recording logged one row per touch scan shows it as
    /// a first row one scan after touch-down but a motion onset later (``TraceFeatures/onsetDelay``);
    /// `generate --like` fits it to the onset on such recordings (``DeliveryInference``).
    public var scanRestMedian: Double?
    /// Stalls fall between moves (`true`), or anywhere up to the lift-off (`nil`, the key absent:
    /// every model before it; a lift-off during a stall is then delivered when it ends). With it a
    /// stall ends at least one frame before the last frame of the motion, so frames resume after it
    /// and the lift-off is not delayed; a stroke whose moving frames are too short for a stall and a
    /// frame after it has none. The A30 home recording (`realdata/gestureapp`) has gaps > 40 ms
    /// between moves in 10.5% of its strokes but lift-offs > 40 ms after the last move in only 1.4%,
    /// where stalls up to the lift-off made 9–17% (issue 32); `generate --like` sets it when a
    /// recording's share of gaps between moves exceeds its share of late lift-offs.
    public var stallsBetweenMoves: Bool?
    /// The live carousel of a session (``SessionSimulator``) reads the finger's own velocity at
    /// lift-off, or at the edge crossing after a stroke that ran off the screen (`true`;
    /// `SwipeModel.trackedFingerVelocity`), or the logged rows through its estimator (`nil`, the key absent: every
    /// model before it, computed exactly as before). A device's tracker has every input sample, also
    /// those between frames and before a withheld first move (``firstDeliveryMedian``); the rows a
    /// recording logs do not: on the A30 home recording 27% of trials' opening strokes log a single
    /// move (82 ms after touch-down, contact 90 ms) and read 0 on the rows, yet the row flung, as
    /// 55% of its trials end with their opening stroke (issue 32). Used only with a live policy;
    /// `generate --like` sets it for a study's reveal trials on frame delivery
    /// (`Docs/research/2026-11-30-home-fit-stroke-speeds.md`).
    public var liveReadsFinger: Bool?
    /// How `generate --like` told the recording's delivery (``DeliveryInference``: one row per scan
    /// or per frame, its rates, jitter and the evidence); `nil` otherwise. Evidence only: what is
    /// generated follows ``isEnabled``, the rates and ``scanRestMedian``.
    public var inferred: DeliveryInference?

    public init() {}
}
