import Foundation
import Testing
import SnapStrategies
@testable import SnapGSL
@testable import SnapTraces
@testable import SnapFitting

@Suite("Ordinal threshold model (cumulative logit, GSL BFGS)")
struct OrdinalThresholdModelTests {
    /// Planted cumulative-logit model: latent `η + logistic noise` cut at `cuts`, `η` a weighted
    /// sum of the learned features.
    static let weights: [Double] = [1.5, 3, 0, 0, 0, 0.4, -0.5, 1]
    static let cuts: [Double] = [-6, -2.5, 2.5, 6]

    static func planted(count: Int, seed: UInt64) throws -> [TraceRelease] {
        let truth = LearnedThresholdSnap(weights: weights, cutpoints: cuts)
        return try LearnedTraces.make(count: count, users: 40, seed: seed) { release, layout, rng in
            let eta = truth.score(LearnedThresholdSnap.features(of: release, in: layout))
            let u = rng.uniformPositive()
            return truth.pages(forScore: eta + log(u / (1 - u)))
        }
    }

    @Test("recovers the planted score and cut points by maximum likelihood")
    func recovery() throws {
        let data = FitData(try Self.planted(count: 6000, seed: 5))
        let model = try OrdinalThresholdModel.fit(data: data, maxPages: 2)
        #expect(model.report.converged, "\(model.report)")
        #expect(model.categoryCounts.reduce(0, +) == 6000)
        // Features are collinear (UIKit's projection is linear in speed and travel away from the
        // ends), so the weights are not identified one by one; the score they give is.
        let truth = LearnedThresholdSnap(weights: Self.weights, cutpoints: Self.cuts)
        var squares = 0.0
        for i in data.allIndices.prefix(500) {
            let x = LearnedThresholdSnap.features(of: data.releases[i], in: data.layout(i))
            let e = model.policy.score(x) - truth.score(x)
            squares += e * e
        }
        let rms = (squares / 500).squareRoot()
        #expect(rms < 0.5, "root-mean-square score error \(rms) (scores span about ±15)")
        for (got, want) in zip(model.cutpoints, Self.cuts) { #expect(abs(got - want) < 0.7, "\(model.cutpoints)") }
    }

    @Test("the fitted model becomes a LearnedThresholdSnap that decides the model's median")
    func toPolicy() throws {
        let data = FitData(try Self.planted(count: 2000, seed: 6))
        let model = try OrdinalThresholdModel.fit(data: data, maxPages: 2)
        let policy = model.policy
        #expect(policy.parameterValues.count == 12)
        for i in data.allIndices.prefix(300) {
            let x = LearnedThresholdSnap.features(of: data.releases[i], in: data.layout(i))
            let probs = model.probabilities(x)
            var cumulative = 0.0, median = probs.count - 1
            for (j, p) in probs.enumerated() {
                cumulative += p
                if cumulative >= 0.5 { median = j; break }
            }
            #expect(policy.decide(data.releases[i], in: data.layout(i)).targetSlot == x.startSlot + median - 2)
        }
        #expect(data.score(policy, objective: .hitRate, indices: data.allIndices)
                > data.score(LearnedThresholdSnap(maxPages: 2), objective: .hitRate, indices: data.allIndices))
    }

    @Test("weights are bootstrap multiplicities: weight 2 equals the trace twice")
    func weights() throws {
        let data = FitData(try Self.planted(count: 600, seed: 7))
        let indices = Array(0..<300)
        let doubled = try OrdinalThresholdModel.fit(data: data, indices: indices + Array(0..<100), maxPages: 2)
        let weighted = try OrdinalThresholdModel.fit(data: data, indices: indices,
                                                     weights: (0..<300).map { $0 < 100 ? 2 : 1 }, maxPages: 2)
        for (a, b) in zip(doubled.cutpoints, weighted.cutpoints) { #expect(abs(a - b) < 1e-3 * max(1, abs(a))) }
    }

    @Test("a warm start from another fit reaches the cold start's optimum (there is one), in fewer iterations")
    func warmStart() throws {
        let data = FitData(try Self.planted(count: 4000, seed: 8))
        let all = try OrdinalThresholdModel.fit(data: data, maxPages: 2)
        let part = Array(0..<3000)
        let cold = try OrdinalThresholdModel.fit(data: data, indices: part, maxPages: 2)
        let warm = try OrdinalThresholdModel.fit(data: data, indices: part, maxPages: 2, warmStart: all)
        #expect(cold.report.converged && warm.report.converged)
        #expect(warm.report.iterations < cold.report.iterations, "warm \(warm.report.iterations), cold \(cold.report.iterations)")
        // Both stop within the gradient tolerance (1e-5) of the one optimum: their values agree to far less.
        #expect(abs(warm.meanNegativeLogLikelihood - cold.meanNegativeLogLikelihood) < 1e-6)
        for i in part.prefix(300) {
            let x = LearnedThresholdSnap.features(of: data.releases[i], in: data.layout(i))
            #expect(abs(warm.policy.score(x) - cold.policy.score(x)) < 1e-2)
        }
        for (a, b) in zip(warm.cutpoints, cold.cutpoints) { #expect(abs(a - b) < 1e-2, "\(warm.cutpoints) \(cold.cutpoints)") }
        // Started at its own optimum, a fit stays there.
        let again = try OrdinalThresholdModel.fit(data: data, maxPages: 2, warmStart: all)
        #expect(again.report.iterations <= 3, "\(again.report)")
        for (a, b) in zip(again.cutpoints, all.cutpoints) { #expect(abs(a - b) < 1e-3) }
        // A model with another K is no start: the default one is used (the cold fit bit for bit).
        let other = try OrdinalThresholdModel.fit(data: data, maxPages: 3)
        let ignored = try OrdinalThresholdModel.fit(data: data, indices: part, maxPages: 2, warmStart: other)
        #expect(ignored.cutpoints.map(\.bitPattern) == cold.cutpoints.map(\.bitPattern))
    }

    @Test("no data and bad options are typed errors")
    func errors() {
        #expect(throws: FitError.self) { try OrdinalThresholdModel.fit(data: FitData([])) }
        #expect(throws: FitError.self) { try OrdinalThresholdModel.fit(data: FitData([]), maxPages: 0) }
    }
}
