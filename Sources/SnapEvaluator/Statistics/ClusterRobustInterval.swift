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
    /// `(lower, upper)` of `Σ hits / Σ counts` over users (`counts[u] = 0` users ignored); NaN
    /// bounds without users.
    public static func interval(hits: [Double], counts: [Double], z: Double = 1.959963984540054) -> (lower: Double, upper: Double) {
        interval(users: Swift.min(hits.count, counts.count), z: z) { (hits[$0], counts[$0]) }
    }

    /// The same over users `0..<users`, user `u`'s `(h_u, n_u)` read from `user(u)`: no array per
    /// policy or difference when the per-user totals sit in one flat table.
    @inlinable
    public static func interval(users count: Int, z: Double = 1.959963984540054,
                                user: (Int) -> (hits: Double, count: Double)) -> (lower: Double, upper: Double) {
        var users = 0.0, totalHits = 0.0, total = 0.0
        for u in 0..<count {
            let (h, n) = user(u)
            guard n > 0 else { continue }
            users += 1
            totalHits += h
            total += n
        }
        guard users > 0, total > 0 else { return (.nan, .nan) }
        let r = totalHits / total
        guard users > 1 else { return (r, r) }
        var squares = 0.0
        for u in 0..<count {
            let (h, n) = user(u)
            guard n > 0 else { continue }
            let e = h - r * n
            squares += e * e
        }
        let se = (users / (users - 1) * squares).squareRoot() / total
        return (r - z * se, r + z * se)
    }
}
