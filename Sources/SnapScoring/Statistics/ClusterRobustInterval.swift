import SnapLabSupport

/// The cluster-robust (sandwich) normal interval of a ratio of sums over users: a hit rate
/// `R = Σ h_u / Σ n_u`, or a difference of two hit rates on the same traces (`h_u` then the
/// difference of the two policies' hits).
///
/// With `U` users, the linearized variance of the ratio estimator, each user one independent
/// cluster (Cochran 1977, *Sampling Techniques* §6.3; the CR1 small-sample factor `U/(U − 1)`):
/// ```
/// Var(R) = U/(U − 1) · Σ_u (h_u − R·n_u)² / (Σ_u n_u)²
/// interval = R ± z · √Var(R),   z = 1.959964 for 95%
/// ```
/// It costs one pass over the users, where the user bootstrap costs resamples × users, and it
/// agrees with the bootstrap when users are many (checked in simulation in the tests), which is
/// when ``UserBootstrap`` switches to it (``UserBootstrap/normalAboveUsers``).
public enum ClusterRobustInterval {
    /// The interval of `Σ hits / Σ counts` over users (`counts[u] = 0` users ignored); NaN
    /// bounds without users.
    public static func interval(hits: [Double], counts: [Double], z: Double = 1.959963984540054) -> Interval {
        let count = Swift.min(hits.count, counts.count)
        var users = 0.0, totalHits = 0.0, total = 0.0
        for u in 0..<count where counts[u] > 0 {
            users += 1
            totalHits += hits[u]
            total += counts[u]
        }
        guard users > 0, total > 0 else { return Interval(lower: .nan, upper: .nan) }
        let r = totalHits / total
        var squares = 0.0
        for u in 0..<count where counts[u] > 0 {
            let e = hits[u] - r * counts[u]
            squares += e * e
        }
        return bounds(rate: r, squares: squares, users: users, total: total, z: z)
    }

    /// The interval from its sums: the rate `R`, `Σ_u (h_u − R·n_u)²`, the number of users and
    /// `Σ_u n_u` (for callers that take the sums of many rates in one pass, ``UserBootstrap``).
    static func bounds(rate r: Double, squares: Double, users: Double, total: Double, z: Double) -> Interval {
        guard users > 1 else { return Interval(lower: r, upper: r) }
        let se = (users / (users - 1) * squares).squareRoot() / total
        return Interval(lower: r - z * se, upper: r + z * se)
    }
}
