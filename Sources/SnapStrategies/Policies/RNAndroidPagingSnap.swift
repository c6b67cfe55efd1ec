// pow, exp and log come from the C library (no Foundation in SnapStrategies).
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// React Native's Android horizontal `ScrollView` with `pagingEnabled`
/// (facebook/react-native: `packages/react-native/ReactAndroid/src/main/java/com/facebook/react/views/scroll/ReactHorizontalScrollView.java`,
/// `smoothScrollAndSnap`, `flingAndSnap`; `ReactScrollViewHelper.predictFinalScrollPosition`;
/// `policies.md` Part 2 §7.3 and §0bis).
///
/// With page position `p` (pages = layout strides), scroll velocity `v` and the Android spline fling
/// end `p_end = position(x + D(v))`:
/// ```
/// |v| < minFlingVelocity: v = 0                                 // no fling: settle
/// prev = floor(p), next = ceil(p); if prev == next: v > 0 ? next += 1 : v < 0 ? prev −= 1
/// cur = round(p), tgt = round(p_end)                           // Java Math.round: floor(x + 0.5)
/// v > 0 and cur < next and tgt > prev: next
/// v < 0 and cur > prev and tgt < next: prev
/// else: cur
/// ```
/// i.e. one page iff the projected end crosses the half-page point in the velocity direction.
/// `D(v)` is the `OverScroller` spline distance with `friction = 1 − decelerationRate` (RN 'normal'
/// on Android = 0.985 ⇒ 0.015, the platform's `ViewConfiguration.getScrollFriction()`):
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
            PolicyParameter(name: "decelerationRate", unit: "fraction", defaultValue: 0.985, minimum: 0.5, maximum: 0.9999,
                            summary: "RN decelerationRate on Android; spline friction = 1 - rate ('normal' 0.985, 'fast' 0.9)"),
            PolicyParameter(name: "minFlingVelocity", unit: "pt/ms", defaultValue: 0.05, minimum: 0, maximum: 5,
                            summary: "slower releases settle on the nearest page (50 dp/s)"),
        ]
    }

    public var parameterValues: [Double] { [decelerationRate, minFlingVelocity] }

    public mutating func assignValidatedParameterValues(_ values: [Double]) {
        decelerationRate = values[0]
        minFlingVelocity = values[1]
    }

    /// `DECELERATION_RATE` of the spline: ln(0.78) / ln(0.9) = 2.3582018.
    static let splineExponentBase = log(0.78) / log(0.9)
    /// `mPhysicalCoeff` at 160 ppi (1 dp = 1 px): 9.80665 · 39.37 · 160 · 0.84 dp/s².
    static let physicalCoefficient = 9.80665 * 39.37 * 160 * 0.84

    /// The Android spline fling distance, points, for `velocity` pt/ms and spline `friction`
    /// (signed like the velocity; 0 for NaN, zero speed or non-positive friction).
    public static func splineFlingDistance(velocity: Double, friction: Double) -> Double {
        let speed = abs(velocity) * 1000   // dp/s
        let fc = friction * physicalCoefficient
        guard speed > 0, fc > 0 else { return 0 }
        let dr = splineExponentBase
        let l = log(0.35 * speed / fc)
        let d = fc * exp(dr / (dr - 1) * l)
        return velocity > 0 ? d : -d
    }

    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let p = layout.position(atOffset: release.offset)
        let v = abs(release.velocity) >= minFlingVelocity ? release.velocity : 0
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
