/// Jetpack Compose's release velocity, as the scroll path (`Modifier.scrollable`, `LazyRow`,
/// `HorizontalPager`) hands it to the fling: `VelocityTracker1D` with the `Lsq2` strategy.
///
/// What the tracker sees (`addPointerInputChange`, `DragGestureNode` in `Draggable.kt`: the
/// touch-down from `onDragStart`, each move from `onDrag`, the up from `onDragEnd`):
/// - current path (`VelocityTrackerAddPointsFix` = true): the down and the moves are added
///   (`addPointerInputChangeWithFix`); the up is *not* added, but an up more than 40 ms after
///   the previous event resets the tracker (b/238654963), so the velocity is 0;
/// - legacy path (``legacy``, `VelocityTrackerAddPointsFix` = false): every event is added
///   (`addPointerInputChangeLegacy`): the down at its uptime and position, each move's
///   historical changes and then its own position, and the up at its uptime and position (the
///   accumulator plus `position − previousPosition`; Android's up repeats the last sample's
///   position), with no up rule. The flag was declared `by mutableStateOf(false)` ("will be
///   removed by 1.6 beta01"; androidx `VelocityTracker.kt` at 0634aa15), later `= true`
///   (tracking bug b/318621681): apps built in between ran this path. `DragGestureNode`
///   passes the up to the tracker in `onDragEnd` (`addPointerInputChange(upEvent)`).
///   On a log with every input sample, an up that repeats the last position ~8 ms later pulls
///   the fit toward 0; on a log with one row per frame (the historical samples missing) it can
///   bend the 3–4 sample quadratic backward (``input`` rebuilds them: `compose-frames`).
///
/// Then `DefaultVelocityDataPointsBuilder.buildDataPoints` walks back from the newest sample
/// (``TrackerWindow``: whole milliseconds, age > 100 ms or a gap > 40 ms ends it, at most 20);
/// `calculateVelocity` needs `minSampleSize` = 3 samples for `Lsq2` (fewer give 0) and returns
/// `polyFitLeastSquares(…, degree 2)[1]`. The `Impulse` strategy is behind the experimental
/// `VelocityTrackerStrategyUseImpulse` flag (default false), so it is not modelled here.
/// What the fling receives: `calculateVelocity(Velocity(maximumFlingVelocity, …))`, clamped
/// to ±``maximumFlingVelocity`` (Android `ViewConfiguration.MAXIMUM_FLING_VELOCITY` = 8000
/// dp/s = 8 pt/ms), NaN → 0 (`toValidVelocity`).
///
/// Sources: `compose/ui/ui/src/commonMain/kotlin/androidx/compose/ui/input/pointer/util/VelocityTracker.kt`
/// (`VelocityTracker1D.calculateVelocity`, `DefaultVelocityDataPointsBuilder`,
/// `addPointerInputChangeWithFix`, `addPointerInputChangeLegacy`) and
/// `compose/foundation/foundation/src/commonMain/kotlin/androidx/compose/foundation/gestures/Draggable.kt`
/// (`DragGestureNode.initializePointerInputNode`: `onDragEnd`).
public struct ComposeVelocityEstimator: VelocityEstimator {
    /// Whether the up event is tracked (the legacy path) instead of the 40 ms up rule.
    public var legacy: Bool
    /// The input samples rebuilt between logged frames before tracking (`nil`: the rows as
    /// logged). `compose-frames` is the legacy path with ``FrameInputReconstruction``'s default.
    public var input: FrameInputReconstruction?

    public init(legacy: Bool = false, input: FrameInputReconstruction? = nil) {
        self.legacy = legacy
        self.input = input
    }

    public var id: String {
        if input != nil { return VelocityMethod.composeFrames.rawValue }
        return (legacy ? VelocityMethod.composeLegacy : VelocityMethod.compose).rawValue
    }

    /// Samples `Lsq2` needs, `VelocityTracker1D.minSampleSize`.
    public static let minimumSamples = 3
    /// The up-after-last-event rule of the current path, ms.
    public static let upStoppedAfter: Double = 40
    /// The fling's clamp, pt/ms (8000 dp/s, Android's ``VelocityWindow/maximumFlingVelocity``).
    public static let maximumFlingVelocity = VelocityWindow.maximumFlingVelocity

    public func estimate(_ s: TraceSamples) -> VelocityEstimate {
        if let input {
            let rows = input.rows(s)
            return ComposeVelocityEstimator(legacy: legacy).estimate(time: rows.time, offset: rows.offset, isMove: rows.isMove)
        }
        let window = TrackerWindow(wholeMilliseconds: true, tracksLiftOff: legacy)
        return window.withWindow(s) { a, dx, w in
            if !legacy && w.liftOffTime - w.newestTime > Self.upStoppedAfter { return .zero }
            guard w.count >= Self.minimumSamples else { return VelocityEstimate(velocity: 0, samplesUsed: w.count) }
            let v = LeastSquaresSlope.slope(a: a, dx: dx, count: w.count)
            guard v.isFinite else { return VelocityEstimate(velocity: 0, samplesUsed: w.count) }
            return VelocityEstimate(velocity: VelocityWindow.clampedToFling(v), samplesUsed: w.count)
        }
    }
}
