internal import CGSL

/// Student's t distribution from GSL (`gsl_cdf_tdist_Pinv`).
public enum StudentTDistribution {
    /// The `p`-quantile of t with `degreesOfFreedom` (> 0; NaN otherwise; ±∞ at the ends of `p`).
    public static func quantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
        guard nu > 0, nu.isFinite, !p.isNaN else { return .nan }
        guard p > 0 else { return -.infinity }
        guard p < 1 else { return .infinity }
        GSLRuntime.ensureReady()
        return gsl_cdf_tdist_Pinv(p, nu)
    }
}
