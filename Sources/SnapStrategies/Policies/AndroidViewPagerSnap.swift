/// `androidx.viewpager.widget.ViewPager`'s release rule (`determineTargetPage`).
///
/// Source: `androidx/androidx: viewpager/src/main/java/androidx/viewpager/widget/ViewPager.java`
/// (`onTouchEvent` ACTION_UP, `infoForCurrentScrollPosition`, `determineTargetPage`);
/// `policies.md` Part 2 §1.2.
///
/// With `p` the fractional page position (relative to the layout's alignment origin; ViewPager
/// aligns pages at the leading edge), `currentPage = ⌊p⌋`, `pageOffset = p − ⌊p⌋`, finger travel
/// `Δ` (below), finger velocity `v_f = −v` and `curItem` the page selected before the drag
/// (`release.startSlot(in:)`):
/// ```
/// if |Δ| > minFlingDistance·density and |v| > minFlingVelocity·density:   // fling
///     target = v > 0 ? currentPage + 1 : currentPage
/// else:                                                                  // slow release
///     t = currentPage ≥ curItem ? truncator : 1 − truncator
///     target = currentPage + ⌊pageOffset + t⌋
/// target clamped to the items
/// ```
/// Constants: `MIN_DISTANCE_FOR_FLING` 25 dp, `MIN_FLING_VELOCITY` 400 dp/s (0.4 pt/ms; not the
/// system 50 dp/s), truncator 0.4 (and 0.6 = 1 − 0.4 below `curItem`), density 1 (points = dp).
///
/// Travel: **finger travel** (`totalDelta = (int)(x − mInitialMotionX)`): ``Release/fingerTravel``
/// when known, else the content travel plus the paging touch slop (`touchSlop`, 16 dp =
/// `ViewConfiguration.getScaledPagingTouchSlop()`, twice `TOUCH_SLOP`): ViewPager starts scrolling
/// only once the finger is past the slop, from `mInitialMotionX ± mTouchSlop`
/// (`onInterceptTouchEvent`/`onTouchEvent` ACTION_MOVE), so a 20 pt content drag is a 36 pt finger
/// drag. ``Release/fingerTravel(touchSlop:)``.
///
/// Whole pixels (``wholePixels`` = 1, the platform): `mFlingDistance = (int)(25·ρ)`,
/// `mMinimumVelocity = (int)(400·ρ)`, `initialVelocity = (int) getXVelocity` px/s,
/// `totalDelta = (int)(x − mInitialMotionX)` and the paging slop `2·getDimensionPixelSize(8 dp)`
/// (``AndroidPixels``). It changes decisions at the gates: at ρ = 1 a 25.9 pt finger travel is
/// 25 px, not past 25; 400.9 dp/s is 400 px/s, not a fling; at ρ = 2.625 the distance gate is
/// 65 px, not 65.6. The page position uses the continuous offset (Android's `scrollX` is an `int`
/// too; that moves the 0.4/0.6 truncation boundaries by under a pixel and is not modelled).
///
/// Deviations: the clamp to the populated pages
/// (`curItem ± offscreenPageLimit` plus what is visible) is replaced by the clamp to the items,
/// as in the spec's examples. In a looping layout nothing is clamped (⌊·⌋ keeps the rule
/// invariant under a whole-cycle shift).
public struct AndroidViewPagerSnap: DeclaredParameters, LayoutHoistingPolicy, Hashable {
    public var id: String { "android-viewpager" }
    public var summary: String {
        "fling (>400 dp/s and >25 dp finger travel) moves one page in its direction; slow releases need 0.6 of a page from the page selected before the drag"
    }
    public var source: String {
        "androidx viewpager/src/main/java/androidx/viewpager/widget/ViewPager.java, determineTargetPage (25 dp, 400 dp/s, truncator 0.4/0.6)"
    }

    /// Finger velocity a fling must exceed, dp per ms (400 dp/s).
    public var minFlingVelocity: Double
    /// Finger travel a fling must exceed, dp (25).
    public var minFlingDistance: Double
    /// Truncator added to the page offset at or past the page selected before the drag (0.4);
    /// `1 − truncator` before it.
    public var truncator: Double
    /// Pixels per point; thresholds in dp are multiplied by it.
    public var density: Double

    /// Paging touch slop, dp (16): added to a content-only travel to estimate the finger's.
    public var touchSlop: Double

    /// 1: Android's whole pixels (``AndroidPixels``); 0: continuous comparisons.
    public var wholePixels: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(
        AndroidViewPagerSnap(minFlingVelocity: .nan, minFlingDistance: .nan, truncator: .nan, density: .nan,
                             touchSlop: .nan, wholePixels: .nan))

    public init(minFlingVelocity: Double = AndroidViewPagerSnap.defaults.minFlingVelocity,
                minFlingDistance: Double = AndroidViewPagerSnap.defaults.minFlingDistance,
                truncator: Double = AndroidViewPagerSnap.defaults.truncator,
                density: Double = AndroidViewPagerSnap.defaults.density,
                touchSlop: Double = AndroidViewPagerSnap.defaults.touchSlop,
                wholePixels: Double = AndroidViewPagerSnap.defaults.wholePixels) {
        self.wholePixels = wholePixels
        self.minFlingVelocity = minFlingVelocity
        self.minFlingDistance = minFlingDistance
        self.truncator = truncator
        self.density = density
        self.touchSlop = touchSlop
    }

