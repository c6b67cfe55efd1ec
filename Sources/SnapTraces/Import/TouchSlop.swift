/// The distance a finger must travel before a scroll view starts dragging its content, points
/// (`--touch-slop PT` or a platform name).
///
/// - `android`, `compose`: 8 dp. AOSP `core/res/res/values/config.xml` `config_viewConfigurationTouchSlop`
///   (`ViewConfiguration.getScaledTouchSlop`, `TOUCH_SLOP` = 8); Compose reads it through
///   `AndroidViewConfiguration.touchSlop` (`compose/ui/ui/src/androidMain/.../AndroidViewConfiguration.android.kt`).
/// - `viewpager`: 16 dp. `ViewPager` uses the paging slop, `ViewConfiguration.getScaledPagingTouchSlop`
///   (`PAGING_TOUCH_SLOP` = `TOUCH_SLOP` × 2), in `ViewPager.initViewPager` (`mTouchSlop`).
/// - `flutter`: 18 logical px. `packages/flutter/lib/src/gestures/constants.dart` `kTouchSlop`
///   (`computeHitSlop` for touch).
/// - `uikit`: about 10 pt. UIKit is closed source: `UIPanGestureRecognizer`'s hysteresis is
///   not published; 10 pt is the commonly measured value, an approximation.
/// - `web`: 0. Browsers start native scrolling on the first `touchmove`/`pointermove` that
///   moves (pages that drag content themselves choose their own threshold).
public enum TouchSlop {
    /// The platform values, points.
    public static let platforms: [(name: String, points: Double)] = [
        ("android", 8), ("compose", 8), ("viewpager", 16), ("flutter", 18), ("uikit", 10), ("web", 0),
    ]

    /// `text` as a platform name or a non-negative number of points.
    public static func parse(_ text: String) -> Double? {
        if let p = platforms.first(where: { $0.name == text.lowercased() }) { return p.points }
        guard let v = DelimitedLine.number(text), v >= 0 else { return nil }
        return v
    }
}

/// What the content does past its ends while the finger drags (`--overscroll`).
public enum OverscrollModel: String, Sendable, CaseIterable {
    /// The content stops at `0` and `maxOffset`; motion past an end is lost, and motion back
    /// moves the content at once (Android, Compose, Flutter's `ClampingScrollPhysics`).
    case clamp
    /// The content follows the finger past an end, with resistance: an excess `x` of finger
    /// travel shows as `d·(1 − 1/(c·x/d + 1))` with `c` = 0.55 and `d` the viewport width
    /// (the usual closed-form approximation of `UIScrollView`'s rubber band, which is closed
    /// source; Flutter's `BouncingScrollPhysics` applies a similar friction).
    case rubberBand = "rubber-band"

    /// The rubber band's constant.
    public static let rubberBandConstant = 0.55

    /// The shown excess for an excess of finger travel `x` ≥ 0 in a viewport `d`, points.
    public static func rubberBand(_ x: Double, viewport d: Double) -> Double {
        guard x > 0, d > 0 else { return 0 }
        return d * (1 - 1 / (rubberBandConstant * x / d + 1))
    }
}
