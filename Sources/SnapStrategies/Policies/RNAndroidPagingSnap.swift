/// React Native's Android horizontal `ScrollView` with `pagingEnabled`
/// (facebook/react-native: `packages/react-native/ReactAndroid/src/main/java/com/facebook/react/views/scroll/ReactHorizontalScrollView.java`,
/// `getSnapInterval`, `fling`, `flingAndSnap`, `smoothScrollAndSnap`;
/// `ReactScrollViewHelper.predictFinalScrollPosition`; AOSP `HorizontalScrollView.onTouchEvent`;
/// `policies.md` Part 2 §7.3 and §0bis).
///
/// **Pages are the scroll view's width.** `smoothScrollAndSnap` divides offsets by
/// `getSnapInterval()`, which is `mSnapInterval != 0 ? mSnapInterval : getWidth()`, and plain
/// `pagingEnabled` sets no interval: a page is the viewport width `V`, counted from offset 0,
/// whatever the items' width, spacing, insets or the layout's alignment. With page position
/// `p = offset / V`, the fling end `e = clamp(offset + D(v), 0, maxOffset)` and `v` the fling
/// velocity below:
/// ```
/// prev = floor(p), next = ceil(p); if prev == next: v > 0 ? next += 1 : v < 0 ? prev −= 1
/// cur = round(p), tgt = round(e / V)                          // Java Math.round: floor(x + 0.5)
/// v > 0 and cur < next and tgt > prev: page = next
/// v < 0 and cur > prev and tgt < next: page = prev
/// else: page = cur
/// rest at clamp(page · V, 0, maxOffset); the item at rest is the item nearest that offset
/// ```
/// i.e. one page iff the projected end crosses the half-page point in the velocity direction.
/// With items as wide as the view (the usual RN pager, `stride = V`, leading alignment) pages
/// are items; with narrower items the view rests wherever a page boundary falls, and the
/// decision's ``SnapDecision/targetOffset`` is that offset, its item the nearest one.
///
/// **The fling gate.** `HorizontalScrollView.onTouchEvent` (`ACTION_UP`) computes
/// `int initialVelocity = (int) velocityTracker.getXVelocity(…)` (px/s, truncated toward zero,
/// after `computeCurrentVelocity(1000, mMaximumVelocity)` clamps it to 8000 dp/s) and calls
/// `fling(-initialVelocity)` only `if (Math.abs(initialVelocity) > mMinimumVelocity)`, strictly
/// (`mMinimumVelocity = getScaledMinimumFlingVelocity()` = `getDimensionPixelSize(50 dp)`,
/// ``AndroidPixels``); otherwise the post-touch runnable calls `flingAndSnap(0)`, the nearest
/// page. With ``wholePixels`` = 1 (the platform) the velocity is `(int)(v · ρ · 1000)` px/s with
/// `ρ` = ``density`` pixels per point; with 0 the comparison is `|v| > minFlingVelocity`.
///
/// **The fling end.** `predictFinalScrollPosition` runs an `OverScroller` fling with `minX 0`,
/// `maxX maximumOffset`, which clamps its final position to the scroll range (AOSP
/// `OverScroller.SplineOverScroller.fling`). `D(v)` is the spline distance
/// (``AndroidSplineDeceleration``, platform constants) with `friction = 1 − decelerationRate`
/// (RN 'normal' on Android = 0.985 ⇒ 0.015, `ReactScrollViewScrollState.decelerationRate`):
/// `D = f·C · exp(DR/(DR − 1) · ln(0.35·|v| / (f·C)))`, `C = 9.80665 · 39.37 · 160 · 0.84` = 51 890.2
/// dp/s², `DR = ln 0.78 / ln 0.9`, evaluated in dp with 1 pt = 1 dp (in dp the density cancels:
/// `D_px(v_px; ρ) = ρ · D_dp(v_px / ρ)`). The velocity reaching `fling` is clamped to 8000 dp/s
/// (`ViewConfiguration.MAXIMUM_FLING_VELOCITY`). `minFlingVelocity` 50 dp/s = 0.05 pt/ms.
///
/// Deviations: Android scroll offsets are whole pixels (`getScrollX()`), ours are not; that moves a
/// decision only within a pixel of a half page. A looping layout has no RN counterpart (the
/// ScrollView does not wrap): there pages are the layout's strides from its alignment origin,
/// so that whole-cycle shifts decide the same.
public struct RNAndroidPagingSnap: DeclaredParameters, DistanceTablePolicy, Hashable {
    public var id: String { "rn-android-paging" }
    public var summary: String {
        "React Native Android pagingEnabled: pages are the view's width; one page iff the Android-spline fling end (clamped to the range) crosses the half page in the velocity direction, else the nearest page; fling gate > 50 px/s in whole px/s"
    }
    public var source: String {
        "facebook/react-native ReactAndroid .../views/scroll/ReactHorizontalScrollView.java getSnapInterval, smoothScrollAndSnap (OverScroller spline, friction 1 - 0.985 = 0.015, end clamped to the scroll range; AOSP OverScroller.getSplineFlingDistance; HorizontalScrollView.onTouchEvent (int) velocity > 50 dp/s)"
    }

