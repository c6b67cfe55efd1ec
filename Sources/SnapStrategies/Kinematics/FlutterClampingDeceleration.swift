/// Flutter's `ClampingScrollSimulation` (Android-like physics, Flutter ≥ 3.10): the Android spline
/// distance with a shorter duration.
///
/// Source: `flutter/flutter: packages/flutter/lib/src/widgets/scroll_simulation.dart`
/// (`ClampingScrollSimulation`: `_flingDuration`, `x`, `dx`); `policies.md` Part 2 §3.3.
///
/// In logical pixels (= points), with `v` in px/s, `v_ref = friction·C/0.35` and
/// `C = 9.80665·39.37·160·0.84` (`_physicalCoeff`, 160 ppi per logical pixel):
/// ```
/// T = DR · 0.35 · (|v|/v_ref)^(1/(DR − 1))    seconds
/// D = v · T / DR                                  (= the Android spline distance)
/// x(t) = x0 + D·(1 − (1 − t/T)^DR)
/// ```
/// Constants: friction 0.015, `DR` = ln 0.78 / ln 0.9, inflexion 0.35.
///
/// ```swift
/// FlutterClampingDeceleration().coastDistance(velocity: 1.0)  // ≈ 194.3 points (1000 px/s)
/// FlutterClampingDeceleration().duration(velocity: 1.0)       // ≈ 458 ms
/// ```
public struct FlutterClampingDeceleration: DecelerationModel, Hashable {
    /// `friction` of the simulation, 0.015.
    public var friction: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(FlutterClampingDeceleration(friction: .nan))

    public init(friction: Double = FlutterClampingDeceleration.defaults.friction) {
        self.friction = friction
    }

    /// The fittable parameter of the model: friction 0.005…0.2, the range of
    /// ``AndroidSplineDeceleration``'s friction (a third of the platform's 0.015 up to beyond React
    /// Native's 'fast' 0.1); at Flutter's `kMaxFlingVelocity` (8000 px/s) the least friction coasts
    /// ≈ 16 000 points.
    public static let parameters = ParameterTable<FlutterClampingDeceleration>([
        ParameterField(\.friction, "friction", unit: "1", default: 0.015, range: 0.005...0.2,
                       role: .platformConstant, summary: "ClampingScrollSimulation friction"),
    ])

    /// `v_ref = friction · C / 0.35`, px/s.
    @inlinable
    public var referenceSpeed: Double {
        friction * AndroidSplineDeceleration.platformPhysicalCoefficient / 0.35
    }

    /// Duration `T = DR·0.35·(|v|/v_ref)^(1/(DR−1))`, milliseconds (0 for zero or NaN velocity).
    @inlinable
    public func duration(velocity: Double) -> Double {
        if velocity.isInfinite { return .infinity }
        let speed = abs(velocity) * 1000
        let dr = AndroidSplineDeceleration.platformDecelerationRate
        guard speed > 0, speed.isFinite, referenceSpeed > 0 else { return 0 }
        return 1000 * dr * 0.35 * SnapMath.pow(speed / referenceSpeed, 1 / (dr - 1))
    }

    /// `D = v·T/DR`, points, signed like `velocity`.
    @inlinable
    public func coastDistance(velocity: Double) -> Double {
        if velocity.isInfinite { return velocity }
        guard velocity == velocity else { return 0 }
        return velocity * duration(velocity: velocity) / AndroidSplineDeceleration.platformDecelerationRate
    }

    /// Distance travelled after `time` ms, `D·(1 − (1 − t/T)^DR)`, points (signed).
    public func distance(afterTime time: Double, velocity: Double) -> Double {
        let t = duration(velocity: velocity)
        let d = coastDistance(velocity: velocity)
        guard t > 0, t.isFinite, time == time else { return 0 }
        if time >= t { return d }
        if time <= 0 { return 0 }
        return d * (1 - SnapMath.pow(1 - time / t, AndroidSplineDeceleration.platformDecelerationRate))
    }
}
