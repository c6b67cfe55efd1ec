/// Android's spline fling model (`OverScroller`/`Scroller`, API ≥ 14): how far and how long a fling
/// coasts. Used by RecyclerView flings, `LinearSnapHelper`, Compose `splineBasedDecay` and (distance
/// only) Flutter's `ClampingScrollSimulation`.
///
/// Source: AOSP `frameworks/base: core/java/android/widget/OverScroller.java`, inner class
/// `SplineOverScroller` (`getSplineDeceleration`, `getSplineFlingDistance`,
/// `getSplineFlingDuration`, static spline table); Compose
/// `compose/animation/animation/src/commonMain/kotlin/androidx/compose/animation/FlingCalculator.kt`
/// (`flingDistance`, `flingDuration`, `FlingInfo.velocity`); `policies.md` Part 2 §0bis.
///
/// With `v` the speed in px/s (`|velocity|·1000` here, velocity in points per ms), `F` the friction
/// and `C = g·39.37·(160·density)·0.84` the physical coefficient (px/s² per unit friction):
/// ```
/// l = ln(inflexion·v / (F·C))
/// D = F·C · exp(DR/(DR − 1) · l)          points     (distance)
/// T = 1000 · exp(l/(DR − 1))               ms         (duration)
/// ```
/// Constants: `F` = 0.015 (`ViewConfiguration.SCROLL_FRICTION`), inflexion 0.35,
/// `DR` = ln 0.78 / ln 0.9 = 2.3582018, `g·39.37·160·0.84` = 51 890.2 per density unit.
///
/// Density: points are taken to be pixels at `density` pixels per dp (160·density ppi). With the
/// default density 1 a point is a dp and `D` is density-independent; to reproduce an example
/// given in device pixels at ρ = 2.625, set `density` to 2.625 and pass pixels as points.
///
/// Deviations: Android truncates the distance and duration to whole pixels and milliseconds; ours
/// keeps them continuous. The spline shape table (for ``velocity(afterTravelling:from:)``) uses
/// the platform inflexion 0.35 whatever ``inflexion`` is set to. The model itself does not clamp
/// the speed (a finite but absurd speed such as 10³⁰⁰ pt/ms coasts an infinite distance); policies
/// clamp the release velocity first with ``clampedFlingVelocity(_:maximum:)``, as the platform does.
///
/// ```swift
/// let spline = AndroidSplineDeceleration()
/// spline.coastDistance(velocity: 1.0)   // ≈ 194.3 points (1000 dp/s)
/// spline.duration(velocity: 1.0)        // ≈ 555 ms
/// ```
public struct AndroidSplineDeceleration: DecelerationModel, Hashable {
    /// `ln 0.78 / ln 0.9`, the platform's `DECELERATION_RATE`.
    public static let platformDecelerationRate = 2.3582018154259448
    /// `SensorManager.GRAVITY_EARTH · 39.37 · 160 · 0.84`: physical coefficient per unit density.
    public static let platformPhysicalCoefficient = 9.80665 * 39.37 * 160 * 0.84

    /// Scroll friction (`ViewConfiguration.getScrollFriction()`), 0.015.
    public var friction: Double
    /// Where the spline's tension lines cross, 0.35.
    public var inflexion: Double
    /// The deceleration exponent `DR` (Android's `DECELERATION_RATE`), ln 0.78 / ln 0.9. Named
    /// "exponent" here: it is not a UIKit per-millisecond rate.
    public var decelerationExponent: Double
    /// `g · 39.37 · 160 · 0.84`, px/s² per unit friction at density 1.
    public var physicalCoefficient: Double
    /// Pixels per point (dp); 1 means points are dp.
    public var density: Double

    /// The platform's spline: every parameter at its declared default (``parameters``), built
    /// once; the default arguments of `init` read it (a load, where reading the table would
    /// search it by key path).
    public static let standard = parameters.defaulted(
        AndroidSplineDeceleration(friction: .nan, inflexion: .nan, decelerationExponent: .nan,
                                  physicalCoefficient: .nan, density: .nan))

    public init(friction: Double = AndroidSplineDeceleration.standard.friction,
                inflexion: Double = AndroidSplineDeceleration.standard.inflexion,
                decelerationExponent: Double = AndroidSplineDeceleration.standard.decelerationExponent,
                physicalCoefficient: Double = AndroidSplineDeceleration.standard.physicalCoefficient,
                density: Double = AndroidSplineDeceleration.standard.density) {
        self.friction = friction
        self.inflexion = inflexion
        self.decelerationExponent = decelerationExponent
        self.physicalCoefficient = physicalCoefficient
        self.density = density
    }

    /// The platform's spline (``standard``'s inflexion, exponent, coefficient and density, written
    /// as literals: `AndroidSplineDecelerationTests` checks their bits) with friction `friction`.
    /// Inlined where a release is decided, the compiler folds what depends on the constants only
    /// (`DR/(DR − 1)`, the constants' tests; with a literal friction also `F·C`) instead of
    /// computing it per release: ``ReleaseKinematics/standardAndroidCoast(of:)`` (friction 0.015,
    /// ``standard``) and `rn-android-paging` (friction `1 − decelerationRate`).
    @inlinable @inline(__always)
    static func platform(friction: Double) -> AndroidSplineDeceleration {
        AndroidSplineDeceleration(friction: friction, inflexion: 0.35, decelerationExponent: 2.3582018154259448,
                                  physicalCoefficient: 51_890.20173119999, density: 1)
    }

