/// A spring/friction model of `UIScrollView.isPagingEnabled` (UIKit is closed source; see
/// `Docs/policies-closed-source.md` for the evidence behind each part and how to pin it on a device).
///
/// Evidence (each part marked):
/// - **[decompiled UIKit]** `-[UIScrollView setFrame:]` sets two private ivars from the bounds width
///   `W` (points): `_pagingSpringPull = −1.84659091e−7·W + 3.59090909e−4` (0.00017 above
///   `W` = 1024) and `_pagingFriction = 9.94318182e−6·W + 0.966818182` (0.977 above 1024): at
///   `W` = 320, 3.0e−4 and 0.970; at 1024, 1.7e−4 and 0.977. Both are declared in class-dumped
///   `UIScrollView` headers next to each other; Apple's Tips app overwrites them by key
///   (`_adjustScrollViewPagingDecelerationForSize:`), Photos carries
///   `pagingSpringPullAdjustment`/`pagingFrictionAdjustment` (default 0) in `PUTilingScrollInfo`.
/// - **[inferred]** Units: per millisecond. As a spring `a = k·(T − x)` with per-step velocity
///   retention `f`, `k` = 3e−4 /ms² and `f` = 0.97 /ms give a natural period `2π/√k` ≈ 360 ms and
///   damping ratio `(1 − f)/(2√k)` ≈ 0.87: a slightly underdamped settle of a few hundred ms, as
///   paging looks. Per frame (16.7 ms) the same numbers would settle in seconds.
/// - **[assumption]** The rule: after lift-off the offset moves under friction and a pull toward
///   the page nearest the current offset (a moving attractor), stepped once per millisecond
///   (`v ← f·v + k·(T(x) − x)`, `x ← x + v`), and the page it settles on is the decision. A page
///   is one layout stride; the attractor is limited to one page either side of the page nearest
///   the release **[observed, UNVERIFIED: "a flick never moves more than one page"]**.
/// - **[fit]** `pullAdjustment` and `frictionAdjustment` are added to the width formulas (as
///   Photos' adjustments are named); Scripts/research/fit-uikit-paging.py fits them to a grid measured with
///   XCUITest drags (the document's protocol).
///
/// Looping layouts use the same arithmetic on slots, without clamps; bounded layouts clamp the
/// attractor to the items.
public struct UIKitPagingSpringSnap: DeclaredParameters, Hashable {
    public var id: String { "uikit-paging-spring" }
    public var summary: String {
        "model of UIScrollView paging as a per-ms spring toward the nearest page with friction (_pagingSpringPull/_pagingFriction from the bounds width), at most one page from the release page"
    }
    public var source: String {
        "model: decompiled UIKit -[UIScrollView setFrame:] (_pagingSpringPull = -1.84659091e-7 W + 3.59090909e-4, _pagingFriction = 9.94318182e-6 W + 0.966818182); dynamics and units assumed (Docs/policies-closed-source.md)"
    }

    /// Added to the width formula's `_pagingSpringPull`, per ms².
    public var pullAdjustment: Double
    /// Added to the width formula's `_pagingFriction`, per ms.
    public var frictionAdjustment: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(
        UIKitPagingSpringSnap(pullAdjustment: .nan, frictionAdjustment: .nan))

    public init(pullAdjustment: Double = UIKitPagingSpringSnap.defaults.pullAdjustment,
                frictionAdjustment: Double = UIKitPagingSpringSnap.defaults.frictionAdjustment) {
        self.pullAdjustment = pullAdjustment
        self.frictionAdjustment = frictionAdjustment
    }

    /// The parameters, declared once (``DeclaredParameters``).
    public static let parameters = ParameterTable<UIKitPagingSpringSnap>([
        ParameterField(\.pullAdjustment, "pullAdjustment", unit: "per ms²", default: 0, range: -0.00015...0.002,
                       summary: "added to _pagingSpringPull (width formula, 3e-4 at 320 pt)"),
        ParameterField(\.frictionAdjustment, "frictionAdjustment", unit: "per ms", default: 0, range: -0.2...0.02,
                       summary: "added to _pagingFriction (width formula, 0.970 at 320 pt)"),
    ])

    public var parameterTable: ParameterTable<UIKitPagingSpringSnap> { Self.parameters }

    /// `_pagingSpringPull` for a bounds width `w` (points), per ms².
    public static func springPull(width w: Double) -> Double { w > 1024 ? 0.00017 : w * -0.000000184659091 + 0.000359090909 }

    /// `_pagingFriction` for a bounds width `w` (points), per ms.
    public static func friction(width w: Double) -> Double { w > 1024 ? 0.977 : w * 0.00000994318182 + 0.966818182 }

