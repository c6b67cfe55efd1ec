/// The slope at `a = 0` of the unweighted least-squares polynomial of degree `min(2, n − 1)`
/// through `n` points `(a_k, dx_k)`: the velocity every least-squares tracker reports.
///
/// `a` is time relative to the newest sample (ms, ≤ 0) and `dx` the offset relative to the
/// newest sample (points), so the slope is in pt/ms. Degree 2 solves the 3×3 normal equations
/// in closed form (Cramer's rule on the sums of `a^0…a^4` and `dx·a^0…a^2`), degree 1 the 2×2
/// ones; AOSP `VelocityTracker.cpp` `solveLeastSquares`, Compose `polyFitLeastSquares`,
/// Flutter `LeastSquaresSolver.solve` and Chromium `SolveLeastSquares` compute the same
/// coefficient by QR (Gram–Schmidt); a test pins this form to GSL's `gsl_multifit_linear`.
/// A singular system (fewer than `degree + 1` distinct times) gives a non-finite value, which
/// callers report as 0, as the platforms do when their QR step finds dependent columns.
@usableFromInline
enum LeastSquaresSlope {
    /// The slope of the fitted polynomial at the newest sample; 0 for fewer than 2 points.
    @inlinable
    static func slope(a: UnsafePointer<Double>, dx: UnsafePointer<Double>, count n: Int) -> Double {
        guard n >= 2 else { return 0 }
        var sums = Sums()
        for k in 0..<n { sums.add(a[k], dx[k]) }
        return sums.slope(count: n)
    }

    /// The sums of the normal equations, point by point: ``slope(a:dx:count:)`` without the arrays
    /// of `a` and `dx` (LSQ2 adds the points as ``VelocityWindow`` walks them). The same
    /// operations in the same order, hence the same slope bit for bit.
    ///
    /// The sum of `a^0` (the point count, `s0`) is not summed: `n` additions of 1.0 starting at 0
    /// give exactly `Double(n)` (every whole number up to 2^53 is a double, so no addition
    /// rounds), which ``slope(count:)`` uses instead: the same value, one addition a point fewer.
    @usableFromInline
    struct Sums {
        @usableFromInline var s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, r0 = 0.0, r1 = 0.0, r2 = 0.0

        @inlinable init() {}

        /// Adds the point `(ak, dk)`.
        @inlinable @inline(__always)
        mutating func add(_ ak: Double, _ dk: Double) {
            let a2 = ak * ak
            s1 += ak; s2 += a2; s3 += a2 * ak; s4 += a2 * a2
            r0 += dk; r1 += dk * ak; r2 += dk * a2
        }

        /// The slope at `a = 0` of the `n` points added (`n` ≥ 2).
        @inlinable @inline(__always)
        func slope(count n: Int) -> Double {
            let s0 = Double(n)   // the sum of n ones (see above)
            if n == 2 { return (s0 * r1 - s1 * r0) / (s0 * s2 - s1 * s1) }
            let c1 = s1 * s4 - s3 * s2
            let det = s0 * (s2 * s4 - s3 * s3) - s1 * c1 + s2 * (s1 * s3 - s2 * s2)
            let det1 = s0 * (r1 * s4 - s3 * r2) - r0 * c1 + s2 * (s1 * r2 - r1 * s2)
            return det1 / det
        }
    }
}
