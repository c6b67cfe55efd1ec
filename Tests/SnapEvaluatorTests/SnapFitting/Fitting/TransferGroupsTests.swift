import Testing
import SnapStrategies
@testable import SnapTraces
@testable import SnapFitting

@Suite("Transfer between tasks")
struct TransferGroupsTests {
    /// Two layouts (10 and 8 items of 100 pt), six users each swiping in both at speeds 0.05 … 2.0.
    static func twoTasks() throws -> FitData {
        let wide = try CarouselLayout(itemWidth: 100, spacing: 0, viewportWidth: 100, itemCount: 10)
        let narrow = try CarouselLayout(itemWidth: 100, spacing: 0, viewportWidth: 100, itemCount: 8)
        var traces: [TraceRelease] = []
        for (t, layout) in [wide, narrow].enumerated() {
            for u in 0..<6 {
                for k in 1...20 {
                    let v = 0.1 * Double(k)
                    // Task 0: the next item from 0.8 pt/ms; task 1: from 1.4 pt/ms.
                    let intended = v > (t == 0 ? 0.8 : 1.4) ? 3 : 2
                    traces.append(TraceRelease(traceID: "t\(t)u\(u)k\(k)", user: u, intendedIndex: intended, layout: layout,
                                               release: Release(offset: 220, velocity: v, startOffset: 200, startIndex: 2),
                                               sampleCount: 1, location: TraceLocation(file: "two", line: traces.count + 1)))
                }
            }
        }
        return FitData(traces)
    }

    @Test("with two layouts every candidate gets a leave-one-group-out score; defaults transfer as they are; the rule ranks by it")
    func scoresTransfer() throws {
        let data = try Self.twoTasks()
        #expect(TransferGroups(data: data).count == 2)
        let rec = try Recommendation.run(policies: [NearestPageSnap(), AndroidPagerSnapHelperSnap()], data: data, folds: 3)
        #expect(rec.transferGroups.count == 2 && rec.byTransfer)
        for c in rec.ranking {
            let t = try #require(c.transferScore)
            #expect(c.transferGroupScores.count == 2)
            if c.variant == "defaults" { #expect(abs(t - (rec.heldOut(c)?.rate ?? -1)) < 1e-12, "\(c.name)") }
        }
        // A gate fitted on one task misses the other's: the transfer is below the within-task score.
        let fitted = try #require(rec.ranking.first { $0.variant == "fitted" })
        #expect(try #require(fitted.transferScore) < (rec.heldOut(fitted)?.rate ?? 0))
        #expect(rec.reasons[0].hasPrefix("Best transfer hit rate"))
    }

    @Test("a learned fit is held back unless its transfer beats the best rule's by more than one standard error")
    func learnedMustTransfer() throws {
        func candidate(_ policy: any SnapPolicy, _ variant: String, transfer: Double, se: Double) -> Recommendation.Candidate {
            var c = Recommendation.Candidate(policyID: policy.id, variant: variant, fittedParameters: variant == "fitted" ? ["w"] : [],
                                             parameterCount: 1, order: 0, foldTestScores: [0.9, 0.9], testScore: 0.9,
                                             testStandardError: 0.01, policy: policy)
            c.transferScore = transfer
            c.transferStandardError = se
            return c
        }
        let rule = candidate(NearestPageSnap(), "defaults", transfer: 0.70, se: 0.04)
        let close = candidate(LearnedThresholdSnap(), "fitted", transfer: 0.73, se: 0.01)
        let held = try Recommendation(objective: .hitRate, candidates: [rule, close], folds: 2)
        #expect(held.chosen.policyID == "nearest" && held.setAside.first?.transferFailure != nil)
        let clear = candidate(LearnedThresholdSnap(), "fitted", transfer: 0.80, se: 0.01)
        let kept = try Recommendation(objective: .hitRate, candidates: [rule, clear], folds: 2)
        #expect(kept.chosen.policyID == "learned-threshold" && kept.setAside.isEmpty)
    }
}
