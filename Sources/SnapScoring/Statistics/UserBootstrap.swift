import SnapGSL
import SnapTraces
import SnapLabSupport

/// The user-clustered percentile bootstrap of hit rates.
///
/// A user's traces are correlated, so the resampling unit is the user: each of `B` resamples
/// draws the users that have scored traces with replacement (as many draws as there are such
/// users), and a policy's resampled hit rate is `Σ hits / Σ traces` over the drawn users.
/// The 95% interval is the 2.5th and 97.5th percentile (linear interpolation) of the resampled
/// rates. The same draws serve every policy, so differences between policies are paired.
///
/// Random numbers: GSL's mt19937 (`GSLRandom`) seeded with `seed`.
///
/// **Many users.** The resampling costs resamples × users; above ``normalAboveUsers`` users
/// (default 5 000) the intervals are the cluster-robust normal intervals of
/// ``ClusterRobustInterval`` instead (one pass over the users), which agree with the bootstrap
/// there (the tests compare both on the same simulated data); ``Result/method`` says which.
public struct UserBootstrap: Sendable {
    /// Number of resamples.
    public let resamples: Int
    /// Seed of the resampling stream.
    public let seed: UInt64
    /// Two-sided level: 0.95 gives the 2.5th and 97.5th percentiles.
    public let level: Double

    /// Above this many users the cluster-robust normal interval replaces the resampling.
    public let normalAboveUsers: Int

    public init(resamples: Int = 2000, seed: UInt64 = 12345, level: Double = 0.95, normalAboveUsers: Int = 5000) {
        self.resamples = resamples
        self.seed = seed
        self.level = level
        self.normalAboveUsers = normalAboveUsers
    }

    /// How the intervals were made.
    public enum Method: String, Sendable {
        case bootstrap = "user bootstrap"
        case clusterRobustNormal = "cluster-robust normal"
    }

    /// The result: per policy the interval of its hit rate and of its difference to a reference.
    public struct Result: Sendable {
        /// `[lower, upper]` of each policy's hit rate.
        public var intervals: [Interval]
        /// `[lower, upper]` of `rate(policy) − rate(reference)` per policy (0…0 for the reference).
        public var differenceIntervals: [Interval]
        public var method: Method = .bootstrap
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
        var flat = [Double](repeating: 0, count: counts.count * policies)
        var usable = counts
        for u in counts.indices {
            guard u < hits.count, hits[u].count == policies else { usable[u] = 0; continue }
            for p in 0..<policies { flat[u * policies + p] = hits[u][p] }
        }
        return try run(flatHits: flat, counts: usable, reference: reference, policyCount: policies)
    }

    /// As ``run(hits:counts:reference:policyCount:)`` with `hits[u·P + p]` in one flat array
    /// (what ``ScoreAccumulator`` keeps; no array per user).
    public func run(flatHits hits: [Double], counts: [Double], reference: Int, policyCount policies: Int) throws -> Result {
        try runFlat(hits, counts: counts, reference: reference, policyCount: policies)
    }

    /// As ``run(flatHits:counts:reference:policyCount:)`` with whole hit counts (what
    /// ``ScoreAccumulator`` keeps: 4 bytes per user and policy).
    public func run(flatHits hits: [UInt32], counts: [Double], reference: Int, policyCount policies: Int) throws -> Result {
        try runFlat(hits, counts: counts, reference: reference, policyCount: policies)
    }

    /// As ``run(flatHits:counts:reference:policyCount:)`` on ``ScoreAccumulator``'s table, read in
    /// place in its stored width.
    /// - Parameter order: the order in which users are drawn and summed (user indices; `nil`: table
    ///   order). ``Comparison`` passes ``CanonicalUserOrder`` so the intervals depend only on the set
    ///   of users and their tallies, not on the order the rows came in.
    func run(hitTable hits: UserHitTable, counts: [Double], reference: Int, order: [Int]? = nil) throws -> Result {
        hits.isWide ? try runFlat(hits.wide, counts: counts, reference: reference, policyCount: hits.policies, order: order)
                    : try runFlat(hits.narrow, counts: counts, reference: reference, policyCount: hits.policies, order: order)
    }

