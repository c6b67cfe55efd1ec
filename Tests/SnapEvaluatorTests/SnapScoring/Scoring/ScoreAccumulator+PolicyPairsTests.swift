import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapScoring

/// Decisions drawn from a seeded hash of the release and the policy's `seed`: the target item
/// `error` items from the intended one (errors within the outcome classes' bins, just beyond them,
/// beyond the histogram's, near ±2^62), the offset mostly the target slot's snap offset (the slot
/// table's entry of that slot hit or refreshed), sometimes off the snap offset, NaN or infinite,
/// the slot sometimes beyond the items (no table entry).
private struct SeededTargets: SnapPolicy {
    var seed: Int
    var id: String { "seeded-\(seed)" }
    var summary: String { "test decisions" }
    var source: String { "test" }
    var parameterSpecs: [PolicyParameter] { [] }
    var parameterValues: [Double] { [] }
    mutating func assignValidatedParameterValues(_ values: [Double]) {}
    static let errors = [0, 0, 0, 0, 1, -1, 2, -2, 3, -3, 5, -6, 7, -7, 8, -8, 12, -13, 64, -64, 65, -65, 1 << 62, -(1 << 62)]

    func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        var h = UInt64(bitPattern: Int64(release.offset * 8)) &+ UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(bitPattern: Int64(release.velocity * 1000)) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 29
        h = h &* 0x94D0_49BB_1331_11EB
        h ^= h >> 32
        // the intended item travels in the release's start time (the policies do not see labels)
        let intended = Int(release.startTime)
        let error = Self.errors[Int(h % UInt64(Self.errors.count))]
        let target = intended &+ error
        let slot = Swift.max(-3, Swift.min(layout.itemCount + 2, target))
        var d = layout.decision(slot: Swift.max(0, Swift.min(layout.itemCount - 1, slot)), ruleText: "seeded")
        d.targetSlot = slot
        d.targetIndex = target
        switch (h >> 20) % 23 {
        case 0: d.targetOffset = .nan
        case 1: d.targetOffset = .infinity
        case 2, 3: d.targetOffset += Double((h >> 40) % 200) - 100
        case 4: d.targetOffset = release.offset   // settles where it was released: no cells
        default: break
        }
        return d
    }
}

