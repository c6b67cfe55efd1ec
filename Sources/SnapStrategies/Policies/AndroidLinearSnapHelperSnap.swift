/// RecyclerView `LinearSnapHelper`: project the fling with Android's spline and jump that many items.
///
/// Source: `androidx/androidx: recyclerview/recyclerview/src/main/java/androidx/recyclerview/widget/`
/// `LinearSnapHelper.java` (`findTargetSnapPosition`, `estimateNextPositionDiffForFling`,
/// `computeDistancePerChild`, `findCenterView`), `SnapHelper.java` (`onFling`,
/// `calculateScrollDistance`); `policies.md` Part 2 §1.4 and §0bis.
///
/// With `v` the scroll velocity clamped to `±maxFlingVelocity·density` (the velocity tracker's
/// clamp), `D` the spline distance (``AndroidSplineDeceleration``), `current` the item nearest
/// the snap position (the padded centre, below) and the
/// stride as the distance per child:
/// ```
/// if |v| ≤ minFlingVelocity·density: target = nearest item            // no fling, idle snap
/// jump = Math.round(sign(v)·D(|v|) / stride)                         // ⌊x + 0.5⌋
/// if jump == 0: target = nearest item to clamp(offset + sign(v)·D)   // NO_POSITION: free fling, then idle snap
/// else:         target = clamp(current + jump)                       // unbounded items per fling
/// ```
/// Constants: minimum fling 50 dp/s (0.05 pt/ms, strict), maximum fling 8000 dp/s (8 pt/ms), and
/// the spline's friction 0.015, inflexion 0.35, exponent ln 0.78/ln 0.9, coefficient and density 1.
///
/// Whole pixels (``wholePixels`` = 1, the platform): the velocity is RecyclerView's `int` px/s
/// (`fling((int) xvel, …)`), the gates are `getDimensionPixelSize(50 dp)` and `(8000 dp)` px/s,
/// and the fling distance is `Scroller.getFinalX()`, `Math.round` of the spline distance
/// (``AndroidPixels``); it moves decisions at the gate and where `distance/stride` is within
/// half a pixel of a half. At the platform spline the whole-pixel velocity takes one of 8001
/// values, and its distance is read from a table the same code computed once
/// (``AndroidSplineDeceleration/standardWholePixelDistances``).
///
/// Deviations: the distance per child is
/// measured from the attached children's decorated bounds; ours uses the continuous distance and
/// the layout's stride. Ties of the nearest child go to the earlier item (first in layout order).
///
/// Snap origin (``SnapOrigin/paddedCenter``, declared in ``snapOrigin``): LinearSnapHelper measures child centres
/// against `startAfterPadding + totalSpace/2` (`distanceToCenter`, `findCenterView`), i.e.
/// `L + (V − L − R)/2` with the layout's insets as the RecyclerView's padding (`clipToPadding =
/// false`), whatever the layout's alignment. With equal insets that is the viewport centre; with
/// unequal ones it is `(L − R)/2` from it. `snapOrigin: .layout` restores the layout's alignment.
public struct AndroidLinearSnapHelperSnap: DeclaredParameters, Hashable {
    public var id: String { "android-linearsnap" }
    public var summary: String {
        "jump round(spline fling distance / item) items from the centred item; a zero jump flings freely, then snaps to the nearest item"
    }
    public var source: String {
        "androidx recyclerview LinearSnapHelper.java, findTargetSnapPosition/estimateNextPositionDiffForFling; OverScroller spline (friction 0.015)"
    }

    /// Speed a fling must exceed, dp per ms (50 dp/s).
    public var minFlingVelocity: Double
    /// Largest tracked speed, dp per ms (8000 dp/s).
    public var maxFlingVelocity: Double
    /// The fling projection (its density scales the dp thresholds).
    public var spline: AndroidSplineDeceleration

    /// Where a resting child's centre sits (Android: the padded centre).
    public var snapOrigin: SnapOrigin
    /// 1: Android's whole pixels (``AndroidPixels``); 0: continuous comparisons.
    public var wholePixels: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(
        AndroidLinearSnapHelperSnap(minFlingVelocity: .nan, maxFlingVelocity: .nan, wholePixels: .nan))

    public init(minFlingVelocity: Double = AndroidLinearSnapHelperSnap.defaults.minFlingVelocity,
                maxFlingVelocity: Double = AndroidLinearSnapHelperSnap.defaults.maxFlingVelocity,
                spline: AndroidSplineDeceleration = AndroidSplineDeceleration(), snapOrigin: SnapOrigin = .paddedCenter,
                wholePixels: Double = AndroidLinearSnapHelperSnap.defaults.wholePixels) {
        self.wholePixels = wholePixels
        self.minFlingVelocity = minFlingVelocity
        self.maxFlingVelocity = maxFlingVelocity
        self.spline = spline
        self.snapOrigin = snapOrigin
    }

