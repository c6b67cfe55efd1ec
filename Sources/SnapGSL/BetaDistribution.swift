internal import CGSL

/// The Beta distribution's cumulative function from GSL (`gsl_cdf_beta_P`, the regularized
/// incomplete beta function `I_x(a, b)`).
public enum BetaDistribution {
    /// `I_x(a, b) = P(X ≤ x)` for `X ~ Beta(a, b)`: 0 for `x ≤ 0`, 1 for `x ≥ 1`.
    ///
    /// Wraps `gsl_cdf_beta_P`, which returns NaN (silently, with its handler off) for invalid
    /// shapes, so the wrapper checks them first.
    /// - Throws: ``GSLError`` for a shape that is not positive and finite, or a non-finite result.
    public static func cumulative(_ x: Double, a: Double, b: Double) throws(GSLError) -> Double {
        GSLRuntime.ensureReady()
        let op = "gsl_cdf_beta_P"
        guard a > 0, a.isFinite, b > 0, b.isFinite else { throw GSLError(code: Int(GSL_EDOM), operation: op, detail: "shapes a \(a), b \(b)") }
        guard !x.isNaN else { throw GSLError(code: Int(GSL_EDOM), operation: op, detail: "x NaN") }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let value = gsl_cdf_beta_P(x, a, b)
        guard value.isFinite else { throw GSLError(code: Int(GSL_EDOM), operation: op, detail: "x \(x), a \(a), b \(b)") }
        return min(1, max(0, value))
    }
}
