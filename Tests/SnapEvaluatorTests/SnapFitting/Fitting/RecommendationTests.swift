import Foundation
import SnapLabTestSupport
import Testing
import SnapStrategies
@testable import SnapGSL
@testable import SnapTraces
@testable import SnapFitting
@testable import SnapReports

@Suite("Recommendation")
struct RecommendationTests {
    /// Releases at rest (velocity 0, short drags): the nearest item and UIKit's projected nearest
    /// item are the same decision, so the two policies tie exactly.
    static func atRestTraces(count: Int, users: Int, seed: UInt64) throws -> [TraceRelease] {
        let layout = try SyntheticTraces.layout()
        let rng = try GSLRandom(seed: seed)
        return (0..<count).map { i in
            let start = 5 + rng.integer(below: 40)
            let s = layout.snapOffset(ofSlot: start)
            let release = Release(offset: s + rng.uniform(-0.9, 0.9) * layout.stride, velocity: 0, startOffset: s, startIndex: start)
            var intended = layout.nearestSlot(toOffset: release.offset)
            if rng.bernoulli(0.2) { intended += 1 }
            return TraceRelease(traceID: "r\(i)", user: i % users, intendedIndex: intended, layout: layout, release: release,
                                sampleCount: 1, location: TraceLocation(file: "rest", line: i + 1))
        }
    }

    @Test("on a tie the simpler policy wins: fewest fitted parameters, then fewest parameters, then list order")
    func simplerWinsTie() throws {
        let data = FitData(try Self.atRestTraces(count: 600, users: 12, seed: 4))
        let rec = try Recommendation.run(policies: [NearestPageSnap(basis: .projectedOffset), NearestPageSnap(basis: .releaseOffset)],
                                         data: data, folds: 4)
        // projected defaults and nearest defaults: the projection's deceleration rate is a platform
        // constant, which recommend does not fit.
        #expect(rec.ranking.count == 2)
        let scores = Set(rec.ranking.map(\.testScore))
        #expect(scores.count == 1, "\(rec.ranking.map { ($0.policyID, $0.variant, $0.testScore) })")
        #expect(rec.chosen.policyID == "nearest" && rec.chosen.variant == "defaults")
        // Issue 30: a tie is said as one — both are in the tied group, with the rule that chose.
        #expect(rec.reasons.count == 4)
        #expect(rec.tied.count == 2 && rec.reasons[3].hasPrefix("Tied with the best"))
    }

    @Test("among equally simple candidates within one standard error the better score wins, not the catalogue order (issue 30)")
    func equallySimpleByScore() throws {
        func candidate(_ policy: any SnapPolicy, order: Int, score: Double) -> Recommendation.Candidate {
            Recommendation.Candidate(policyID: policy.id, variant: "defaults", fittedParameters: [], parameterCount: 1, order: order,
                                     foldTestScores: [score, score], testScore: score, testStandardError: 0.06, policy: policy)
        }
        // uikit-projected-nearest comes first in the catalogue; rn-ios-snapinterval scores better.
        let first = candidate(NearestPageSnap(basis: .projectedOffset), order: 0, score: 0.642)
        let better = candidate(RNIOSSnapIntervalSnap(), order: 1, score: 0.681)
        let rec = try Recommendation(objective: .hitRate, candidates: [first, better], folds: 2)
        #expect(rec.chosen.order == 1 && rec.chosen.isSame(as: better))
        // simpler still comes first: a one-parameter candidate within one SE beats a better two-parameter one
        var twoParameters = candidate(Tag99Snap(), order: 2, score: 0.70)
        twoParameters.parameterCount = 2
        let simplest = try Recommendation(objective: .hitRate, candidates: [twoParameters, first, better], folds: 2)
        #expect(simplest.chosen.isSame(as: better))
        // equal scores: catalogue order
        let even = try Recommendation(objective: .hitRate, candidates: [candidate(RNIOSSnapIntervalSnap(), order: 1, score: 0.6),
                                                                          candidate(NearestPageSnap(basis: .projectedOffset), order: 0, score: 0.6)],
                                      folds: 2)
        #expect(even.chosen.order == 0)
    }

