// Numeric helpers shared by the policies. Every conversion from a floating-point
// position to an item index goes through here so that NaN, infinities and huge
// values can never trap (`Int(_:)` traps on them).

/// Numeric helpers for index arithmetic that never trap.
public enum SnapMath {
    /// The largest magnitude an index may take: 2^52, where `Double` still counts by one.
    public static let indexLimit: Double = 4_503_599_627_370_496

    /// `Int(x)` with truncation toward zero, as C and Objective-C `(int)x` do, but total:
    /// NaN gives 0 and magnitudes beyond ``indexLimit`` saturate.
    @inlinable @inline(__always)
    public static func truncatedIndex(_ x: Double) -> Int {
        guard x == x else { return 0 }
        // The conversion truncates toward zero; |bounded| ≤ 2^52 cannot trap.
        return Int(bounded(x))
    }

    /// Floor of `x` as an index; NaN gives 0, saturating like ``truncatedIndex(_:)``.
    ///
    /// Computed as the truncation, one less when that is above `x` (exactly `floor`, without a
    /// library call on targets lacking a rounding instruction).
    @inlinable @inline(__always)
    public static func flooredIndex(_ x: Double) -> Int {
        guard x == x else { return 0 }
        let b = bounded(x)
        let t = Int(b)
        return Double(t) > b ? t - 1 : t
    }

    /// Ceiling of `x` as an index; NaN gives 0, saturating like ``truncatedIndex(_:)``.
    @inlinable @inline(__always)
    public static func ceiledIndex(_ x: Double) -> Int {
        guard x == x else { return 0 }
        let b = bounded(x)
        let t = Int(b)
        return Double(t) < b ? t + 1 : t
    }

    /// Round half away from zero (Swift's `rounded()`, C's `round`), as an index.
    @inlinable @inline(__always)
    public static func roundedIndex(_ x: Double) -> Int {
        guard x == x else { return 0 }
        let b = bounded(x)
        let t = Int(b)
        let fraction = b - Double(t)  // exact: the fractional part of a double is a double
        return fraction >= 0.5 ? t + 1 : (fraction <= -0.5 ? t - 1 : t)
    }

    /// `x` clamped to `±indexLimit` (not NaN).
    @inlinable @inline(__always)
    static func bounded(_ x: Double) -> Double {
        let limit = 4_503_599_627_370_496.0  // indexLimit, as a literal the optimizer folds
        return Swift.min(Swift.max(x, -limit), limit)
    }

    /// `x.rounded()` (half away from zero, sign of zero kept), bit for bit, without a library
    /// call for `|x| < 2^52` (beyond, every double is whole).
    @inlinable @inline(__always)
    public static func roundedHalfAway(_ x: Double) -> Double {
        guard abs(x) < 4_503_599_627_370_496.0 else { return x.rounded() }  // indexLimit
        let t = Int(x)
        let fraction = x - Double(t)
        let r = fraction >= 0.5 ? t + 1 : (fraction <= -0.5 ? t - 1 : t)
        return Double(signOf: x, magnitudeOf: Double(r))
    }

    /// `x` clamped to `lower...upper`; NaN maps to `lower`.
    @inlinable @inline(__always)
    public static func clamp(_ x: Double, _ lower: Double, _ upper: Double) -> Double {
        guard x == x else { return lower }
        return Swift.min(Swift.max(x, lower), upper)
    }

    /// `i` clamped to `lower...upper`.
    @inlinable @inline(__always)
    public static func clamp(_ i: Int, _ lower: Int, _ upper: Int) -> Int {
        Swift.min(Swift.max(i, lower), upper)
    }

    /// The sign of `x` as -1, 0 or +1 (NaN gives 0).
    @inlinable @inline(__always)
    public static func sign(_ x: Double) -> Int {
        x > 0 ? 1 : (x < 0 ? -1 : 0)
    }

    /// Relative tolerance of ``snappedToWhole(_:)``: 1e-9.
    public static let wholeTolerance: Double = 1e-9

    /// `x` rounded to the nearest whole number when within `1e-9·max(1, |x|)` of it, else `x`
    /// (NaN and infinities unchanged).
    ///
    /// Slot positions computed from offsets carry rounding error: a release at rest on a snap
    /// offset can land at position `3 − 1e-16` instead of 3, and the same release shifted by a
    /// whole loop cycle at `3 + 1e-16`. Floor- and truncation-based rules jump by a whole slot
    /// there; snapping positions first keeps their decisions stable (and loop-invariant). The
    /// tolerance is far above the rounding error (≈ 1e-16·|x|) and far below any meaningful
    /// fraction of a slot.
    ///
    /// For `|x| < 2^28` a tie (`k + ½`) is never within the tolerance (`1e-9·2^28 < ½`), so which
    /// whole number it would round to does not matter, and the nearest whole number is found by
    /// adding and subtracting `1.5·2^52` (the sum's last bit is worth 1, so the addition rounds
    /// to a whole number): two additions instead of conversions to and from `Int`, on every
    /// slot position of every decision. Its sign is `x`'s (−0.3 snaps to −0, as before). Larger
    /// values, NaN and infinities take the exact rounding half away from zero.
    @inlinable @inline(__always)
    public static func snappedToWhole(_ x: Double) -> Double {
        let magnitude = abs(x)
        let shifter = 6_755_399_441_055_744.0   // 1.5·2^52
        let r = magnitude < 268_435_456   // 2^28; NaN and ±∞ take the exact rounding
            ? Double(signOf: x, magnitudeOf: (magnitude + shifter) - shifter)
            : roundedHalfAway(x)
        return abs(x - r) <= wholeTolerance * Swift.max(1, magnitude) ? r : x
    }

    /// `a` modulo `n` in `0..<n` for positive `n` (Swift's `%` keeps the dividend's sign).
    @inlinable @inline(__always)
    public static func wrap(_ a: Int, modulo n: Int) -> Int {
        guard n > 0 else { return 0 }
        let r = a % n
        return r < 0 ? r + n : r
    }
}
