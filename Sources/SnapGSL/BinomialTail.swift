internal import CGSL

/// Binomial tail probabilities from GSL (`gsl_cdf_binomial_P`).
public enum BinomialTail {
    /// `P(X ≤ k)` for `X ~ Binomial(n, p)`.
    ///
    /// Wraps `gsl_cdf_binomial_P`. GSL returns NaN (silently, with its handler off) for invalid
    /// input, so the wrapper validates first.
    /// - Throws: ``GSLError`` for `n < 0`, `p` outside `[0, 1]`, or a non-finite result.
    public static func lowerCumulative(_ k: Int, trials n: Int, probability p: Double) throws(GSLError) -> Double {
        GSLRuntime.ensureReady()
        let op = "gsl_cdf_binomial_P"
        guard n >= 0, n <= Int(UInt32.max) else { throw GSLError(code: Int(GSL_EDOM), operation: op, detail: "trials \(n)") }
        guard p >= 0, p <= 1 else { throw GSLError(code: Int(GSL_EDOM), operation: op, detail: "probability \(p)") }
        if k < 0 { return 0 }
        if k >= n { return 1 }
        let value = gsl_cdf_binomial_P(UInt32(k), p, UInt32(n))
        guard value.isFinite else { throw GSLError(code: Int(GSL_EDOM), operation: op, detail: "k \(k), n \(n), p \(p)") }
        return min(1, max(0, value))
    }
}
