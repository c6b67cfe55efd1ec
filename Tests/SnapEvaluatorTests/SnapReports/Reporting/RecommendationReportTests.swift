import Foundation
import Testing
import SnapStrategies
@testable import SnapTraces
@testable import SnapFitting
@testable import SnapReports

@Suite("RecommendationReport")
struct RecommendationReportTests {
    static func recommendation() throws -> Recommendation {
        let planted = Tag99Snap(lowTier: 1.6, highTier: 3.1)
        let data = FitData(try SyntheticTraces.labelled(by: planted, count: 800, users: 10, seed: 5))
        return try Recommendation.run(policies: [NearestPageSnap(), Tag99Snap()], data: data,
                                      fitter: PolicyFitter(starts: 2), folds: 4)
    }

    @Test("the table ranks every candidate, marks the chosen one, states rule and reasons, and ends with the code")
    func table() throws {
        let rec = try Self.recommendation()
        let text = RecommendationReport(recommendation: rec, preamble: [("traces", "800")]).table()
        #expect(text.hasPrefix("traces: 800\nobjective: hit-rate"))
        #expect(text.hasSuffix("Swift:\n" + rec.swiftCode))
        #expect(text.contains("rule: one-standard-error rule"))
        for reason in rec.reasons { #expect(text.contains("- " + reason)) }
        let chosenRank = try #require(rec.ranking.firstIndex { $0.policyID == rec.chosen.policyID && $0.variant == rec.chosen.variant })
        #expect(text.contains("\n" + String(repeating: " ", count: 3 - String(chosenRank + 1).count) + "\(chosenRank + 1)*  "))
        #expect(text.contains("lowTier="))
    }

    @Test("JSON carries ranking, chosen, rule, reasons and the code verbatim")
    func json() throws {
        let rec = try Self.recommendation()
        let text = RecommendationReport(recommendation: rec).json().rendered()
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(doc["swift_code"] as? String == rec.swiftCode)
        #expect((doc["ranking"] as? [[String: Any]])?.count == rec.ranking.count)
        #expect((doc["chosen"] as? [String: Any])?["policy"] as? String == rec.chosen.policyID)
        #expect((doc["reasons"] as? [String]) == rec.reasons)
        #expect(doc["rule"] is String && doc["threshold"] is Double)
    }

    @Test("JSON names per candidate the fitted values the data leave not identified or put on a bound")
    func notIdentifiedInJSON() throws {
        let rec = try RecommendationTests.unidentifiedHighTier()
        let fitted = try #require(rec.ranking.first { $0.variant == "fitted" })
        let text = RecommendationReport(recommendation: rec).json().rendered()
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let ranking = try #require(doc["ranking"] as? [[String: Any]])
        let entry = try #require(ranking.first { $0["variant"] as? String == "fitted" })
        #expect(entry["identified"] as? Bool == false)
        #expect((entry["not_identified"] as? [String]) == fitted.notIdentified)
        #expect((entry["not_identified"] as? [String])?.contains("highTier") == true)
        #expect((entry["at_bound"] as? [String]) == fitted.atBound)
        let defaults = try #require(ranking.first { $0["variant"] as? String == "defaults" })
        #expect(defaults["identified"] as? Bool == true)
        #expect((defaults["not_identified"] as? [String]) == [] && (defaults["at_bound"] as? [String]) == [])
    }

    @Test("policies with more free parameters than the limit get only a defaults candidate; results do not depend on threads")
    func fittingLimitAndDeterminism() throws {
        let data = FitData(try SyntheticTraces.labelled(by: Tag99Snap(lowTier: 1.6, highTier: 3.1), count: 600, users: 8, seed: 6))
        let fitter = PolicyFitter(starts: 2)
        let policies: [any SnapPolicy] = [NearestPageSnap(), Tag99Snap(), AndroidPagerSnapHelperSnap()]
        let limited = try Recommendation.run(policies: policies, data: data, fitter: fitter, folds: 3, maxFittedParameters: 1)
        #expect(limited.notFitted == ["tag99"])
        #expect(limited.ranking.filter { $0.policyID == "tag99" }.map(\.variant) == ["defaults"])
        #expect(limited.ranking.contains { $0.policyID == "android-pagersnap" && $0.variant == "fitted" })
        let a = try Recommendation.run(policies: policies, data: data, fitter: fitter, folds: 3)
        let b = try Recommendation.run(policies: policies, data: data, fitter: fitter, folds: 3)
        #expect(a.notFitted.isEmpty)
        #expect(a.ranking.map { "\($0.policyID)/\($0.variant)/\($0.testScore)/\($0.policy.parameterValues)" }
                == b.ranking.map { "\($0.policyID)/\($0.variant)/\($0.testScore)/\($0.policy.parameterValues)" })
    }
}