    /// The parameters, declared once (``DeclaredParameters``).
    public static let parameters = ParameterTable<AndroidViewPagerSnap>([
        ParameterField(\.minFlingVelocity, "minFlingVelocity", unit: "dp/ms", default: 0.4, range: 0...10,
                       summary: "speed a fling must exceed (MIN_FLING_VELOCITY 400 dp/s)"),
        ParameterField(\.minFlingDistance, "minFlingDistance", unit: "dp", default: 25, range: 0...500,
                       summary: "finger travel a fling must exceed (MIN_DISTANCE_FOR_FLING)"),
        ParameterField(\.truncator, "truncator", unit: "fraction of page", default: 0.4, range: 0...1,
                       summary: "slow release: page offset + this, truncated (1 − this behind the selected page)"),
        ParameterField(\.density, "density", unit: "px per pt", default: 1, range: 0.75...4,
                       role: .platformConstant, summary: "pixels per point; scales the dp thresholds"),
        ParameterField(\.touchSlop, "touchSlop", unit: "dp", default: 16, range: 0...100,
                       role: .platformConstant,
                       summary: "paging touch slop added to content travel when finger travel is unknown (16 dp)"),
        ParameterField(\.wholePixels, "wholePixels", unit: "flag", default: 1, range: 0...1, isInteger: true,
                       role: .platformConstant, summary: "1: Android's int pixels (velocities, dp thresholds); 0: continuous"),
    ])

    public var parameterTable: ParameterTable<AndroidViewPagerSnap> { Self.parameters }

    /// The fling gate's thresholds, which depend on the parameters alone: the slop added to a
    /// content-only travel (points or whole pixels), the distance and the velocity a fling must
    /// exceed (in the gate's units: pt and pt/ms, or whole px and whole px/s).
    struct FlingGate {
        let whole: Bool
        let slop: Double
        let distance: Double
        let velocity: Double

        @inline(__always)
        init(_ policy: AndroidViewPagerSnap) {
            let density = policy.density
            whole = policy.wholePixels != 0
            if whole {
                slop = 2 * AndroidPixels.dimensionPixelSize(policy.touchSlop / 2, density: density)
                distance = AndroidPixels.truncated(policy.minFlingDistance, density: density)
                velocity = AndroidPixels.truncated(policy.minFlingVelocity * 1000, density: density)
            } else {
                slop = policy.touchSlop * density
                distance = policy.minFlingDistance * density
                velocity = policy.minFlingVelocity * density
            }
        }

        /// Whether `release` flings (`|Δ| > distance` and `|v| > velocity`, each in the gate's units).
        @inline(__always)
        func flings(_ release: Release) -> Bool {
            if whole {
                let delta = Double(SnapMath.truncatedIndex(release.fingerTravel(touchSlop: slop)))
                return abs(delta) > distance && abs(AndroidPixels.trackedVelocity(release.velocity)) > velocity
            }
            return abs(release.fingerTravel(touchSlop: slop)) > distance && abs(release.velocity) > velocity
        }
    }

    @inline(__always)
    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        decide(release, in: layout, gate: FlingGate(self))
    }

    /// As ``SnapPolicy/decide(_:inOneLayout:sharing:into:)`` (every release in `layouts[0]`'s bits):
    /// ``LayoutHoistingPolicy``'s loop with the fling gate's thresholds (``FlingGate``: whole-pixel
    /// truncations and roundings of the parameters) computed once, before the loop, instead of
    /// once per release (the same expressions, so the same bits and decisions).
    public func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        guard let layout = layouts.first else { return }
        let count = Swift.min(releases.count, decisions.count)
        let gate = FlingGate(self)
        for i in 0..<count { decisions.store(decide(releases[i], in: layout, gate: gate), at: i) }
    }

    /// ``decide(_:in:)`` with the fling gate `gate` (``FlingGate``, this policy's).
    @inline(__always)
    func decide(_ release: Release, in layout: CarouselLayout, gate: FlingGate) -> SnapDecision {
        let p = layout.position(atOffset: release.offset)
        let currentPage = SnapMath.flooredIndex(p)
        let pageOffset = p - Double(currentPage)
        let fling = gate.flings(release)
        let v = release.velocity
        if fling {
            return v > 0 ? layout.decision(slot: currentPage + 1, rule: "fling-forward")
                         : layout.decision(slot: currentPage, rule: "fling-back")
        }
        let selected = release.startSlot(in: layout)
        let t = currentPage >= selected ? truncator : 1 - truncator
        let target = currentPage + SnapMath.flooredIndex(pageOffset + t)
        let rule: StaticString = target > selected ? "slow-forward" : (target < selected ? "slow-back" : "slow-stay")
        return layout.decision(slot: target, rule: rule)
    }
}
