import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
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

    /// `add(record)` reads the release in place (``ScoreAccumulator/prepare(_:into:)`` of the
    /// record); `add(record.release)` is the former path. Every policy of the catalogue, every
    /// trace of the bundled files (labelled and not, `exact` and `revealed` hit criteria, several
    /// users, layouts and batches), the two read side by side from the reader's own record.
    @Test("a record added in place scores as its release added", arguments: ["synthetic.csv", "reveal.csv"])
    func recordAsItsRelease(file: String) throws {
        let policies = PolicyCatalog.all
        var byRecord = PendingScores(policies: policies), byRelease = PendingScores(policies: policies)
        let reader = try TraceReader(path: packageRoot.appendingPathComponent("Data").appendingPathComponent(file).path,
                                     options: TraceReadOptions())
        var traces = 0
        _ = try reader.forEach { record in
            byRecord.add(record)
            byRelease.add(record.release)
            traces += 1
        }
        byRecord.flush()
        byRelease.flush()
        let (a, b) = (byRecord.accumulator, byRelease.accumulator)
        #expect(traces > 2 * ScoreAccumulator.batchSize && a.labelled > 0 && a.unlabelled + a.labelled == traces)
        #expect(a.labelled == b.labelled && a.unlabelled == b.unlabelled)
        #expect(a.userCounts == b.userCounts && a.userHitsFlat == b.userHitsFlat)
        #expect(a.fileNames == b.fileNames && a.fileCounts == b.fileCounts && a.fileHits == b.fileHits)
        #expect(a.hitPatterns == b.hitPatterns && a.agreements == b.agreements)
        for (x, y) in zip(a.totals, b.totals) {
            #expect(x.hits == y.hits && x.overshoots == y.overshoots && x.undershoots == y.undershoots)
            #expect(x.intendedChanges == y.intendedChanges && x.missedChanges == y.missedChanges)
            #expect(x.intendedStays == y.intendedStays && x.falseChanges == y.falseChanges)
            #expect(x.absoluteError.bitPattern == y.absoluteError.bitPattern)
            #expect(x.snapCorrection.bitPattern == y.snapCorrection.bitPattern)
            #expect(x.cellsReconfigured.bitPattern == y.cellsReconfigured.bitPattern)
            #expect(x.signedErrors == y.signedErrors && x.unlabelledPagesMoved == y.unlabelledPagesMoved)
        }
    }
}
