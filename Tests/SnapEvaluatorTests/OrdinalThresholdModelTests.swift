import Foundation
import Testing
import SnapStrategies
@testable import SnapEvaluator

@Suite("Ordinal threshold model (cumulative logit, GSL BFGS)")
struct OrdinalThresholdModelTests {
    /// Traces drawn from a known cumulative-logit model: latent `η + logistic noise` cut at `cuts`.
    static func planted(weights: (Double, Double, Double), cuts: [Double], count: Int, seed: UInt64) throws -> [TraceRelease] {
        let layout = try SyntheticTraces.layout()
        let rng = try GSLRandom(seed: seed)
        let back = cuts.count / 2
        var out: [TraceRelease] = []
        for i in 0..<count {
            let start = 10 + rng.integer(below: 40)
            let drag = rng.uniform(-0.9, 0.9) * layout.stride
            let extraTravel = rng.uniform(-0.5, 0.5) * layout.stride
            let offset = layout.snapOffset(ofSlot: start) + drag
            let release = Release(offset: offset, velocity: rng.uniform(-4, 4), startOffset: offset - drag - extraTravel)
            let x = LearnedThresholdSnap.features(of: release, in: layout)
            let eta = weights.0 * x.velocity + weights.1 * x.fraction + weights.2 * x.travel
            let u = rng.uniformPositive()
            let latent = eta + log(u / (1 - u))
            let k = cuts.filter { $0 < latent }.count - back
            out.append(TraceRelease(traceID: "o\(i)", user: i % 50, intendedIndex: x.page + k, layout: layout,
                                    release: release, sampleCount: 1, location: TraceLocation(file: "ordinal", line: i + 1)))
        }
        return out
    }

    @Test("recovers planted weights and cut points by maximum likelihood")
    func recovery() throws {
        let cuts: [Double] = [-30, -16, -4, 5, 18, 33]
        let traces = try Self.planted(weights: (8, 10, -2), cuts: cuts, count: 8000, seed: 5)
        let model = try OrdinalThresholdModel.fit(data: FitData(traces), maxPages: 3)
        #expect(model.report.converged, "\(model.report)")
        #expect(model.report.size < 1e-5)
        #expect(abs(model.velocityWeight - 8) / 8 < 0.08, "βv \(model.velocityWeight)")
        #expect(abs(model.fractionWeight - 10) / 10 < 0.1, "βf \(model.fractionWeight)")
        #expect(abs(model.travelWeight + 2) < 0.5, "βt \(model.travelWeight)")
        for (got, want) in zip(model.cutpoints, cuts) { #expect(abs(got - want) < 0.1 * abs(want) + 0.5, "\(model.cutpoints)") }
        #expect(model.categoryCounts.reduce(0, +) == 8000)
        // The thresholds are explicit: at f = 0.3, t = 0 the velocity at which each page count begins.
        let v = model.velocityThresholds(fraction: 0.3)
        for j in cuts.indices { #expect(abs(v[j] - (cuts[j] - 3) / 8) < 0.35, "\(v)") }
    }

    @Test("the fitted model becomes a LearnedThresholdSnap that decides the model's median")
    func toPolicy() throws {
        let cuts: [Double] = [-30, -16, -4, 5, 18, 33]
        let traces = try Self.planted(weights: (8, 10, -2), cuts: cuts, count: 2500, seed: 6)
        let data = FitData(traces)
        let model = try OrdinalThresholdModel.fit(data: data)
        let policy = model.policy
        #expect(policy.parameterValues.count == 9)
        for i in data.allIndices.prefix(300) {
            let x = LearnedThresholdSnap.features(of: data.releases[i], in: data.layout(i))
            let probs = model.probabilities(velocity: x.velocity, fraction: x.fraction, travel: x.travel)
            // Median category: the first whose cumulative probability reaches 1/2.
            var cumulative = 0.0, median = probs.count - 1
            for (j, p) in probs.enumerated() {
                cumulative += p
                if cumulative >= 0.5 { median = j; break }
            }
            #expect(policy.decide(data.releases[i], in: data.layout(i)).targetSlot == x.page + median - 3)
        }
        // And it beats the neutral prior on data from its own world.
        #expect(data.score(policy, objective: .hitRate, indices: data.allIndices)
                > data.score(LearnedThresholdSnap(), objective: .hitRate, indices: data.allIndices))
    }

    @Test("no data and bad options are typed errors")
    func errors() {
        #expect(throws: FitError.self) { try OrdinalThresholdModel.fit(data: FitData([])) }
        #expect(throws: FitError.self) { try OrdinalThresholdModel.fit(data: FitData([]), maxPages: 0) }
    }
}
