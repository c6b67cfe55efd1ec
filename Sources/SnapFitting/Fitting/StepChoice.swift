import SnapLabSupport

/// The outcome of one step: the value to take, its loss, and its plateau.
struct StepChoice {
    var value: Double
    var loss: Double
    /// The values around ``value`` that score as well: a run of consecutive best segments, and
    /// always containing ``value``.
    var plateau: Interval
}

extension StepProfile {
    /// The best value of the profile: stay at `current` when its loss (``loss(at:)``) is already
    /// among the best (within `1e-9 · max(1, total)`), otherwise the midpoint of the widest best
    /// segment.
    ///
    /// The plateau is the run of consecutive best segments around the choice. A value that
    /// stays may lie between two segments (inside a change whose exact place a bisection left
    /// uncertain, or where changes overlap); its run is then the best segments on either side
    /// whose region reaches it (the region of a run: from the end of the worse segment before it
    /// to the start of the worse segment after it), widened to the value; when no run's region
    /// holds it, the plateau is the value alone. It is never a distant run: a plateau must
    /// contain the value it describes.
    ///
    /// Segments are visited in passes without being stored (a profile over a million traces has
    /// as many segments).
    func choice(current: Double, total: Double) -> StepChoice {
        var best = Double.infinity
        var count = 0
        forEachSegment { _, _, loss in
            best = Swift.min(best, loss)
            count += 1
        }
        let here = loss(at: current)
        guard count > 0 else { return StepChoice(value: current, loss: here, plateau: Interval(lower: current, upper: current)) }
        let eps = 1e-9 * Swift.max(1, total)
        func isBest(_ loss: Double) -> Bool { loss <= best + eps }
        if isBest(here) {
            return StepChoice(value: current, loss: here, plateau: plateau(around: current, isBest: isBest))
        }
        var widest = (start: 0.0, end: 0.0, loss: Double.nan)
        forEachSegment { start, end, loss in
            if isBest(loss) && (widest.loss.isNaN || end - start > widest.end - widest.start) { widest = (start, end, loss) }
        }
        var v = (widest.start + widest.end) / 2
        if isInteger { v = v.rounded(.down) }
        return StepChoice(value: v, loss: widest.loss, plateau: plateau(around: v, isBest: isBest))
    }

    /// The run of consecutive best segments whose region (between the worse segments around it)
    /// holds `x`, widened to `x`; `(x, x)` when none does.
    private func plateau(around x: Double, isBest: (Double) -> Bool) -> Interval {
        var run: (start: Double, end: Double)?
        var regionStart = -Double.infinity      // end of the last worse segment
        var found: Interval?
        var done = false
        forEachSegment { start, end, loss in
            guard !done else { return }
            if isBest(loss) {
                run = (run?.start ?? start, end)
            } else {
                // A worse segment closes the run before it: its region ends where this one starts.
                if let r = run, regionStart <= x, x <= start {
                    found = Interval(lower: Swift.min(r.start, x), upper: Swift.max(r.end, x))
                    done = true
                    return
                }
                if start > x { done = true; return }
                run = nil
                regionStart = end
            }
        }
        if !done, let r = run, regionStart <= x { found = Interval(lower: Swift.min(r.start, x), upper: Swift.max(r.end, x)) }
        return found ?? Interval(lower: x, upper: x)
    }
}