    @Test("the one-standard-error rule keeps a clearly better fitted policy")
    func clearWinner() throws {
        let planted = Tag99Snap(lowTier: 1.6, highTier: 3.1)
        let data = FitData(try SyntheticTraces.labelled(by: planted, count: 1500, users: 20, seed: 8))
        let rec = try Recommendation.run(policies: [NearestPageSnap(), Tag99Snap()], data: data,
                                         fitter: PolicyFitter(starts: 2), folds: 4)
        #expect(rec.chosen.policyID == "tag99" && rec.chosen.variant == "fitted")
        #expect(rec.best.policyID == "tag99")
        #expect(rec.threshold <= rec.best.testScore)
        let code = rec.swiftCode
        #expect(code.contains("PolicyCatalog.policy(id: \"tag99\")"))
        #expect(code.contains("setParameterValues(["))
    }

    /// tag99 fitted on traces all slower than any highTier in reach: no trace scores differently above it.
    static func unidentifiedHighTier() throws -> Recommendation {
        let data = FitData(try SyntheticTraces.labelled(by: Tag99Snap(lowTier: 1.5, highTier: 20), count: 800, users: 8, seed: 9,
                                                        labelNoise: 0))
        return try Recommendation.run(policies: [Tag99Snap()], data: data, fitter: PolicyFitter(starts: 2), folds: 4)
    }

    @Test("a fitted threshold the data do not identify is named on the candidate and in the generated Swift")
    func notIdentifiedInSwift() throws {
        let rec = try Self.unidentifiedHighTier()
        let fitted = try #require(rec.ranking.first { $0.variant == "fitted" })
        #expect(fitted.notIdentified.contains("highTier"), "\(fitted.notIdentified)")
        #expect(!fitted.notIdentified.contains("lowTier"))
        var one = rec
        one.chosen = fitted
        #expect(one.swiftCode.contains("// highTier: not identified by the data"))
        #expect(!one.swiftCode.contains("// lowTier: not identified"))
    }

    @Test("the generated Swift code compiles against SnapStrategies and rebuilds the chosen policy")
    func generatedCodeCompiles() throws {
        let planted = Tag99Snap(lowTier: 1.6, highTier: 3.1)
        let data = FitData(try SyntheticTraces.labelled(by: planted, count: 800, users: 10, seed: 9))
        let rec = try Recommendation.run(policies: [Tag99Snap(), LearnedThresholdSnap()], data: data,
                                         fitter: PolicyFitter(starts: 2), folds: 3)
        for candidate in [rec.chosen] + rec.ranking.filter({ $0.policyID == "learned-threshold" && $0.variant == "fitted" }) {
            var one = rec
            one.chosen = candidate
            try compileAndRun(one.swiftCode, expecting: candidate.policy)
        }
    }

    /// Compiles `code` (minus its `import SnapStrategies`) together with every source file of
    /// SnapStrategies as one module (`-lm`: without Foundation nothing else pulls in libm), runs it, and checks it prints the policy's id and values.
    private func compileAndRun(_ code: String, expecting policy: any SnapPolicy) throws {
        let sources = packageRoot.appendingPathComponent("Sources/SnapStrategies")
        let fm = FileManager.default
        var files: [String] = []
        let walker = try #require(fm.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let url as URL in walker where url.pathExtension == "swift" { files.append(url.path) }
        let dir = fm.temporaryDirectory.appendingPathComponent("snaplab-recommend-\(UInt64.random(in: 0...UInt64.max))")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let snippet = code.replacingOccurrences(of: "import SnapStrategies\n", with: "")
        let main = """
        @main struct RecommendedPolicyCheck {
            static func main() throws {
                let policy = try makeRecommendedSnapPolicy()
                print(policy.id)
                print(policy.parameterValues.map { "\\($0)" }.joined(separator: ","))
            }
        }
        """
        try snippet.write(to: dir.appendingPathComponent("Recommended.swift"), atomically: true, encoding: .utf8)
        try main.write(to: dir.appendingPathComponent("Check.swift"), atomically: true, encoding: .utf8)
        let exe = dir.appendingPathComponent("check").path
        let compile = try run("/usr/bin/env", ["swiftc", "-parse-as-library", "-module-name", "RecommendCheck", "-Onone", "-lm",
                                               "-o", exe, dir.appendingPathComponent("Recommended.swift").path,
                                               dir.appendingPathComponent("Check.swift").path] + files)
        #expect(compile.status == 0, "swiftc failed:\n\(compile.output)\n--- code ---\n\(code)")
        guard compile.status == 0 else { return }
        let result = try run(exe, [])
        let expected = policy.id + "\n" + policy.parameterValues.map { "\($0)" }.joined(separator: ",") + "\n"
        #expect(result.output == expected)
    }

