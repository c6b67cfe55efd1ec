import Foundation

/// The clustered McNemar test for paired binary outcomes when the traces come in users
/// (Durkalski, Palesch, Lipsitz & Rust 2003, "Analysis of clustered matched-pair data",
/// *Statistics in Medicine* 22:2417–2428; the cluster-robust variant of Obuchowski 1998).
///
/// Per user `u` let `b_u` be the traces only the first policy hits and `c_u` those only the
/// second hits; then `d_u = b_u − c_u = hits_u(first) − hits_u(second)` (concordant traces
/// cancel). Under the null (within each user the two policies are exchangeable) the statistic
/// ```
/// X² = (Σ_u d_u)² / Σ_u d_u²
/// ```
/// is asymptotically χ² with 1 degree of freedom as the number of users grows, however
/// strongly a user's traces are correlated; the two-sided p-value is
/// `P(χ²₁ ≥ X²) = erfc(√(X²/2))`. With one trace per user it is the ordinary (asymptotic)
/// McNemar test `(b − c)²/(b + c)`. With no discordant traces the p-value is 1. Its error rate
/// under the null is checked in simulation with correlated users (tests: rejection rate at
/// α = 0.05 within 0.035…0.065).
public enum ClusteredMcNemarTest {
    /// Users below which the χ² approximation is rough (reports mark such p-values).
    public static let minimumUsers = 10

    /// Two-sided p-value from the per-user differences `d_u` (users without traces may be left out).
    public static func pValue(differences d: [Double]) -> Double {
        var sum = 0.0, squares = 0.0
        for x in d where x.isFinite {
            sum += x
            squares += x * x
        }
        return pValue(sum: sum, squares: squares)
    }

    /// The p-value from `Σ d_u` and `Σ d_u²` (what a flat per-user table gives in one pass).
    public static func pValue(sum: Double, squares: Double) -> Double {
        guard squares > 0 else { return 1 }
        return min(1, erfc((statistic(sum: sum, squares: squares) / 2).squareRoot()))
    }

    /// `X² = (Σ d_u)² / Σ d_u²` (0 without discordant traces).
    public static func statistic(sum: Double, squares: Double) -> Double {
        squares > 0 ? sum * sum / squares : 0
    }
}
