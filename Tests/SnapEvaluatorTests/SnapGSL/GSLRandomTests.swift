import Foundation
import Testing
@testable import SnapGSL

/// Mean and standard deviation of `xs`.
func meanAndSD(_ xs: [Double]) -> (mean: Double, sd: Double) {
    let n = Double(xs.count)
    let m = xs.reduce(0, +) / n
    let v = xs.reduce(0) { $0 + ($1 - m) * ($1 - m) } / (n - 1)
    return (m, v.squareRoot())
}

@Suite struct GSLRandomTests {
    @Test func sameSeedGivesTheSameStream() throws {
        let a = try GSLRandom(seed: 12345), b = try GSLRandom(seed: 12345)
        for _ in 0..<200 {
            #expect(a.uniform() == b.uniform())
            #expect(a.gaussian(standardDeviation: 2) == b.gaussian(standardDeviation: 2))
            #expect(a.lognormal(logMean: 1, logStandardDeviation: 0.3) == b.lognormal(logMean: 1, logStandardDeviation: 0.3))
            #expect(a.beta(2, 3) == b.beta(2, 3))
            #expect(a.exponential(mean: 5) == b.exponential(mean: 5))
            #expect(a.integer(below: 17) == b.integer(below: 17))
        }
    }

    @Test func differentSeedsGiveDifferentStreams() throws {
        let a = try GSLRandom(seed: 1), b = try GSLRandom(seed: 2)
        let xs = (0..<50).map { _ in a.uniform() }, ys = (0..<50).map { _ in b.uniform() }
        #expect(xs != ys)
    }

    /// Each sample mean lies within 5 standard errors of the distribution's mean.
    @Test func momentsMatchTheDistributions() throws {
        let rng = try GSLRandom(seed: 99)
        let n = 40_000
        let se = { (sd: Double) in 5 * sd / Double(n).squareRoot() }

        let u = meanAndSD((0..<n).map { _ in rng.uniform() })
        #expect(abs(u.mean - 0.5) < se((1.0 / 12).squareRoot()))

        let g = meanAndSD((0..<n).map { _ in rng.gaussian(standardDeviation: 2) })
        #expect(abs(g.mean) < se(2))
        #expect(abs(g.sd - 2) < 5 * 2 / (2 * Double(n)).squareRoot())

        let logs = meanAndSD((0..<n).map { _ in log(rng.lognormal(logMean: 0.7, logStandardDeviation: 0.25)) })
        #expect(abs(logs.mean - 0.7) < se(0.25))
        #expect(abs(logs.sd - 0.25) < 5 * 0.25 / (2 * Double(n)).squareRoot())

        // Beta(2, 5): mean 2/7, variance ab/((a+b)²(a+b+1)) = 10/392.
        let b = meanAndSD((0..<n).map { _ in rng.beta(2, 5) })
        #expect(abs(b.mean - 2.0 / 7) < se((10.0 / 392).squareRoot()))
        #expect(abs(b.sd - (10.0 / 392).squareRoot()) < 0.01)

        let e = meanAndSD((0..<n).map { _ in rng.exponential(mean: 120) })
        #expect(abs(e.mean - 120) < se(120))

        let ints = (0..<n).map { _ in rng.integer(below: 10) }
        #expect(ints.allSatisfy { (0..<10).contains($0) })
        #expect(abs(meanAndSD(ints.map(Double.init)).mean - 4.5) < se((99.0 / 12).squareRoot()))

        let weights = [1.0, 0, 3]
        let picks = (0..<n).map { _ in rng.index(weightedBy: weights) }
        #expect(!picks.contains(1))
        let share = Double(picks.filter { $0 == 2 }.count) / Double(n)
        #expect(abs(share - 0.75) < se((0.75 * 0.25).squareRoot()))
    }

    @Test func refusedInputsGiveDefinedValues() throws {
        let rng = try GSLRandom(seed: 3)
        #expect(rng.integer(below: 0) == 0)
        #expect(rng.integer(below: -5) == 0)
        #expect(rng.beta(0, 1).isNaN)
        #expect(rng.exponential(mean: 0) == 0)
        #expect(rng.uniform(2, 2) == 2)
        #expect(rng.uniform(3, .infinity) == 3)
        #expect(rng.index(weightedBy: [0, -1, .nan]) == 0)
        #expect(rng.index(weightedBy: []) == 0)
        #expect(!rng.bernoulli(0))
        #expect(rng.bernoulli(1))
    }
}
