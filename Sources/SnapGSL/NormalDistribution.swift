internal import CGSL

/// The standard normal distribution from GSL (`gsl_cdf_ugaussian_Pinv`).
public enum NormalDistribution {
    /// The `p`-quantile of N(0, 1) (`p` clamped into (0, 1); ±∞ at the ends).
    public static func quantile(_ p: Double) -> Double {
        guard p > 0 else { return -.infinity }
        guard p < 1 else { return .infinity }
        GSLRuntime.ensureReady()
        return gsl_cdf_ugaussian_Pinv(p)
    }
}
