import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapScoring

/// Targets a fixed number of items from the trace's start item (`steps[key]`, `key` from the
/// release), so that the item error `step − delta` of a trace with `intended = start + delta`
/// crosses every boundary of the outcome classes: ±7 (the classes' bins), ±64 (the histogram's),
/// and the start item itself with `|delta|` beyond 7 (a missed change never binned in a class).
private struct StepTargets: SnapPolicy {
    var shift: Int
    var id: String { "steps-\(shift)" }
    var summary: String { "test decisions" }
    var source: String { "test" }
    var parameterSpecs: [PolicyParameter] { [] }
    var parameterValues: [Double] { [] }
    mutating func assignValidatedParameterValues(_ values: [Double]) {}
    static let steps = [0, 0, 0, 1, -1, 2, -2, 6, -6, 7, -7, 8, -8, 9, -12, 12, 63, -64, 64, -65, 65, 300, 1 << 62, -(1 << 62)]

    func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let key = (Int(release.offset.rounded()) &* 31 &+ Int((release.velocity * 100).rounded()) &+ shift &* 13) & 0xFFFF
        let start = layout.itemIndex(ofSlot: release.startSlot(in: layout))
        var d = layout.decision(slot: start + Self.steps[key % 7 == 0 ? key % Self.steps.count : key % 11], ruleText: "steps")
        d.targetIndex = start &+ Self.steps[key % Self.steps.count]
        if key % 29 == 0 { d.targetOffset = .nan }
        return d
    }
}

@Suite("Batch scorer, outcome classes")
struct ScoreAccumulatorOutcomeClassesTests {
    /// Seeded traces of one bounded layout with `intended − start` in −12…12 (the far classes
    /// beyond ±7 included) and every swipe direction (−1, 0 by a still drag and no velocity, 1),
    /// scored by policies whose errors cross every bin boundary; in lean batches, a batch with an
    /// unlabelled trace, one with a looping layout, one with a trace under `revealed`, one of two
    /// layouts mixed. Per-class counting (lean) and the general loop (`allowsLean` off) give
    /// ``TraceOutcome``'s totals, bit for bit; and so do the accumulators of a split of the traces
    /// merged (the classes added, with the hits already counted).
    @Test("per-class outcomes: every total as the general loop's and TraceOutcome's, whole and merged")
    func classesAgainstReference() throws {
        let policies: [any SnapPolicy] = (0..<5).map { StepTargets(shift: $0) } + [NearestPageSnap(), Tag99Snap()]
        let traces = try Self.traces()
        let p = policies.count
        var expected = Array(repeating: ScoreAccumulator.Totals(), count: p)
        for trace in traces { ScoreAccumulator.Totals.addReference(trace, by: policies, to: &expected) }
        var lean = ScoreAccumulator(policies: policies), general = ScoreAccumulator(policies: policies)
        general.allowsLean = false
        lean.add(contentsOf: traces)
        general.add(contentsOf: traces)
        #expect(lean.leanBatches == 5 && general.leanBatches == 0)
        // every kind of outcome occurs, also from the far classes and beyond every bin
        #expect(expected.allSatisfy { $0.hits > 0 && $0.overshoots > 0 && $0.undershoots > 0 })
        #expect(expected.allSatisfy { $0.missedChanges > 0 && $0.falseChanges > 0 })
        #expect([-8, 8, -65, 65].allSatisfy { v in expected.prefix(5).contains { $0.signedErrors[v, default: 0] > 0 } })
        #expect(expected.prefix(5).allSatisfy { $0.signedErrors.keys.contains { abs($0) > 7 && abs($0) <= 64 } })
        #expect(expected.prefix(5).allSatisfy { $0.signedErrors.keys.contains { abs($0) >= 1 << 61 } })
        ScoreAccumulator.Totals.expectBitForBit(lean.totals, expected)
        ScoreAccumulator.Totals.expectBitForBit(general.totals, expected)
        #expect(lean.hitPatterns == general.hitPatterns && lean.userHitsFlat == general.userHitsFlat)
        #expect(lean.fileHits == general.fileHits)
        // Missed changes of the far classes: the start item with |delta| > 7 (|error| > 7, off the classes).
        #expect(traces.contains { t in t.intendedIndex.map { abs($0 - t.release.startSlot(in: t.layout)) > 7 } ?? false })

        // Split at places that are not batch boundaries, each part lean or not, merged in order.
        let cuts = [0, 300, 301, 1100, traces.count]
        var mergedLean = ScoreAccumulator(policies: policies), mergedGeneral = ScoreAccumulator(policies: policies)
        for (a, b) in zip(cuts, cuts.dropFirst()) {
            var partLean = ScoreAccumulator(policies: policies), partGeneral = ScoreAccumulator(policies: policies)
            partGeneral.allowsLean = false
            partLean.add(contentsOf: traces[a..<b])
            partGeneral.add(contentsOf: traces[a..<b])
            let users = Array(0..<partLean.userCounts.count)
            mergedLean.merge(partLean, userRemap: users)
            mergedGeneral.merge(partGeneral, userRemap: users)
        }
        #expect(mergedLean.leanBatches > 0)
        ScoreAccumulator.Totals.expectBitForBit(mergedLean.totals, mergedGeneral.totals)
        #expect(mergedLean.totals.map(\.hits) == expected.map(\.hits))
        #expect(mergedLean.totals.map(\.missedChanges) == expected.map(\.missedChanges))
        #expect(mergedLean.totals.map(\.signedErrors) == expected.map(\.signedErrors))
        #expect(mergedLean.outcomeCounters == mergedGeneral.outcomeCounters)
        #expect(mergedLean.hitPatterns == general.hitPatterns && mergedLean.userHitsFlat == general.userHitsFlat)
    }

