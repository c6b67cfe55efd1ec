import SnapStrategies
import SnapGSL
import SnapTraces

/// Simulates sessions of consecutive swipes that chain through a live carousel (issue 16).
///
/// Each swipe starts where the previous one came to rest. With a ``livePolicy`` that is where the
/// policy (fed the swipe's samples through ``liveVelocity``, LSQ2 by default as on Android) sent
/// the carousel, so a miss is followed by a correction; without one (paging only) the carousel is
/// assumed to land on the intended item, as before issue 16. Every swipe keeps its hidden truth
/// (``SyntheticSwipe/intendedIndex``, ``SyntheticSwipe/settledIndex``, ``SyntheticSwipe/liveHit``,
/// ``SyntheticSwipe/isCorrection``), for validating labels derived from behaviour.
///
/// Tasks (``SwipeTask``):
/// - **paging**: a goal `k` (``SwipeModel/drawIntent(startSlot:using:)``) sets the target item;
///   strokes go toward it (one projected flick, a page-stepper series of ±1 flicks, or a drag)
///   until the carousel rests on it or ``StrokeParameters/maxStrokesPerGoal`` strokes are spent.
///   Each stroke is labelled with the item it aims at (the next item in a stepper series).
/// - **reveal**: the target is `d` items (``StrokeParameters/goalDistances``) beyond the first
///   fully visible item, forward with ``StrokeParameters/forwardShare``, redrawn (up to 64 times)
///   until it is hidden and a resting slot (``SwipeModel/isRestingSlot(_:)``); strokes
///   (``SwipeModel/planStroke(direction:limit:user:using:)``) go toward it until it is wholly in the
///   viewport at rest (`hit = revealed`). Every stroke is labelled with the target.
/// - **browse**: unlabelled strokes; a run keeps its direction with
///   ``StrokeParameters/browseKeepDirection`` and turns at the ends.
///
/// Deterministic: all draws come from the `rng` handed in, in a fixed order.
public struct SessionSimulator: Sendable {
    public let model: SwipeModel
    /// The policy of the live carousel, or `nil` (paging only: the carousel lands on the label).
    public let livePolicy: (any SnapPolicy)?
    /// The velocity estimator the live carousel uses.
    public let liveVelocity: VelocityMethod
    let estimator: any VelocityEstimator

    /// A simulator for `model`. Reveal and browse need a live policy (where a stroke ends
    /// depends on it).
    /// - Throws: ``SwipeModelError`` when the task needs a live policy and none is given.
    public init(model: SwipeModel, livePolicy: (any SnapPolicy)?, liveVelocity: VelocityMethod = .lsq2) throws(SwipeModelError) {
        if livePolicy == nil && model.parameters.task != .paging {
            throw .invalidParameter(name: "live policy", value: "none",
                                    expected: "a catalogue policy for the \(model.parameters.task.rawValue) task")
        }
        self.model = model
        self.livePolicy = livePolicy
        self.liveVelocity = liveVelocity
        // a free-scrolling row flings with the finger's true velocity (FreeScrollCarousel)
        estimator = livePolicy is FreeScrollCarousel ? RecordedVelocityEstimator() : liveVelocity.estimator
    }

    /// Where a session's swipes are numbered: the first trace id, the user, session and chunk numbers.
    public struct Numbering: Sendable, Hashable {
        public var firstTraceID: Int
        public var session: Int
        public var chunk: Int
        public init(firstTraceID: Int, session: Int, chunk: Int) {
            self.firstTraceID = firstTraceID
            self.session = session
            self.chunk = chunk
        }
    }

