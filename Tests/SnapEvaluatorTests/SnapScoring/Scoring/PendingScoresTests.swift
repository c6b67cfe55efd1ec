import SnapStrategies
import Testing
@testable import SnapScoring

@Suite("Pending scores")
struct PendingScoresTests {
    @Test("scores full batches as they fill and the rest on flush, as adding one by one does")
    func batches() {
        let policies: [any SnapPolicy] = [NearestPageSnap(), Tag99Snap()]
        var pending = PendingScores(policies: policies)
        var direct = ScoreAccumulator(policies: policies)
        let count = 2 * ScoreAccumulator.batchSize + 88
        for i in 0..<count {
            let start = Double(i % 9) * 100
            let trace = tinyTrace("\(i)", user: i % 4, start: start, offset: start + Double(i % 13) * 10 - 60,
                                  velocity: Double(i % 7) / 3 - 1, intended: i % 5 == 0 ? nil : (i % 9 + i % 3) % 10)
            pending.add(trace)
            direct.add(trace)
        }
        #expect(pending.accumulator.labelled + pending.accumulator.unlabelled == 2 * ScoreAccumulator.batchSize)
        pending.flush()
        pending.flush()   // nothing left: no change
        let (a, b) = (pending.accumulator, direct)
        #expect(a.labelled == b.labelled && a.unlabelled == b.unlabelled)
        #expect(a.hitPatterns == b.hitPatterns && a.userHits == b.userHits && a.agreements == b.agreements)
        for k in policies.indices {
            #expect(a.totals[k].hits == b.totals[k].hits)
            #expect(a.totals[k].absoluteError == b.totals[k].absoluteError)
            #expect(a.totals[k].snapCorrection == b.totals[k].snapCorrection)
            #expect(a.totals[k].signedErrors == b.totals[k].signedErrors)
        }
    }
}
