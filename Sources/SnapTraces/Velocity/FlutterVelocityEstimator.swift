/// Flutter's release velocity, as a `Scrollable` (`ListView`, `PageView`) receives it in
/// `DragEndDetails`: the default `VelocityTracker` (least squares, degree 2), then the drag
/// recognizer's fling test.
///
/// What the tracker sees: `DragGestureRecognizer.handleEvent` adds the `PointerDownEvent` and
/// every `PointerMoveEvent` (`addPosition`), not the up. At the up (`_checkEnd`):
/// - `getVelocityEstimate` gives 0 when the tracker's stopwatch shows more than
///   `assumePointerMoveStoppedMilliseconds` (40 ms) since the last sample: here, lift-off time
///   minus the newest tracked sample;
/// - it walks back from the newest sample (``TrackerWindow``: age > `_horizonMilliseconds`
///   (100) or a gap > 40 ms ends it, at most `_historySize` (20));
/// - with fewer than `_minSampleSize` (3) samples the velocity is 0, else the slope at the
///   newest sample of `LeastSquaresSolver(time, x, w).solve(2)` (unit weights).
/// The fling (``appliesFlingTest``): `HorizontalDragGestureRecognizer.isFlingGesture` needs
/// `|v| > minFlingVelocity` (`kMinFlingVelocity` = 50 px/s = 0.05 pt/ms) and the window's
/// span `|estimate.offset| > minFlingDistance` (`ScrollPhysics.minFlingDistance` =
/// `kTouchSlop` = 18 logical px); otherwise `DragEndDetails` carries velocity 0. A fling's
/// velocity is `clampMagnitude(minFlingVelocity, maxFlingVelocity)` (`kMaxFlingVelocity` =
/// 8000 px/s = 8 pt/ms). Logical pixels are points.
///
/// Sources: `packages/flutter/lib/src/gestures/velocity_tracker.dart`
/// (`VelocityTracker.addPosition`, `getVelocityEstimate`), `packages/flutter/lib/src/gestures/monodrag.dart`
/// (`DragGestureRecognizer.handleEvent`, `_checkEnd`, `HorizontalDragGestureRecognizer.isFlingGesture`),
/// `packages/flutter/lib/src/gestures/constants.dart` (`kMinFlingVelocity`, `kMaxFlingVelocity`,
/// `kTouchSlop`), `packages/flutter/lib/src/widgets/scroll_physics.dart` (`minFlingDistance`).
public struct FlutterVelocityEstimator: VelocityEstimator {
    /// Whether the fling test and clamp are applied (what `DragEndDetails` carries); without
    /// it, the tracker's raw estimate (what Flutter's `velocity_tracker_test` checks).
    public var appliesFlingTest: Bool

    public init(appliesFlingTest: Bool = true) { self.appliesFlingTest = appliesFlingTest }

    public var id: String { VelocityMethod.flutter.rawValue }

    /// `_minSampleSize`.
    public static let minimumSamples = 3
    /// `_assumePointerMoveStoppedMilliseconds`, ms.
    public static let assumePointerMoveStopped: Double = 40
    /// `kMinFlingVelocity`, pt/ms.
    public static let minimumFlingVelocity = 0.05
    /// `kMaxFlingVelocity`, pt/ms.
    public static let maximumFlingVelocity: Double = 8
    /// `kTouchSlop`, the default `minFlingDistance`, points.
    public static let minimumFlingDistance: Double = 18

    public func estimate(_ s: TraceSamples) -> VelocityEstimate {
        TrackerWindow().withWindow(s) { a, dx, w in
            guard w.count > 0,
                  w.liftOffTime - w.newestTime <= Self.assumePointerMoveStopped + VelocityWindow.timeEpsilon else { return .zero }
            guard w.count >= Self.minimumSamples else { return VelocityEstimate(velocity: 0, samplesUsed: w.count) }
            let v = LeastSquaresSlope.slope(a: a, dx: dx, count: w.count)
            guard v.isFinite else { return VelocityEstimate(velocity: 0, samplesUsed: w.count) }
            guard appliesFlingTest else { return VelocityEstimate(velocity: v, samplesUsed: w.count) }
            guard Swift.abs(v) > Self.minimumFlingVelocity, Swift.abs(w.span) > Self.minimumFlingDistance else {
                return VelocityEstimate(velocity: 0, samplesUsed: w.count)
            }
            let clamped = Swift.max(-Self.maximumFlingVelocity, Swift.min(Self.maximumFlingVelocity, v))
            return VelocityEstimate(velocity: clamped, samplesUsed: w.count)
        }
    }
}
