import Testing
import SnapStrategies
@testable import SnapFitting

@Suite("Learned cut-point tuning (exact, by dynamic programming)")
struct LearnedCutpointTuningTests {
    @Test("never lowers the training hit rate of the maximum-likelihood fit, and reports its own loss exactly",
          arguments: [(UInt64(1), 0.0), (2, 0.15), (3, 0.3)])
    func neverWorse(seed: UInt64, noise: Double) throws {
        let planted = Tag99Snap(lowTier: 1.6, highTier: 3.1)
        let data = FitData(try SyntheticTraces.labelled(by: planted, count: 1500, users: 15, seed: seed, labelNoise: noise))
        let all = data.allIndices
        for pages in [1, 2, 3] {
            let model = try OrdinalThresholdModel.fit(data: data, maxPages: pages)
            let tuned = LearnedCutpointTuning.tune(model.policy, data: data, indices: all, objective: .hitRate)
            let before = data.score(model.policy, objective: .hitRate, indices: all)
            let after = data.score(tuned.policy, objective: .hitRate, indices: all)
            #expect(after >= before, "K \(pages): \(after) < \(before)")
            #expect(abs(1 - tuned.loss / Double(all.count) - after) < 1e-12)
            #expect(abs(1 - tuned.givenLoss / Double(all.count) - before) < 1e-12)
            #expect(tuned.policy.cutpoints == tuned.policy.cutpoints.sorted())
            for (c, p) in zip(tuned.policy.cutpoints, tuned.plateaus) { #expect(p.lower <= c && c <= p.upper) }
        }
    }

    @Test("the step search over the cut points cannot improve on the tuned ones")
    func stepSearchFixedPoint() throws {
        let data = FitData(try SyntheticTraces.labelled(by: UIKitPagingSnap(), count: 1200, users: 12, seed: 4, labelNoise: 0.2))
        let model = try OrdinalThresholdModel.fit(data: data, maxPages: 2)
        let tuned = LearnedCutpointTuning.tune(model.policy, data: data, indices: data.allIndices, objective: .hitRate)
        let names = (1...4).map { "cut\($0)" }
        let search = try PolicyFitter(starts: 1).fit(tuned.policy, parameters: names, data: data)
        #expect(search.score <= data.score(tuned.policy, objective: .hitRate, indices: data.allIndices) + 1e-12)
    }

    @Test("a cost objective is tuned too, and the cost never rises")
    func cost() throws {
        let data = FitData(try SyntheticTraces.labelled(by: Tag99Snap(), count: 900, users: 9, seed: 6, labelNoise: 0.2))
        let objective = FitObjective.cost(over: 1, under: 3, falseChange: 2)
        let model = try OrdinalThresholdModel.fit(data: data, maxPages: 2)
        let tuned = LearnedCutpointTuning.tune(model.policy, data: data, indices: data.allIndices, objective: objective)
        #expect(data.score(tuned.policy, objective: objective, indices: data.allIndices)
                <= data.score(model.policy, objective: objective, indices: data.allIndices))
    }
}
