import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapScoring

@Suite("Batch scorer")
struct ScoreAccumulatorBatchTests {
    /// Traces scored under `exact` and `revealed` in one batch, by policies whose targets alternate
    /// between few offsets (the scorer's per-trace cache of cell counts): hits, cells and the hit
    /// patterns are those of ``TraceOutcome``, trace by trace, also through ``PendingScores``.
    @Test("mixed hit criteria and alternating targets: every hit and cell count as TraceOutcome's")
    func mixedCriteria() throws {
        let layout = try CarouselLayout(itemWidth: 120, spacing: 8, leadingInset: 8, viewportWidth: 390, itemCount: 30)
        let policies: [any SnapPolicy] = [NearestPageSnap(), Tag99Snap(), NearestPageSnap(), UIKitPagingSnap(), Tag99Snap()]
        var traces: [TraceRelease] = []
        for i in 0..<300 {
            let start = Double(i % 23) * 128
            let release = Release(offset: start + Double(i % 17) * 19 - 150, velocity: Double(i % 11) / 4 - 1.2,
                                  startOffset: start, startTime: 0, time: 90)
            traces.append(TraceRelease(traceID: "\(i)", user: i % 4, intendedIndex: (i * 7) % 30, layout: layout,
                                       release: release, sampleCount: 6, location: TraceLocation(file: "m.csv", line: 2 + i),
                                       hit: i % 2 == 0 ? .revealed : nil))
        }
        var batched = ScoreAccumulator(policies: policies)
        batched.add(contentsOf: traces)
        var pending = PendingScores(policies: policies)
        for trace in traces { pending.add(trace) }
        pending.flush()
        var hits = Array(repeating: 0, count: policies.count), cells = Array(repeating: 0.0, count: policies.count)
        // overshoots, undershoots, missed and false changes (a revealed hit is added after the
        // scorer's loop: these must still be the trace's)
        var outcomes = Array(repeating: [0, 0, 0, 0], count: policies.count)
        var patterns: [[UInt64]: Int] = [:]
        for trace in traces {
            let natural = UIKitDeceleration.normal.restingOffset(of: trace.release, in: layout)
            let startSlot = trace.release.startSlot(in: layout)
            var pattern: UInt64 = 0
            for (k, policy) in policies.enumerated() {
                let o = TraceOutcome(decision: policy.decide(trace.release, in: layout), trace: trace,
                                     naturalRest: natural, startSlot: startSlot)
                cells[k] += Double(o.cellsReconfigured)
                if o.isHit { hits[k] += 1; pattern |= 1 << UInt64(k) }
                for (i, yes) in [o.isOvershoot, o.isUndershoot, o.isMissedChange, o.isFalseChange].enumerated() where yes {
                    outcomes[k][i] += 1
                }
            }
            patterns[[pattern], default: 0] += 1
        }
        #expect(Set(hits).count > 1 && hits.allSatisfy { $0 > 0 })   // the criteria and policies differ
        #expect(outcomes.allSatisfy { $0.allSatisfy { $0 > 0 } })
        for acc in [batched, pending.accumulator] {
            #expect(acc.totals.map(\.hits) == hits)
            #expect(acc.totals.map(\.cellsReconfigured) == cells)
            #expect(acc.totals.map { [$0.overshoots, $0.undershoots, $0.missedChanges, $0.falseChanges] } == outcomes)
            #expect(acc.hitPatterns == patterns)
            #expect(acc.labelled == 300 && acc.userCounts == [75, 75, 75, 75])
        }
    }
}

@Suite("Batch scorer, hits per file")
struct ScoreAccumulatorFileHitsTests {
    /// A batch of one file's labelled traces adds each policy's hits to the file at once; a batch
    /// mixing files adds them trace by trace. Both give TraceOutcome's hits per file; unlabelled
    /// traces (here of a third file) are no file's.
    @Test("hits per file: batches of one file, of mixed files and with unlabelled traces")
    func hitsPerFile() throws {
        let layout = try CarouselLayout(itemWidth: 120, spacing: 8, leadingInset: 8, viewportWidth: 390, itemCount: 30)
        let policies: [any SnapPolicy] = [NearestPageSnap(), Tag99Snap(), UIKitPagingSnap()]
        let batch = ScoreAccumulator.batchSize
        var traces: [TraceRelease] = []
        for i in 0..<(2 * batch + 40) {
            // the first batch: a.csv only (and unlabelled traces of u.csv); then a.csv and b.csv mixed
            let file = i % 9 == 4 ? "u.csv" : i < batch || i % 3 != 0 ? "a.csv" : "b.csv"
            let start = Double(i % 23) * 128
            let release = Release(offset: start + Double(i % 17) * 19 - 150, velocity: Double(i % 11) / 4 - 1.2,
                                  startOffset: start, startTime: 0, time: 90)
            traces.append(TraceRelease(traceID: "\(i)", user: i % 5, intendedIndex: file == "u.csv" ? nil : (i * 7) % 30,
                                       layout: layout, release: release, sampleCount: 6,
                                       location: TraceLocation(file: file, line: 2 + i)))
        }
        var expected: [String: [Double]] = [:]
        var counts: [String: Double] = [:]
        for trace in traces where trace.intendedIndex != nil {
            let natural = UIKitDeceleration.normal.restingOffset(of: trace.release, in: layout)
            let startSlot = trace.release.startSlot(in: layout)
            var row = expected[trace.location.file, default: Array(repeating: 0, count: policies.count)]
            for (k, policy) in policies.enumerated() {
                let o = TraceOutcome(decision: policy.decide(trace.release, in: layout), trace: trace,
                                     naturalRest: natural, startSlot: startSlot)
                if o.isHit { row[k] += 1 }
            }
            expected[trace.location.file] = row
            counts[trace.location.file, default: 0] += 1
        }
        var batched = ScoreAccumulator(policies: policies)
        batched.add(contentsOf: traces)
        var single = ScoreAccumulator(policies: policies)
        for trace in traces { single.add(trace) }
        #expect(expected["a.csv"].map { $0.allSatisfy { $0 > 0 } } == true)
        #expect(expected["b.csv"].map { $0.allSatisfy { $0 > 0 } } == true)
        for acc in [batched, single] {
            #expect(acc.fileNames == ["a.csv", "b.csv"])
            let hits = Dictionary(uniqueKeysWithValues: zip(acc.fileNames, acc.fileHits))
            let files = Dictionary(uniqueKeysWithValues: zip(acc.fileNames, acc.fileCounts))
            #expect(hits["a.csv"] == expected["a.csv"] && hits["b.csv"] == expected["b.csv"])
            #expect(files["a.csv"] == counts["a.csv"] && files["b.csv"] == counts["b.csv"])
        }
    }
}
