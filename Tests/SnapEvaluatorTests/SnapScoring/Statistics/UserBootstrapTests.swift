import Testing
import SnapLabSupport
@testable import SnapGSL
@testable import SnapScoring

@Suite("User-clustered bootstrap")
struct UserBootstrapTests {
    @Test("seeded: the same seed gives the same intervals, another seed others")
    func seeded() throws {
        let hits: [[Double]] = [[3, 1], [5, 5], [0, 2], [7, 3]]
        let counts: [Double] = [4, 6, 3, 9]
        let a = try UserBootstrap(resamples: 300, seed: 7).run(hits: hits, counts: counts, reference: 0)
        let b = try UserBootstrap(resamples: 300, seed: 7).run(hits: hits, counts: counts, reference: 0)
        let c = try UserBootstrap(resamples: 300, seed: 8).run(hits: hits, counts: counts, reference: 0)
        #expect(a.intervals[0] == b.intervals[0] && a.intervals[1] == b.intervals[1])
        #expect(a.intervals[0] != c.intervals[0] || a.intervals[1] != c.intervals[1])
        #expect(a.differenceIntervals[0] == Interval(lower: 0, upper: 0))
        // Every resampled rate is a ratio of hits to traces of real users: inside [0, 1].
        #expect(a.intervals.allSatisfy { $0.lower >= 0 && $0.upper <= 1 && $0.lower <= $0.upper })
    }

    @Test("a policy right on every trace has the degenerate interval [1, 1]")
    func degenerate() throws {
        let r = try UserBootstrap(resamples: 50, seed: 1).run(hits: [[2, 0], [5, 0]], counts: [2, 5], reference: 0)
        #expect(r.intervals[0] == Interval(lower: 1, upper: 1))
        #expect(r.intervals[1] == Interval(lower: 0, upper: 0))
        #expect(r.differenceIntervals[1] == Interval(lower: -1, upper: -1))
    }

    @Test("users without scored traces are ignored; no users gives NaN intervals")
    func empty() throws {
        let r = try UserBootstrap(resamples: 10, seed: 1).run(hits: [[0]], counts: [0], reference: 0)
        #expect(r.intervals[0].lower.isNaN)
    }

    @Test("95% intervals cover the true clustered hit rate about 95% of the time")
    func coverage() throws {
        // 200 simulated studies: 40 users, 25 traces each, user hit probability 0.7 + U(−0.2, 0.2).
        // The true rate (expected share over users with equal trace counts) is 0.7.
        let rng = try GSLRandom(seed: 2024)
        var covered = 0
        let studies = 200
        for study in 0..<studies {
            var hits: [[Double]] = []
            var counts: [Double] = []
            for _ in 0..<40 {
                let p = 0.7 + rng.uniform(-0.2, 0.2)
                var h = 0.0
                for _ in 0..<25 where rng.uniform() < p { h += 1 }
                hits.append([h])
                counts.append(25)
            }
            let r = try UserBootstrap(resamples: 400, seed: UInt64(study + 1)).run(hits: hits, counts: counts, reference: 0)
            if r.intervals[0].lower <= 0.7 && 0.7 <= r.intervals[0].upper { covered += 1 }
        }
        let share = Double(covered) / Double(studies)
        // Binomial standard error at 200 studies is 1.5 points; percentile intervals with 40
        // clusters run slightly narrow.
        #expect(share > 0.88 && share < 0.99, "coverage \(share)")
    }
}