    /// The model's fittable parameters, declared once, in ``parameterValues`` order.
    ///
    /// The ranges are physically meaningful values, chosen so that every in-range vector gives a
    /// sane distance for every fling the platform allows (speeds clamped to
    /// ``platformMaximumFlingVelocity``): at 8000 dp/s the platform constants coast ≈ 7 200 dp and
    /// the most extreme in-range corner (friction 0.005, inflexion 0.9, exponent 1.8, coefficient
    /// 20 000, density 0.75…4) ≈ 6·10⁶ points. `D ∝ v^(DR/(DR−1))`: the exponent grows without
    /// bound as `DR → 1` (at `DR` = 1.05 it is 21 and a 0.3 pt/ms release coasts 10⁵⁸ points), so
    /// `DR ≥ 1.8` (`D ∝ v^2.25` at most; `DR` = 2 is constant deceleration, `D ∝ v²`).
    /// Friction 0.005…0.2: a third of `SCROLL_FRICTION` up to beyond React Native's 'fast'
    /// (1 − 0.9 = 0.1). Inflexion 0.1…0.9: strictly inside the spline's (0, 1). Coefficient
    /// 20 000…150 000 px/s² (≈ 0.4…3 × the platform's 51 890). Density 0.75…4: Android's ldpi…xxxhdpi.
    public static let parameters = ParameterTable<AndroidSplineDeceleration>([
        ParameterField(\.friction, "friction", unit: "1", default: 0.015, range: 0.005...0.2,
                       role: .platformConstant, summary: "spline scroll friction (ViewConfiguration.getScrollFriction)"),
        ParameterField(\.inflexion, "inflexion", unit: "1", default: 0.35, range: 0.1...0.9,
                       role: .platformConstant, summary: "spline inflexion (INFLEXION)"),
        ParameterField(\.decelerationExponent, "decelerationExponent", unit: "1", default: platformDecelerationRate,
                       range: 1.8...5,
                       role: .platformConstant, summary: "spline exponent DECELERATION_RATE = ln 0.78 / ln 0.9"),
        ParameterField(\.physicalCoefficient, "physicalCoefficient", unit: "px/s² per density",
                       default: platformPhysicalCoefficient, range: 20_000...150_000,
                       role: .platformConstant, summary: "g · 39.37 · 160 · 0.84 (scaled by density)"),
        ParameterField(\.density, "density", unit: "px per pt", default: 1, range: 0.75...4,
                       role: .platformConstant, summary: "pixels per point (dp); 1 = points are dp"),
    ])

    /// The specs of ``parameters``.
    public static var parameterSpecs: [PolicyParameter] { parameters.specs }

    /// The platform's largest fling velocity, 8 dp/ms (8000 dp/s): AOSP
    /// `frameworks/base: core/java/android/view/ViewConfiguration.java` `MAXIMUM_FLING_VELOCITY`
    /// (`getScaledMaximumFlingVelocity` = 8000 · density px/s). RecyclerView (`mMaxFlingVelocity`,
    /// `fling`), `HorizontalScrollView` (`computeCurrentVelocity(1000, mMaximumVelocity)`) and Compose
    /// (`compose/foundation/.../gestures/Draggable.kt`:
    /// `velocityTracker.calculateVelocity(Velocity(maxVelocity, maxVelocity))` with
    /// `LocalViewConfiguration.maximumFlingVelocity`) clamp the release velocity to it before any
    /// spline decay.
    public static let platformMaximumFlingVelocity = 8.0

    /// `velocity` (pt/ms) clamped to `±maximum · density` (``platformMaximumFlingVelocity`` by
    /// default, dp/ms), as the platform's velocity tracker clamps it; NaN gives 0.
    @inlinable
    public func clampedFlingVelocity(_ velocity: Double,
                                     maximum: Double = AndroidSplineDeceleration.platformMaximumFlingVelocity) -> Double {
        guard velocity == velocity else { return 0 }
        let limit = Swift.max(0, maximum * density)
        return Swift.min(Swift.max(velocity, -limit), limit)
    }

    /// The values of ``parameters``: `[friction, inflexion, decelerationExponent, physicalCoefficient, density]`.
    public var parameterValues: [Double] { Self.parameters.values(of: self) }

    /// A model from the first five of `values` (``parameters`` order); missing values keep the
    /// platform defaults.
    public init(parameterValues values: some Collection<Double>) {
        self.init()
        Self.parameters.assign(Array(values), to: &self)
    }

    /// `F · C` in px/s² (`mFlingFriction · mPhysicalCoeff`).
    @inlinable
    public var frictionCoefficient: Double { friction * physicalCoefficient * density }

