extension UIKitPagingSpringSnap {
    /// What ``UIKitPagingSpringSnap/decide(_:in:)`` derives from the viewport width alone: the pull
    /// `k` (per ms²) and friction `f` (per ms) of the width formulas plus the adjustments, the
    /// ``SettlingBound`` and its next peak's bound (``SettlingBound/nextPeak()``, `nil` unless the
    /// spring oscillates). The batch decide builds one for each run of layouts of the same width;
    /// the numbers are those of building it for each release.
    struct Spring {
        /// The viewport width (points) it was built for.
        let width: Double
        let k: Double, f: Double
        let settling: SettlingBound
        let peak: SettlingBound.NextPeak?
        /// `(1 − 10⁻⁹)/log₂(1/g)`, `g` the energy's least decay per step (``energyDecay(k:f:)``):
        /// the steps the energy takes to halve at the least decay, from below (0 where the decay
        /// proves nothing); ``quietSteps(d:v:limit:)`` reads it.
        let stepsPerHalving: Double

        init(_ policy: UIKitPagingSpringSnap, width: Double) {
            self.width = width
            k = Swift.max(1e-6, UIKitPagingSpringSnap.springPull(width: width) + policy.pullAdjustment)
            f = SnapMath.clamp(UIKitPagingSpringSnap.friction(width: width) + policy.frictionAdjustment, 0, 0.999)
            settling = SettlingBound(k: k, f: f)
            peak = settling.nextPeak()
            let energyDecay = Self.energyDecay(k: k, f: f)
            // ln 2/(−ln g) = 1/log₂(1/g); SnapMath.log is good to 10⁻¹⁵, far inside the 10⁻⁹.
            stepsPerHalving = energyDecay > 0 ? (1 - 1e-9) * 0.6931471805599453 / -SnapMath.log(energyDecay) : 0
        }

        /// The least factor by which one step can shrink the decided test's energy `E = d² + v²/k`
        /// while the attractor stays put, `σ²·(1 − 10⁻⁶)`, or 0 where it is not proved (`k > 1`,
        /// NaN). In `w = (d, v/√k)`, `E = |w|²` and a step is `w' = M·w`,
        /// `M = [[1 − k, f·√k], [−√k, f]]` (``SettlingBound``'s step), so `|w'|² ≥ σ²·|w|²` with `σ`
        /// the smaller singular value of `M`: `σ² = 2f²/(t + √(t² − 4f²))`, `t = |M|²` (Frobenius)
        /// `= (1 − k)² + k·f² + k + f²` and `f = |det M|`. No cancellation but in `t² − 4f²`, which
        /// the root takes to about 10⁻⁸ of `t` at worst: the slack of 10⁻⁶ covers it, and the
        /// rounding of the stepped arithmetic (some 50 units in the last place of `|w|` a step for
        /// `k ≤ 1`, `|T| ≤ 1` and `E ≥ 0.16`: a relative 10⁻¹⁴).
        static func energyDecay(k: Double, f: Double) -> Double {
            guard k <= 1 else { return 0 }
            let t = (1 - k) * (1 - k) + k * f * f + k + f * f
            let sigma2 = 2 * f * f / (t + Swift.max(0, t * t - 4 * f * f).squareRoot()) * (1 - 1e-6)
            return sigma2 > 0 && sigma2 < 1 ? sigma2 : 0
        }

        /// How many of the next steps (at most `limit`) from offset `d` and velocity `v` about an
        /// attractor that stays put the decided test (`d² + v²/k < 0.16`) cannot stop: `n` steps
        /// leave an energy of at least `E₀·gⁿ` (`g`: ``energyDecay(k:f:)``), at least `0.16·(1 + 10⁻⁹)` while
        /// `n ≤ log₂(r)/log₂(1/g)`, `r = E₀·(1 − 10⁻¹²)/(0.16·(1 + 10⁻⁹))` (the margins cover the
        /// roundings of `E₀`, `r` and the test, some units in the last place). `log₂ r` is bounded
        /// below without a logarithm by `e + (m − 1)` for `r = m·2ᵉ`, `m ∈ [1, 2)` (`log₂` is
        /// concave and equal to `m − 1` at 1 and 2; at most 0.09 low, a step at the default
        /// spring), and `n` rounded down. 0 for NaN, an infinite energy or `r < 1`. A proof only:
        /// skipping those tests changes no decision.
        @inline(__always)
        func quietSteps(d: Double, v: Double, limit: Int) -> Int {
            let ratio = (d * d + v * v / k) * ((1 - 1e-12) / (0.16 * (1 + 1e-9)))
            guard ratio >= 1, ratio < .infinity else { return 0 }
            let halvings = Double(ratio.exponent) + (ratio.significand - 1)
            return Swift.min(Int(halvings * stepsPerHalving), limit)
        }

