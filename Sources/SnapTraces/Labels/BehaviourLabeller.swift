/// Derives intended items from what people do next, for telemetry without labels
/// (`--labels behaviour`; `Docs/recording.md`, "Labels from behaviour").
///
/// Input: the strokes of each session in time order, with the item the live carousel settled on
/// (`settled_index`) and, where recorded, an item tapped afterwards (`tap_index`). The labeller
/// splits a session into **runs** of strokes after one goal. A run ends after a stroke that is
/// - followed by a tap (``TelemetryStroke/tapIndex``): the tapped item is the run's **goal** `g`;
/// - followed by a pause of at least ``Parameters/dwellMilliseconds`` before the session's next
///   stroke (a **dwell**): `g` is where the stroke left the carousel. A pause after a **retry**
///   does not end a run: a stroke that left the carousel where it was (it snapped back) followed by
///   another the same way is a failed attempt, however long the person paused before trying again.
///   The last stroke of a session has no following pause and gets no dwell unless
///   ``Parameters/sessionEndIsDwell``.
///
/// A dwell is **contradicted**, and its run gets no labels, when the next stroke after the pause is
/// a short one back (it moved at most ``Parameters/shortStrokeItems`` items the other way): that
/// reads as a pause before a correction, not as a goal reached.
///
/// Within a run with a goal, labels go where the evidence is clear:
/// - the run's **last stroke** (rule `tap` or `dwell`): always after a tap; after a dwell when it is
///   the run's only stroke or a short one (it started at most ``Parameters/shortStrokeItems`` items
///   from `g`);
/// - **corrected approaches** (rule `correction`): an earlier stroke of the run that started
///   next to `g` (within ``Parameters/shortStrokeItems``, not on it), went toward it, and was
///   followed within ``Parameters/correctionWindowMilliseconds`` by the next stroke. It fell short
///   or flew past (or the run went on from it), and the strokes after it brought the carousel to `g`:
///   from one item away the person meant `g`, whether the stroke was a single flick or the last
///   step of a page-by-page series.
///
/// Every other stroke stays unlabelled: a stroke that started further away and stopped short of `g`
/// or flew past it may have meant `g` (one projected flick) or the next item (one step of a
/// page-by-page series), and nothing in the telemetry tells which. The short-stroke conditions exist
/// for the same reason.
///
/// The labels are **censored by the live policy**: the run's goal is read off where that policy put
/// the carousel, so a goal it made hard to reach is seen less often (people give up, and the give-up
/// point reads as a goal), and strokes the policy sent to the right item are labelled more often
/// than strokes it sent elsewhere; the live policy's own hit rate on derived labels is inflated most.
/// Hit rates on derived labels rank policies; they are not the hit rates on intended items.
/// Positions are slots (indices in a bounded layout); in a looping layout pass slots, not item
/// indices.
public struct BehaviourLabeller: Sendable, Hashable {
    /// The labeller's thresholds.
    public struct Parameters: Sendable, Hashable {
        /// A pause at least this long after a stroke ends a run and marks its resting item as the
        /// goal, ms (default 3000: the swipe model's pauses between strokes, 250 ms + Exp(600 ms),
        /// exceed it 1% of the time, 2000 ms 5%; [assumption] for real people, tune it on your own data).
        public var dwellMilliseconds: Double = 3000
        /// An approach is labelled only when the next stroke starts within this long after it, ms
        /// (default 1500).
        public var correctionWindowMilliseconds: Double = 1500
        /// Whether the end of a session counts as a dwell after its last stroke (default false:
        /// a session may end mid-goal).
        public var sessionEndIsDwell = false
        /// Strokes that start at most this many items from the goal are "short" (default 1): the last
        /// stroke of a run of several, and earlier strokes, are labelled only when short, because a
        /// longer one may be one step of a page-by-page series that flew past its step.
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
            guard endsRun(strokes[i], next: next) else { continue }
            defer { runStart = i + 1 }
            let goal: Int, rule: Rule
            if let tapped = strokes[i].tapIndex {
                goal = tapped
                rule = .tap
            } else if next != nil || parameters.sessionEndIsDwell {
                goal = strokes[i].settledIndex
                rule = .dwell
            } else {
                continue
            }
            // A dwell followed at once by a short stroke back reads as a pause before a correction.
            if rule == .dwell, let n = next, n.direction != 0, n.direction == -strokes[i].direction,
               isShort(n, towards: n.settledIndex) {
                continue
            }
            if rule == .tap || i == runStart || isShort(strokes[i], towards: goal) {
                labels[i] = Label(index: goal, rule: rule)
            }
            for j in runStart..<i where isCorrectedApproach(strokes[j], next: strokes[j + 1], goal: goal) {
                labels[j] = Label(index: goal, rule: .correction)
            }
        }
        return labels
    }

    /// Whether a run ends after `stroke`: a tap follows it, the session ends, or the pause to `next`
    /// is a dwell and `stroke` is not a retry (no effect, and `next` goes the same way).
    func endsRun(_ stroke: TelemetryStroke, next: TelemetryStroke?) -> Bool {
        if stroke.tapIndex != nil { return true }
        guard let next else { return true }
        guard next.startTime - stroke.endTime >= parameters.dwellMilliseconds else { return false }
        let retry = stroke.direction != 0 && stroke.startIndex == stroke.settledIndex && next.direction == stroke.direction
        return !retry
    }

    /// Whether `stroke` started next to `goal` (not on it), went toward it, and `next` followed
    /// within the correction window.
    func isCorrectedApproach(_ stroke: TelemetryStroke, next: TelemetryStroke, goal: Int) -> Bool {
        guard let start = stroke.startIndex, start != goal, isShort(stroke, towards: goal) else { return false }
        return stroke.direction == (goal > start ? 1 : -1)
            && next.startTime - stroke.endTime <= parameters.correctionWindowMilliseconds
    }

    /// Whether `stroke` started at most ``Parameters/shortStrokeItems`` items from `item`.
    func isShort(_ stroke: TelemetryStroke, towards item: Int) -> Bool {
        guard let start = stroke.startIndex else { return false }
        return abs(item - start) <= parameters.shortStrokeItems
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