    /// RN `decelerationRate` on Android; the spline friction is `1 − decelerationRate`.
    public var decelerationRate: Double
    /// Releases at or below this speed do not fling, pt/ms (compared strictly).
    public var minFlingVelocity: Double
    /// Pixels per point: the whole-pixel fling gate truncates `v · density` px/ms.
    public var density: Double
    /// 1: Android's whole pixels in the fling gate (``AndroidPixels``); 0: continuous comparison.
    public var wholePixels: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(
        RNAndroidPagingSnap(decelerationRate: .nan, minFlingVelocity: .nan, density: .nan, wholePixels: .nan))

    public init(decelerationRate: Double = RNAndroidPagingSnap.defaults.decelerationRate,
                minFlingVelocity: Double = RNAndroidPagingSnap.defaults.minFlingVelocity,
                density: Double = RNAndroidPagingSnap.defaults.density,
                wholePixels: Double = RNAndroidPagingSnap.defaults.wholePixels) {
        self.decelerationRate = decelerationRate
        self.minFlingVelocity = minFlingVelocity
        self.density = density
        self.wholePixels = wholePixels
    }

    /// The parameters, declared once (``DeclaredParameters``).
    public static let parameters = ParameterTable<RNAndroidPagingSnap>([
        ParameterField(\.decelerationRate, "decelerationRate", unit: "fraction", default: 0.985, range: 0.8...0.999,
                       role: .platformConstant,
                       summary: "RN decelerationRate on Android; spline friction = 1 - rate ('normal' 0.985, 'fast' 0.9)"),
        ParameterField(\.minFlingVelocity, "minFlingVelocity", unit: "pt/ms", default: 0.05, range: 0...5,
                       summary: "releases at or below this speed settle on the nearest page (50 dp/s, strict)"),
        ParameterField(\.density, "density", unit: "px per pt", default: 1, range: 0.75...4,
                       role: .platformConstant, summary: "pixels per point; the gate compares whole px/s"),
        ParameterField(\.wholePixels, "wholePixels", unit: "flag", default: 1, range: 0...1, isInteger: true,
                       role: .platformConstant,
                       summary: "1: Android's int px/s velocity and threshold in the fling gate; 0: continuous"),
    ])

    public var parameterTable: ParameterTable<RNAndroidPagingSnap> { Self.parameters }

    /// The Android spline fling distance, points, for `velocity` pt/ms and spline `friction`
    /// (signed like the velocity; 0 for NaN, zero speed or non-positive friction): the
    /// platform's ``AndroidSplineDeceleration`` (density 1: dp) with that friction. Not clamped.
    public static func splineFlingDistance(velocity: Double, friction: Double) -> Double {
        AndroidSplineDeceleration.platform(friction: friction).coastDistance(velocity: velocity)
    }

    /// The velocity the fling starts with, pt/ms: the release's, clamped to the platform's maximum
    /// (0 for NaN), or 0 when the gate says it is no fling (`|(int) v| > minimum`, strict).
    public func flingVelocity(_ release: Release) -> Double {
        let clamped = AndroidSplineDeceleration.standard.clampedFlingVelocity(release.velocity)
        let isFling = wholePixels != 0
            ? abs(AndroidPixels.trackedVelocity(clamped * density))
                > AndroidPixels.dimensionPixelSize(minFlingVelocity * 1000, density: density)
            : abs(clamped) > minFlingVelocity
        return isFling ? clamped : 0
    }

