/// The distance of Chromium's Aura fling curve (chromium/chromium: `ui/events/gestures/fling_curve.cc`,
/// `FlingCurve`; `policies.md` Part 2 §5.3), the curve whose per-frame deltas feed the
/// scroll-snap estimate on desktop. (On Linux and Windows a touchscreen fling runs
/// `ui/events/gestures/physics_based_fling_curve.cc` `PhysicsBasedFlingCurve` instead
/// (``PhysicsBasedFlingCurve``, `CSSScrollSnap.flingCurve` 1),
/// `kExperimentalFlingAnimation` being on by default there (`ui/base/ui_base_features.cc`); its first
/// milliseconds are also `v × t`, so the legacy estimate does not tell them apart, but its slower
/// per-frame decay changes the decay prediction: `Docs/policies.md`, "The browser's default path,
/// repeatable".)
///
/// Position and velocity in px and px/s, `t` in s:
/// `pos(t) = α·e^(−γt) − β·t − α`, `vel(t) = −α·γ·e^(−γt) − β`, with α = −5707.62, β = 172, γ = 3.7.
/// A fling at `v0` starts at the `t0` where `vel(t0) = v0` (speeds above `vel(0)` = 20 946 px/s start
/// at 0) and ends where `vel = 0`, `t_end` = 1.300 s, so it travels `pos(t_end) − pos(t0)`:
/// 71.8, 181.1, 675.3, 1982.7 px for 500, 1000, 3000, 8000 px/s. 1 px = 1 pt; `v` here is in pt/ms.
///
/// ```swift
/// ChromiumFlingCurve.aura.coastDistance(velocity: 1.0)  // ≈ 181.1 pt
/// ```
public struct ChromiumFlingCurve: ChromiumGestureCurve, Hashable {
    /// Chromium's Aura constants.
    public static let aura = ChromiumFlingCurve(alpha: -5707.62, beta: 172, gamma: 3.7)

    /// α, px (negative).
    public var alpha: Double
    /// β, px/s: the constant part of the deceleration.
    public var beta: Double
    /// γ, 1/s: the exponential rate.
    public var gamma: Double

    public init(alpha: Double, beta: Double, gamma: Double) {
        self.alpha = alpha
        self.beta = beta
        self.gamma = gamma
    }

    /// The fastest start, `vel(0) = −α·γ − β` px/s (20 946 for Aura).
    public var maximumVelocity: Double { -alpha * gamma - beta }

    /// Seconds from `t0` (where `vel = v0` px/s) to the end of the curve; 0 when not decelerating.
    public func duration(speed v0: Double) -> Double {
        guard let (t0, tEnd) = times(speed: v0) else { return 0 }
        return tEnd - t0
    }

    /// Signed distance, points, for a release at `velocity` pt/ms (= 1000·velocity px/s).
    public func coastDistance(velocity: Double) -> Double {
        guard velocity == velocity, velocity != 0 else { return 0 }
        let speed = Swift.min(abs(velocity) * 1000, maximumVelocity)
        guard let (t0, tEnd) = times(speed: speed) else { return 0 }
        let d = position(tEnd) - position(t0)
        guard d.isFinite, d > 0 else { return 0 }
        return velocity > 0 ? d : -d
    }

    /// Signed distance, points, that a fling at `velocity` pt/ms has covered `elapsed` ms after it
    /// started (`FlingCurve::ComputeScrollOffset`: `pos(t0 + elapsed) − pos(t0)`; the whole
    /// ``coastDistance(velocity:)`` once the curve has ended; 0 for `elapsed ≤ 0` or no fling).
    /// Chromium's fling controller scrolls the difference between two such offsets each frame.
    public func offset(velocity: Double, elapsed: Double) -> Double {
        inlinedOffset(velocity: velocity, elapsed: elapsed)
    }

    /// ``offset(velocity:elapsed:)`` of ``aura``, its constants written as literals: inlined here,
    /// the curve's scale, fastest start and end time and the tests of the constants are folded by
    /// the compiler (the same IEEE operations on the same constants: the same bits), leaving the
    /// velocity's arithmetic (``ChromiumFlingEstimate/firstInertialDelta(velocity:)``, once per
    /// release in `css-snap-mandatory` and `css-snap-proximity`).
    static func auraOffset(velocity: Double, elapsed: Double) -> Double {
        ChromiumFlingCurve(alpha: -5707.62, beta: 172, gamma: 3.7).inlinedOffset(velocity: velocity, elapsed: elapsed)
    }

    /// The body of ``offset(velocity:elapsed:)``.
    @inline(__always)
    private func inlinedOffset(velocity: Double, elapsed: Double) -> Double {
        guard velocity == velocity, velocity != 0, elapsed > 0 else { return 0 }
        let speed = Swift.min(abs(velocity) * 1000, maximumVelocity)
        guard let (t0, tEnd) = times(speed: speed) else { return 0 }
        let d = position(Swift.min(t0 + elapsed / 1000, tEnd)) - position(t0)
        guard d.isFinite, d > 0 else { return 0 }
        return velocity > 0 ? d : -d
    }

    /// `pos(t)`, px, `t` in s.
    @inline(__always)
    private func position(_ t: Double) -> Double { alpha * SnapMath.exp(-gamma * t) - beta * t - alpha }

    /// Seconds from the curve's start to its end (`vel = 0`): `−ln(β / (−α·γ)) / γ`.
    static func endTime(alpha: Double, beta: Double, gamma: Double) -> Double {
        -SnapMath.log(beta / (-alpha * gamma)) / gamma
    }

    /// ``endTime(alpha:beta:gamma:)`` of ``aura`` (`ChromiumFlingCurveEndTimeTests` checks the
    /// bits), a literal so that reading it costs a load.
    static let auraEndTime = 1.3001069583748117

    @inline(__always)
    private func times(speed v0: Double) -> (Double, Double)? {
        let scale = -alpha * gamma
        guard scale > 0, beta > 0, gamma > 0, v0 > 0, v0.isFinite else { return nil }
        let start = Swift.min(v0, maximumVelocity)
        let t0 = -SnapMath.log((start + beta) / scale) / gamma
        // The Aura curve's end time is a constant: read it (the same bits) rather than take a logarithm.
        let tEnd = alpha.bitPattern == (-5707.62).bitPattern && beta.bitPattern == (172.0).bitPattern
            && gamma.bitPattern == (3.7).bitPattern   // aura's constants
            ? Self.auraEndTime : Self.endTime(alpha: alpha, beta: beta, gamma: gamma)
        guard t0.isFinite, tEnd.isFinite, tEnd >= t0 else { return nil }
        return (Swift.max(0, t0), tEnd)
    }
}

/// A Chromium fling curve as `FlingController::ProgressFling` reads it: where the fling is a given
/// time after it started, and how long it runs. ``ChromiumFlingCurve`` (Aura, `fling_curve.cc`) and
/// ``PhysicsBasedFlingCurve`` (`physics_based_fling_curve.cc`).
public protocol ChromiumGestureCurve: DecelerationModel {
    /// Signed points a fling at `velocity` pt/ms has covered `elapsed` ms after it started.
    func offset(velocity: Double, elapsed: Double) -> Double
    /// Seconds a fling at `speed` px/s runs.
    func duration(speed: Double) -> Double
}