    private func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try TestProcess.run(path, arguments)
        return (result.status, result.output)
    }
}

/// The one-standard-error rule may keep a simpler candidate that the paired held-out test finds
/// significantly worse than the best: then the reasons and the report's verdict say it is not a tie
/// (Data/synthetic.csv: flutter-fixedextent-bouncing fitted 0.667 against uikit-projected-nearest 0.662).
@Suite("Recommendation: better than the chosen, not a tie")
struct RecommendationNotATieTests {
    /// 20 users of 100 traces; the fitted candidate hits `fitted` per user, the defaults one `defaults`;
    /// fold scores with a standard error of 0.05 (so both are within one standard error).
    static func recommendation(fitted: [Double], defaults: [Double]) throws -> Recommendation {
        func c(_ variant: String, _ hits: [Double], order: Int) -> Recommendation.Candidate {
            let rate = hits.reduce(0, +) / Double(100 * hits.count)
            var c = Recommendation.Candidate(policyID: variant == "fitted" ? "tag99" : "nearest", variant: variant,
                                             fittedParameters: variant == "fitted" ? ["lowTier"] : [], parameterCount: 1, order: order,
                                             foldTestScores: [rate, rate], testScore: rate, testStandardError: 0.05,
                                             policy: NearestPageSnap())
            c.userHits = hits
            return c
        }
        return try Recommendation(objective: .hitRate, candidates: [c("fitted", fitted, order: 0), c("defaults", defaults, order: 1)],
                                  folds: 2, userTraces: [Double](repeating: 100, count: 20))
    }

    @Test func aClearPairedDifferenceWithinOneStandardErrorIsSaid() throws {
        // every user hits 4 more with the fitted candidate: 4 points, the same for all
        let r = try Self.recommendation(fitted: [Double](repeating: 70, count: 20), defaults: [Double](repeating: 66, count: 20))
        #expect(r.chosen.variant == "defaults" && r.best.variant == "fitted")
        let b = try #require(r.betterThanChosen)
        #expect(b.candidate.variant == "fitted" && abs(b.difference - 0.04) < 1e-12 && b.p < Recommendation.tieLevel)
        #expect(r.tied.count == 1)
        #expect(r.reasons.contains { $0.hasPrefix("Not a tie: the paired held-out test (Holm-adjusted clustered McNemar) finds tag99 (fitted) "
                                                   + "better than nearest (defaults) by 4.0 points of hit rate") })
        #expect(!r.reasons.contains { $0.contains("within noise") })
        // the report's verdict says it first among its notes; recommend's JSON carries it
        let v = try #require(ReportPage().verdict(comparison: try reportFixture().comparison, recommendation: r, notes: []))
        #expect(v.notes.first?.hasPrefix("Not a tie: tag99 (fitted) hits 4.0 points more often (paired held-out test, Holm-adjusted, p = ") == true)
        #expect(v.html(colour: "#000").contains("The rule chose the simpler nearest (defaults)"))
        let json = RecommendationReport(recommendation: r).json().rendered(pretty: false)
        #expect(json.contains("\"better_than_chosen\":{\"policy\":\"tag99\",\"variant\":\"fitted\",\"difference\":0.04"), "\(json)")
    }

    @Test func aNoisyDifferenceIsATieAndNotSaidAsBetter() throws {
        // 4 points on average, but half the users the other way: not significant
        let fitted = (0..<20).map { $0 % 2 == 0 ? 80.0 : 60.0 }, defaults = (0..<20).map { $0 % 2 == 0 ? 62.0 : 70.0 }
        let r = try Self.recommendation(fitted: fitted, defaults: defaults)
        #expect(r.chosen.variant == "defaults")
        #expect(r.betterThanChosen == nil)
        #expect(RecommendationReport(recommendation: r).json().rendered(pretty: false).contains("\"better_than_chosen\":null"))
        #expect(r.tied.count == 2)
    }
}
