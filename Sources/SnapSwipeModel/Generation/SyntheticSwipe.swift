/// One generated swipe: its touch samples and the ground truth that produced them.
///
/// Offsets are content offsets in points, times in ms on the session's clock, velocities in
/// pt/ms (positive = offset increasing). Written by ``TraceCSVWriter``.
public struct SyntheticSwipe: Sendable, Hashable {
    /// How the finger moved (C.1, C.2).
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// Ballistic, released while still accelerating or cruising (`ρ < 1`, no hold).
        case flick
        /// Position-controlled to about half an item, ends at `ρ = 1`, sometimes with a hold.
        case drag
        /// An intent of `k = 0`: a short peek drag that means "stay here".
        case stay
    }

    /// How the release velocity was chosen (C.2).
    public enum Strategy: String, Sendable, Hashable, CaseIterable {
        /// The velocity does not depend on the intent: one item per flick (drags and stays too).
        case stepper
        /// The velocity is aimed so the user's habitual projection lands `|k|` items away.
        case projector
        /// One flick sized to a goal `|k| ≥ 2` items away: the one-item flick's amplitude times
        /// `|k|^β` (``SwipeModelParameters/flickDistanceExponent``); or, with
        /// ``SwipeModelParameters/farDragShare``, one drag sized alike (style `drag`).
        case sized
    }

    /// What happened to the last samples before lift (C.3).
    public enum LiftTail: String, Sendable, Hashable, CaseIterable {
        case none
        /// The last 1–2 samples move at 30–70% of the speed.
        case slowdown
        /// The last 1–2 samples move back by 1–3 points.
        case reverse
    }

    /// Sequential trace number (written as `trace_id` ``traceName``).
    public var traceID: Int

    /// The `trace_id` written for this swipe: `t` and the number (`t137`), never a number in
    /// pandas or R (issue 31); the hidden-truth file uses the same.
    public var traceName: String { "t\(traceID)" }

    /// The `session_id` written for this swipe: `s`, the chunk, `.`, the session (`s137.5`). The
    /// `s` keeps it from parsing as a number: `0.1` and `0.10` would load as one float in pandas
    /// or R (issue 31).
    public var sessionName: String { "s\(chunk).\(session)" }
    /// The user's index.
    public var user: Int
    /// The session within its chunk; written with the chunk as `session_id` `s137.5` (``sessionName``).
    public var session: Int
    /// The run's chunk number (``TraceGenerator/chunkSize`` traces of one user) that made this swipe.
    public var chunk: Int
    /// The slot at rest before the drag (an item index in a bounded layout).
    public var startSlot: Int
    /// The item at rest before the drag.
    public var startIndex: Int
    /// The snap offset of ``startSlot``: the content offset at touch-down.
    public var startOffset: Double
    /// The intent `k` of this swipe: intended slot − start slot.
    public var intent: Int
    /// The intent of the goal this swipe serves: equal to ``intent`` except in a page-stepper
    /// series, where a goal of `k` items becomes `|k|` swipes of ±1.
    public var goalIntent: Int
    /// Position of this swipe in its goal's series (0 for the first or only swipe).
    public var stepInGoal: Int
    /// The label: the item the person meant to bring to the snap position.
    public var intendedIndex: Int
    public var style: Style
    public var strategy: Strategy
    public var liftTail: LiftTail
    /// Whether the trace ends `cancelled` (counted and skipped by readers, never scored).
    public var isCancelled: Bool
    /// Sampling rate of the device, Hz.
    public var rate: Double
    /// True content velocity at lift-off (the planned motion at the last sample time, before
    /// lift-tail artefacts and sensor noise), pt/ms.
    public var releaseVelocity: Double
    /// Sample times, ms, strictly increasing; the first is touch-down, the last lift-off.
    public var times: [Double]
    /// Content offsets at ``times``, points; the first equals ``startOffset``.
    public var offsets: [Double]
    /// The task that made the swipe; ``SwipeTask/browse`` swipes are unlabelled (no
    /// `intended_index` is written; ``intendedIndex`` then repeats ``startIndex``).
    public var task: SwipeTask = .paging
    /// The item the live policy settled on (telemetry `settled_index`), or `nil` without a live policy.
    public var settledIndex: Int?
    /// The resting offset under the live policy, points (where the next swipe of the session starts).
    public var settledOffset: Double?
    /// Hidden truth: whether the live policy reached the intended item under the task's hit
    /// criterion (`exact` for paging, `revealed` for reveal); `nil` for browse or without a live policy.
    public var liveHit: Bool?
    /// Hidden truth: this swipe corrects the previous one of the same goal, which missed its label.
    public var isCorrection: Bool = false
    /// Hidden truth: the planned hold before lift-off, ms (0: lifted without one). A reveal or
    /// browse stroke drawn as placed, and a held drag or stay, has one; for evaluating estimators
    /// of the placed-stroke and hold probabilities against the draws a file was made from.
    public var hold: Double = 0
    /// Hidden truth: the stroke's own amplitude draw, before the user's gain and motor noise (reveal
    /// and browse: item pitches; paging stepper flicks: points; drags and stays: the fraction λ of
    /// a pitch; NaN for a projector flick, which aims instead).
    public var drawnAmplitude: Double = .nan
    /// Hidden truth: the stroke's own duration draw `T`, ms, before the division by the user's gain
    /// (reveal strokes, drags and stays; a flick's `T` is not divided).
    public var drawnDuration: Double = .nan
    /// Hidden truth of frame delivery (`nil` with scan delivery): what ``SwipeModel`` drew for it.
    public var deliveryDraws: DeliveryDraws?

    /// The delivery draws of one swipe (``InputDeliveryParameters``), kept to evaluate the
    /// estimators of `generate --like` against the draws a file was made from.
    public struct DeliveryDraws: Sendable, Hashable {
        /// Touch-down → first possible move, ms.
        public var dwell: Double = 0
        /// Whether a stall was drawn (it may fall after the last frame and leave no trace).
        public var stalled = false
        /// Whether the lift-off was drawn to repeat the last move.
        public var liftRepeats = false
        /// The drawn repeat delay, ms.
        public var repeatDelay: Double = 0
        /// The room drawn at touch-down between the finger and the screen's edge ahead, points
        /// (``ScreenParameters``); `nil` without a screen.
        public var touchDownRoom: Double?
        /// Whether the finger reached the screen's edge, so the trace ends there (the content
        /// stopped, the lift-off row repeats the edge).
        public var endedAtEdge = false

        public init(dwell: Double = 0, stalled: Bool = false, liftRepeats: Bool = false, repeatDelay: Double = 0) {
            self.dwell = dwell
            self.stalled = stalled
            self.liftRepeats = liftRepeats
            self.repeatDelay = repeatDelay
        }
    }

    public init(traceID: Int, user: Int, session: Int, chunk: Int, startSlot: Int, startIndex: Int,
                startOffset: Double, intent: Int, goalIntent: Int, stepInGoal: Int, intendedIndex: Int, style: Style, strategy: Strategy,
                liftTail: LiftTail, isCancelled: Bool, rate: Double, releaseVelocity: Double,
                times: [Double], offsets: [Double]) {
        self.traceID = traceID
        self.user = user
        self.session = session
        self.chunk = chunk
        self.startSlot = startSlot
        self.startIndex = startIndex
        self.startOffset = startOffset
        self.intent = intent
        self.goalIntent = goalIntent
        self.stepInGoal = stepInGoal
        self.intendedIndex = intendedIndex
        self.style = style
        self.strategy = strategy
        self.liftTail = liftTail
        self.isCancelled = isCancelled
        self.rate = rate
        self.releaseVelocity = releaseVelocity
        self.times = times
        self.offsets = offsets
    }

    /// Whether the trace ends at the screen's edge (``ScreenParameters``): the finger reached it and
    /// the device reported the edge until lift-off; `nil` when the model has no screen (nothing is
    /// known of the finger's place on the screen).
    public var endsAtScreenEdge: Bool? {
        deliveryDraws.flatMap { $0.touchDownRoom == nil ? nil : $0.endedAtEdge }
    }

    /// Whether the swipe carries a label (`intended_index`): every task but browse.
    public var isLabelled: Bool { task != .browse }

    /// Content offset at lift-off (the last sample), points.
    public var releaseOffset: Double { offsets.last ?? startOffset }
    /// Contact time, ms.
    public var duration: Double { (times.last ?? 0) - (times.first ?? 0) }
}