    /// The parameters, declared once (``DeclaredParameters``); the spline's are its own.
    public static let parameters = ParameterTable<AndroidLinearSnapHelperSnap>([
        ParameterField(\.minFlingVelocity, "minFlingVelocity", unit: "dp/ms", default: 0.05, range: 0...10,
                       summary: "speed a fling must exceed (50 dp/s)"),
        ParameterField(\.maxFlingVelocity, "maxFlingVelocity", unit: "dp/ms", default: 8, range: 1...20,
                       role: .platformConstant, summary: "velocity tracker clamp (8000 dp/s)"),
    ] + AndroidSplineDeceleration.parameters.fields(in: \.spline) + [
        ParameterField(\.wholePixels, "wholePixels", unit: "flag", default: 1, range: 0...1, isInteger: true,
                       role: .platformConstant, summary: "1: Android's int pixels (velocities, dp thresholds); 0: continuous"),
    ], orders: [(\.minFlingVelocity, \.maxFlingVelocity)])

    public var parameterTable: ParameterTable<AndroidLinearSnapHelperSnap> { Self.parameters }

    @inline(__always)
    public func decide(_ release: Release, in appLayout: CarouselLayout) -> SnapDecision {
        decide(release, in: appLayout, tabulated: readsDistanceTable)
    }

    /// As ``decide(_:in:)`` for each release, with ``readsDistanceTable`` tested once.
    public func decide(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        let count = Swift.min(releases.count, layouts.count, decisions.count)
        let tabulated = readsDistanceTable
        for i in 0..<count {
            decisions.store(decide(releases[i], in: layouts[i], tabulated: tabulated), at: i)
        }
    }

    /// As ``SnapPolicy/decide(_:inOneLayout:sharing:into:)`` (every release in `layouts[0]`'s bits):
    /// ``decide(_:in:into:)``'s loop with the layout snapped to ``snapOrigin`` once, before the
    /// loop, instead of once per release (the same layout bit for bit, so the same decisions).
    public func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        guard let appLayout = layouts.first else { return }
        let count = Swift.min(releases.count, decisions.count)
        let tabulated = readsDistanceTable
        let layout = appLayout.snapped(to: snapOrigin)
        for i in 0..<count {
            decisions.store(decide(releases[i], inSnapped: layout, tabulated: tabulated), at: i)
        }
    }

    /// Whether the whole-pixel fling distance is read from the platform spline's table
    /// (``AndroidSplineDeceleration/standardWholePixelDistances``, the same bits as computing it):
    /// with whole pixels at the platform spline (density 1), whose velocities are whole px/s.
    var readsDistanceTable: Bool { wholePixels != 0 && spline == .standard }

    /// ``decide(_:in:)``; `tabulated` is ``readsDistanceTable``.
    @inline(__always)
    func decide(_ release: Release, in appLayout: CarouselLayout, tabulated: Bool) -> SnapDecision {
        decide(release, inSnapped: appLayout.snapped(to: snapOrigin), tabulated: tabulated)
    }

    /// ``decide(_:in:tabulated:)`` in the app's layout already snapped to ``snapOrigin``.
    @inline(__always)
    func decide(_ release: Release, inSnapped layout: CarouselLayout, tabulated: Bool) -> SnapDecision {
        let density = spline.density
        let whole = wholePixels != 0
        // Whole pixels: the int px/s velocity, clamped to the int px/s maximum, back in pt/ms.
        let pixelsPerSecond = SnapMath.clamp(AndroidPixels.trackedVelocity(release.velocity),
                                             -AndroidPixels.dimensionPixelSize(maxFlingVelocity * 1000, density: density),
                                             AndroidPixels.dimensionPixelSize(maxFlingVelocity * 1000, density: density))
        let v = whole ? pixelsPerSecond / 1000
            : spline.clampedFlingVelocity(release.velocity, maximum: maxFlingVelocity)   // NaN gives 0
        let p = layout.position(atOffset: release.offset)
        let current = SnapMath.ceiledIndex(p - 0.5)
        let gate = whole ? AndroidPixels.dimensionPixelSize(minFlingVelocity * 1000, density: density) / 1000
                         : minFlingVelocity * density
        guard abs(v) > gate else {
            return layout.decision(slot: current, rule: "slow-nearest")
        }
        // Scroller.getFinalX(): the whole-pixel distance, read from the platform spline's table.
        let distance = !whole ? spline.coastDistance(velocity: v)
            : tabulated ? AndroidSplineDeceleration.standardWholePixelDistance(pixelsPerSecond: pixelsPerSecond)
            : SnapMath.roundedHalfAway(spline.coastDistance(velocity: v))
        let jump = SnapMath.flooredIndex(distance / layout.stride + 0.5)
        if jump == 0 {
            let end = layout.clampedOffset(release.offset + distance)
            let slot = SnapMath.ceiledIndex(layout.position(atOffset: end) - 0.5)
            return layout.decision(slot: slot, rule: "free-fling-nearest")
        }
        return layout.decision(slot: current + jump, rule: jump > 0 ? "spline-jump-forward" : "spline-jump-back")
    }
}
