import Foundation
import Testing
@testable import SnapSwipeModel

@Suite struct UserSamplingTests {
    func users(_ sampling: UserSampling, seed: UInt64 = 11, count: Int = 40) throws -> [SyntheticUser] {
        var p = SwipeModelParameters()
        p.gainLogSD = 0.35
        let model = try SwipeModel(parameters: p, layout: benchLayout())
        return try TraceGenerator(model: model, tracesPerUser: [Int](repeating: 3, count: count), seed: seed, sampling: sampling).users
    }

    func logGainMeanAndSD(_ u: [SyntheticUser]) -> (Double, Double) {
        let x = u.map { log($0.gain) }
        let m = x.reduce(0, +) / Double(x.count)
        return (m, (x.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(x.count - 1)).squareRoot())
    }

    /// Stratified users: log gains of sample mean 0 and sample sd exactly the gain log sd, motor
    /// noises one in each of n equal strata of their range; the users' other draws are untouched.
    @Test func stratifiedGainsHaveTheExactSpread() throws {
        let free = try users(.independent), strat = try users(.stratified)
        let (m, sd) = logGainMeanAndSD(strat)
        #expect(abs(m) < 1e-12)
        #expect(abs(sd - 0.35) < 1e-12)
        let (_, freeSD) = logGainMeanAndSD(free)
        #expect(abs(freeSD - 0.35) > 1e-6)  // an independent draw is not exact
        let strata = Set(strat.map { Int((($0.motorNoise - 0.2) / 0.2 * 40).rounded(.down)) })
        #expect(strata == Set(0..<40))
        #expect(zip(free, strat).allSatisfy { $0.rate == $1.rate && $0.pixelRatio == $1.pixelRatio && $0.activity == $1.activity })
        // the order is random: not sorted by index
        #expect(strat.map(\.gain) != strat.map(\.gain).sorted())
    }

    /// A mirrored replicate: each user's log gain negated and motor noise reflected, so the pair's
    /// mean log gain is 0 for any weighting by user.
    @Test func mirrorCancelsThePairsGains() throws {
        let first = try users(.independent, seed: 5)
        let second = try users(.mirror(of: first), seed: 6)
        for (a, b) in zip(first, second) {
            #expect(abs(log(a.gain) + log(b.gain)) < 1e-12)
            #expect(abs(a.motorNoise + b.motorNoise - 0.6) < 1e-12)
        }
        let own = try users(.independent, seed: 6)
        #expect(zip(own, second).allSatisfy { $0.rate == $1.rate && $0.habit == $1.habit })
    }
}
