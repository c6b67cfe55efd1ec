import SnapStrategies
import Testing
import SnapScoring
import SnapSwipeModel

/// Small run of the validation `Scripts/research/validate-behaviour-labels.sh` runs at 100k strokes.
@Suite("BehaviourLabelValidation")
struct BehaviourLabelValidationTests {
    @Test("on simulated sessions under tag99: taps are always right, most derived labels are, and policy ranks agree")
    func smallRun() throws {
        let layout = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
        let validation = BehaviourLabelValidation(layout: layout, livePolicy: Tag99Snap())
        let policies: [any SnapPolicy] = PolicyCatalog.all
        let r = try validation.run(strokes: 3000, users: 30, seed: 7, policies: policies)
        #expect(r.strokes == 3000)
        #expect(r.labelledByRule[.tap, default: 0] > 0 && r.correctByRule[.tap] == r.labelledByRule[.tap])
        #expect(r.labelled > 300 && r.labelled < r.strokes)
        // Measured: 587 labelled, accuracy 0.961, ρ 0.983 at this size (seeds 7-10: accuracy 0.95-0.97,
        // ρ 0.98-0.99); the targets at 100k strokes: Scripts/research/validate-behaviour-labels.sh.
        #expect(r.accuracy >= 0.9, "accuracy \(r.accuracy)")
        #expect(r.spearman >= 0.9, "rho \(r.spearman)")
        // The live policy agrees with itself on every stroke; ρ without it is computed.
        let live = try #require(r.policyIDs.firstIndex(of: "tag99"))
        #expect(r.liveAgreement[live] == 1)
        #expect(r.spearmanWithoutLive >= 0.9, "rho without live \(r.spearmanWithoutLive)")
    }

    @Test("Spearman: ties averaged, perfect and reversed orders, constants give NaN")
    func spearman() {
        #expect(RankCorrelation.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == 1)
        #expect(RankCorrelation.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == -1)
        #expect(abs(RankCorrelation.spearman([1, 2, 2, 3], [1, 2, 3, 4]) - 0.9486832980505138) < 1e-12)
        #expect(RankCorrelation.spearman([1, 1, 1], [1, 2, 3]).isNaN)
        #expect(RankCorrelation.spearman([1], [1]).isNaN)
    }
}
