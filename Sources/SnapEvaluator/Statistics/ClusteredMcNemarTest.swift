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
        guard let z = normalDeviate(d) else { return 1 }
        return min(1, erfc(z))
    }

    /// `log10` of ``pValue(differences:)``, exact where the p-value itself underflows a `Double`
    /// (reports keep its exponent: `1.7e-912`, never `0`). Past `erfc`'s range it uses the
    /// asymptotic series `ln erfc(z) = −z² − ln(z√π) + ln(1 − 1/(2z²) + 3/(4z⁴))`, whose
    /// relative error there (z > 26) is below 1e-7.
    public static func log10PValue(differences d: [Double]) -> Double {
        guard let z = normalDeviate(d) else { return 0 }
        let p = erfc(z)
        if p >= 1e-300 { return min(0, log10(p)) }
        let z2 = z * z
        let lnP = -z2 - log(z * Double.pi.squareRoot()) + log(1 - 1 / (2 * z2) + 3 / (4 * z2 * z2))
        return lnP / log(10.0)
    }

    /// `√(X²/2)` for the statistic `X² = (Σ d)² / Σ d²`; `nil` without discordant traces.
    private static func normalDeviate(_ d: [Double]) -> Double? {
        var sum = 0.0, squares = 0.0
        for x in d where x.isFinite {
            sum += x
            squares += x * x
        }
        guard squares > 0 else { return nil }
        return (sum * sum / squares / 2).squareRoot()
    }
}
