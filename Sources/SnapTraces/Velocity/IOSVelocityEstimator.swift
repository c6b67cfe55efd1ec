/// An approximation of UIKit's release velocity: a weighted average of the last three
/// two-point velocities.
///
/// With the last four move samples `p0 … p3` (oldest to newest) and `v(k)` the slope between
/// consecutive samples, `v = 0.6·v(p0→p1) + 0.35·v(p1→p2) + 0.05·v(p2→p3)` pt/ms (the oldest
/// segment weighs most). A missing segment (fewer than four samples) or one with zero duration
/// contributes 0, and the weights are not renormalised. A lift-off more than 40 ms after the
/// newest move sample gives 0 (the tracker's stopwatch).
///
/// Source: Flutter `packages/flutter/lib/src/gestures/velocity_tracker.dart`,
/// `IOSScrollViewFlingVelocityTracker.getVelocityEstimate` and `_previousVelocityAt`
/// (flutter/flutter PR #60501); `_assumePointerMoveStoppedMilliseconds` = 40.
public struct IOSVelocityEstimator: VelocityEstimator {
    public init() {}
    public var id: String { VelocityMethod.ios.rawValue }

    /// Weights of the segments, oldest first.
    public static let weights: (Double, Double, Double) = (0.6, 0.35, 0.05)

    public func estimate(_ s: TraceSamples) -> VelocityEstimate {
        guard let nm = s.newestMove, let lift = s.liftOffTime else { return .zero }
        guard lift - s.time[nm] <= VelocityWindow.assumePointerStopped + VelocityWindow.timeEpsilon else {
            return .zero
        }
        // The last four move samples, newest first.
        var rows: (Int, Int, Int, Int) = (nm, -1, -1, -1)
        var found = 1
        var j = nm - 1
        while j >= 0 && found < 4 {
            if s.isMove[j] != 0 {
                switch found {
                case 1: rows.1 = j
                case 2: rows.2 = j
                default: rows.3 = j
                }
                found += 1
            }
            j -= 1
        }
        func slope(_ older: Int, _ newer: Int) -> Double {
            guard older >= 0, newer >= 0 else { return 0 }
            let dt = s.time[newer] - s.time[older]
            return dt > 0 ? (s.offset[newer] - s.offset[older]) / dt : 0
        }
        let w = Self.weights
        let v = w.0 * slope(rows.3, rows.2) + w.1 * slope(rows.2, rows.1) + w.2 * slope(rows.1, rows.0)
        return VelocityEstimate(velocity: v.isFinite ? v : 0, samplesUsed: found)
    }
}