        /// Whether offset `d` from the attractor and velocity `v` keep the attractor for every later
        /// step: by the next peak's bound for the sides that have a change of attractor beyond them
        /// (``SettlingBound/NextPeak/keepsAttractor(d:v:above:below:)``) when the spring has one, by
        /// the settling bound otherwise. A proof only: false never changes the decision.
        @inline(__always)
        func keepsAttractor(d: Double, v: Double, above: Bool, below: Bool) -> Bool {
            if let peak { return peak.keepsAttractor(d: d, v: v, above: above, below: below) }
            return settling.keepsAttractor(d: d, v: v)
        }
    }
}

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
    /// `0 < k < 1 + f` and `0 ≤ f < 1` (every pull of the parameters' ranges; a larger one proves
    /// nothing and is stepped), and every later `|dₙ|` is at most:
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
    ///
    /// **Overdamped, tighter**: with `α = (f·v − g₂·d)/(g₁ − g₂)` (the slow mode) and
    /// `β = d − α`, `dₙ = α·λ₁ⁿ + β·λ₂ⁿ` (both `λ` in `[0, 1)`, their product `f ≥ 0`, their sum
    /// `1 − k + f > 0`). When `α·β ≥ 0`, `|dₙ| ≤ |α| + |β| = |d|`; otherwise `dₙ = λ₁ⁿ·(α + β·ρⁿ)`,
    /// `ρ = λ₂/λ₁ ∈ [0, 1)`, and `α + β·ρⁿ` lies between `α + β = d` and `α`: every later `|dₙ|` is
    /// at most `max(|d|, |α|)` (never more than `B` = `|α| + |β|`). Used when `g₁ − g₂ ≥ 10⁻³`
    /// (the cancelling discriminant then known to 10⁻⁹ relative), with a slack of 10⁻⁶; `B` below.
    ///
    /// **The next peak** (``nextPeak()``, oscillating only). `B` is the
    /// amplitude `C` of `dₙ = C·ρⁿ·cos(φ + n·ω)` (`ρ = √f`, `ω = arg(a + ib)`, `C·cos φ = d`,
    /// `C·sin φ = s = (c·d − f·v)/b`), which the decaying `|dₙ|` may never come near again: with
    /// `κ = σ/ω`, `σ = −ln ρ`, every later `|dₙ|` is at most the supremum over real `τ ≥ 0` of
    /// `|h(τ)| = C·e^(−κτ)·|cos(φ + τ)|`: `max(|d|, C·cos α·e^(−κΔ))`, `α = atan κ`, where `Δ ∈ [0, π)`
    /// is the angle from `φ` to the next extremum `θ ≡ −α (mod π)` (between two zeros of the cosine
    /// `|h|` has one peak; later peaks are lower). The supremum falls as `κ` grows, so any
    /// `κₗ ≤ κ` gives a bound: `σ ≥ (u + u²/2 + u³/3)/2` with `u = 1 − f`, and `ω ≤ b/a`; `cos α`
    /// and `sin α` follow from `κₗ` by a square root, and `Δ` is bounded below by `sin Δ` (when
    /// `cos Δ ≥ 0`) or `π/2 − cos Δ` (otherwise), from the dot and cross products of `(d, s)` with
    /// the extremum's direction: no trigonometry; `e^(−κₗΔ)` is bounded above by `1/P₅(κₗΔ)`, `P₅`
    /// the Taylor polynomial of `e^y` to `y⁵` (`e^y ≥ P₅(y)` for `y ≥ 0`; within 0.06% for `y ≤ 1`,
    /// 9% at 3). It costs a square root and two divisions, so
    /// ``UIKitPagingSpringSnap/decide(_:in:)`` tries it before the first step and when the
    /// attractor changes, and not on the steps between (it was also tried each time the offset
    /// turned toward its attractor, just past a peak of `|d|`, until issue 36's spring41: that saved
    /// under a step a decision on F20 and cost a test on every step). In a simulation of
    /// releases within half a page at up to 0.02 page/ms, at the width formula's constants for a
    /// 375-point viewport (`κ` ≈ 1.8) the spring then stops after 9 steps on average instead of 26
    /// (with the proofs on turning; without them spring39's simulation took 12–17% more steps);
    /// the overdamped bound above takes the fitted region (pull −0.00015, friction −0.0145) from
    /// 14 to 7. Used only for `b ≥ 10⁻³` (then `b`, from the cancelling `trace² − 4f`, is
    /// known to 10⁻⁹ relative, so `s`, `C` and `φ` are too), with slacks of 10⁻⁶ on `Δ` and on the
    /// peak (rounding is some 10⁻⁹) on top of `B`'s margin for the stepped arithmetic.
    ///
    /// **One side** (``NextPeak/keepsAttractor(d:v:above:below:)``). The attractor changes only
    /// where the offset leaves its half page, and the highest attractor has no change above it, the
    /// lowest none below (`x ≥ 0.5` always gives the highest): just past a change of attractor the
    /// offset is half a page below (or above) its new attractor, which no bound on `|dₙ|` can keep,
    /// but only the side it came from matters. Between `τ = 0` and the next extremum `h` is
    /// monotone, and its extrema alternate in sign half a turn (`π`) apart, each lower than the one
    /// before: when the next one is a maximum (`cross > 0` below), every later `dₙ ≤ max(d, peak)`
    /// and `−dₙ ≤ max(−d, peak·e^(−κπ))`; a minimum, the other way round. Both sides give the bound
    /// above. `h` for any `κₗ ≤ κ` is above the true one where positive and below it where negative,
    /// so `κₗ` bounds each side, and `e^(−κₗπ)` is taken 10⁻⁹ above (the exponential is good to
    /// 10⁻¹⁵); the same slacks and margin as above. A side left free must still stay within 16
    /// pages (both sides' bounds below 16): then `|x| ≤ 17`, `|v| = |dₙ − dₙ₋₁| ≤ 32` and `k < 2`
    /// (`trace > 0`), so one step's rounding is below 2·10⁻¹⁴ page, 8·10⁻¹¹ over 4,000 steps, still
    /// under the margin's 10⁻¹⁰ (a free side without that limit could swing far enough for the
    /// drift to exceed it).
    struct SettlingBound: Sendable {
        private enum Kind: Sendable { case oscillating, overdamped, none }
        private let kind: Kind
        private let f: Double
        /// Oscillating: `c` and `1/b`. Overdamped: `g₁`, `g₂` and `1/(g₁ − g₂)`.
        private let p: Double, q: Double, r: Double
        /// `(0.5 − margin)²` (oscillating) or `0.5 − margin` (overdamped).
        private let limit: Double
        /// `1 − k + f` and `(1 − k + f)² − 4f` (for ``nextPeak()``).
        private let trace: Double, discriminant: Double
        /// Overdamped with `g₁ − g₂ ≥ 10⁻³`: the bound is `max(|d|, |α|)` (see above).
        private let separated: Bool

        /// The bound for pull `k` (per ms², > 0) and friction `f` (per ms, in `[0, 1)`).
        init(k: Double, f: Double) {
            self.f = f
            let trace = 1 - k + f
            let discriminant = trace * trace - 4 * f
            (self.trace, self.discriminant) = (trace, discriminant)
            let gap = Swift.abs(discriminant).squareRoot() / (discriminant < 0 ? 2 : 1)
            separated = discriminant >= 0 && gap >= 1e-3 && trace > 0
            // trace > 0 (k < 1 + f): both eigenvalues then lie in the unit circle, and an overdamped
            // pair in [0, 1) (a larger pull, possible only through the unvalidated initializer, steps on).
            guard k > 0, f >= 0, f < 1, trace > 0, gap.isFinite, gap >= 1e-6 else {
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

        /// The next peak's bound (see above) for this spring: `nil` unless oscillating with
        /// `b ≥ 10⁻³`. Made when first needed (square roots and divisions that most decisions,
        /// which end within a few steps, would not repay).
        func nextPeak() -> NextPeak? {
            guard case .oscillating = kind, trace > 0 else { return nil }
            let gap = (-discriminant).squareRoot() / 2
            guard gap >= 1e-3 else { return nil }
            let u = 1 - f
            let sigma = (u + u * u / 2 + u * u * u / 3) / 2 * (1 - 1e-9)         // ≤ −ln √f
            let b = ((4e-14 - discriminant) / 4).squareRoot()                      // ≥ the exact b
            let omega = b / (trace / 2) * (1 + 1e-9)                               // ≥ atan(b/a)
            let kappa = sigma / omega
            let cosine = 1 / (1 + kappa * kappa).squareRoot()
            let halfTurn = SnapMath.exp(-kappa * Double.pi) * (1 + 1e-9)                // ≥ e^(−κₗπ)
            return NextPeak(f: f, c: p, inverseB: q, limit: limit, kappa: kappa, cosAlpha: cosine, sinAlpha: kappa * cosine,
                            halfTurn: halfTurn, quickScale: cosine * cosine * (1 + 3e-6))
        }

        /// The next peak's bound of one oscillating spring (``nextPeak()``).
        struct NextPeak: Sendable {
            let f: Double, c: Double, inverseB: Double, limit: Double
            /// `κₗ`, and `cos α`, `sin α` for it.
            let kappa: Double, cosAlpha: Double, sinAlpha: Double
            /// At least `e^(−κₗπ)`: the extremum after the next one is at most this fraction of it.
            let halfTurn: Double
            /// `cos²α·(1 + 3·10⁻⁶)`: the quick form's factor on `C²` (``keepsAttractor(d:v:above:below:)``).
            let quickScale: Double

            /// Whether offset `d` and velocity `v` keep the attractor by the next peak's bound:
            /// every later `dₙ` stays below half a page above the attractor (when `above`: an
            /// attractor change lies there) and above half a page below it (when `below`); both by
            /// default. False for NaN. Some 30 operations, two divisions and a square root; first a
            /// quick form of a dozen: with `Δ`'s lower bound taken as 0 (no decay, `1/P₅(0) = 1`, a
            /// looser bound) every later `|dₙ|` is at most `max(|d|, C·cos α)` with the slacks of
            /// 10⁻⁶, on both sides (the extremum after the next is lower: `halfTurn < 1`). Tested
            /// squared, with `1 + 3·10⁻⁶` for `(1 + 10⁻⁶)²` and the roundings, it holds only where
            /// the full bound below holds too: the same answers, so the same stops, without the root
            /// and the divisions (on F20 it settles 45% of the calls).
            @inline(__always)
            func keepsAttractor(d: Double, v: Double, above: Bool = true, below: Bool = true) -> Bool {
                let s = (c * d - f * v) * inverseB             // C·sin φ
                let c2 = d * d + s * s
                if c2 * quickScale < limit && d * d * (1 + 3e-6) < limit { return true }   // false for NaN
                guard c2 > 0 else { return c2 == 0 }
                let amplitude = c2.squareRoot()
                // C·sin and C·cos of the angle from φ to the direction (cos α, −sin α) (a maximum of
                // h), and to its opposite (a minimum): the one `cross` turns to comes first.
                let cross = -(d * sinAlpha + s * cosAlpha)
                let dot = d * cosAlpha - s * sinAlpha
                var lower = 0.0                                // Δ ≥ lower
                if cross != 0 {
                    let (sine, cosine) = cross > 0 ? (cross, dot) : (-cross, -dot)
                    lower = cosine >= 0 ? sine / amplitude : Double.pi / 2 - cosine / amplitude
                    lower = Swift.max(0, lower * (1 - 1e-6) - 1e-6)
                }
                // e^(−y) ≤ 1/(1 + y + … + y⁵/5!) for y ≥ 0 (e^y's series, every term ≥ 0): a division
                // instead of an exponential, within 1.7% of e^(−y) for y ≤ 2.
                let y = kappa * lower
                let decay = 1 / (1 + y * (1 + y * (0.5 + y * (1.0 / 6 + y * (1.0 / 24 + y * (1.0 / 120))))))
                let next = amplitude * cosAlpha * decay * (1 + 1e-6)
                let after = next * halfTurn                    // the extremum of the other sign, half a turn on
                // The next extremum a maximum (cross > 0), a minimum (< 0), or either (0, both sides `next`).
                let up = cross < 0 ? after : next, down = cross > 0 ? after : next
                let upper = Swift.max(d * (1 + 1e-6), up), lowerSide = Swift.max(-d * (1 + 1e-6), down)
                // Every later dₙ lies in [−lowerSide, upper]: within 16 pages on a side left free too
                // (where the stepped arithmetic's drift is bounded; see One side above).
                return upper < 16 && lowerSide < 16
                    && (!above || upper * upper < limit) && (!below || lowerSide * lowerSide < limit)
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
                let slow = Swift.abs(f * v - q * d) * r
                if separated {
                    let size = Swift.abs(d) > slow ? Swift.abs(d) : slow    // NaN when either is
                    return size * (1 + 1e-6) < limit
                }
                return (slow + Swift.abs(p * d - f * v) * r) < limit
            case .none:
                return false
            }
        }
    }
}
