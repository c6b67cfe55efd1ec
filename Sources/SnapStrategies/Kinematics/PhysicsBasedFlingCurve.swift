/// Chromium's touchscreen fling curve on Linux and Windows (chromium/chromium:
/// `ui/events/gestures/physics_based_fling_curve.cc`, `PhysicsBasedFlingCurve`; chosen by
/// `ui/events/gestures/blink/web_gesture_curve_impl.cc` `CreateDefaultPlatformCurve` when
/// `features::kExperimentalFlingAnimation` is on, which `ui/base/ui_base_features.cc` enables by
/// default on Windows and Linux; Android takes the mobile curve instead, `MobileScroller`, because
/// `FlingSchedulerAndroid::ShouldUseMobileFlingCurve` returns true).
///
/// From a fling at speed `s` px/ms (the constructor scales the px/s velocity by 1/1000):
/// - deceleration `a = ppi × kDefaultPhysicalDeceleration` = 96 × 2.7559e-5 = 0.0026457 px/ms²
///   (`GetDecelerationInPixelsPerMs2`; `ppi` = `kDefaultPixelsPerInch` 96 on the desktop scheduler),
/// - distance `(s − a·(s/a)/2)·(s/a)` = `s² / (2a)` px (`CalculateEndPoint`, `GetOffset`), at most
///   `floor(boundingWidth × boost × kDefaultBoundsMultiplier 3)` (`ScaleToFlooredSize`; the bounding
///   size is the root widget's viewport, `FlingController::UpdateCurrentFlingState`; boost 1 here),
/// - duration `min(kMaxCurveDurationForFling 2 s, 1000·s / kDefaultPixelDeceleration 2300)` s,
/// - progress along the cubic Bézier (0,0), p1, p2 = (`kDefaultP2X` 0.55, `kDefaultP2Y` 1), (1,1),
///   p1 starting at (`kDefaultP1X` 0.2, `kDefaultP1Y` 1) and moved so that the curve starts at the
///   fling's speed (`CalculateDurationAndConfigureControlPoints`): with `slope = 1000·s × duration /
///   distance`, `p1.y = 0.2 × slope` when `0.2 × slope < 1`, else `p1.x = 1 / slope`;
/// - `ComputeScrollOffset`: `distance × bezier.Solve(elapsed / duration)` until the duration has
///   passed, then the whole distance.
///
/// Worked examples (`ui/events/gestures/physics_based_fling_curve_unittest.cc`, 96 ppi, a 1920-px
/// wide viewport): at 5 px/ms the distance is 4724.7 px, the duration 2 s, p1 = (0.2, 0.423); it has
/// covered 99 px after 20 ms and 1153 px after 250 ms (`BasicFlingTestVelocityX`: deltas 99, 1054,
/// 3571). At 15 px/ms the distance is the bound, 5760 px, and p1 = (0.192, 1)
/// (`ControlPointsWithSlopeGreaterThan1`). 1 px = 1 pt; velocities here are in pt/ms.
///
/// ```swift
/// PhysicsBasedFlingCurve.desktop.coastDistance(velocity: 1.0)  // ≈ 189.0 pt
/// ```
public struct PhysicsBasedFlingCurve: ChromiumGestureCurve, Hashable {
    /// `kDefaultPhysicalDeceleration`, inch/ms².
    public static let physicalDeceleration = 2.7559e-5
    /// `kDefaultPixelDeceleration`, px/s²: sets the duration, `speed / 2300` s.
    public static let pixelDeceleration = 2300.0
    /// `kMaxCurveDurationForFling`, s.
    public static let maxDuration = 2.0
    /// `kDefaultBoundsMultiplier`: the distance is at most this many bounding widths.
    public static let boundsMultiplier = 3.0
    /// The Bézier's control points before the first is moved: `kDefaultP1X`, `kDefaultP1Y`,
    /// `kDefaultP2X`, `kDefaultP2Y`.
    public static let p1 = (x: 0.2, y: 1.0), p2 = (x: 0.55, y: 1.0)

