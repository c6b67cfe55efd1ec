/// Derives intended items from what people do next, for telemetry without labels
/// (`--labels behaviour`; `Docs/recording.md`, "Labels from behaviour").
///
/// Input: the strokes of each session in time order, with the item the live carousel settled on
/// (`settled_index`) and, where recorded, an item tapped afterwards (`tap_index`). The labeller
/// splits a session into **runs**: consecutive strokes whose pauses (next touch-down − lift-off)
/// stay under ``Parameters/dwellMilliseconds`` and with no tap between them. A run that ends in
/// evidence of a goal has a **goal item** `g`:
/// - `tap`: the run's last stroke is followed by a tap on `g` (``TelemetryStroke/tapIndex``);
/// - `dwell`: the run's last stroke is followed by a pause of at least
///   ``Parameters/dwellMilliseconds`` before the session's next stroke; `g` is where it settled.
///   The last stroke of a session has no following pause and gets no dwell label unless
///   ``Parameters/sessionEndIsDwell``.
///
/// Then, where the evidence is clear, strokes get `g` as their label:
/// - the run's **last stroke** (rule `tap` or `dwell`): always after a tap; after a dwell when it
///   is the run's only stroke or a short one (it moved at most ``Parameters/shortStrokeItems``
///   items);
/// - **overshoot corrections** (rule `correction`): the stroke before the run's last, when it
///   settled past `g` (`g` lies strictly between where it started and where it settled, or it left
///   `g`) and the last stroke, starting within ``Parameters/correctionWindowMilliseconds``, went
///   the other way and ended the run on `g`; only when it started the run or started at most
///   ``Parameters/shortStrokeItems`` items from `g`.
///
/// A dwell is **contradicted**, and the run gets no labels, when the next stroke after the pause
/// is a short one the other way: that reads as a pause before a correction, not as a goal reached.
///
/// The short-stroke conditions exist because of page-by-page series: a person going 4 items in
/// four flicks means the next item with each flick, and a flick of such a series that lands 2
/// items on, on the goal, would otherwise be labelled with the goal.
///
/// Every other stroke stays unlabelled: a stroke that stopped short and was followed by another in
/// the same direction may have meant `g` (one projected flick that fell short) or the next item
/// (one step of a page-by-page series), and nothing in the telemetry tells which.
///
/// The labels are **censored by the live policy**: the run's goal is read off where that policy put
/// the carousel, so a goal it made hard to reach is seen less often (people give up, and the give-up
/// point reads as a goal), and strokes the policy sent to the right item are labelled more often
/// than strokes it sent elsewhere. Hit rates on derived labels rank policies; they are not the hit
/// rates on intended items. Positions are slots (indices in a bounded layout); in a looping layout
/// pass slots, not item indices, for the between test.
public struct BehaviourLabeller: Sendable, Hashable {
    /// The labeller's thresholds.
    public struct Parameters: Sendable, Hashable {
        /// A pause at least this long after a stroke ends a run and marks its resting item as the
        /// goal, ms (default 2000: the swipe model's pauses between strokes, 250 ms + Exp(600 ms),
        /// exceed it 5% of the time; [assumption] for real people, tune it on your own data).
        public var dwellMilliseconds: Double = 2000
        /// A stroke the other way starting within this long after an overshoot marks a correction, ms.
        public var correctionWindowMilliseconds: Double = 1500
        /// Whether the end of a session counts as a dwell after its last stroke (default false:
        /// a session may end mid-goal).
        public var sessionEndIsDwell = false
        /// Strokes that move at most this many items are "short" (default 1): the last stroke of a
        /// run of several, and an overshoot that did not start the run, are labelled only when short,
        /// because a longer one may be one step of a page-by-page series that flew past its step.
        public var shortStrokeItems = 1

        public init() {}
    }

    /// Which rule labelled a stroke.
    public enum Rule: String, Sendable, Hashable, CaseIterable {
        case tap, dwell, correction
    }

    /// A derived label.
    public struct Label: Sendable, Hashable {
        /// The item the stroke is taken to have meant.
        public var index: Int
        public var rule: Rule

        public init(index: Int, rule: Rule) {
            self.index = index
            self.rule = rule
        }
    }

    public var parameters: Parameters

