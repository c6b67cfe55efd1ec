extension UIKitPagingSpringSnap {
    /// A proof, from one state of the stepped spring, that its attractor can no longer change:
    /// the decision is then the current attractor, whatever the remaining steps do, so
    /// ``UIKitPagingSpringSnap/decide(_:in:)`` may stop there (the same decision as stepping on,
    /// only sooner; a speed-up for fitters, which decide each trace at many parameter values).
    ///
    /// While the attractor `T` stays put, one step is linear in `d = x − T` and `v`:
    /// ```
    /// v' = f·v − k·d,   d' = d + v' = (1 − k)·d + f·v,   M = [[1 − k, f], [−k, f]]
    /// ```
    /// with trace `1 − k + f` and determinant `f`. Both eigenvalues lie inside the unit circle for
    /// `k > 0` and `0 ≤ f < 1`, and every later `|dₙ|` is at most:
    /// - complex eigenvalues `a ± ib` (underdamped), eigenvector `(f, c + ib)` with `c = a − 1 + k`:
    ///   in the basis `(f, c), (0, b)` a step is a rotation scaled by `√f`, so
    ///   `|dₙ| ≤ B = √(d² + ((f·v − c·d)/b)²)`;
    /// - real eigenvalues `λ₁ > λ₂` in `[0, 1)` (overdamped), `gᵢ = λᵢ − 1 + k`:
    ///   `dₙ = f·(α·λ₁ⁿ + β·λ₂ⁿ)`, so `|dₙ| ≤ B = (|f·v − g₂·d| + |g₁·d − f·v|)/(g₁ − g₂)`.
    ///
    /// Every offset within half a page of an attractor (`|d| < 0.5`) keeps it (the attractor is
    /// `clamp(round(x))` on whole pages), so `B < 0.5` proves the rest. The stepped arithmetic
    /// strays from the exact recurrence by at most about 10⁻¹⁵ page per step (`|x| < 1.5`,
    /// `|v| ≤ 1`), which moves `B` by at most `1 + 4/gap` times as much (`gap`: `b`, or `g₁ − g₂`);
    /// over at most ``UIKitPagingSpringSnap/maximumSteps`` steps: ≤ 4·10⁻¹²·(1 + 4/gap). The test
    /// asks for `B < 0.5 − 10⁻¹⁰·(1 + 4/gap)`, 25 times that margin; near critical damping
    /// (`gap` < 10⁻⁶) it proves nothing and the spring is stepped on as before.
    struct SettlingBound: Sendable {
        private enum Kind: Sendable { case oscillating, overdamped, none }
        private let kind: Kind
        private let f: Double
        /// Oscillating: `c` and `1/b`. Overdamped: `g₁`, `g₂` and `1/(g₁ − g₂)`.
        private let p: Double, q: Double, r: Double
        /// `(0.5 − margin)²` (oscillating) or `0.5 − margin` (overdamped).
        private let limit: Double

        /// The bound for pull `k` (per ms², > 0) and friction `f` (per ms, in `[0, 1)`).
        init(k: Double, f: Double) {
            self.f = f
            let trace = 1 - k + f
            let discriminant = trace * trace - 4 * f
            let gap = Swift.abs(discriminant).squareRoot() / (discriminant < 0 ? 2 : 1)
            guard k > 0, f >= 0, f < 1, gap.isFinite, gap >= 1e-6 else {
                (kind, p, q, r, limit) = (.none, 0, 0, 0, 0)
                return
            }
            let inverse = 1 / gap
            let half = 0.5 - 1e-10 * (1 + 4 * inverse)
            if discriminant < 0 {
                kind = .oscillating
                (p, q, r) = (trace / 2 - 1 + k, inverse, 0)
                limit = half * half
            } else {
                kind = .overdamped
                (p, q, r) = ((trace + gap) / 2 - 1 + k, (trace - gap) / 2 - 1 + k, inverse)
                limit = half
            }
        }

        /// Whether offset `d` from the attractor (pages) and velocity `v` (pages per ms) keep the
        /// attractor for every later step. False for NaN.
        @inline(__always)
        func keepsAttractor(d: Double, v: Double) -> Bool {
            switch kind {
            case .oscillating:
                let e = (f * v - p * d) * q
                return d * d + e * e < limit
            case .overdamped:
                return (Swift.abs(f * v - q * d) + Swift.abs(p * d - f * v)) * r < limit
            case .none:
                return false
            }
        }
    }
}
