import Testing
import SnapStrategies
@testable import SnapTraces
@testable import SnapFitting
@testable import SnapReports

@Suite("Degeneracy")
struct DegeneracyTests {
    /// 100 releases at speeds 0.01 … 1.00 pt/ms and `zeros` at exactly 0, two users.
    static func data(zeros: Int) throws -> FitData {
        let layout = try SyntheticTraces.layout()
        let s = layout.snapOffset(ofSlot: 10)
        let speeds = (1...100).map { 0.01 * Double($0) } + Array(repeating: 0, count: zeros)
        return FitData(speeds.enumerated().map { i, v in
            TraceRelease(traceID: "t\(i)", user: i % 2, intendedIndex: 10, layout: layout,
                         release: Release(offset: s + 5, velocity: v, startOffset: s, startIndex: 10),
                         sampleCount: 1, location: TraceLocation(file: "d", line: i + 1))
        })
    }

    @Test("a value within 1% of its range's end is degenerate; one inside is not; unfitted values are not judged")
    func rangeEnds() throws {
        let check = Degeneracy(data: try Self.data(zeros: 0))
        // uikit-paging positionalThreshold 0–1: 0.995 is within 1% of 1.
        let high = UIKitPagingSnap(positionalThreshold: 0.995, velocityGate: 0.5)
        #expect(check.reasons(high, fitted: ["positionalThreshold"]).first?.contains("within 1% of an end of its range") == true)
        #expect(check.reasons(high, fitted: []).isEmpty)
        // A speed gate at 9.95 of 0–10 is first of all beyond every speed of the data.
        let gate = UIKitPagingSnap(positionalThreshold: 0.5, velocityGate: 9.95)
        #expect(check.reasons(gate, fitted: ["velocityGate"]).first?.contains("99th-percentile speed") == true)
        // positionalThreshold 0.005 of 0–1.
        let low = UIKitPagingSnap(positionalThreshold: 0.005, velocityGate: 0.5)
        #expect(check.reasons(low, fitted: ["positionalThreshold"]).count == 1)
        #expect(check.reasons(UIKitPagingSnap(positionalThreshold: 0.5, velocityGate: 0.5),
                              fitted: ["positionalThreshold", "velocityGate"]).isEmpty)
    }

    @Test("a speed gate beyond the 99th-percentile speed, or separating only the zeros, is degenerate")
    func speedGates() throws {
        let check = Degeneracy(data: try Self.data(zeros: 30))
        #expect(check.speed99 < 1.0 && check.speed99 > 0.98)
        let beyond = check.reasons(Tag99Snap(lowTier: 0.995, highTier: 1.5), fitted: ["lowTier"])
        #expect(beyond.count == 1 && beyond[0].contains("99th-percentile speed"))
        // 0.015: one of 100 moving releases at or below it, 30 at exactly 0.
        let zerosOnly = check.reasons(Tag99Snap(lowTier: 0.015, highTier: 1.5), fitted: ["lowTier"])
        #expect(zerosOnly.count == 1 && zerosOnly[0].contains("only separates the 30 releases at exactly 0"))
        #expect(check.reasons(Tag99Snap(lowTier: 0.3, highTier: 0.7), fitted: ["lowTier", "highTier"]).isEmpty)
        // Without zeros the same gate is still within 1% of its range's low end (0–20 pt/ms).
        let noZeros = Degeneracy(data: try Self.data(zeros: 0))
        #expect(noZeros.reasons(Tag99Snap(lowTier: 0.015, highTier: 1.5), fitted: ["lowTier"]).first?.contains("within 1%") == true)
        #expect(noZeros.reasons(Tag99Snap(lowTier: 0.25, highTier: 1.5), fitted: ["lowTier"]).isEmpty)
    }

    @Test("learned cut points closer than 1% of the scores' spread coincide")
    func coincidingCuts() throws {
        let check = Degeneracy(data: try Self.data(zeros: 0))
        var weights = [Double](repeating: 0, count: LearnedThresholdSnap.defaultWeights.count)
        // η = 10 · velocity in pt/ms, spread about 9.8 (the feature is in pages per ms since issue 30: × stride)
        weights[0] = 10 * (try SyntheticTraces.layout()).stride
        let close = LearnedThresholdSnap(weights: weights, cutpoints: [2, 2.05])
        let reasons = check.reasons(close, fitted: close.parameterSpecs.map(\.name))
        #expect(reasons.count == 1 && reasons[0].contains("cut1 = 2 and cut2 = 2.05 coincide"))
        let apart = LearnedThresholdSnap(weights: weights, cutpoints: [2, 6])
        #expect(check.reasons(apart, fitted: apart.parameterSpecs.map(\.name)).isEmpty)
    }

    @Test("a degenerate candidate is set aside and said so, unless allowed")
    func setAside() throws {
        func candidate(_ id: String, _ score: Double, degenerate: [String]) -> Recommendation.Candidate {
            var c = Recommendation.Candidate(policyID: id, variant: "fitted", fittedParameters: ["x"], parameterCount: 1, order: 0,
                                             foldTestScores: [score, score], testScore: score, testStandardError: 0.001,
                                             policy: NearestPageSnap())
            c.degenerate = degenerate
            return c
        }
        let candidates = [candidate("a", 0.9, degenerate: ["x = 10 is within 1% of an end of its range"]), candidate("b", 0.7, degenerate: [])]
        let rec = try Recommendation(objective: .hitRate, candidates: candidates, folds: 2)
        #expect(rec.chosen.policyID == "b" && rec.setAside.map(\.policyID) == ["a"])
        #expect(rec.reasons.contains { $0.hasPrefix("Set aside") && $0.contains("within 1%") })
        let allowed = try Recommendation(objective: .hitRate, candidates: candidates, folds: 2, allowDegenerate: true)
        #expect(allowed.chosen.policyID == "a" && allowed.setAside.isEmpty)
        #expect(allowed.swiftCode.contains("DEGENERATE"))
    }
}
