/// React Native's Android horizontal `ScrollView` with `pagingEnabled`
/// (facebook/react-native: `packages/react-native/ReactAndroid/src/main/java/com/facebook/react/views/scroll/ReactHorizontalScrollView.java`,
/// `smoothScrollAndSnap`, `flingAndSnap`; `ReactScrollViewHelper.predictFinalScrollPosition`;
/// `policies.md` Part 2 §7.3 and §0bis).
///
/// With page position `p` (pages = layout strides), scroll velocity `v` and the Android spline fling
/// end `p_end = position(x + D(v))`:
/// ```
/// v = clamp(v, ±8 pt/ms)                                       // MAXIMUM_FLING_VELOCITY 8000 dp/s
/// |v| < minFlingVelocity: v = 0                                 // no fling: settle
/// prev = floor(p), next = ceil(p); if prev == next: v > 0 ? next += 1 : v < 0 ? prev −= 1
/// cur = round(p), tgt = round(p_end)                           // Java Math.round: floor(x + 0.5)
/// v > 0 and cur < next and tgt > prev: next
/// v < 0 and cur > prev and tgt < next: prev
/// else: cur
/// ```
/// i.e. one page iff the projected end crosses the half-page point in the velocity direction.
/// The velocity reaching `fling(velocityX)` is clamped to 8000 dp/s: `HorizontalScrollView.onTouchEvent`
/// computes it with `computeCurrentVelocity(1000, mMaximumVelocity)`, `mMaximumVelocity` =
/// `ViewConfiguration.getScaledMaximumFlingVelocity()` (AOSP `ViewConfiguration.MAXIMUM_FLING_VELOCITY`).
/// `D(v)` is the `OverScroller` spline distance (``AndroidSplineDeceleration``, platform constants)
/// with `friction = 1 − decelerationRate` (RN 'normal' on Android = 0.985 ⇒ 0.015, the platform's
/// `ViewConfiguration.getScrollFriction()`):
/// `D = f·C · exp(DR/(DR − 1) · ln(0.35·|v| / (f·C)))`, `C = 9.80665 · 39.37 · 160 · 0.84` = 51 890.2
/// dp/s², `DR = ln 0.78 / ln 0.9` (AOSP `OverScroller.SplineOverScroller.getSplineFlingDistance`),
/// evaluated in dp with 1 pt = 1 dp: in dp the screen density cancels
/// (`D_px(v_px; ρ) = ρ · D_dp(v_px / ρ)`), so it is not a parameter.
/// `minFlingVelocity` 50 dp/s = 0.05 pt/ms (`ViewConfiguration` minimum fling velocity).
public struct RNAndroidPagingSnap: SnapPolicy, Hashable {
    public var id: String { "rn-android-paging" }
    public var summary: String {
        "React Native Android pagingEnabled: one page iff the Android-spline fling end crosses the half page in the velocity direction, else the nearest page"
    }
    public var source: String {
        "facebook/react-native ReactAndroid .../views/scroll/ReactHorizontalScrollView.java smoothScrollAndSnap (OverScroller spline, friction 1 - 0.985 = 0.015; AOSP OverScroller.getSplineFlingDistance)"
    }

    /// RN `decelerationRate` on Android; the spline friction is `1 − decelerationRate`.
    public var decelerationRate: Double
    /// Slower releases do not fling, pt/ms.
    public var minFlingVelocity: Double

    public init(decelerationRate: Double = 0.985, minFlingVelocity: Double = 0.05) {
        self.decelerationRate = decelerationRate
        self.minFlingVelocity = minFlingVelocity
    }

    public var parameterSpecs: [PolicyParameter] {
        [
            PolicyParameter(name: "decelerationRate", unit: "fraction", defaultValue: 0.985, minimum: 0.8, maximum: 0.999,
                            role: .platformConstant, summary: "RN decelerationRate on Android; spline friction = 1 - rate ('normal' 0.985, 'fast' 0.9)"),
            PolicyParameter(name: "minFlingVelocity", unit: "pt/ms", defaultValue: 0.05, minimum: 0, maximum: 5,
                            comparedWith: Self.flingSpeed,
                            summary: "slower releases settle on the nearest page (50 dp/s)"),
        ]
    }

    public var parameterValues: [Double] { [decelerationRate, minFlingVelocity] }

    public mutating func assignValidatedParameterValues(_ values: [Double]) {
        decelerationRate = values[0]
        minFlingVelocity = values[1]
    }

    /// The Android spline fling distance, points, for `velocity` pt/ms and spline `friction`
    /// (signed like the velocity; 0 for NaN, zero speed or non-positive friction): the
    /// platform's ``AndroidSplineDeceleration`` (density 1: dp) with that friction. Not clamped.
    public static func splineFlingDistance(velocity: Double, friction: Double) -> Double {
        AndroidSplineDeceleration(friction: friction).coastDistance(velocity: velocity)
    }

    /// `minFlingVelocity`'s feature: the speed after the platform's clamp, `|clamp(v, ±8 pt/ms)|`
    /// (NaN counts as 0), compared `≥` (``decide(_:in:)``: `|v| < minFlingVelocity` settles). It
    /// depends on no parameter.
    public static let flingSpeed = ThresholdFeature(.measured("clamped speed", dependsOn: []), .atLeast)

    /// The velocity a fling starts with: the release's, clamped to the platform's maximum (0 for NaN).
    private func clampedVelocity(_ release: Release) -> Double {
        AndroidSplineDeceleration().clampedFlingVelocity(release.velocity)
    }

    /// ``flingSpeed``'s value (NaN for any other name).
    public func measuredFeature(_ name: String, of release: Release, in layout: CarouselLayout) -> Double {
        name == Self.flingSpeed.quantity.name ? abs(clampedVelocity(release)) : .nan
    }

    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let p = layout.position(atOffset: release.offset)
        let clamped = clampedVelocity(release)
        let v = abs(clamped) >= minFlingVelocity ? clamped : 0
        var prev = SnapMath.flooredIndex(p)
        var next = SnapMath.ceiledIndex(p)
        if prev == next {
            if v > 0 { next &+= 1 } else if v < 0 { prev &-= 1 }
        }
        let cur = SnapMath.flooredIndex(p + 0.5)
        let end = release.offset + Self.splineFlingDistance(velocity: v, friction: 1 - decelerationRate)
        let target = SnapMath.flooredIndex(layout.position(atOffset: end) + 0.5)
        if v > 0 && cur < next && target > prev { return layout.decision(slot: next, rule: "fling-next-page") }
        if v < 0 && cur > prev && target < next { return layout.decision(slot: prev, rule: "fling-previous-page") }
        return layout.decision(slot: cur, rule: v == 0 ? "nearest-page" : "fling-stays-nearest")
    }
}
