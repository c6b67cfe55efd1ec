import Foundation
import Testing
@testable import SnapEvaluator

/// The class-centred between-user spread that the paging user gain is fitted to.
@Suite struct RecordingSummaryUserSpreadTests {
    /// Users whose strokes fall into two classes with different levels and spreads, in proportions
    /// that differ by user: the class-centred estimate finds the users' own spread (0.35), the
    /// plain between-user sd (one class) is thrown far off by the users' class mixes.
    @Test func classCentringRecoversTheBetweenUserSpread() throws {
        let rng = try GSLRandom(seed: 11)
        var values: [(group: Int, cls: Int, value: Double)] = []
        for u in 0..<1500 {
            let level = rng.gaussian(standardDeviation: 0.35)
            let flickShare = rng.uniform(0.1, 0.9)
            for _ in 0..<(5 + rng.integer(below: 20)) {
                let flick = rng.bernoulli(flickShare)
                let x = flick ? 2 + rng.gaussian(standardDeviation: 0.6) : rng.gaussian(standardDeviation: 0.3)
                values.append((u, flick ? 0 : 1, level + x))
            }
        }
        let centred = RecordingSummary.classCentredBetweenSD(values)
        #expect(abs(centred / 0.35 - 1) < 0.05, "\(centred)")
        let weighted = RecordingSummary.classCentredBetweenSD(values, weighted: true)
        #expect(abs(weighted / 0.35 - 1) < 0.05, "\(weighted)")
        var byUser: [Int: [Double]] = [:]
        for v in values { byUser[v.group, default: []].append(v.value) }
        #expect(RecordingSummary.betweenSD(byUser.values) > 1.5 * 0.35)
        // one class: near the plain estimate (which differs only in using each user's own within variance)
        let one = values.map { (group: $0.group, cls: 0, value: $0.value) }
        #expect(abs(RecordingSummary.classCentredBetweenSD(one) / RecordingSummary.betweenSD(byUser.values) - 1) < 0.05)
    }

    /// Users below the minimum are left out; fewer than three users give NaN; no spread between
    /// users gives (near) zero.
    @Test func smallAndFlatInputs() throws {
        let few = (0..<3).flatMap { u in (0..<4).map { (group: u, cls: 0, value: Double($0)) } }
        #expect(RecordingSummary.classCentredBetweenSD(few).isNaN)
        let rng = try GSLRandom(seed: 12)
        let flat = (0..<300).flatMap { u in (0..<10).map { _ in (group: u, cls: 0, value: rng.gaussian(standardDeviation: 0.5)) } }
        #expect(RecordingSummary.classCentredBetweenSD(flat) < 0.06)
    }

    /// Paule–Mandel: with equal sampling variances it is the moment estimate `s² − v`; it is 0 when
    /// the means scatter less than their sampling variances say; unequal variances weigh the
    /// precise groups more.
    @Test func pauleMandelSolvesItsEquation() {
        let means = [0.1, -0.3, 0.5, 0.2, -0.1, 0.4]
        let m = means.reduce(0, +) / 6
        let s2 = means.reduce(0) { $0 + ($1 - m) * ($1 - m) } / 5
        #expect(abs(RecordingSummary.pauleMandel(means: means, variances: Array(repeating: 0.01, count: 6)) - (s2 - 0.01)) < 1e-9)
        #expect(RecordingSummary.pauleMandel(means: means, variances: Array(repeating: 1, count: 6)) == 0)
        let v = [0.01, 0.01, 0.5, 0.01, 0.01, 0.5]
        let tau2 = RecordingSummary.pauleMandel(means: means, variances: v)
        let w = v.map { 1 / (tau2 + $0) }
        let centre = zip(means, w).reduce(0) { $0 + $1.0 * $1.1 } / w.reduce(0, +)
        let q = zip(means, w).reduce(0) { $0 + $1.1 * ($1.0 - centre) * ($1.0 - centre) }
        #expect(tau2 > 0 && abs(q - 5) < 1e-6)
    }
}
