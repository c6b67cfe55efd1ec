/// Android Chrome's fling curve (chromium/chromium: `ui/events/mobile_scroller.cc`, `MobileScroller`,
/// a port of Android's `android.widget.Scroller`). `ui/events/gestures/blink/web_gesture_curve_impl.cc`
/// `CreateDefaultPlatformCurve` builds it, before it looks at `kExperimentalFlingAnimation`, when
/// `use_mobile_fling_curve` is true, which `content/browser/renderer_host/input/fling_scheduler_android.cc`
/// `FlingSchedulerAndroid::ShouldUseMobileFlingCurve` always returns on Android; it calls
/// `MobileScroller::Fling(0, 0, vx, vy, INT_MIN, INT_MAX, …)` with the default `Config`.
///
/// It is Android's spline (``AndroidSplineDeceleration``, the same formulas and constants) in DIPs:
/// - `GetSplineDeceleration`: `l = ln(kInflexion 0.35 × v / (fling_friction_ × tuning_coeff_))`,
///   `v` in DIP/s, `fling_friction_` = `kDefaultFriction` 0.015, `tuning_coeff_` =
///   `ComputeDeceleration(0.84)` = `kMeanGravityFloat` 9.80665 × 39.37 × 160 × 0.84 (160 px per
///   inch: a DIP, so density 1; Chromecast builds take 0.9, not modelled);
/// - `GetSplineFlingDistance`: `0.015 × tuning_coeff_ × exp(kDecelerationRate/(kDecelerationRate − 1) × l)`,
///   `kDecelerationRate` 2.3582018 (= ln 0.78 / ln 0.9); `GetSplineFlingDuration`: `exp(l/(kDecelerationRate − 1))`
///   s, truncated to whole microseconds (`TimeDelta::FromMicroseconds`);
/// - `ComputeScrollOffsetInternal` (`FLING_MODE`): `distance × SplineConstants::CalculateCoefficients(u)`
///   with `u` = elapsed / duration, the 100-sample spline position table interpolated linearly (the
///   table of ``AndroidSplineDeceleration``); at or past the duration, or once the offset is within
///   `kThresholdForFlingEnd` 0.1 px of the end (`AbortAnimation`), the whole distance.
///
/// Deviations: Chromium computes in `float` (the table too, bisected to `kEpsilon` 1e-5); ours in
/// doubles. The velocity is not clamped here: whatever limits a fling's velocity on Android before
/// the curve is not modelled (the CSS policy passes the release velocity as it is).
/// 1 DIP = 1 pt; velocities here are in pt/ms.
///
/// Worked examples (hand-computed from these formulas): at 1 pt/ms (1000 DIP/s) the fling covers
/// 194.3 pt in 555.181 ms, 88.7 pt after 100 ms and 159.5 pt after 250 ms, and is at its end one
/// millisecond before the duration (within 0.1 px); at 5 pt/ms 3 177.6 pt in 1 815.783 ms (the
/// desktop ``PhysicsBasedFlingCurve`` coasts 4 724.7 px in 2 s).
///
/// ```swift
/// MobileScrollerFlingCurve.android.coastDistance(velocity: 1.0)  // ≈ 194.3 pt
/// ```
public struct MobileScrollerFlingCurve: ChromiumGestureCurve, Hashable {
    /// `kThresholdForFlingEnd`, px: the fling stops this close to its end.
    public static let endThreshold = 0.1

    /// Android Chrome's curve: the platform spline at density 1 (DIPs).
    public static let android = MobileScrollerFlingCurve(spline: AndroidSplineDeceleration.standard)

    /// The spline whose distance, duration and position table the curve follows.
    public var spline: AndroidSplineDeceleration

    public init(spline: AndroidSplineDeceleration) {
        self.spline = spline
    }

    /// Milliseconds the fling at `speed` pt/ms runs, truncated to whole microseconds; 0 when it
    /// does not move.
    func durationMilliseconds(speed: Double) -> Double {
        let t = spline.duration(velocity: speed)
        guard t > 0, t.isFinite else { return 0 }
        return (t * 1000).rounded(.towardZero) / 1000
    }

    /// Seconds a fling at `speed` px/s runs (`GetSplineFlingDuration`); 0 when it does not move.
    public func duration(speed: Double) -> Double {
        durationMilliseconds(speed: abs(speed) / 1000) / 1000
    }

    /// Signed distance, points, for a release at `velocity` pt/ms (`GetSplineFlingDistance`): the
    /// whole fling, ``offset(velocity:elapsed:)`` at its end; 0 for an infinite velocity, which has
    /// no duration (as ``PhysicsBasedFlingCurve``: Chromium clamps fling velocities long before).
    public func coastDistance(velocity: Double) -> Double {
        offset(velocity: velocity, elapsed: .infinity)
    }

    /// Signed distance, points, the fling at `velocity` pt/ms has covered `elapsed` ms after it
    /// started (`ComputeScrollOffset`; 0 for `elapsed ≤ 0` or no fling).
    public func offset(velocity: Double, elapsed: Double) -> Double {
        guard velocity == velocity, velocity != 0, elapsed > 0 else { return 0 }
        let total = spline.coastDistance(velocity: velocity)
        let duration = durationMilliseconds(speed: abs(velocity))
        guard total.isFinite, duration > 0 else { return 0 }
        guard elapsed < duration else { return total }
        let d = total * AndroidSplineDeceleration.splinePosition(atTimeFraction: elapsed / duration)
        return abs(total - d) < Self.endThreshold ? total : d
    }
}
