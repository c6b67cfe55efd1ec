/// The user-clustered percentile bootstrap of hit rates.
///
/// A user's traces are correlated, so the resampling unit is the user: each of `B` resamples
/// draws the users that have scored traces with replacement (as many draws as there are such
/// users), and a policy's resampled hit rate is `Σ hits / Σ traces` over the drawn users.
/// The 95% interval is the 2.5th and 97.5th percentile (linear interpolation) of the resampled
/// rates. The same draws serve every policy, so differences between policies are paired.
///
/// Random numbers: GSL's mt19937 (`GSLRandom`) seeded with `seed`.
public struct UserBootstrap: Sendable {
    /// Number of resamples.
    public let resamples: Int
    /// Seed of the resampling stream.
    public let seed: UInt64
    /// Two-sided level: 0.95 gives the 2.5th and 97.5th percentiles.
    public let level: Double

    public init(resamples: Int = 2000, seed: UInt64 = 12345, level: Double = 0.95) {
        self.resamples = resamples
        self.seed = seed
        self.level = level
    }

    /// The result: per policy the interval of its hit rate and of its difference to a reference.
    public struct Result: Sendable {
        /// `[lower, upper]` of each policy's hit rate.
        public var intervals: [(lower: Double, upper: Double)]
        /// `[lower, upper]` of `rate(policy) − rate(reference)` per policy (0…0 for the reference).
        public var differenceIntervals: [(lower: Double, upper: Double)]
    }

    /// Resamples users.
    /// - Parameters:
    ///   - hits: `hits[u][p]`, traces of user `u` that policy `p` got right.
    ///   - counts: `counts[u]`, scored traces of user `u` (users with 0 are ignored).
    ///   - reference: the policy differences are taken against.
    ///   - policyCount: the number of policies (needed when there are no users).
    /// - Throws: ``GSLError`` if the generator cannot be allocated.
    public func run(hits: [[Double]], counts: [Double], reference: Int, policyCount: Int? = nil) throws -> Result {
        let policies = policyCount ?? hits.first?.count ?? 0
        let present = counts.indices.filter { counts[$0] > 0 && $0 < hits.count && hits[$0].count == policies }
        let users = present.count
        let nan = (lower: Double.nan, upper: Double.nan)
        guard users > 0, resamples > 0, policies > 0 else {
            return Result(intervals: Array(repeating: nan, count: policies),
                          differenceIntervals: Array(repeating: nan, count: policies))
        }
        let rng = try GSLRandom(seed: seed)
        var rates = Array(repeating: [Double](repeating: 0, count: resamples), count: policies)
        var differences = rates
        var drawn = [Double](repeating: 0, count: users)
        var sums = [Double](repeating: 0, count: policies)
        for b in 0..<resamples {
            for u in 0..<users { drawn[u] = 0 }
            for _ in 0..<users { drawn[rng.integer(below: users)] += 1 }
            for p in 0..<policies { sums[p] = 0 }
            var total = 0.0
            for (k, u) in present.enumerated() where drawn[k] > 0 {
                let w = drawn[k]
                total += w * counts[u]
                let row = hits[u]
                for p in 0..<policies { sums[p] += w * row[p] }
            }
            for p in 0..<policies {
                rates[p][b] = sums[p] / total
                differences[p][b] = (sums[p] - sums[reference]) / total
            }
        }
        let alpha = (1 - level) / 2
        func interval(_ xs: [Double]) -> (lower: Double, upper: Double) {
            let s = xs.sorted()
            return (Percentile.ofSorted(s, alpha), Percentile.ofSorted(s, 1 - alpha))
        }
        return Result(intervals: rates.map(interval), differenceIntervals: differences.map(interval))
    }
}
