import Foundation
import SnapStrategies
import SnapGSL

/// Trials (``TrialParameters``, issue 32): a session that opens the screen afresh, holds one goal
/// and ends with a tap on the target.
extension SessionSimulator {
    /// One trial of `user` beginning at `clock` ms: the carousel at rest at a drawn start offset
    /// (``TrialParameters/startOffsets``, pitches, clamped to the layout's range), one goal (the
    /// fixed ``TrialParameters/targetIndex`` or a drawn one), strokes until it is reached or
    /// ``StrokeParameters/maxStrokesPerGoal`` are spent (never more than `limit` swipes), then the
    /// final tap. Returns the swipes and the clock after the tap and the pause that follows it.
    public func trial(_ trials: TrialParameters, user: SyntheticUser, clock: Double, limit: Int,
                      numbering: Numbering, using rng: GSLRandom) -> (swipes: [SyntheticSwipe], clock: Double) {
        let layout = model.layout, p = model.parameters
        let drawn = trials.startOffsets[rng.index(weightedBy: trials.startOffsetWeights)] * layout.stride
        let opening = layout.clampedOffset(drawn)
        var state = State(slot: layout.nearestSlot(toOffset: opening), offset: opening, clock: clock, direction: 1)
        var out: [SyntheticSwipe] = []
        var scratch = Scratch()
        let target = trials.targetIndex.map { layout.slot(ofItem: $0, near: opening) }
        switch p.task {
        case .reveal:
            revealGoal(user: user, state: &state, limit: limit, numbering: numbering, out: &out, scratch: &scratch,
                       rng: rng, fixedTarget: target)
        case .paging:
            // a snapping carousel rests on a snap offset: the trial opens on the nearest resting slot
            state.slot = model.restingSlot(nearest: state.slot)
            state.offset = layout.snapOffset(ofSlot: state.slot)
            pagingGoal(user: user, state: &state, limit: limit, numbering: numbering, out: &out, scratch: &scratch,
                       rng: rng, fixedGoal: target.map { model.restingSlot(nearest: $0) - state.slot })
        case .browse:
            // no goal: one run of strokes in the forward direction with the task's keep-direction rule
            let length = 1 + SnapMath.flooredIndex(rng.exponential(mean: max(p.sessionLengthMean - 1, 0)))
            out = session(user: user, startSlot: state.slot, clock: clock, length: length, limit: limit,
                          numbering: numbering, using: rng)
            state.clock = (out.last?.times.last ?? clock) + p.interSwipePauseMinimum
        }
        // the final tap on the target: a dwell, a short contact, then the pause before the next trial
        let tap = rng.lognormal(logMean: log(trials.finalTapMedian), logStandardDeviation: 0.3)
        let next = state.clock + tap + p.interSwipePauseMinimum + rng.exponential(mean: p.interSwipePauseMean)
        return (out, next)
    }
}
