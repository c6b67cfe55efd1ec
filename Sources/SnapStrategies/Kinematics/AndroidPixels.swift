/// Android's whole-pixel arithmetic at the device density: where the View system turns dp
/// constants and tracked velocities into `int` pixels before a snapping decision compares them.
///
/// Points are device pixels in this model (``AndroidSplineDeceleration``: "points are taken to be
/// pixels at `density` pixels per dp"), velocities pt/ms = px/ms.
///
/// - ``dimensionPixelSize(_:density:)``: `Resources.getDimensionPixelSize` (AOSP
///   `frameworks/base: core/java/android/util/TypedValue.java` `complexToDimensionPixelSize`):
///   `(int)(dp·ρ + 0.5)`, at least 1 for a positive size. `ViewConfiguration` reads
///   `config_viewConfigurationTouchSlop` (8 dp), `config_viewMinFlingVelocity` (50 dp/s) and
///   `config_viewMaxFlingVelocity` (8000 dp/s) this way; the paging slop is twice the touch slop.
/// - ``truncated(_:density:)``: `(int)(dp·ρ)`, ViewPager's `mFlingDistance` and `mMinimumVelocity`
///   (`initViewPager`).
/// - ``trackedVelocity(_:)``: `(int) velocityTracker.getXVelocity(...)` (ViewPager `onTouchEvent`,
///   RecyclerView `onTouchEvent` → `fling((int) xvel, (int) yvel)`): px/s truncated toward zero.
///
/// ```swift
/// AndroidPixels.dimensionPixelSize(50, density: 2.625)   // 131 px/s (131.25 + 0.5)
/// AndroidPixels.truncated(25, density: 2.625)            // 65 px (65.625)
/// AndroidPixels.trackedVelocity(0.0509)                  // 50 px/s
/// ```
public enum AndroidPixels {
    /// `(int)(dp·ρ + 0.5)`, at least 1 when `dp·ρ > 0` (0 stays 0); NaN gives 0.
    @inlinable
    public static func dimensionPixelSize(_ dp: Double, density: Double) -> Double {
        let f = dp * density
        guard f > 0 else { return 0 }
        return Swift.max(1, Double(SnapMath.truncatedIndex(f + 0.5)))
    }

    /// `(int)(dp·ρ)`: truncation toward zero; NaN gives 0.
    @inlinable
    public static func truncated(_ dp: Double, density: Double) -> Double {
        Double(SnapMath.truncatedIndex(dp * density))
    }

    /// A velocity in pt/ms as the `int` px/s the velocity tracker hands over: `(int)(v·1000)`;
    /// NaN gives 0, infinities saturate at ±2^52.
    @inlinable
    public static func trackedVelocity(_ velocity: Double) -> Double {
        Double(SnapMath.truncatedIndex(velocity * 1000))
    }
}