    private func runFlat<H: FlatHitCount>(_ hits: [H], counts: [Double], reference: Int, policyCount policies: Int,
                                          order: [Int]? = nil) throws -> Result {
        let present = (order ?? Array(counts.indices)).filter { counts[$0] > 0 && ($0 + 1) * policies <= hits.count }
        let users = present.count
        let nan = Interval(lower: .nan, upper: .nan)
        guard users > 0, resamples > 0, policies > 0 else {
            return Result(intervals: Array(repeating: nan, count: policies),
                          differenceIntervals: Array(repeating: nan, count: policies))
        }
        if users > normalAboveUsers {
            return normalIntervals(hits: hits, counts: counts, present: present, reference: reference, policies: policies)
        }
        let rng = try GSLRandom(seed: seed)
        var rates = Array(repeating: [Double](repeating: 0, count: resamples), count: policies)
        var differences = rates
        var drawn = [Double](repeating: 0, count: users)
        var sums = [Double](repeating: 0, count: policies)
        // The present users' traces and hits as doubles, row `k` for `present[k]` (converted and
        // gathered once, read in place by every resample; at most `normalAboveUsers` rows).
        let weights = present.map { counts[$0] }
        var table = [Double](repeating: 0, count: users * policies)
        for (k, u) in present.enumerated() {
            for p in 0..<policies { table[k * policies + p] = hits[u * policies + p].hitValue }
        }
        for b in 0..<resamples {
            for u in 0..<users { drawn[u] = 0 }
            for _ in 0..<users { drawn[rng.integer(below: users)] += 1 }
            var total = 0.0
            // The same sums in the same order as user by user through the flat table.
            table.withUnsafeBufferPointer { rows in
                sums.withUnsafeMutableBufferPointer { sums in
                    guard let rows = rows.baseAddress, let sums = sums.baseAddress else { return }
                    for p in 0..<policies { sums[p] = 0 }
                    for k in 0..<users where drawn[k] > 0 {
                        let w = drawn[k], row = rows + k * policies
                        total += w * weights[k]
                        for p in 0..<policies { sums[p] += w * row[p] }
                    }
                }
            }
            for p in 0..<policies {
                rates[p][b] = sums[p] / total
                differences[p][b] = (sums[p] - sums[reference]) / total
            }
        }
        let alpha = (1 - level) / 2
        // The resampled rates are finite (every drawn user has traces) and never -0.0 (sums of
        // non-negative hits; x − x is +0.0): selection gives the sorted order statistics.
        func interval(_ xs: [Double]) -> Interval {
            var s = xs
            return Interval(lower: Percentile.ofUnsorted(&s, alpha), upper: Percentile.ofUnsorted(&s, 1 - alpha))
        }
        return Result(intervals: rates.map(interval), differenceIntervals: differences.map(interval))
    }

    /// ``ClusterRobustInterval`` for every policy's rate and difference to the reference.
    /// Reads the flat table in place, row by row (a user's policies are adjacent): two passes over
    /// the users for all policies together, where one interval at a time would stride across the
    /// whole table twice per policy and difference. Each policy's sums still run over the users in
    /// order, so the bounds are exactly ``ClusterRobustInterval``'s (the tests compare them).
    private func normalIntervals<H: FlatHitCount>(hits: [H], counts: [Double], present: [Int], reference: Int,
                                                  policies: Int) -> Result {
        let z = NormalDistribution.quantile(1 - (1 - level) / 2)
        let users = Double(present.count)
        var totalHits = [Double](repeating: 0, count: policies)
        var total = 0.0
        // Raw pointers throughout (a million users × every policy, twice: no bounds or uniqueness
        // checks per element); the same operations in the same order.
        hits.withUnsafeBufferPointer { h in
            counts.withUnsafeBufferPointer { counts in
                totalHits.withUnsafeMutableBufferPointer { sums in
                    guard let h = h.baseAddress, let sums = sums.baseAddress else { return }
                    for u in present {
                        total += counts[u]
                        let row = h + u * policies
                        for p in 0..<policies { sums[p] += row[p].hitValue }
                    }
                }
            }
        }
        // Rates of each policy and of its difference to the reference, then Σ (h_u − R·n_u)².
        let rates = totalHits.map { $0 / total }
        let differenceRates = totalHits.map { ($0 - totalHits[reference]) / total }
        var squares = [Double](repeating: 0, count: policies)
        var differenceSquares = [Double](repeating: 0, count: policies)
        hits.withUnsafeBufferPointer { h in
            counts.withUnsafeBufferPointer { counts in
                rates.withUnsafeBufferPointer { rates in
                    differenceRates.withUnsafeBufferPointer { differenceRates in
                        squares.withUnsafeMutableBufferPointer { squares in
                            differenceSquares.withUnsafeMutableBufferPointer { differenceSquares in
                                guard let h = h.baseAddress, let rates = rates.baseAddress,
                                      let differenceRates = differenceRates.baseAddress,
                                      let squares = squares.baseAddress, let differenceSquares = differenceSquares.baseAddress
                                else { return }
                                for u in present {
                                    let n = counts[u], row = h + u * policies
                                    let r = row[reference].hitValue
                                    for p in 0..<policies {
                                        let x = row[p].hitValue
                                        let e = x - rates[p] * n
                                        squares[p] += e * e
                                        let d = (x - r) - differenceRates[p] * n
                                        differenceSquares[p] += d * d
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        func interval(_ r: Double, _ squares: Double) -> Interval {
            ClusterRobustInterval.bounds(rate: r, squares: squares, users: users, total: total, z: z)
        }
        let intervals = (0..<policies).map { interval(rates[$0], squares[$0]) }
        let differences = (0..<policies).map { $0 == reference ? Interval(lower: 0, upper: 0)
                                                               : interval(differenceRates[$0], differenceSquares[$0]) }
        return Result(intervals: intervals, differenceIntervals: differences, method: .clusterRobustNormal)
    }
}

/// A per-user hit count in a flat table: `Double` (sums of weights) or whole counts (`UInt32`,
/// or `UInt8` while they fit: ``UserHitTable``).
protocol FlatHitCount {
    var hitValue: Double { get }
}

extension Double: FlatHitCount {
    @inline(__always) var hitValue: Double { self }
}

extension UInt8: FlatHitCount {
    @inline(__always) var hitValue: Double { Double(self) }
}

extension UInt32: FlatHitCount {
    @inline(__always) var hitValue: Double { Double(self) }
}
