import Testing
import SnapStrategies
@testable import SnapGSL
@testable import SnapScoring
@testable import SnapFitting
@testable import SnapReports

@Suite("Policy fitter")
struct PolicyFitterTests {
    /// The planted rule: tag99 with tiers 1.6 and 3.1 pt/ms instead of 2.2 and 2.7.
    static let planted = Tag99Snap(lowTier: 1.6, highTier: 3.1)

    @Test("recovers planted tag99 tiers within 5% from the defaults (3000 traces, 10% label noise)")
    func plantedRecovery() throws {
        let traces = try SyntheticTraces.labelled(by: Self.planted, count: 3000, users: 30, seed: 11)
        let data = FitData(traces)
        let fit = try PolicyFitter(objective: .hitRate).fit(Tag99Snap(), parameters: ["lowTier", "highTier"], data: data)
        #expect(fit.fittedNames == ["lowTier", "highTier"])
        let low = fit.values[0], high = fit.values[1]
        #expect(abs(low - 1.6) / 1.6 < 0.05, "lowTier \(low)")
        #expect(abs(high - 3.1) / 3.1 < 0.05, "highTier \(high)")
        // Only the named parameters moved.
        #expect(Array(fit.values[2...]) == Array(Tag99Snap().parameterValues[2...]))
        // The fit beats the defaults and reaches the planted rule's own hit rate (≈ 0.9 with 10% noise).
        let plantedScore = data.score(Self.planted, objective: .hitRate, indices: data.allIndices)
        #expect(fit.score > fit.startScore)
        #expect(fit.score >= plantedScore - 1e-12, "fit \(fit.score) planted \(plantedScore)")
        #expect(!fit.runs.isEmpty && fit.evaluations > 0)
    }

    @Test("screened fits (starts on subsets, polish on all traces) recover the same tiers")
    func screenedRecovery() throws {
        let traces = try SyntheticTraces.labelled(by: Self.planted, count: 4000, users: 40, seed: 12)
        let data = FitData(traces)
        let fitter = PolicyFitter(objective: .hitRate, screeningSize: 600)
        let fit = try fitter.fit(Tag99Snap(), parameters: ["lowTier", "highTier"], data: data)
        #expect(abs(fit.values[0] - 1.6) / 1.6 < 0.05, "lowTier \(fit.values[0])")
        #expect(abs(fit.values[1] - 3.1) / 3.1 < 0.05, "highTier \(fit.values[1])")
        // 8 screened starts, then the search on all traces; every run scored on all traces.
        #expect(fit.runs.count == 9)
        #expect(fit.runs.prefix(8).allSatisfy { $0.traces == 600 } && fit.runs[8].traces == 4000)
        #expect(fit.converged && fit.runs[8].score == fit.score)
        #expect(fit.score >= fit.startScore)
        let whole = try PolicyFitter(objective: .hitRate).fit(Tag99Snap(), parameters: ["lowTier", "highTier"], data: data)
        #expect(abs(fit.score - whole.score) < 0.005, "screened \(fit.score) whole \(whole.score)")
    }

    @Test("the cost objective prefers fewer false changes when they are expensive")
    func costObjective() throws {
        let traces = try SyntheticTraces.labelled(by: Self.planted, count: 1500, users: 15, seed: 5)
        let data = FitData(traces)
        let fit = try PolicyFitter(objective: .defaultCost).fit(Tag99Snap(), parameters: ["lowTier", "highTier"], data: data)
        #expect(fit.score <= fit.startScore)
        #expect(fit.score >= 0)
    }

    @Test("the fit data's hit rate matches the evaluator's score accumulator")
    func scoreMatchesAccumulator() throws {
        let traces = try SyntheticTraces.labelled(by: Self.planted, count: 500, users: 7, seed: 3)
        let data = FitData(traces)
        var totals = ScoreAccumulator(policies: [Tag99Snap(), ASHorizontalSnap()])
        for t in traces { totals.add(t) }
        for (k, p) in totals.policies.enumerated() {
            let rate = data.score(p, objective: .hitRate, indices: data.allIndices)
            #expect(rate == Double(totals.totals[k].hits) / Double(totals.labelled))
            let cost = data.score(p, objective: .cost(over: 1, under: 10, falseChange: 100), indices: data.allIndices)
            let t = totals.totals[k]
            let expected = Double(t.overshoots) + 10 * Double(t.undershoots) + 100 * Double(t.falseChanges)
            #expect(abs(cost - expected / Double(totals.labelled)) < 1e-12)
        }
    }

    @Test("parallel chunked scoring equals serial scoring")
    func parallelEqualsSerial() throws {
        let traces = try SyntheticTraces.labelled(by: Self.planted, count: 3 * FitData.parallelChunk + 17, users: 9, seed: 4)
        let data = FitData(traces)
        let all = data.score(Tag99Snap(), objective: .hitRate, indices: data.allIndices)
        var hits = 0
        for i in data.allIndices where Tag99Snap().decide(data.releases[i], in: data.layout(i)).targetIndex == data.labels[i].intended {
            hits += 1
        }
        #expect(abs(all - Double(hits) / Double(data.count)) < 1e-12)
    }

    @Test("errors: no traces, unknown parameter, nothing free")
    func errors() throws {
        let data = FitData([])
        #expect(throws: FitError.self) { try PolicyFitter().fit(Tag99Snap(), data: data) }
        let some = FitData(try SyntheticTraces.labelled(by: Self.planted, count: 20, users: 2, seed: 1))
        #expect(throws: FitError.unknownParameter(policy: "tag99", name: "speed", known: Tag99Snap().parameterSpecs.map(\.name))) {
            try PolicyFitter().fit(Tag99Snap(), parameters: ["speed"], data: some)
        }
        #expect(throws: FitError.noFreeParameters(policy: "nearest")) {
            try PolicyFitter().fit(NearestPageSnap(), data: some)
        }
    }
}