    /// The desktop curve, `kDefaultPixelsPerInch` 96, no bound (the root widget's viewport is not
    /// the carousel's; see ``boundingWidth``).
    public static let desktop = PhysicsBasedFlingCurve(pixelsPerInch: 96, boundingWidth: .infinity)

    /// Pixels per inch (`FlingSchedulerBase::GetPixelsPerInch`: 96).
    public var pixelsPerInch: Double
    /// Width of the root widget's viewport, points: the distance is at most
    /// `floor(3 × boundingWidth)`. Infinite: unbounded.
    public var boundingWidth: Double

    public init(pixelsPerInch: Double, boundingWidth: Double) {
        self.pixelsPerInch = pixelsPerInch
        self.boundingWidth = boundingWidth
    }

    /// The curve of one fling: distance px, duration s, first control point.
    struct Shape {
        var distance: Double
        var duration: Double
        var p1x: Double
        var p1y: Double
    }

    /// The fling at `speed` px/ms (positive), or `nil` when it does not move (also when `s² / (2a)`
    /// overflows a double, above about 1e152 px/ms: Chromium caps fling velocities long before that).
    func shape(speed: Double) -> Shape? {
        let a = pixelsPerInch * Self.physicalDeceleration
        guard speed > 0, speed.isFinite, a > 0, a.isFinite else { return nil }
        let time = speed / a
        var distance = (speed - a * time * 0.5) * time
        let bound = (boundingWidth * Self.boundsMultiplier).rounded(.down)
        if distance > bound { distance = bound }
        let duration = Swift.min(Self.maxDuration, speed * 1000 / Self.pixelDeceleration)
        guard distance > 0, distance.isFinite, duration > 0 else { return nil }
        let slope = speed * 1000 * duration / distance
        var p1x = Self.p1.x, p1y = Self.p1.y
        if slope * p1x < 1 { p1y = p1x * slope } else { p1x = p1y / slope }
        return Shape(distance: distance, duration: duration, p1x: p1x, p1y: p1y)
    }

    /// Seconds the fling at `speed` px/s runs (`curve_duration_`); 0 when it does not move.
    public func duration(speed: Double) -> Double {
        shape(speed: speed / 1000)?.duration ?? 0
    }

    /// Signed distance, points, for a release at `velocity` pt/ms.
    public func coastDistance(velocity: Double) -> Double {
        offset(velocity: velocity, elapsed: .infinity)
    }

    /// Signed distance, points, the fling at `velocity` pt/ms has covered `elapsed` ms after it
    /// started (`ComputeScrollOffset`; 0 for `elapsed ≤ 0` or no fling).
    public func offset(velocity: Double, elapsed: Double) -> Double {
        guard velocity == velocity, velocity != 0, elapsed > 0, let s = shape(speed: abs(velocity)) else { return 0 }
        let x = elapsed / 1000 / s.duration
        let d = x < 1 ? s.distance * Self.bezierY(atX: x, p1x: s.p1x, p1y: s.p1y) : s.distance
        return velocity > 0 ? d : -d
    }

    /// `gfx::CubicBezier::Solve`: the curve's y where its x is `x` (0 ≤ x < 1), with
    /// end points (0,0), (1,1), control points (p1x, p1y) and ``p2``. Newton's method from `t = x`,
    /// then bisection if it did not converge.
    static func bezierY(atX x: Double, p1x: Double, p1y: Double) -> Double {
        let cx = 3 * p1x, bx = 3 * (p2.x - p1x) - cx, ax = 1 - cx - bx
        let cy = 3 * p1y, by = 3 * (p2.y - p1y) - cy, ay = 1 - cy - by
        func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        let epsilon = 1e-12
        var t = x
        var solved = false
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { solved = true; break }
            let derivative = slopeX(t)
            if abs(derivative) < 1e-6 { break }
            t -= error / derivative
        }
        if !solved || t < 0 || t > 1 {
            var lo = 0.0, hi = 1.0
            t = x
            for _ in 0..<100 {
                let value = sampleX(t)
                if abs(value - x) < epsilon { break }
                if value < x { lo = t } else { hi = t }
                t = (lo + hi) / 2
            }
        }
        return ((ay * t + by) * t + cy) * t
    }
}
