import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapScoring

@Suite("Batch scorer, slot table counts")
struct ScoreAccumulatorSlotEdgesTests {
    /// The slot-table count of each trace (``ScoreAccumulator/Prepared/tableCount``), set per
    /// batch when it is scored (``ScoreAccumulator/scoreBatch(count:)``: the first trace's count
    /// for all when every layout has the first one's bits), against a model of
    /// the table (adopted at a batch's first trace when that layout differs from the table's and
    /// is bounded with at most ``ScoreAccumulator/SlotEdges/maxItems`` items; a trace may use it
    /// when its layout `==` the table's), trace by trace. Seeded batches of random sizes: one
    /// layout, layouts mixed at random, and layouts equal under `==` but not bit for bit (−0 and
    /// +0 leading insets), among them looping and too-large layouts; some traces unlabelled. The
    /// lean loop's totals equal the general loop's (`allowsLean` off) and ``TraceOutcome``'s,
    /// the sums bit for bit, and the lean batches are the model's.
    @Test("table counts per batch: as a model of the table, trace by trace; totals as the general loop's, seeded")
    func tableCountsAgainstModel() throws {
        let plus = try CarouselLayout(itemWidth: 120, spacing: 8, leadingInset: 0, viewportWidth: 390, itemCount: 60)
        let minus = try CarouselLayout(itemWidth: 120, spacing: 8, leadingInset: -0.0, viewportWidth: 390, itemCount: 60)
        let layouts = [
            plus, minus,
            try CarouselLayout(itemWidth: 90, spacing: 4, leadingInset: 30, viewportWidth: 414, itemCount: 9),
            try CarouselLayout(itemWidth: 300, spacing: 10, leadingInset: 20, viewportWidth: 375, itemCount: 12, isLooping: true),
            try CarouselLayout(itemWidth: 50, spacing: 2, leadingInset: 0, viewportWidth: 320, itemCount: 5000),
            try CarouselLayout(itemWidth: 200, spacing: 0, leadingInset: 16, viewportWidth: 390, itemCount: 25, alignment: .center),
        ]
        #expect(plus == minus && !plus.hasSameBits(as: minus))
        let policies: [any SnapPolicy] = [NearestPageSnap(), Tag99Snap(), UIKitPagingSnap(), AndroidViewPagerSnap()]
        let seed: UInt64 = 4040
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % n
        }
        var lean = ScoreAccumulator(policies: policies), general = ScoreAccumulator(policies: policies)
        general.allowsLean = false
        var expected = Array(repeating: ScoreAccumulator.Totals(), count: policies.count)
        var table: CarouselLayout?
        var leanBatches = 0, traceCount = 0, kinds = [0, 0, 0]
        var mixedUsed = 0, oneUsed = 0
        for b in 0..<60 {
            let count = b % 7 == 0 ? 1 + next(5) : 1 + next(ScoreAccumulator.batchSize)
            // 0: one layout; 1: layouts at random; 2: the two layouts equal under == only
            let kind = next(3)
            kinds[kind] += 1
            let first = layouts[next(layouts.count)]
            var traces: [TraceRelease] = []
            for t in 0..<count {
                let layout = t == 0 || kind == 0 ? first : kind == 1 ? layouts[next(layouts.count)] : [plus, minus][next(2)]
                let start = Double(next(min(layout.itemCount, 50))) * layout.stride + Double(next(3) * 23)
                let release = Release(offset: start + Double(next(900) - 450), velocity: Double(next(9) - 4) / 2,
                                      startOffset: start, startTime: 0, time: 90)
                let intended: Int? = next(40) == 0 ? nil : min(layout.itemCount - 1, max(0, Int(start / layout.stride) + next(7) - 3))
                traces.append(TraceRelease(traceID: "\(traceCount)", user: next(5), intendedIndex: intended, layout: layout,
                                           release: release, sampleCount: 6,
                                           location: TraceLocation(file: "s.csv", line: 2 + traceCount)))
                traceCount += 1
                ScoreAccumulator.Totals.addReference(traces[t], by: policies, to: &expected)
            }
            // the model: the table adopts the batch's first layout when it differs and fits
            if table.map({ $0 != first }) ?? true, !first.isLooping, first.itemCount <= ScoreAccumulator.SlotEdges.maxItems {
                table = first
            }
            let counts = traces.map { trace in table.map { $0 == trace.layout } == true ? trace.layout.itemCount : 0 }
            if counts.allSatisfy({ $0 > 0 }) && traces.allSatisfy({ $0.intendedIndex != nil }) { leanBatches += 1 }
            let sameBits = traces.allSatisfy { $0.layout.hasSameBits(as: first) }
            if counts.contains(where: { $0 > 0 }) { if sameBits { oneUsed += 1 } else { mixedUsed += 1 } }
            lean.add(contentsOf: traces)
            general.add(contentsOf: traces)
            #expect(lean.batch.prefix(count).map(\.tableCount) == counts, "batch \(b) (seed \(seed))")
        }
        // every kind of batch, batches of one layout and mixed ones using the table, and some lean
        #expect(kinds.allSatisfy { $0 > 5 } && oneUsed > 5 && mixedUsed > 5)
        #expect(leanBatches > 5 && leanBatches < 60)
        #expect(lean.leanBatches == leanBatches && general.leanBatches == 0)
        ScoreAccumulator.Totals.expectBitForBit(lean.totals, expected)
        ScoreAccumulator.Totals.expectBitForBit(general.totals, expected)
        #expect(lean.hitPatterns == general.hitPatterns && lean.userHitsFlat == general.userHitsFlat)
    }
}