    /// The grid of ``classesAgainstReference()``: 8 batches and 77 traces (batches 2–5 not lean).
    static func traces() throws -> [TraceRelease] {
        let (bounded, looping) = try ScoreAccumulator.Totals.referenceLayouts()
        let other = try CarouselLayout(itemWidth: 90, spacing: 4, leadingInset: 30, viewportWidth: 414, itemCount: 60)
        let batch = ScoreAccumulator.batchSize
        var seed: UInt64 = 3737
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        var traces: [TraceRelease] = []
        for i in 0..<(8 * batch + 77) {
            // batches: 0, 1 lean; 2 one unlabelled; 3 one looping; 4 one revealed; 5 two layouts; 6, 7, rest lean
            let b = i / batch, j = i % batch
            let layout = b == 3 && j == 100 ? looping : b == 5 && j % 2 == 1 ? other : bounded
            let startItem = 15 + next() % max(1, layout.itemCount - 30)
            let start = layout.snapOffset(ofSlot: startItem)
            let move = [-50.0, 0, 50][next() % 3], velocity = Double(next() % 3 - 1)
            let release = Release(offset: start + move, velocity: velocity, startOffset: start, startTime: 0, time: 90)
            let delta = next() % 25 - 12
            var trace = TraceRelease(traceID: "\(i)", user: i % 5, intendedIndex: b == 2 && j == 9 ? nil : startItem + delta,
                                     layout: layout, release: release, sampleCount: 6, location: TraceLocation(file: "c.csv", line: 2 + i))
            if b == 4 && j == 200 { trace.hit = .revealed }
            traces.append(trace)
        }
        return traces
    }

    /// An absolute-error sum started near 2^53 (set in all three): the per-batch check fails, so
    /// the classes' errors not yet added are added before each batch's errors, one by one, in
    /// lean batches (less the batch's own, already in the classes) and general ones alike.
    @Test("near 2^53: the classes' pending errors added once, before a batch summed one by one")
    func pendingErrorsNearLimit() throws {
        let policies: [any SnapPolicy] = [NearestPageSnap(), Tag99Snap()]
        let traces = try Self.traces(), head = 2 * ScoreAccumulator.batchSize
        let nearLimit = 9_007_199_254_740_992.0 - 40_000
        var expected = Array(repeating: ScoreAccumulator.Totals(), count: policies.count)
        var lean = ScoreAccumulator(policies: policies), general = ScoreAccumulator(policies: policies)
        general.allowsLean = false
        for trace in traces.prefix(head) { ScoreAccumulator.Totals.addReference(trace, by: policies, to: &expected) }
        lean.add(contentsOf: traces.prefix(head))
        general.add(contentsOf: traces.prefix(head))
        #expect(lean.leanBatches == 2)
        for k in policies.indices {
            lean.absoluteErrors[k] += nearLimit
            general.absoluteErrors[k] += nearLimit
            expected[k].absoluteError += nearLimit
        }
        for trace in traces.dropFirst(head) { ScoreAccumulator.Totals.addReference(trace, by: policies, to: &expected) }
        lean.add(contentsOf: traces.dropFirst(head))
        general.add(contentsOf: traces.dropFirst(head))
        #expect(lean.leanBatches == 5)
        // still exact integers below 2^53, so a count added twice or left out shows
        #expect(expected.allSatisfy { $0.absoluteError < 9_007_199_254_740_992 && $0.absoluteError > nearLimit + 1_000 })
        ScoreAccumulator.Totals.expectBitForBit(lean.totals, expected)
        ScoreAccumulator.Totals.expectBitForBit(general.totals, expected)
        #expect(lean.classErrorsAdded == lean.policies.indices.map { lean.classAbsoluteErrors(of: $0) })
    }

    /// The derivation itself, class by class: one count in each bin of each class of an empty
    /// table gives the counters ``TraceOutcome``'s rules give for that direction, delta and error.
    @Test("each class and bin adds the outcomes of its direction, delta and error")
    func derivation() {
        let r = ScoreAccumulator.OutcomeClass.radius
        for direction in -1...1 {
            for delta in [-9, -r, -3, -1, 0, 1, 3, r, 9] {
                for e in -r...r {
                    var table = Array(repeating: 0, count: ScoreAccumulator.OutcomeClass.size)
                    table[ScoreAccumulator.OutcomeClass.base(direction: direction, delta: delta) + e] = 1
                    var c = Array(repeating: 0, count: ScoreAccumulator.Counter.stride)
                    table.withUnsafeBufferPointer { t in
                        c.withUnsafeMutableBufferPointer { ScoreAccumulator.OutcomeClass.add(table: t.baseAddress!, to: $0.baseAddress!) }
                    }
                    typealias C = ScoreAccumulator.Counter
                    let start = 20, intended = start + delta, target = intended + e
                    #expect(c[C.errorBins + ScoreAccumulator.Histogram.radius + e] == 1)
                    #expect(c[C.overshoots] == (e * direction > 0 ? 1 : 0) && c[C.undershoots] == (e * direction < 0 ? 1 : 0))
                    #expect(c[C.missedChanges] == (intended != start && target == start ? 1 : 0))
                    #expect(c[C.falseChanges] == (intended == start && target != start ? 1 : 0))
                    #expect(c[C.hits] == 0 && c.reduce(0, +) == 1 + c[C.overshoots] + c[C.undershoots] + c[C.missedChanges] + c[C.falseChanges])
                    #expect(table.withUnsafeBufferPointer { ScoreAccumulator.OutcomeClass.hits(in: $0.baseAddress!) } == (e == 0 ? 1 : 0))
                }
            }
        }
    }
}
