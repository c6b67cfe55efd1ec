import Testing
import SnapStrategies
@testable import SnapTraces
@testable import SnapFitting

/// The settings each platform exposes on its native policies (``DecisionPlatform/knobs(of:)``)
/// and what `recommend --platform` fits with them (issue 30: the user's platform, with its knobs).
@Suite("Platform knobs")
struct DecisionPlatformKnobsTests {
    @Test("every knob is a parameter of its policy; rules that ship as code and other platforms' policies are not limited")
    func knobsAreParameters() throws {
        for platform in DecisionPlatform.allCases {
            for id in platform.nativePolicyIDs {
                let policy = try PolicyCatalog.policy(id: id)
                let names = Set(policy.parameterSpecs.map(\.name))
                for knob in try #require(platform.knobs(of: id)) {
                    #expect(names.contains(knob.name), "\(platform) \(id) \(knob.name)")
                    #expect(!knob.source.isEmpty)
                    if let values = knob.values, let spec = policy.parameterSpecs.first(where: { $0.name == knob.name }) {
                        #expect(values.allSatisfy { (spec.minimum...spec.maximum).contains($0) } && values.first == spec.defaultValue)
                    }
                }
            }
            for id in DecisionPlatform.rulePolicyIDs { #expect(platform.knobs(of: id) == nil) }
        }
        #expect(DecisionPlatform.ios.knobs(of: "uikit-projected-nearest")?.first?.values == [0.998, 0.99])
        #expect(DecisionPlatform.ios.knobs(of: "uikit-paging") == [])
        #expect(DecisionPlatform.compose.knobs(of: "compose-pager")?.map(\.name) == ["positionalThreshold"])
        #expect(DecisionPlatform.ios.knobs(of: "compose-pager") == nil)
    }

    @Test("with --platform ios: UIKit's rate is picked between .normal and .fast per fold, paging's private thresholds are not fitted")
    func iosFits() throws {
        // Intended items from UIKit's projection at the .fast rate: the fold fits pick .fast.
        let fast = NearestPageSnap(basis: .projectedOffset, decelerationRate: 0.99)
        let data = FitData(try SyntheticTraces.labelled(by: fast, count: 600, users: 12, seed: 3))
        let policies: [any SnapPolicy] = [NearestPageSnap(basis: .projectedOffset), UIKitPagingSnap()]
        let plain = try Recommendation.run(policies: policies, data: data, fitter: PolicyFitter(starts: 2), folds: 4)
        #expect(!plain.ranking.contains { $0.policyID == "uikit-projected-nearest" && $0.variant == "fitted" },
                "the deceleration rate is a platform constant: not fitted without --platform")
        #expect(plain.ranking.contains { $0.policyID == "uikit-paging" && $0.variant == "fitted" })
        let ios = try Recommendation.run(policies: policies, data: data, fitter: PolicyFitter(starts: 2), folds: 4, platform: .ios)
        #expect(!ios.ranking.contains { $0.policyID == "uikit-paging" && $0.variant == "fitted" })
        let picked = try #require(ios.ranking.first { $0.policyID == "uikit-projected-nearest" && $0.variant == "fitted" })
        #expect(picked.fittedParameters == ["decelerationRate"] && picked.degenerate.isEmpty)
        #expect(picked.policy.parameterValues == [0.99] && picked.foldValues.allSatisfy { $0 == [0.99] })
        let defaults = try #require(ios.ranking.first { $0.policyID == "uikit-projected-nearest" && $0.variant == "defaults" })
        #expect(picked.testScore > defaults.testScore + 0.1 && ios.chosen.isSame(as: picked))
    }

    @Test("with --platform compose the pager fits only its snap position")
    func composeFits() throws {
        let data = FitData(try SyntheticTraces.labelled(by: ComposePagerSnap(positionalThreshold: 0.3), count: 400, users: 10, seed: 5))
        let rec = try Recommendation.run(policies: [ComposePagerSnap()], data: data, fitter: PolicyFitter(starts: 2), folds: 4,
                                         platform: .compose)
        let fitted = try #require(rec.ranking.first { $0.variant == "fitted" })
        #expect(fitted.fittedParameters == ["positionalThreshold"])
    }
}