    /// Most simulated milliseconds (the model settles within ~1.5 s for every valid parameter).
    static let maximumSteps = 4000

    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        decide(release, in: layout, spring: Spring(self, width: layout.viewportWidth))
    }

    /// ``decide(_:in:)`` for each release, with the spring (pull, friction and their settling
    /// bounds, which depend on the viewport width alone) built once for each run of layouts of the
    /// same width (bit for bit) instead of once per release: the same numbers, so the same decisions.
    public func decide(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        let count = Swift.min(releases.count, layouts.count, decisions.count)
        guard count > 0 else { return }
        var spring = Spring(self, width: layouts[0].viewportWidth)
        for i in 0..<count {
            let layout = layouts[i]
            if layout.viewportWidth.bitPattern != spring.width.bitPattern {
                spring = Spring(self, width: layout.viewportWidth)
            }
            decisions.store(decide(releases[i], in: layout, spring: spring), at: i)
        }
    }

    /// As ``SnapPolicy/decide(_:inOneLayout:sharing:into:)`` (every release in `layouts[0]`'s bits):
    /// ``decide(_:in:into:)``'s loop with one spring and the layout a local constant of the loop,
    /// so that its fields are read once, not after every store (which might write over
    /// `layouts[i]` for all the optimizer knows). The same decisions bit for bit.
    public func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        guard let layout = layouts.first else { return }
        let count = Swift.min(releases.count, decisions.count)
        let spring = Spring(self, width: layout.viewportWidth)
        for i in 0..<count {
            decisions.store(decide(releases[i], in: layout, spring: spring), at: i)
        }
    }

    /// ``decide(_:in:)`` with the spring of `layout`'s viewport width (``Spring``).
    @inline(__always)
    func decide(_ release: Release, in layout: CarouselLayout, spring: Spring) -> SnapDecision {
        let k = spring.k, f = spring.f
        // Positions in pages relative to the page nearest the release (loop-shift invariant, no
        // huge offsets); the attractor stays within one page of it.
        let p = layout.position(atOffset: release.offset)
        guard p.isFinite else { return layout.decision(slot: layout.nearestSlot(toOffset: 0), rule: "spring-settled") }
        let base = SnapMath.roundedIndex(p)
        var low = -1, high = 1
        if !layout.isLooping {
            low = SnapMath.clamp(base - 1, 0, layout.itemCount - 1) - base
            high = SnapMath.clamp(base + 1, 0, layout.itemCount - 1) - base
        }
        var x = p - Double(base)
        var v = release.velocity.isFinite ? release.velocity / layout.stride : 0   // pages per ms
        v = SnapMath.clamp(v, -1, 1)
        // The attractor clamp(round(x), low, high) as a double, by comparisons: either
        // −1 ≤ low ≤ 0 ≤ high ≤ 1 (every rounding at or above 0.5 clamps to `high`, at or below
        // −0.5 to `low`, the rest is 0), or low = high (a release beyond an end): the same values as
        // rounding (NaN rounds to 0), without an integer conversion on every step's path.
        let lowPage = Double(low), highPage = Double(high), middle = Double(SnapMath.clamp(0, low, high))
        var target = middle
        // One attractor only (a single item, or a release beyond an end): nothing to step.
        if low == high { return layout.decision(slot: base &+ low, rule: "spring-settled") }
        // The decision is the attractor where the decided test below first stops the stepping (or
        // after the last step): a proof that the attractor can no longer change (``SettlingBound``)
        // may stop sooner, never with another attractor, so the proofs need not run on every step.
        // With a next-peak bound (an oscillating spring) they run before the first step and when
        // the offset enters another half page (for the sides of its attractor that have a change
        // beyond them), outside the loop of steps, whose body is then the step, the decided test
        // and the half page's ends: on F20, trying it again each time the offset turned toward the
        // attractor saved 0.8 step a decision but cost some 10 instructions on every step (a
        // product, a comparison, the turning state). Without one, the cheaper settling bound runs
        // on every step as well.
        let everyStep = spring.peak == nil
        var remaining = Self.maximumSteps   // steps left
        stepping: while true {
            // The attractor of the offset's half page, and that half page's ends: x ≥ 0.5 gives the
            // highest attractor (x > 0.5⁻, the double below 0.5), x ≤ −0.5 the lowest, exactly.
            let upperHalf = x >= 0.5, lowerHalf = x <= -0.5
            target = upperHalf ? highPage : (lowerHalf ? lowPage : middle)
            let bottom = upperHalf ? 0.49999999999999994 : (lowerHalf ? -Double.infinity : -0.5)
            let top = upperHalf ? Double.infinity : (lowerHalf ? -0.49999999999999994 : 0.5)
            let above = target != highPage, below = target != lowPage
            var offTarget = x - target
            if spring.keepsAttractor(d: offTarget, v: v, above: above, below: below) { break stepping }
            // The next steps whose decided test cannot stop the stepping (``Spring/quietSteps(d:v:limit:)``,
            // a flick's run to the half page's end mostly) skip it, and the step count's test with
            // it: the last of them leaves at least one step for the decided test and the count's.
            // The tests run again once `remaining` falls below `loud` (one counter for both).
            let loud = remaining &- spring.quietSteps(d: offTarget, v: v, limit: remaining &- 1)
            while true {
                // target − x = −(x − target) exactly (a rounded difference changes sign with its
                // operands), so this is f·v + k·(target − x) bit for bit, but for the sign of a zero
                // velocity, which nothing after tells apart (v enters products, sums with nonzero
                // terms, and `<` tests).
                v = f * v - k * offTarget
                x += v
                remaining &-= 1
                offTarget = x - target
                // Decided: with d = x − T the spring's amplitude about its attractor is at most
                // √(d² + v²/k) and friction only shrinks it, so below 0.4 page (0.5 leaves the
                // attractor's half page; the margin covers the per-ms stepping, whose amplitude error
                // at √k·1 ms ≈ 0.02 rad per step is about 1%) the attractor can no longer change.
                // (The model's "settled" test, |v| < 10⁻⁵ and |d| < 0.05, stops no stepping this one
                // does not stop on the same step: it gives d² ≤ 0.0025 and v²/k ≤ 10⁻¹⁰/10⁻⁶, as
                // k ≥ 10⁻⁶, or 0 for k = +∞, a sum far below 0.16 after rounding; and k > 0 always.)
                if remaining < loud {
                    if offTarget * offTarget + v * v / k < 0.16 { break stepping }
                    guard remaining > 0 else { break stepping }
                }
                guard x > bottom && x < top else { continue stepping }
                if everyStep && spring.settling.keepsAttractor(d: offTarget, v: v) { break stepping }
            }
        }
        return layout.decision(slot: base &+ Int(target), rule: "spring-settled")
    }
}