    /// One session of `user` starting at rest on `startSlot` at `clock` ms: goals until at least
    /// `length` swipes are made (a goal in progress is finished), never more than `limit` swipes.
    public func session(user: SyntheticUser, startSlot: Int, clock: Double, length: Int, limit: Int,
                        numbering: Numbering, using rng: GSLRandom) -> [SyntheticSwipe] {
        var state = State(slot: startSlot, offset: model.layout.snapOffset(ofSlot: startSlot), clock: clock,
                          direction: model.parameters.task == .browse && !rng.bernoulli(model.parameters.stroke.forwardShare) ? -1 : 1)
        var out: [SyntheticSwipe] = []
        var scratch = Scratch()
        while out.count < length && out.count < limit {
            if model.layout.isLooping {
                // a new goal counts slots from the item shown (slots within a goal keep counting)
                let item = model.layout.itemIndex(ofSlot: state.slot)
                state.offset += Double(item - state.slot) * model.layout.stride
                state.slot = item
            }
            switch model.parameters.task {
            case .paging: pagingGoal(user: user, state: &state, limit: limit, numbering: numbering, out: &out, scratch: &scratch, rng: rng)
            case .reveal: revealGoal(user: user, state: &state, limit: limit, numbering: numbering, out: &out, scratch: &scratch, rng: rng)
            case .browse:
                let s = model.parameters.stroke
                if !out.isEmpty && !rng.bernoulli(s.browseKeepDirection) { state.direction = -state.direction }
                if !model.layout.isLooping {
                    if state.offset <= 0 { state.direction = 1 } else if state.offset >= model.layout.maxOffset { state.direction = -1 }
                }
                let plan = model.planStroke(direction: state.direction, limit: nil, user: user, using: rng)
                stroke(plan, label: state.slot, goal: 0, step: 0, user: user, state: &state, numbering: numbering,
                       out: &out, scratch: &scratch, rng: rng)
            }
        }
        return out
    }

    // MARK: - Goals

    struct State {
        var slot: Int
        var offset: Double
        var clock: Double
        var direction: Double
    }

    struct Scratch {
        var times: [Double] = []
        var offsets: [Double] = []
        var flags: [UInt8] = []
    }

    /// A paging goal: without a live policy exactly the pre-issue-16 sequence of draws.
    /// `fixedGoal`: the intent of a trial with a fixed target (``TrialParameters/targetIndex``), not drawn.
    func pagingGoal(user: SyntheticUser, state: inout State, limit: Int, numbering: Numbering,
                    out: inout [SyntheticSwipe], scratch: inout Scratch, rng: GSLRandom, fixedGoal: Int? = nil) {
        let goal = fixedGoal ?? model.drawIntent(startSlot: state.slot, using: rng)
        let projected = abs(goal) >= 2 && rng.bernoulli(user.projectorPreference)
        // with sized flicks (flickDistanceExponent) a goal that is not projected is one flick sized to it
        let sized = abs(goal) >= 2 && !projected && model.parameters.flickDistanceExponent != nil
        let series = abs(goal) >= 2 && !projected && !sized
        let target = state.slot + goal
        let maxStrokes = livePolicy == nil ? Int.max : model.parameters.stroke.maxStrokesPerGoal
        var step = 0
        while step < maxStrokes && out.count < limit {
            let k = target - state.slot
            if k == 0 && step > 0 { break }
            let stepIntent = series && k != 0 ? (k > 0 ? 1 : -1) : k
            let plan = model.plan(intent: stepIntent, projected: projected && abs(k) >= 2, forceFlick: (series || sized) && k != 0,
                                  user: user, using: rng)
            stroke(plan, label: state.slot + stepIntent, goal: goal, step: step, user: user, state: &state,
                   numbering: numbering, out: &out, scratch: &scratch, rng: rng)
            step += 1
        }
    }