@Suite("Batch scorer, policy pairs")
struct ScoreAccumulatorPolicyPairsTests {
    /// Seeded traces of one bounded layout, every swipe direction, intended items near the start
    /// (the classes' deltas and the far ones) and at ±2^62, decided by 7 seeded policies (three
    /// pairs and one policy scored alone) in lean batches, with one batch that is not lean (an
    /// unlabelled trace). Scored in pairs (``ScoreAccumulator/scoreLeanPair(at:count:)``), one
    /// policy at a time by the lean loop (pairs off), by the general loop (lean off) and by
    /// ``TraceOutcome`` trace by trace: every total the same, the sums bit for bit; the hit
    /// patterns, per-user and per-file hits the same. Before the last batches every policy's
    /// cell and absolute-error sums are set near 2^53, so that the second policy of each pair
    /// also takes the one-by-one sums (which read its own lane of decisions).
    @Test("pairs against one policy at a time, the general loop and TraceOutcome, seeded")
    func pairsAgainstReference() throws {
        let bounded = try ScoreAccumulator.Totals.referenceLayouts().bounded
        let policies: [any SnapPolicy] = (0..<7).map { SeededTargets(seed: 17 + $0 * 101) }
        let batch = ScoreAccumulator.batchSize, total = 6 * batch + 41
        var seed: UInt64 = 3838
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        var traces: [TraceRelease] = []
        for i in 0..<total {
            let startItem = next() % bounded.itemCount
            let start = bounded.snapOffset(ofSlot: startItem)
            let move = [-60.0, 0, 0, 60][next() % 4], velocity = Double(next() % 5 - 2) / 2
            let delta = next() % 27 - 13
            let intended = i % 97 == 5 ? [1 << 62, -(1 << 62)][next() % 2] : Swift.max(0, Swift.min(bounded.itemCount - 1, startItem + delta))
            let release = Release(offset: start + move, velocity: velocity, startOffset: start, startTime: Double(intended), time: 90)
            traces.append(TraceRelease(traceID: "\(i)", user: i % 7, intendedIndex: i == 2 * batch + 30 ? nil : intended,
                                       layout: bounded, release: release, sampleCount: 6,
                                       location: TraceLocation(file: i < 3 * batch ? "a.csv" : "b.csv", line: 2 + i)))
        }
        let p = policies.count, head = 5 * batch
        var expected = Array(repeating: ScoreAccumulator.Totals(), count: p)
        var pairs = ScoreAccumulator(policies: policies), single = pairs, general = pairs
        single.allowsPairs = false
        general.allowsLean = false
        for trace in traces.prefix(head) { ScoreAccumulator.Totals.addReference(trace, by: policies, to: &expected) }
        pairs.add(contentsOf: traces.prefix(head))
        single.add(contentsOf: traces.prefix(head))
        general.add(contentsOf: traces.prefix(head))
        ScoreAccumulator.Totals.expectBitForBit(pairs.totals, expected)
        // near 2^53: the last batches' cells and absolute errors are summed one by one
        let nearLimit = 9_007_199_254_740_992.0 - 9_001
        for k in 0..<p {
            for accumulator in [\ScoreAccumulator.cellSums, \ScoreAccumulator.absoluteErrors] as [WritableKeyPath<ScoreAccumulator, [Double]>] {
                pairs[keyPath: accumulator][k] += nearLimit
                single[keyPath: accumulator][k] += nearLimit
                general[keyPath: accumulator][k] += nearLimit
            }
            expected[k].cellsReconfigured += nearLimit
            expected[k].absoluteError += nearLimit
        }
        for trace in traces.dropFirst(head) { ScoreAccumulator.Totals.addReference(trace, by: policies, to: &expected) }
        pairs.add(contentsOf: traces.dropFirst(head))
        single.add(contentsOf: traces.dropFirst(head))
        general.add(contentsOf: traces.dropFirst(head))

        // batches 0, 1, 3, 4, 5 and the last are lean (2 has an unlabelled trace): 3 pairs each
        #expect(pairs.leanBatches == 6 && pairs.leanPairs == 18 && single.leanBatches == 6 && single.leanPairs == 0)
        #expect(general.leanBatches == 0)
        // every kind of outcome, errors in and beyond the classes' and the histogram's bins, NaN corrections
        #expect(expected.allSatisfy { $0.hits > 0 && $0.overshoots > 0 && $0.undershoots > 0 && $0.missedChanges > 0 && $0.falseChanges > 0 })
        #expect(expected.allSatisfy { t in [-8, 8, 12, -65, 65].allSatisfy { t.signedErrors[$0, default: 0] > 0 } })
        #expect(expected.allSatisfy { $0.signedErrors.keys.contains { abs($0) >= 1 << 61 } && $0.cellsReconfigured > nearLimit })
        // an odd cell count past 2^53 rounds: the sum differs from the start plus the integer sum
        #expect(expected.contains { $0.cellsReconfigured.truncatingRemainder(dividingBy: 2) == 0 })
        ScoreAccumulator.Totals.expectBitForBit(single.totals, expected)
        ScoreAccumulator.Totals.expectBitForBit(general.totals, expected)
        ScoreAccumulator.Totals.expectBitForBit(pairs.totals, single.totals)
        ScoreAccumulator.Totals.expectBitForBit(pairs.totals, general.totals)
        #expect(pairs.hitPatterns == general.hitPatterns && pairs.userHitsFlat == general.userHitsFlat)
        #expect(pairs.fileHits == general.fileHits && pairs.fileHits == single.fileHits && pairs.userCounts == general.userCounts)
        #expect(pairs.outcomeCounters == single.outcomeCounters && pairs.classCounts == single.classCounts)
    }
}