    /// The coasting distance of `velocity` clamped to the platform's maximum fling velocity
    /// (``clampedFlingVelocity(_:maximum:)``; NaN gives 0), points: what Compose's spline decay
    /// projects once the velocity tracker has clamped the release.
    @inlinable
    public func clampedCoastDistance(velocity: Double) -> Double {
        coastDistance(velocity: clampedFlingVelocity(velocity))
    }

    /// `l = ln(inflexion · v / (F·C))` for a speed in px/s; `nil` when the speed is zero, not
    /// finite, or the constants are degenerate.
    @inlinable
    func splineLogRatio(speed: Double) -> Double? {
        let fc = frictionCoefficient
        guard speed > 0, speed.isFinite, fc > 0, fc.isFinite, inflexion > 0, decelerationExponent > 1 else { return nil }
        return SnapMath.log(inflexion * speed / fc)
    }

    /// Signed coasting distance `sign(v) · D(|v|)`, points; 0 for zero or NaN velocity, and the
    /// distance of an infinite velocity is infinite.
    @inlinable
    public func coastDistance(velocity: Double) -> Double {
        if velocity.isInfinite { return velocity }
        guard let l = splineLogRatio(speed: abs(velocity) * 1000) else { return 0 }
        let d = frictionCoefficient * SnapMath.exp(decelerationExponent / (decelerationExponent - 1) * l)
        return velocity < 0 ? -d : d
    }

    /// Fling duration `T = 1000 · exp(l/(DR − 1))`, milliseconds; 0 for zero or NaN velocity.
    @inlinable
    public func duration(velocity: Double) -> Double {
        if velocity.isInfinite { return .infinity }
        guard let l = splineLogRatio(speed: abs(velocity) * 1000) else { return 0 }
        return 1000 * SnapMath.exp(l / (decelerationExponent - 1))
    }

    /// The velocity (points per ms, sign of `velocity`) left after the fling has travelled
    /// `distance` points (absolute; a distance at or past `D` gives 0), following Android's spline
    /// table: `v' = D/T · slope` of `SPLINE_POSITION` at the time where the position fraction is
    /// `distance / D`, interpolated linearly over 100 bins as Compose's `FlingInfo.velocity` does.
    public func velocity(afterTravelling distance: Double, from velocity: Double) -> Double {
        let total = abs(coastDistance(velocity: velocity))
        let t = duration(velocity: velocity)
        guard total > 0, total.isFinite, t > 0, t.isFinite, distance == distance else { return 0 }
        let fraction = abs(distance) / total
        guard fraction < 1 else { return 0 }
        let slope = AndroidSplineDeceleration.splineSlope(atPositionFraction: fraction)
        let speed = total / t * slope
        return velocity < 0 ? -speed : speed
    }

    /// Number of bins of the spline table (`NB_SAMPLES`).
    static let sampleCount = 100

    /// `SPLINE_POSITION[0...100]`: the position fraction at time fraction `i/100`. Built as
    /// `SplineOverScroller`'s static initializer does: for each time `α = i/100`, bisect `x` on
    /// `3x(1−x)((1−x)P1 + xP2) + x³ = α` (tolerance 1e−5), then the position is
    /// `3x(1−x)((1−x)·START_TENSION + x) + x³`; `P1 = 0.5·0.35`, `P2 = 1 − 1·(1 − 0.35)`.
    static let splinePositions: [Double] = {
        let startTension = 0.5, endTension = 1.0, inflexion = 0.35
        let p1 = startTension * inflexion
        let p2 = 1 - endTension * (1 - inflexion)
        var table = [Double](repeating: 1, count: sampleCount + 1)
        var xMin = 0.0
        for i in 0..<sampleCount {
            let alpha = Double(i) / Double(sampleCount)
            var xMax = 1.0
            var x = 0.0, coef = 0.0
            for _ in 0..<64 {
                x = xMin + (xMax - xMin) / 2
                coef = 3 * x * (1 - x)
                let tx = coef * ((1 - x) * p1 + x * p2) + x * x * x
                if abs(tx - alpha) < 1e-5 { break }
                if tx > alpha { xMax = x } else { xMin = x }
            }
            table[i] = coef * ((1 - x) * startTension + x) + x * x * x
        }
        return table
    }()

    /// Slope d(position fraction)/d(time fraction) of the interpolated spline table where the
    /// position fraction equals `fraction` (in `[0, 1)`).
    static func splineSlope(atPositionFraction fraction: Double) -> Double {
        let table = splinePositions
        for i in 0..<sampleCount where table[i + 1] > fraction {
            return (table[i + 1] - table[i]) * Double(sampleCount)
        }
        return 0
    }

    /// The position fraction of the interpolated spline table at time fraction `tau` (clamped to
    /// `[0, 1]`), as `FlingCalculator.FlingInfo.position` reads it.
    static func splinePosition(atTimeFraction tau: Double) -> Double {
        guard tau > 0 else { return 0 }
        guard tau < 1 else { return 1 }
        let scaled = tau * Double(sampleCount)
        let i = SnapMath.clamp(SnapMath.flooredIndex(scaled), 0, sampleCount - 1)
        let table = splinePositions
        return table[i] + (scaled - Double(i)) * (table[i + 1] - table[i])
    }
}