    /// A reveal goal: strokes toward the target until it is wholly visible at rest. `fixedTarget`:
    /// a trial's fixed target slot (``TrialParameters/targetIndex``), not drawn.
    func revealGoal(user: SyntheticUser, state: inout State, limit: Int, numbering: Numbering,
                    out: inout [SyntheticSwipe], scratch: inout Scratch, rng: GSLRandom, fixedTarget: Int? = nil) {
        let layout = model.layout, s = model.parameters.stroke
        let first = firstVisibleSlot(atOffset: state.offset)
        var target = fixedTarget ?? first
        for _ in 0..<(fixedTarget == nil ? 64 : 0) {
            let d = s.goalDistances[rng.index(weightedBy: s.goalDistanceWeights)]
            let t = rng.bernoulli(s.forwardShare) ? first + d : first - d
            if model.isRestingSlot(t) && !isRevealed(slot: t, atOffset: state.offset) {
                target = t
                break
            }
        }
        if target == first && isRevealed(slot: target, atOffset: state.offset) {
            // no reachable hidden item (a carousel that shows everything): one browse-like stroke
            let plan = model.planStroke(direction: state.direction, limit: nil, user: user, using: rng)
            stroke(plan, label: target, goal: 0, step: 0, user: user, state: &state, numbering: numbering,
                   out: &out, scratch: &scratch, rng: rng)
            return
        }
        var step = 0
        while step < s.maxStrokesPerGoal && out.count < limit {
            let need = revealOffsetChange(slot: target, atOffset: state.offset)
            if need == 0 && step > 0 { break }
            let direction: Double = need >= 0 ? 1 : -1
            let limit = s.keepsSizeAtContentEnd == true && isContentEnd(state.offset + need, direction: direction) ? nil : abs(need) + 0.3 * layout.itemWidth
            let plan = model.planStroke(direction: direction, limit: limit, user: user,
                                        opening: model.parameters.trials != nil && out.isEmpty, using: rng)
            stroke(plan, label: target, goal: target - first, step: step, user: user, state: &state,
                   numbering: numbering, out: &out, scratch: &scratch, rng: rng)
            step += 1
        }
    }

    // MARK: - Visibility (hit = revealed)

    /// Content position of `slot`'s leading edge, points.
    func leadingEdge(ofSlot slot: Int) -> Double { model.layout.leadingInset + Double(slot) * model.layout.stride }

    /// Whether `slot` lies wholly inside the viewport at `offset` (0.5 pt tolerance).
    public func isRevealed(slot: Int, atOffset offset: Double) -> Bool {
        revealOffsetChange(slot: slot, atOffset: offset) == 0
    }

    /// The offset change that brings `slot` wholly into view from `offset` (0 when it is).
    func revealOffsetChange(slot: Int, atOffset offset: Double) -> Double {
        let layout = model.layout
        let x = leadingEdge(ofSlot: slot) - offset
        if x < -0.5 { return x }
        let overflow = x + layout.itemWidth - layout.viewportWidth
        return overflow > 0.5 ? overflow : 0
    }

    /// Whether `offset` is the content's end in `direction` (±1: the layout's largest offset
    /// forward, 0 backward; 0.5 pt tolerance; never on a looping row): a stroke toward it cannot
    /// overshoot.
    func isContentEnd(_ offset: Double, direction: Double) -> Bool {
        guard !model.layout.isLooping else { return false }
        return direction > 0 ? offset >= model.layout.maxOffset - 0.5 : offset <= 0.5
    }

    /// The first slot wholly inside the viewport at `offset` (the nearest one when none is).
    func firstVisibleSlot(atOffset offset: Double) -> Int {
        let layout = model.layout
        let s = Int(((offset - layout.leadingInset - 0.5) / layout.stride).rounded(.up))
        return layout.isLooping ? s : SnapMath.clamp(s, 0, layout.itemCount - 1)
    }

    // MARK: - One stroke