    public init(parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// Labels for `strokes` (one session's strokes, in time order), one per stroke, `nil` where the
    /// evidence is not clear.
    public func label(session strokes: [TelemetryStroke]) -> [Label?] {
        var labels = [Label?](repeating: nil, count: strokes.count)
        var runStart = 0
        for i in strokes.indices {
            let next = i + 1 < strokes.count ? strokes[i + 1] : nil
            let pause = next.map { $0.startTime - strokes[i].endTime }
            let tapped = strokes[i].tapIndex
            let endsRun = tapped != nil || next == nil || (pause ?? 0) >= parameters.dwellMilliseconds
            guard endsRun else { continue }
            defer { runStart = i + 1 }
            let goal: Int, rule: Rule
            if let tapped {
                goal = tapped
                rule = .tap
            } else if next != nil || parameters.sessionEndIsDwell {
                goal = strokes[i].settledIndex
                rule = .dwell
            } else {
                continue
            }
            // A dwell followed at once by a short stroke back reads as a pause before a correction.
            let contradicted = rule == .dwell && next.map { n in
                n.direction != 0 && n.direction == -strokes[i].direction && isShort(n, towards: n.settledIndex)
            } == true
            if !contradicted && (rule == .tap || i == runStart || isShort(strokes[i], towards: strokes[i].settledIndex)) {
                labels[i] = Label(index: goal, rule: rule)
            }
            // The stroke before the run's last: corrected by it when it overshot g and the last went back.
            let j = i - 1
            if !contradicted, j >= runStart, isOvershoot(strokes[j], goal: goal), j == runStart || isShort(strokes[j], towards: goal) {
                let reverses = strokes[i].direction != 0 && strokes[i].direction == -strokes[j].direction
                if reverses && strokes[i].startTime - strokes[j].endTime <= parameters.correctionWindowMilliseconds {
                    labels[j] = Label(index: goal, rule: .correction)
                }
            }
        }
        return labels
    }

    /// Whether `stroke` started at most ``Parameters/shortStrokeItems`` items from `item`.
    func isShort(_ stroke: TelemetryStroke, towards item: Int) -> Bool {
        guard let start = stroke.startIndex else { return false }
        return abs(item - start) <= parameters.shortStrokeItems
    }

    /// Whether `stroke` carried the carousel past `goal`: strictly between its start and its rest.
    func isOvershoot(_ stroke: TelemetryStroke, goal: Int) -> Bool {
        guard let start = stroke.startIndex, stroke.direction != 0 else { return false }
        let lo = Swift.min(start, stroke.settledIndex), hi = Swift.max(start, stroke.settledIndex)
        let inside = goal > lo && goal < hi
        // Also an overshoot when it left from the goal itself and moved on (start = goal ≠ settled).
        return inside || (goal == start && goal != stroke.settledIndex)
    }

    /// How many strokes each rule labelled, and how many stayed unlabelled.
    public static func counts(_ labels: [Label?]) -> (byRule: [Rule: Int], unlabelled: Int) {
        var byRule: [Rule: Int] = [:]
        var unlabelled = 0
        for label in labels {
            if let label { byRule[label.rule, default: 0] += 1 } else { unlabelled += 1 }
        }
        return (byRule, unlabelled)
    }
}

/// One stroke of a telemetry session, as the behaviour labeller reads it.
public struct TelemetryStroke: Sendable, Hashable {
    /// Touch-down time, ms.
    public var startTime: Double
    /// Lift-off time, ms.
    public var endTime: Double
    /// The slot at rest before the stroke (`start_index`, or the nearest to the start offset).
    public var startIndex: Int?
    /// The slot the live carousel came to rest on (`settled_index`).
    public var settledIndex: Int
    /// An item tapped after the stroke, before the next one (`tap_index`).
    public var tapIndex: Int?
    /// The sign of the content travel: +1 toward later items, −1 toward earlier ones, 0 none.
    public var direction: Int

    public init(startTime: Double, endTime: Double, startIndex: Int?, settledIndex: Int, tapIndex: Int? = nil, direction: Int) {
        self.startTime = startTime
        self.endTime = endTime
        self.startIndex = startIndex
        self.settledIndex = settledIndex
        self.tapIndex = tapIndex
        self.direction = direction
    }
}
