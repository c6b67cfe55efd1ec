/// Chromium's release velocity for touch scrolling on the web: `ui::VelocityTracker` with its
/// default strategy, `LSQ2` (`STRATEGY_DEFAULT`; `GestureConfiguration` keeps that default),
/// as the gesture detector reads it at the up to start a fling.
///
/// What the tracker sees (`VelocityTracker::AddMovement(const MotionEvent&)`): the down clears
/// it and adds the down position; each move adds its (historical and current) positions, and a
/// move 40 ms or more after the previous event (`kAssumePointerMoveStoppedTimeMs`) clears the
/// history first; the up adds nothing, but an up 80 ms or more after the previous event
/// (`kAssumePointerUpStoppedTimeMs`) clears it (velocity 0). `GetEstimator` then walks back
/// from the newest sample while its age is at most `kHorizonMS` (100 ms), at most
/// `kHistorySize` (20), and fits degree `min(2, m − 1)`: two samples give their slope, one
/// gives 0. Fling thresholds (`min_fling_velocity`, `max_fling_velocity` of the gesture
/// configuration) differ per platform and are not applied.
///
/// Sources: `ui/events/velocity_tracker/velocity_tracker.cc` (`VelocityTracker::AddMovement`,
/// `LeastSquaresVelocityTrackerStrategy::GetEstimator`), `ui/events/velocity_tracker/velocity_tracker.h`
/// (`STRATEGY_DEFAULT = LSQ2`), `ui/events/gesture_detection/gesture_configuration.cc`.
public struct ChromiumVelocityEstimator: VelocityEstimator {
    public init() {}
    public var id: String { VelocityMethod.chromium.rawValue }

    /// `kAssumePointerUpStoppedTimeMs`, ms.
    public static let upStoppedAfter: Double = 80

    public func estimate(_ s: TraceSamples) -> VelocityEstimate {
        TrackerWindow(stopGapInclusive: true).withWindow(s) { a, dx, w in
            guard w.count > 0, w.liftOffTime - w.newestTime < Self.upStoppedAfter - VelocityWindow.timeEpsilon else {
                return .zero
            }
            guard w.count >= 2 else { return VelocityEstimate(velocity: 0, samplesUsed: 1) }
            let v = LeastSquaresSlope.slope(a: a, dx: dx, count: w.count)
            return VelocityEstimate(velocity: v.isFinite ? v : 0, samplesUsed: w.count)
        }
    }
}