    @inline(__always)
    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        decide(release, in: layout, table: nil)
    }

    /// The spline distance at RN's 'normal' rate (friction `1 − 0.985`), tabulated
    /// (``FlingDistanceBracket``): entry `k` is ``splineFlingDistance(velocity:friction:)`` at
    /// `k / 1000` pt/ms.
    static let normalRateDistances = FlingDistanceBracket { splineFlingDistance(velocity: $0, friction: 1 - 0.985) }

    /// ``normalRateDistances`` when this policy's rate is 0.985 (the only friction it holds), else nil.
    var distanceTable: FlingDistanceBracket? {
        decelerationRate.bitPattern == (0.985).bitPattern ? Self.normalRateDistances : nil
    }

    /// ``decide(_:in:)``. The fling end's page is needed only when the release position is short
    /// of the half page in the velocity's direction (``page(p:velocity:)``), and it depends on the
    /// distance through a floor of the (clamped) end: with `table`, it is read from the distance's
    /// bracket when both of its ends give the same page (``FlingDistanceBracket``).
    @inline(__always)
    func decide(_ release: Release, in layout: CarouselLayout, table: FlingDistanceBracket?) -> SnapDecision {
        let v = flingVelocity(release)
        let looping = layout.isLooping
        // getSnapInterval(): the view's width; pages from offset 0, the fling end clamped to the range.
        let interval = layout.viewportWidth
        let offset = looping || release.offset == release.offset ? release.offset : 0
        var page = Self.page(p: looping ? layout.position(atOffset: offset) : offset / interval, velocity: v)
        if page.needsTarget {
            let target = table?.agreedKey(from: offset, velocity: v) { Self.endPage($0, in: layout, interval: interval) }
            let t = target ?? Self.endPage(offset + Self.splineFlingDistance(velocity: v, friction: 1 - decelerationRate),
                                           in: layout, interval: interval)
            page.settle(target: t, velocity: v)
        }
        if looping { return layout.decision(slot: page.index, rule: page.rule) }
        let rest = layout.clampedOffset(Double(page.index) * interval)
        let slot = layout.nearestSlot(toOffset: rest)
        return SnapDecision(targetSlot: slot, targetIndex: layout.itemIndex(ofSlot: slot), targetOffset: rest,
                            rule: page.rule)
    }

    /// The page of the fling's end `end` (offset, unclamped): `⌊position(end) + 0.5⌋` in a looping
    /// layout, else `⌊clamp(end) / interval + 0.5⌋`. Monotone in `end`.
    @inline(__always)
    static func endPage(_ end: Double, in layout: CarouselLayout, interval: Double) -> Int {
        layout.isLooping ? layout.nearestSlotHalfUp(toOffset: end)
                         : SnapMath.flooredIndex(layout.clampedOffset(end) / interval + 0.5)
    }

    /// `smoothScrollAndSnap`'s page from the page position `p` and the gated velocity `v`, before
    /// the fling end is known: `cur`, settled by ``settle(target:velocity:)`` when `needsTarget`.
    struct Page {
        var index: Int
        var rule: StaticString
        let prev: Int, next: Int
        /// Whether the fling end's page decides: the position is short of the half page in the
        /// velocity's direction.
        let needsTarget: Bool

        /// The page once the fling end's page `target` is known.
        @inline(__always)
        mutating func settle(target: Int, velocity v: Double) {
            if v > 0 && target > prev { (index, rule) = (next, "fling-next-page") }
            if v < 0 && target < next { (index, rule) = (prev, "fling-previous-page") }
        }
    }

    /// ``Page`` at page position `p` and gated velocity `v`.
    @inline(__always)
    static func page(p: Double, velocity v: Double) -> Page {
        var prev = SnapMath.flooredIndex(p)
        var next = SnapMath.ceiledIndex(p)
        if prev == next {
            if v > 0 { next &+= 1 } else if v < 0 { prev &-= 1 }
        }
        let cur = SnapMath.flooredIndex(p + 0.5)
        return Page(index: cur, rule: v == 0 ? "nearest-page" : "fling-stays-nearest", prev: prev, next: next,
                    needsTarget: (v > 0 && cur < next) || (v < 0 && cur > prev))
    }

    /// `smoothScrollAndSnap`'s page from the page position `p`, the fling end's page position
    /// `end` and the gated velocity `v`.
    static func page(p: Double, end: Double, velocity v: Double) -> (index: Int, rule: StaticString) {
        var page = page(p: p, velocity: v)
        if page.needsTarget { page.settle(target: SnapMath.flooredIndex(end + 0.5), velocity: v) }
        return (page.index, page.rule)
    }
}