    /// Samples `plan` from the state, lets the live policy settle it, appends the swipe and
    /// moves the state to where the carousel rests.
    func stroke(_ plan: SwipeModel.Plan, label: Int, goal: Int, step: Int, user: SyntheticUser, state: inout State,
                numbering: Numbering, out: inout [SyntheticSwipe], scratch: inout Scratch, rng: GSLRandom) {
        let layout = model.layout, p = model.parameters
        let velocity: Double
        var tail = SyntheticSwipe.LiftTail.none
        var draws: SyntheticSwipe.DeliveryDraws?
        if p.delivery.isEnabled {
            var d = SyntheticSwipe.DeliveryDraws()
            velocity = model.sampleDelivered(plan, startOffset: state.offset, clock: state.clock, user: user,
                                             times: &scratch.times, offsets: &scratch.offsets, draws: &d, using: rng)
            draws = d
        } else {
            (velocity, tail) = model.sample(plan, startOffset: state.offset, clock: state.clock, user: user,
                                            times: &scratch.times, offsets: &scratch.offsets, using: rng)
        }
        let cancelled = rng.bernoulli(p.cancelledShare)
        let previous = out.last
        var swipe = SyntheticSwipe(
            traceID: numbering.firstTraceID + out.count, user: user.index, session: numbering.session, chunk: numbering.chunk,
            startSlot: state.slot, startIndex: layout.itemIndex(ofSlot: state.slot), startOffset: state.offset,
            intent: label - state.slot, goalIntent: goal, stepInGoal: step, intendedIndex: layout.itemIndex(ofSlot: label),
            style: plan.style, strategy: plan.strategy, liftTail: tail, isCancelled: cancelled, rate: user.rate,
            releaseVelocity: velocity, times: scratch.times, offsets: scratch.offsets)
        swipe.task = p.task
        swipe.hold = plan.hold
        swipe.drawnAmplitude = plan.drawnAmplitude
        swipe.drawnDuration = plan.drawnDuration
        swipe.deliveryDraws = draws
        if step > 0, let previous, let settled = previous.settledIndex {
            swipe.isCorrection = settled != previous.intendedIndex && p.task == .paging
                || (p.task == .reveal && (swipe.intent > 0) != (previous.intent > 0))
        }
        let nextSlot: Int, nextOffset: Double
        if let livePolicy {
            var live = release(of: swipe, scratch: &scratch)
            if p.delivery.liveReadsFinger == true {
                // the device's tracker had every input sample: the finger's velocity at lift-off, or at the screen's edge
                live.velocity = model.trackedFingerVelocity(plan, draws: swipe.deliveryDraws)
            }
            let decision = livePolicy.decide(live, in: layout)
            nextSlot = decision.targetSlot
            nextOffset = decision.targetOffset
            swipe.settledIndex = decision.targetIndex
            swipe.settledOffset = nextOffset
            switch p.task {
            case .paging: swipe.liveHit = decision.targetIndex == swipe.intendedIndex
            case .reveal: swipe.liveHit = isRevealed(slot: label, atOffset: nextOffset)
            case .browse: swipe.liveHit = nil
            }
        } else {
            nextSlot = label
            nextOffset = layout.snapOffset(ofSlot: label)
        }
        out.append(swipe)
        state.clock = (scratch.times.last ?? state.clock) + p.interSwipePauseMinimum + rng.exponential(mean: p.interSwipePauseMean)
        state.slot = nextSlot
        state.offset = nextOffset
    }

    /// The release the live carousel sees: the last row's offset and time, the estimator's velocity.
    func release(of swipe: SyntheticSwipe, scratch: inout Scratch) -> Release {
        let n = swipe.times.count
        scratch.flags.removeAll(keepingCapacity: true)
        for i in 0..<n { scratch.flags.append(i < n - 1 ? 1 : 0) }
        let estimate = swipe.times.withUnsafeBufferPointer { t in
            swipe.offsets.withUnsafeBufferPointer { x in
                scratch.flags.withUnsafeBufferPointer { m in
                    estimator.estimate(TraceSamples(time: t, offset: x, isMove: m, recordedVelocity: swipe.releaseVelocity))
                }
            }
        }
        return Release(offset: swipe.releaseOffset, velocity: estimate.velocity, startOffset: swipe.startOffset,
                       startTime: swipe.times.first ?? 0, time: swipe.times.last ?? 0, startIndex: swipe.startSlot)
    }
}
