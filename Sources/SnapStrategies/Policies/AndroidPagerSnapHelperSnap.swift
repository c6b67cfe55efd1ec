/// RecyclerView `PagerSnapHelper` (also ViewPager2): one page per fling, nearest page when slow.
///
/// Source: `androidx/androidx: recyclerview/recyclerview/src/main/java/androidx/recyclerview/widget/`
/// `PagerSnapHelper.java` (`findTargetSnapPosition`, `isForwardFling`, `findCenterView`),
/// `SnapHelper.java` (`onFling`, `snapToTargetExistingView`), `RecyclerView.java` (`fling`);
/// `policies.md` Part 2 §1.3.
///
/// With `p` the fractional position of the child centres relative to the padded centre (below)
/// and `v` the scroll velocity:
/// ```
/// if |v| > minFlingVelocity·density:  target = v > 0 ? ⌈p⌉ : ⌊p⌋   // never more than one page
/// else:                                target = nearest page (ties to the earlier page)
/// ```
/// (the fling gate is strict: `SnapHelper.onFling` tests `> minFling`; slower releases go idle and
/// `snapToTargetExistingView` snaps the child closest to the centre, the first in layout order
/// on a tie). Constants: `MINIMUM_FLING_VELOCITY` 50 dp/s (0.05 pt/ms), density 1.
///
/// Whole pixels (``wholePixels`` = 1, the platform): RecyclerView hands `fling((int) xvel, …)`
/// an `int` px/s velocity and compares it with `getScaledMinimumFlingVelocity()` =
/// `getDimensionPixelSize(50 dp)` (``AndroidPixels``): at ρ = 1, 50.9 px/s is 50, not a fling
/// (PagerSnapHelperTest's `(int)(1.000001 × minFling)`); at ρ = 2.625 the gate is 131 px/s.
///
/// Deviations: Android measures child centres in whole pixels (`decoratedStart +
/// decoratedMeasurement/2` with integer division) and ours does not: that moves a decision only
/// within a pixel of a centred child. At the ends
/// (no child in the fling direction) Android lets the fling run and snaps the nearest child; ours
/// clamps to the first or last item, which is where that ends. A release at exactly the gate
/// (`|v|` = 50 dp/s) runs a tiny free fling on Android; ours snaps to the nearest page.
///
/// Snap origin (``SnapOrigin/paddedCenter``, declared in ``snapOrigin``): PagerSnapHelper measures child centres
/// against `startAfterPadding + totalSpace/2` (`distanceToCenter`, `findCenterView`), i.e.
/// `L + (V − L − R)/2` with the layout's insets as the RecyclerView's padding (`clipToPadding =
/// false`), whatever the layout's alignment. With equal insets that is the viewport centre; with
/// unequal ones it is `(L − R)/2` from it. `snapOrigin: .layout` restores the layout's alignment.
///
/// Children wider than the viewport: the child in the fling direction may not be attached;
/// `findTargetSnapPosition` then extrapolates ±1 from the visible child, which is ⌈p⌉/⌊p⌋ again.
public struct AndroidPagerSnapHelperSnap: DeclaredParameters, LayoutHoistingPolicy, Hashable {
    public var id: String { "android-pagersnap" }
    public var summary: String {
        "fling (>50 dp/s) goes to the next page boundary in its direction (ceil/floor); slower releases snap to the nearest page"
    }
    public var source: String {
        "androidx recyclerview PagerSnapHelper.java, findTargetSnapPosition; SnapHelper.onFling (min fling 50 dp/s, strict)"
    }

    /// Speed a fling must exceed, dp per ms (50 dp/s).
    public var minFlingVelocity: Double
    /// Pixels per point; the dp threshold is multiplied by it.
    public var density: Double

    /// Where a resting child's centre sits (Android: the padded centre).
    public var snapOrigin: SnapOrigin

    /// 1: Android's whole pixels (``AndroidPixels``); 0: continuous comparisons.
    public var wholePixels: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(
        AndroidPagerSnapHelperSnap(minFlingVelocity: .nan, density: .nan, wholePixels: .nan))

    public init(minFlingVelocity: Double = AndroidPagerSnapHelperSnap.defaults.minFlingVelocity,
                density: Double = AndroidPagerSnapHelperSnap.defaults.density,
                snapOrigin: SnapOrigin = .paddedCenter,
                wholePixels: Double = AndroidPagerSnapHelperSnap.defaults.wholePixels) {
        self.wholePixels = wholePixels
        self.minFlingVelocity = minFlingVelocity
        self.density = density
        self.snapOrigin = snapOrigin
    }

    /// The parameters, declared once (``DeclaredParameters``).
    public static let parameters = ParameterTable<AndroidPagerSnapHelperSnap>([
        ParameterField(\.minFlingVelocity, "minFlingVelocity", unit: "dp/ms", default: 0.05, range: 0...10,
                       summary: "speed a fling must exceed (ViewConfiguration minimum fling 50 dp/s)"),
        ParameterField(\.density, "density", unit: "px per pt", default: 1, range: 0.75...4,
                       role: .platformConstant, summary: "pixels per point; scales the dp threshold"),
        ParameterField(\.wholePixels, "wholePixels", unit: "flag", default: 1, range: 0...1, isInteger: true,
                       role: .platformConstant, summary: "1: Android's int pixels (velocities, dp thresholds); 0: continuous"),
    ])

    public var parameterTable: ParameterTable<AndroidPagerSnapHelperSnap> { Self.parameters }

    @inline(__always)
    public func decide(_ release: Release, in appLayout: CarouselLayout) -> SnapDecision {
        let layout = appLayout.snapped(to: snapOrigin)
        let p = layout.position(atOffset: release.offset)
        let v = release.velocity
        let isFling = wholePixels != 0
            ? abs(AndroidPixels.trackedVelocity(v)) > AndroidPixels.dimensionPixelSize(minFlingVelocity * 1000, density: density)
            : abs(v) > minFlingVelocity * density
        if isFling {
            return v > 0 ? layout.decision(slot: SnapMath.ceiledIndex(p), rule: "fling-forward")
                         : layout.decision(slot: SnapMath.flooredIndex(p), rule: "fling-back")
        }
        return layout.decision(slot: SnapMath.ceiledIndex(p - 0.5), rule: "slow-nearest")
    }
}
