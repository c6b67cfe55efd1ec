import Testing
import SnapStrategies
@testable import SnapFitting
import SnapReports
import SnapLabSupport

/// When the platform's own policies cannot do the task, the verdict says so (issue 30).
@Suite("Platform shortfall")
struct PlatformShortfallTests {
    /// A defaults candidate of `policy` with `hits` held-out hits per user (10 traces each).
    static func candidate(_ policy: any SnapPolicy, order: Int, hits: [Double]) -> Recommendation.Candidate {
        let rate = hits.reduce(0, +) / Double(10 * hits.count)
        var c = Recommendation.Candidate(policyID: policy.id, variant: "defaults", fittedParameters: [], parameterCount: 1, order: order,
                                         foldTestScores: [rate, rate], testScore: rate, testStandardError: 0.01, policy: policy)
        c.userHits = hits
        return c
    }

    static let users = 20
    static let traces = [Double](repeating: 10, count: users)
    /// Per user `a` hits for even users, `b` for odd ones.
    static func alternating(_ a: Double, _ b: Double) -> [Double] { (0..<users).map { $0 % 2 == 0 ? a : b } }

    /// Compose's candidates: its pager at 0.2, tag99 (a rule that ships as code) at 0.4.
    static func composeRecommendation() throws -> Recommendation {
        try Recommendation(objective: .hitRate,
                           candidates: [candidate(ComposePagerSnap(), order: 0, hits: alternating(2, 2)),
                                        candidate(Tag99Snap(), order: 1, hits: alternating(4, 4))],
                           folds: 2, userTraces: traces, native: ["compose-pager", "compose-lazyrow-snap"])
    }

    @Test("a large, clear gap to a policy the platform does not run is said, with the best native candidate and the best rule")
    func clearGapIsSaid() throws {
        let rec = try Self.composeRecommendation()
        #expect(rec.chosen.policyID == "tag99")
        let outside = Self.candidate(RNIOSSnapIntervalSnap(), order: 2, hits: Self.alternating(6, 8))
        let s = try #require(PlatformShortfall.find(rec, outside: [outside], platform: .compose))
        #expect(abs(s.difference - 0.3) < 1e-12 && s.standardError > 0 && s.difference > 2 * s.standardError)
        #expect(s.bestNative?.name == "compose-pager (defaults)" && abs((s.bestNative?.rate ?? 0) - 0.2) < 1e-12)
        #expect(s.bestRule?.name == "tag99 (defaults)" && abs((s.bestRule?.rate ?? 0) - 0.4) < 1e-12)
        #expect(s.outside.name == "rn-ios-snapinterval" && abs(s.outside.rate - 0.7) < 1e-12)
        let text = s.summary(export: "snaplab export --policy rn-ios-snapinterval --lang kotlin")
        #expect(text.hasPrefix("No policy compose runs natively fits this task: its best native candidate, compose-pager (defaults), "
                               + "has a held-out hit rate of 0.200; the best rule that can ship as code is tag99 (defaults) at 0.400; "
                               + "rn-ios-snapinterval (defaults), which compose does not run, reaches 0.700, 30.0 points more"))
        #expect(text.contains("(snaplab export --policy rn-ios-snapinterval --lang kotlin)"))
        #expect(s.exportLanguage == "kotlin")
        // without a platform there is nothing to say
        #expect(PlatformShortfall.find(rec, outside: [outside], platform: nil) == nil)
    }

    @Test("a gap below 5 points, or within 2 standard errors, is not a shortfall")
    func smallOrNoisyGapIsNot() throws {
        let rec = try Self.composeRecommendation()
        // 4 points, every user alike: clear but too small to matter
        let small = Self.candidate(RNIOSSnapIntervalSnap(), order: 2, hits: (0..<Self.users).map { $0 < 8 ? 5 : 4 })
        #expect(PlatformShortfall.find(rec, outside: [small], platform: .compose) == nil)
        // 6 points, all from two users: large enough but within noise
        let noisy = Self.candidate(RNIOSSnapIntervalSnap(), order: 2, hits: (0..<Self.users).map { $0 < 2 ? 10 : 4 })
        let d = zip(noisy.userHits, rec.chosen.userHits).map { $0 - $1 }
        let se = try #require(Recommendation.Candidate.clusteredStandardError(hits: d, traces: Self.traces))
        #expect(abs(d.reduce(0, +) / 200 - 0.06) < 1e-12 && se * 2 > 0.06)
        #expect(PlatformShortfall.find(rec, outside: [noisy], platform: .compose) == nil)
        // the same 10 points spread over every user: said
        let spread = Self.candidate(RNIOSSnapIntervalSnap(), order: 2, hits: Self.alternating(5, 5))
        #expect(PlatformShortfall.find(rec, outside: [spread], platform: .compose) != nil)
    }

    @Test("recommend on generated swipes planted by an iOS policy, held to compose: the off-platform defaults are scored and the shortfall said")
    func recommendHeldToComposeSaysSo() throws {
        let planted = RNIOSSnapIntervalSnap()
        let data = FitData(try SyntheticTraces.labelled(by: planted, count: 600, users: 12, seed: 5, labelNoise: 0))
        let platform = DecisionPlatform.compose
        let candidates: [any SnapPolicy] = [ComposePagerSnap(), NearestPageSnap(), Tag99Snap()]
        let rec = try Recommendation.run(policies: candidates, data: data, fitter: PolicyFitter(starts: 1), folds: 3,
                                         native: Set(platform.nativePolicyIDs), platform: platform,
                                         offPlatform: [UIKitPagingSnap(), planted])
        #expect(rec.offPlatform.map(\.policyID) == ["rn-ios-snapinterval", "uikit-paging"], "best held-out rate first")
        #expect(rec.heldOut(rec.offPlatform[0])?.rate == 1)
        #expect(!rec.ranking.contains { $0.policyID == "rn-ios-snapinterval" }, "reference only, never a candidate")
        let s = try #require(rec.shortfall)
        #expect(s.outside.name == "rn-ios-snapinterval" && s.chosen.name == rec.chosen.name)
        #expect(rec.reasons.last == s.summary())
        // recommend's table and JSON, and the generated code, say it too
        let report = RecommendationReport(recommendation: rec)
        #expect(report.table().contains("\nWARNING: " + RecommendationReport.shortfallText(s) + "\n"))
        #expect(report.table().contains("(the best that ships, not a good fit: see the warning above)"))
        #expect(rec.swiftCode.contains("/// WARNING: No policy compose runs natively fits this task; this is the best that ships"))
        guard case let .object(items) = report.json(), case let .object(said)? = items.first(where: { $0.0 == "platform_shortfall" })?.1 else {
            Issue.record("no platform_shortfall object")
            return
        }
        #expect(said.contains { $0.0 == "outside" && $0.1 == .string("rn-ios-snapinterval") })
        // the same without --platform: no reference, no shortfall
        let free = try Recommendation.run(policies: candidates, data: data, fitter: PolicyFitter(starts: 1), folds: 3)
        #expect(free.offPlatform.isEmpty && free.shortfall == nil)
    }
}
