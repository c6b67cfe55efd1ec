import Testing
import SnapStrategies
@testable import SnapFitting

@Suite("Learned threshold fit (maximum likelihood, then cut points for the objective)")
struct LearnedThresholdFitTests {
    /// Rules whose decisions one monotone score of the features can express. (tag99 cannot: its
    /// backward moves depend on the position in the item, its forward ones do not; there the
    /// learned policy reaches about 0.81 against the rule's 0.90 on this data.)
    @Test("fitted on data labelled by a known rule, it scores within 2 points of that rule on new data",
          arguments: [0, 1, 2])
    func nearTheRule(which: Int) throws {
        let rule: any SnapPolicy = [UIKitPagingSnap(), SwiftUIViewAlignedSnap(maxViews: 2),
                                    SwiperSnap()][which]
        let train = FitData(try SyntheticTraces.labelled(by: rule, count: 3000, users: 30, seed: 11))
        let test = FitData(try SyntheticTraces.labelled(by: rule, count: 2000, users: 20, seed: 12))
        let fit = try PolicyFitter().fit(LearnedThresholdSnap(maxPages: 2), data: train)
        let learned = test.score(fit.policy, objective: .hitRate, indices: test.allIndices)
        let truth = test.score(rule, objective: .hitRate, indices: test.allIndices)
        #expect(learned >= truth - 0.02, "\(rule.id): learned \(learned), rule \(truth)")
    }

    @Test("the fitter takes this path for all parameters and reports both steps; a subset goes to the step search")
    func shape() throws {
        let data = FitData(try SyntheticTraces.labelled(by: Tag99Snap(), count: 800, users: 8, seed: 3))
        let policy = LearnedThresholdSnap(maxPages: 2)
        let fit = try PolicyFitter().fit(policy, data: data)
        #expect(fit.runs.map(\.start) == ["maximum likelihood (GSL BFGS)", "cut points tuned for hit-rate"])
        #expect(fit.runs[1].score >= fit.runs[0].score)
        #expect(fit.fittedNames.count == 12 && fit.values.count == 12 && fit.plateaus.count == 12)
        #expect(fit.score == data.score(fit.policy, objective: .hitRate, indices: data.allIndices))
        let all = fit.fittedNames
        #expect(LearnedThresholdFit.fitsEverything(policy, names: nil))
        #expect(LearnedThresholdFit.fitsEverything(policy, names: all.reversed()))
        #expect(!LearnedThresholdFit.fitsEverything(policy, names: ["cut1"]))
        let subset = try PolicyFitter(starts: 1).fit(policy, parameters: ["cut1", "cut2"], data: data)
        #expect(subset.fittedNames == ["cut1", "cut2"])
    }
}
