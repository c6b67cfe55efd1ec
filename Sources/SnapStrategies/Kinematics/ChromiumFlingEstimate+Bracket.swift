// The legacy fling estimate bracketed without an exponential or a logarithm: where the first
// inertial delta of the Aura curve lies, for decisions that need only to know it is in a bracket.

extension ChromiumFlingEstimate {
    /// Bounds of ``displacement(firstInertialDelta:)`` of ``firstInertialDelta(velocity:)`` (the
    /// legacy estimate `D`) from the release velocity by one multiply-add, for a decision that is
    /// the same everywhere in the bracket (`CSSScrollSnap`'s batch path proves that per release,
    /// ``CSSScrollSnap/NarrowRow/certifiedTarget(from:between:and:)``) and so does not need `D`'s bits.
    ///
    /// **Why it holds.** The Aura curve (``ChromiumFlingCurve``) is `pos(t) = α·e^(−γt) − β·t − α`
    /// and a fling at `v₀` px/s starts where `−α·γ·e^(−γt₀) − β = v₀`, so `α·e^(−γt₀) = −(v₀ + β)/γ`
    /// and, while the first `e` seconds stay on the curve (`t₀ + e ≤ t_end`, `t₀ ≥ 0`),
    /// `pos(t₀ + e) − pos(t₀) = (v₀ + β)·(1 − e^(−γe))/γ − β·e` exactly: affine in `v₀`. `t₀ ≥ 0` is
    /// the speed clamp (`v₀ ≤ vel(0)`, as the curve's code clamps); `t₀ + e ≤ t_end` holds when
    /// `v₀ ≥ vel(t_end − e) = β·(e^(γe) − 1)`; the bracket asks for twice that and one px/s more
    /// (``minimumSpeed``), far from the end. The computed delta differs from the exact one by the
    /// roundings of two exponentials (relative 1e-15, `SnapMath+ElementaryTests`) of terms below
    /// `|α|` = 5707.62 px, of a logarithm whose error moves `t₀` by some 1e-15 s (times a speed
    /// difference under 400 px/s over the first `e`), of `t₀ + e` (half an ulp of 1.3 s times at most
    /// 20,946 px/s) and of the sums: some 3e-11 px in all; this value's own multiply-adds and its
    /// constant `(1 − e^(−γe))/γ` (one exponential per batch) add less than 1e-10 px. ``margin``
    /// (1e-7 px, over 1,000 times that) widens the value both ways. `ChromiumFlingEstimate+BracketTests`
    /// checks the computed delta inside the bounds at some 700,000 speeds and twelve frame intervals.
    ///
    /// The displacement is the delta times ``distanceScalar`` (rounded: a monotone step), signed
    /// with the velocity (`−d` exactly), so its bounds are the delta's bounds times the scalar.
    struct DisplacementBracket: Sendable {
        /// `(1 − e^(−γe))/γ`, seconds: the delta per px/s of release speed.
        let slope: Double
        /// `β·slope − β·e`, px: the delta at speed 0 of the affine form.
        let intercept: Double
        /// Slower releases (px/s) are not bracketed: the first `e` s would reach the curve's end.
        let minimumSpeed: Double
        /// ``ChromiumFlingEstimate/distanceScalar``.
        let scalar: Double
        /// ``ChromiumFlingCurve/aura``'s ``ChromiumFlingCurve/maximumVelocity``: the speed the
        /// curve clamps to, px/s.
        let fastestStart: Double

        /// The widening of the affine delta both ways, px (see the type).
        static let margin = 1e-7

        /// `nil` unless `frameInterval` is a number of milliseconds in `1...100` (the parameter's
        /// range) and `distanceScalar` is positive and finite.
        init?(_ estimate: ChromiumFlingEstimate) {
            let frameInterval = estimate.frameInterval, scalar = estimate.distanceScalar
            guard frameInterval >= 1, frameInterval <= 100, scalar > 0, scalar.isFinite else { return nil }
            let aura = ChromiumFlingCurve.aura
            let beta = aura.beta, gamma = aura.gamma
            let e = frameInterval / 1000
            slope = (1 - SnapMath.exp(-gamma * e)) / gamma
            intercept = beta * slope - beta * e
            minimumSpeed = 2 * beta * (SnapMath.exp(gamma * e) - 1) + 1
            self.scalar = scalar
            fastestStart = aura.maximumVelocity
        }

        /// Lower and upper bounds of the estimate's displacement (signed: both of the velocity's
        /// sign, never 0) at `velocity` pt/ms, points; `nil` for a speed under ``minimumSpeed``
        /// (or not a number).
        @inline(__always)
        func bounds(velocity: Double) -> (lower: Double, upper: Double)? {
            let speed = Swift.min(abs(velocity) * 1000, fastestStart)   // the curve's clamp
            guard speed >= minimumSpeed else { return nil }
            let delta = speed * slope + intercept
            let low = (delta - Self.margin) * scalar, high = (delta + Self.margin) * scalar
            guard low > 0 else { return nil }
            return velocity > 0 ? (low, high) : (-high, -low)
        }
    }
}
