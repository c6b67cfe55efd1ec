import Testing
import SnapLabSupport
@testable import SnapGSL
@testable import SnapTraces
@testable import SnapScoring
@testable import SnapFitting
@testable import SnapSwipeModel

/// The resampling loop of ``UserBootstrap`` as it was before it gathered the present users' hits
/// into a table of doubles (user by user through the flat table): the reference the faster loop
/// must equal bit for bit.
func referenceBootstrap(_ boot: UserBootstrap, hits: [UInt32], counts: [Double], reference: Int,
                        policies: Int) throws -> UserBootstrap.Result {
    let present = counts.indices.filter { counts[$0] > 0 && ($0 + 1) * policies <= hits.count }
    let users = present.count
    let rng = try GSLRandom(seed: boot.seed)
    var rates = Array(repeating: [Double](repeating: 0, count: boot.resamples), count: policies)
    var differences = rates
    var drawn = [Double](repeating: 0, count: users)
    var sums = [Double](repeating: 0, count: policies)
    for b in 0..<boot.resamples {
        for u in 0..<users { drawn[u] = 0 }
        for _ in 0..<users { drawn[rng.integer(below: users)] += 1 }
        for p in 0..<policies { sums[p] = 0 }
        var total = 0.0
        for (k, u) in present.enumerated() where drawn[k] > 0 {
            let w = drawn[k]
            total += w * counts[u]
            for p in 0..<policies { sums[p] += w * Double(hits[u * policies + p]) }
        }
        for p in 0..<policies {
            rates[p][b] = sums[p] / total
            differences[p][b] = (sums[p] - sums[reference]) / total
        }
    }
    let alpha = (1 - boot.level) / 2
    func interval(_ xs: [Double]) -> Interval {
        let s = xs.sorted()
        return Interval(lower: Percentile.ofSorted(s, alpha), upper: Percentile.ofSorted(s, 1 - alpha))
    }
    return UserBootstrap.Result(intervals: rates.map(interval), differenceIntervals: differences.map(interval))
}

@Suite("User bootstrap resampling")
struct UserBootstrapResamplingTests {
    @Test("the gathered-table loop gives the reference loop's intervals bit for bit (random tables with empty users, narrow and wide)",
          arguments: [(1, 5, 3), (2, 40, 9), (3, 300, 27), (4, 1, 2)] as [(UInt64, Int, Int)])
    func sameIntervals(seed: UInt64, users: Int, policies: Int) throws {
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % n
        }
        var counts = [Double](repeating: 0, count: users), hits = [UInt32](repeating: 0, count: users * policies)
        var table = UserHitTable(policies: policies)
        table.addUsers(upTo: users)
        for u in 0..<users where next(5) != 0 {          // some users without scored traces
            let n = 1 + next(seed == 3 ? 400 : 20)       // wide tables for seed 3
            counts[u] = Double(n)
            for p in 0..<policies {
                let h = next(n + 1)
                hits[u * policies + p] = UInt32(h)
                table.add(UInt32(h), at: u * policies + p)
            }
        }
        let boot = UserBootstrap(resamples: 200, seed: seed)
        let ref = policies - 1
        let expected = try referenceBootstrap(boot, hits: hits, counts: counts, reference: ref, policies: policies)
        func bits(_ xs: [Interval]) -> [UInt64] { xs.flatMap { [$0.lower.bitPattern, $0.upper.bitPattern] } }
        for got in [try boot.run(flatHits: hits, counts: counts, reference: ref, policyCount: policies),
                    try boot.run(hitTable: table, counts: counts, reference: ref)] {
            #expect(got.method == .bootstrap)
            #expect(bits(got.intervals) == bits(expected.intervals))
            #expect(bits(got.differenceIntervals) == bits(expected.differenceIntervals))
        }
        #expect(table.isWide == (seed == 3))
    }

    @Test("many users: the normal intervals from the hit table, narrow or wide, are ClusterRobustInterval's bit for bit")
    func normalFromTable() throws {
        var state: UInt64 = 77
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % n
        }
        let users = 3_000, policies = 4
        var counts = [Double](repeating: 0, count: users), narrow = UserHitTable(policies: policies)
        narrow.addUsers(upTo: users)
        for u in 0..<users where next(7) != 0 {
            let n = 1 + next(6)
            counts[u] = Double(n)
            for p in 0..<policies { narrow.add(UInt32(next(n + 1)), at: u * policies + p) }
        }
        var wide = narrow
        wide.add(300, at: 0)          // user 0, policy 0: past one byte
        wide.add(1_000, at: policies)
        #expect(!narrow.isWide && wide.isWide)
        for table in [narrow, wide] {
            let values = table.values
            let boot = UserBootstrap(resamples: 10, seed: 1, normalAboveUsers: 100)
            let got = try boot.run(hitTable: table, counts: counts, reference: 2)
            let flat = try boot.run(flatHits: values, counts: counts, reference: 2, policyCount: policies)
            #expect(got.method == .clusterRobustNormal)
            let z = NormalDistribution.quantile(0.975)
            for p in 0..<policies {
                let own = ClusterRobustInterval.interval(hits: (0..<users).map { Double(values[$0 * policies + p]) }, counts: counts, z: z)
                #expect(got.intervals[p].lower.bitPattern == own.lower.bitPattern && got.intervals[p].upper.bitPattern == own.upper.bitPattern)
                #expect(got.intervals[p] == flat.intervals[p] && got.differenceIntervals[p] == flat.differenceIntervals[p])
            }
        }
    }
}
