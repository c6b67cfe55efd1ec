import Testing
import SnapLabSupport
@testable import SnapGSL
@testable import SnapScoring

@Suite("Cluster-robust normal interval")
struct ClusterRobustIntervalTests {
    /// `users` users with 1…40 traces each and a hit probability drawn per user (clustered);
    /// two policies, the second a little better on each user.
    static func simulated(users: Int, seed: UInt64) throws -> (flat: [Double], counts: [Double]) {
        let rng = try GSLRandom(seed: seed)
        var flat: [Double] = [], counts: [Double] = []
        for _ in 0..<users {
            let n = 1 + rng.integer(below: 40)
            let p = rng.beta(4, 2)
            var a = 0.0, b = 0.0
            for _ in 0..<n {
                let u = rng.uniform()
                if u < p { a += 1 }
                if u < min(1, p + 0.03) { b += 1 }
            }
            flat += [a, b]
            counts.append(Double(n))
        }
        return (flat, counts)
    }

    @Test("agrees with the user bootstrap where both apply (2 000 users: bounds within 10% of the interval's width)")
    func agreesWithBootstrap() throws {
        let (flat, counts) = try Self.simulated(users: 2000, seed: 4)
        let boot = try UserBootstrap(resamples: 2000, seed: 5).run(flatHits: flat, counts: counts, reference: 0, policyCount: 2)
        let normal = try UserBootstrap(resamples: 2000, seed: 5, normalAboveUsers: 100)
            .run(flatHits: flat, counts: counts, reference: 0, policyCount: 2)
        #expect(boot.method == .bootstrap && normal.method == .clusterRobustNormal)
        for p in 0..<2 {
            for (b, n) in [(boot.intervals[p], normal.intervals[p]), (boot.differenceIntervals[p], normal.differenceIntervals[p])]
            where b.upper > b.lower {
                let width = b.upper - b.lower
                #expect(abs(b.lower - n.lower) < 0.1 * width && abs(b.upper - n.upper) < 0.1 * width, "\(b) vs \(n)")
            }
        }
    }

    @Test("the bootstrap's many-users path gives ClusterRobustInterval's bounds for every policy and difference")
    func manyUsersPathMatchesTheInterval() throws {
        // Three policies, reference 1, whole hit counts (as ScoreAccumulator keeps them); users with
        // no scored traces in between are skipped by both.
        var flat: [UInt32] = [], counts: [Double] = []
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next(_ bound: UInt64) -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return (state >> 33) % bound }
        for u in 0..<400 {
            let n = u % 7 == 3 ? 0 : next(9) + 1
            counts.append(Double(n))
            for _ in 0..<3 { flat.append(UInt32(n == 0 ? 0 : next(n + 1))) }
        }
        let result = try UserBootstrap(resamples: 10, seed: 1, normalAboveUsers: 100)
            .run(flatHits: flat, counts: counts, reference: 1, policyCount: 3)
        #expect(result.method == .clusterRobustNormal)
        let z = NormalDistribution.quantile(0.975)
        for p in 0..<3 {
            let own = ClusterRobustInterval.interval(hits: (0..<400).map { Double(flat[$0 * 3 + p]) }, counts: counts, z: z)
            #expect(result.intervals[p] == own)
            let difference = p == 1 ? Interval(lower: 0, upper: 0)
                : ClusterRobustInterval.interval(hits: (0..<400).map { Double(flat[$0 * 3 + p]) - Double(flat[$0 * 3 + 1]) },
                                                 counts: counts, z: z)
            #expect(result.differenceIntervals[p] == difference)
        }
    }

    @Test("95% normal intervals cover the true clustered hit rate in 90–98% of 200 simulated data sets")
    func coverage() throws {
        // Truth: the mean of beta(4, 2) hit probabilities weighted by traces = 2/3.
        var covered = 0
        for run in 0..<200 {
            let (flat, counts) = try Self.simulated(users: 300, seed: 100 + UInt64(run))
            let hits = stride(from: 0, to: flat.count, by: 2).map { flat[$0] }
            let ci = ClusterRobustInterval.interval(hits: hits, counts: counts)
            if ci.lower <= 2.0 / 3.0 && 2.0 / 3.0 <= ci.upper { covered += 1 }
        }
        #expect(covered >= 180 && covered <= 196, "\(covered) of 200")
    }

    @Test("one user gives a point; no users NaN")
    func edges() {
        #expect(ClusterRobustInterval.interval(hits: [3], counts: [4]) == Interval(lower: 0.75, upper: 0.75))
        #expect(ClusterRobustInterval.interval(hits: [], counts: []).lower.isNaN)
    }
}
