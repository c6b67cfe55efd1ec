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

/// A test policy whose decisions are scripted from the release: with `spread` > 8 a trace has more
/// distinct settle slots than the scorer's per-trace cache of cell counts has entries (one per
/// `slot mod 8`, ``ScoreAccumulator/CellEntry``); some decisions share an offset and item but
/// not a slot, or a slot and item but not the offset's bits (−0 against +0, a projected offset),
/// or have a NaN offset; some land beyond the histograms' bins.
private struct ScriptedTargets: SnapPolicy {
    var shift: Int
    var spread: Int
    var id: String { "scripted-\(shift)-\(spread)" }
    var summary: String { "test decisions" }
    var source: String { "test" }
    var parameterSpecs: [PolicyParameter] { [] }
    var parameterValues: [Double] { [] }
    mutating func assignValidatedParameterValues(_ values: [Double]) {}

    func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let key = Int(release.offset.rounded()) &* 31 &+ Int((release.velocity * 100).rounded())
        let pick = ((key &+ shift &* 7) % spread + spread) % spread
        let start = layout.nearestSlot(toOffset: release.offset)
        var d = layout.decision(slot: start + pick - spread / 2, rule: "scripted")
        switch (key &+ shift) % 13 {
        case 0: d.targetOffset = d.targetOffset == 0 ? -0.0 : d.targetOffset + 0.5    // same slot, other bits
        case 1: d.targetSlot += 1                                                    // same offset and item
        case 2: d.targetOffset = .nan
        case 3: d = layout.decision(slot: start + 90 + shift, rule: "far")            // beyond the bins
        default: break
        }
        return d
    }
}

@Suite("Batch scorer, many distinct decisions")
struct ScoreAccumulatorDistinctDecisionsTests {
    /// Every total of the batch scorer equals ``TraceOutcome``'s, summed trace by trace in order
    /// (the floating-point sums compared bit for bit): bounded and looping layouts, labelled under
    /// `exact` and `revealed`, unlabelled, with up to 9 distinct decisions per trace (more than
    /// the cache of cell counts has entries: on the 1M benchmark file a trace has 5.7 distinct target
    /// items among the 27 policies on average) and decisions that differ in one field only.
    @Test("many distinct decisions per trace: every total as TraceOutcome's, trace by trace")
    func distinctDecisionTotals() throws {
        let (bounded, looping) = try ScoreAccumulator.Totals.referenceLayouts()
        var policies: [any SnapPolicy] = (0..<6).map { ScriptedTargets(shift: $0, spread: 9) }
        policies += [ScriptedTargets(shift: 0, spread: 9), ScriptedTargets(shift: 2, spread: 3), NearestPageSnap(), Tag99Snap()]
        var traces: [TraceRelease] = []
        for i in 0..<700 {
            let layout = i % 3 == 0 ? looping : bounded
            let start = Double(i % 41) * 128 + (i % 5 == 0 ? 0 : 37)
            let release = Release(offset: start + Double(i % 17) * 19 - 150, velocity: Double(i % 11) / 4 - 1.2,
                                  startOffset: start, startTime: 0, time: 90)
            let intended: Int? = i % 7 == 3 ? nil : (i % 10 == 0 ? 190 : (i * 7) % 40)
            traces.append(TraceRelease(traceID: "\(i)", user: i % 5, intendedIndex: intended, layout: layout,
                                       release: release, sampleCount: 6, location: TraceLocation(file: "m.csv", line: 2 + i),
                                       hit: i % 2 == 0 ? .revealed : nil))
        }
        let p = policies.count
        var expected = Array(repeating: ScoreAccumulator.Totals(), count: p)
        var patterns: [[UInt64]: Int] = [:]
        var agreements = Array(repeating: 0, count: p * p)
        var distinct = 0
        for trace in traces {
            let natural = UIKitDeceleration.normal.restingOffset(of: trace.release, in: trace.layout)
            let startSlot = trace.release.startSlot(in: trace.layout)
            let decisions = policies.map { $0.decide(trace.release, in: trace.layout) }
            distinct = max(distinct, Set(decisions.map { "\($0.targetSlot) \($0.targetIndex) \($0.targetOffset.bitPattern)" }).count)
            var pattern: UInt64 = 0
            for (k, d) in decisions.enumerated() {
                let o = TraceOutcome(decision: d, trace: trace, naturalRest: natural, startSlot: startSlot)
                guard expected[k].addReference(o) else {
                    for j in 0..<p where j != k && decisions[j].targetIndex == d.targetIndex { agreements[k * p + j] += 1 }
                    continue
                }
                if o.isHit { pattern |= 1 << UInt64(k) }
            }
            if trace.intendedIndex != nil { patterns[[pattern], default: 0] += 1 }
        }
        // the grid reaches what the scorer must handle: more settles than its cache keeps, hits
        // under both criteria, values beyond the bins
        #expect(distinct > 3)
        #expect(expected.allSatisfy { $0.hits > 0 && $0.overshoots > 0 && $0.undershoots > 0 })
        #expect(expected.contains { $0.signedErrors.keys.contains { abs($0) > 64 } })
        #expect(expected.contains { $0.unlabelledPagesMoved.keys.contains { abs($0) > 64 } })
        var batched = ScoreAccumulator(policies: policies)
        batched.add(contentsOf: traces)
        var single = ScoreAccumulator(policies: policies)
        for trace in traces.prefix(40) { single.add(trace) }
        single.add(contentsOf: traces.dropFirst(40))
        for acc in [batched, single] {
            let totals = acc.totals
            ScoreAccumulator.Totals.expectBitForBit(totals, expected)
            #expect(acc.hitPatterns == patterns)
            #expect(acc.agreements == agreements)
        }
    }
}

@Suite("Batch scorer, hostile decisions")
struct ScoreAccumulatorHostileDecisionsTests {
    /// Decisions a catalogue policy never makes, scored as ``TraceOutcome`` scores them, the
    /// floating-point sums bit for bit: targets near and beyond ±2^61 and at the integers' ends,
    /// intended items near ±2^61, NaN and infinite offsets (the batch's snap corrections summed
    /// again, one by one), errors beyond the bins and an absolute-error sum past 2^53 followed by
    /// small errors (the batch's absolute errors summed again, one by one, rather than taken from
    /// their integer sum).
    @Test("hostile decisions and labels: every total as TraceOutcome's, seeded")
    func hostileDecisionTotals() throws {
        let (bounded, looping) = try ScoreAccumulator.Totals.referenceLayouts()
        let policies: [any SnapPolicy] = (0..<5).map { HostileTargets(shift: $0) } + [NearestPageSnap()]
        var seed: UInt64 = 36
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        let limit = 1 << 61
        let intendedChoices = [0, 5, 199, limit, limit - 3, -limit, -limit - 1, limit + 2, 999_999_999_999_999]
        var traces: [TraceRelease] = []
        for i in 0..<900 {
            let layout = i % 4 == 1 ? looping : bounded
            let start = Double(next() % 180) * 128 + (i % 3 == 0 ? 0 : 41)
            let release = Release(offset: start + Double(next() % 900 - 450), velocity: Double(next() % 9 - 4) / 2,
                                  startOffset: start, startTime: 0, time: 90)
            // first: errors near 10^15 take the absolute-error sum just past 2^53 (where a Double
            // steps by 2); then small ones only (a whole batch of them for `nearest`: they must
            // still be added one by one), then mixed ones
            let intended: Int? = i < 14 ? 999_999_999_999_999 : i % 6 == 5 ? nil
                : i >= 600 && i % 5 == 0 ? intendedChoices[next() % intendedChoices.count] : Int(start / 128) + next() % 7 - 3
            traces.append(TraceRelease(traceID: "\(i)", user: i % 7, intendedIndex: intended, layout: layout,
                                       release: release, sampleCount: 6, location: TraceLocation(file: "h.csv", line: 2 + i),
                                       hit: i % 3 == 2 ? .revealed : nil))
        }
        let p = policies.count
        var expected = Array(repeating: ScoreAccumulator.Totals(), count: p)
        // the absolute errors after the first two batches (for `nearest`: just past 2^53, and
        // before the huge errors after trace 600 round a difference away)
        var twoBatches: [Double] = []
        for (i, trace) in traces.enumerated() {
            if i == 2 * ScoreAccumulator.batchSize { twoBatches = expected.map(\.absoluteError) }
            ScoreAccumulator.Totals.addReference(trace, by: policies, to: &expected)
        }
        // the grid reaches every path: sums past 2^53, hits, misses, both signs, non-finite offsets
        #expect(expected.allSatisfy { $0.absoluteError > 9_007_199_254_740_992 && $0.hits > 0 })
        #expect(expected.allSatisfy { $0.overshoots > 0 && $0.undershoots > 0 && $0.missedChanges > 0 && $0.falseChanges > 0 })
        #expect(expected.prefix(5).allSatisfy { $0.signedErrors.keys.contains { abs($0) >= 1 << 62 } })
        var batched = ScoreAccumulator(policies: policies)
        batched.add(contentsOf: traces.prefix(2 * ScoreAccumulator.batchSize))
        #expect(twoBatches.last.map { $0 > 9_007_199_254_740_992 && $0 < 2 * 9_007_199_254_740_992 } == true)   // `nearest`
        #expect(batched.totals.map(\.absoluteError.bitPattern) == twoBatches.map(\.bitPattern))
        batched.add(contentsOf: traces.dropFirst(2 * ScoreAccumulator.batchSize))
        let totals = batched.totals
        ScoreAccumulator.Totals.expectBitForBit(totals, expected)
    }
}

/// A test policy with decisions no catalogue policy makes: target indices near ±2^61, at ±2^62 and
/// at the integers' ends, NaN and infinite offsets; otherwise a slot near the release.
private struct HostileTargets: SnapPolicy {
    var shift: Int
    var id: String { "hostile-\(shift)" }
    var summary: String { "test decisions" }
    var source: String { "test" }
    var parameterSpecs: [PolicyParameter] { [] }
    var parameterValues: [Double] { [] }
    mutating func assignValidatedParameterValues(_ values: [Double]) {}

    func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let key = (Int(release.offset.rounded()) &* 31 &+ Int((release.velocity * 100).rounded()) &+ shift &* 11) & 0xFFFF
        let limit = 1 << 61
        var d = layout.decision(slot: layout.nearestSlot(toOffset: release.offset) + key % 5 - 2, ruleText: "hostile")
        switch key % 17 {
        case 0: d.targetIndex = limit
        case 1: d.targetIndex = limit + 1
        case 2: d.targetIndex = -limit - 1
        case 3: d.targetIndex = Int.max
        case 4: d.targetIndex = Int.min
        case 5: d.targetIndex = 1 << 62
        case 6: d.targetOffset = .nan
        case 7: d.targetOffset = .infinity
        case 8: d.targetOffset = -.infinity
        case 9: d.targetIndex = limit - 3 + key % 3 - 1   // small errors from an intended item near 2^61
        default: break
        }
        return d
    }
}

@Suite("Batch scorer, lean loop")
struct ScoreAccumulatorLeanLoopTests {
    /// Batches that are all labelled, exact and bounded are scored by the lean loop (cells counted
    /// from the window ends kept by slot, the item error a plain subtraction, the cells summed as
    /// an integer); the same traces scored by the general loop (`allowsLean` off) and by
    /// ``TraceOutcome`` give the same totals, the sums bit for bit. The grid: two bounded layouts
    /// (the slot table changes layout at a batch's start), a batch mixing them and a batch with an
    /// unlabelled trace (general), a layout with more items than the table keeps, intended items
    /// at ±2^62 and targets at the integers' ends (the subtraction wraps; it must not wrap into
    /// the bins), slots beyond the items, NaN and infinite offsets, and a cell sum that starts
    /// near 2^53 (the batch's counts added one by one, not as their integer sum).
    @Test("lean batches: every total as the general loop's and TraceOutcome's, bit for bit")
    func leanAgainstGeneral() throws {
        let bounded = try ScoreAccumulator.Totals.referenceLayouts().bounded
        let few = try CarouselLayout(itemWidth: 90, spacing: 4, leadingInset: 30, viewportWidth: 414, itemCount: 9)
        let many = try CarouselLayout(itemWidth: 50, spacing: 2, leadingInset: 0, viewportWidth: 320, itemCount: 5000)
        var policies: [any SnapPolicy] = (0..<4).map { HostileTargets(shift: $0) } + [NearestPageSnap(), Tag99Snap()]
        policies += [ScriptedTargets(shift: 1, spread: 9), ScriptedTargets(shift: 4, spread: 3)]
        let batch = ScoreAccumulator.batchSize
        var seed: UInt64 = 3636
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        let edgeIntended = [1 << 62, -(1 << 62), (1 << 62) - 1, -(1 << 61), 0, 199]
        var traces: [TraceRelease] = []
        for i in 0..<(7 * batch + 30) {
            // batches: 0 bounded, 1 few (the table's layout changes), 2 bounded and few mixed,
            // 3 bounded with one unlabelled trace, 4 bounded with intended items at ±2^62, 5 many
            // (no table), 6 bounded, then 30 bounded traces
            let b = i / batch
            let layout = b == 1 || (b == 2 && i % 2 == 1) ? few : b == 5 ? many : bounded
            let start = Double(next() % max(1, min(layout.itemCount, 190))) * layout.stride + (i % 3 == 0 ? 0 : 23)
            let release = Release(offset: start + Double(next() % 900 - 450), velocity: Double(next() % 9 - 4) / 2,
                                  startOffset: start, startTime: 0, time: 90)
            let intended: Int? = b == 3 && i % batch == 77 ? nil
                : b == 4 && i % 4 == 0 ? edgeIntended[next() % edgeIntended.count]
                : min(layout.itemCount - 1, max(0, Int(start / layout.stride) + next() % 7 - 3))
            traces.append(TraceRelease(traceID: "\(i)", user: i % 6, intendedIndex: intended, layout: layout,
                                       release: release, sampleCount: 6, location: TraceLocation(file: "l.csv", line: 2 + i)))
        }
        let p = policies.count
        // the cell sums start near 2^53 for the last 30 traces (set below in all three)
        let nearLimit = 9_007_199_254_740_992.0 - 3_001
        var expected = Array(repeating: ScoreAccumulator.Totals(), count: p)
        var lean = ScoreAccumulator(policies: policies), general = ScoreAccumulator(policies: policies)
        general.allowsLean = false
        for (i, trace) in traces.enumerated() {
            if i == 7 * batch {
                lean.add(contentsOf: traces.prefix(i))
                general.add(contentsOf: traces.prefix(i))
                ScoreAccumulator.Totals.expectBitForBit(lean.totals, expected)
                for k in 0..<p {
                    lean.cellSums[k] += nearLimit
                    general.cellSums[k] += nearLimit
                    expected[k].cellsReconfigured += nearLimit
                }
            }
            ScoreAccumulator.Totals.addReference(trace, by: policies, to: &expected)
        }
        lean.add(contentsOf: traces.dropFirst(7 * batch))
        general.add(contentsOf: traces.dropFirst(7 * batch))
        // batches 0, 1, 4, 6 and the last are lean; 2, 3 and 5 are not
        #expect(lean.leanBatches == 5 && general.leanBatches == 0)
        #expect(expected.allSatisfy { $0.hits > 0 && $0.overshoots > 0 && $0.undershoots > 0 && $0.cellsReconfigured > nearLimit })
        #expect(expected.allSatisfy { $0.missedChanges > 0 && $0.falseChanges > 0 })
        #expect(expected.prefix(4).allSatisfy { $0.signedErrors.keys.contains { abs($0) >= 1 << 62 } })
        // an odd cell count past 2^53 rounds: the sum differs from the start plus the integer sum
        #expect(expected.contains { $0.cellsReconfigured.truncatingRemainder(dividingBy: 2) == 0 })
        ScoreAccumulator.Totals.expectBitForBit(lean.totals, expected)
        ScoreAccumulator.Totals.expectBitForBit(general.totals, expected)
        #expect(lean.hitPatterns == general.hitPatterns && lean.userHitsFlat == general.userHitsFlat)
        #expect(lean.fileHits == general.fileHits && lean.userCounts == general.userCounts && lean.labelled == general.labelled)
    }

    /// The per-user hits of the batch scorer (hit patterns added bit-sliced, ``UserHitTable``)
    /// against ``TraceOutcome`` trace by trace: the whole catalogue, lean batches (one bounded
    /// layout, all exact and labelled) and others (unlabelled traces, `revealed`, a looping
    /// layout), 300 users spread at random plus three far beyond ``UserHitTable/slicedUsers``
    /// and one user with half the traces (more than 255 hits by a policy), three files in runs. Read from ``PendingScores``
    /// after its full batches (the hits still pending) and after the flush, and from
    /// ``ScoreAccumulator/add(contentsOf:)``.
    @Test("per-user hits of many users and files: as TraceOutcome's, before and after settling, seeded")
    func userHitsOfManyUsers() throws {
        let policies = PolicyCatalog.all, p = policies.count
        let bounded = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
        let looping = try CarouselLayout(itemWidth: 100, spacing: 5, viewportWidth: 320, itemCount: 7, isLooping: true)
        var seed: UInt64 = 36
        func uniform() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let far = UserHitTable.slicedUsers + 7, count = 8 * ScoreAccumulator.batchSize + 77
        var traces: [TraceRelease] = []
        for i in 0..<count {
            let lean = (i / ScoreAccumulator.batchSize) % 2 == 0
            let layout = lean || i % 9 != 0 ? bounded : looping
            let start = uniform() * layout.maxOffset.magnitude
            let user = i % 2 == 0 ? 1 : i % 41 == 0 ? far + i % 3 : Int(uniform() * 300)
            let offset = start + (uniform() - 0.5) * 700
            // near where the release points, so that the policies hit often and miss by a few items
            let near = Int((offset / layout.stride).rounded()) + Int(uniform() * 3) - 1
            let item = layout.isLooping ? (near % 7 + 7) % 7 : min(max(near, 0), 39)
            let intended: Int? = !lean && i % 6 == 0 ? nil : item
            traces.append(TraceRelease(traceID: "\(i)", user: user, intendedIndex: intended, layout: layout,
                                       release: Release(offset: offset, velocity: (uniform() - 0.5) * 8,
                                                        startOffset: start, startTime: 0, time: 100),
                                       sampleCount: 8, location: TraceLocation(file: "f\((i / 50) % 3).csv", line: 2 + i),
                                       hit: !lean && i % 4 == 1 ? .revealed : nil))
        }
        // Hits per user (`[u·P + k]`) and per file of traces[0..<n], trace by trace.
        func reference(_ n: Int) -> (users: [UInt32], files: [[Double]]) {
            var users = [UInt32](repeating: 0, count: (far + 3) * p), files = [[Double]](repeating: Array(repeating: 0, count: p), count: 3)
            for trace in traces[..<n] where trace.intendedIndex != nil {
                let natural = UIKitDeceleration.normal.restingOffset(of: trace.release, in: trace.layout)
                let startSlot = trace.release.startSlot(in: trace.layout)
                for (k, policy) in policies.enumerated() where TraceOutcome(
                    decision: policy.decide(trace.release, in: trace.layout), trace: trace, naturalRest: natural, startSlot: startSlot).isHit {
                    users[trace.user * p + k] += 1
                    files[Int(trace.location.file.dropFirst().prefix(1))!][k] += 1
                }
            }
            return (users, files)
        }
        // The accumulator's table has rows up to its highest user so far.
        func padded(_ flat: [UInt32]) -> [UInt32] { flat + [UInt32](repeating: 0, count: (far + 3) * p - flat.count) }
        var pending = PendingScores(policies: policies)
        for trace in traces { pending.add(trace) }
        let scored = 8 * ScoreAccumulator.batchSize
        #expect(pending.accumulator.userHitCounts.hasPending)
        #expect(padded(pending.accumulator.userHitsFlat) == reference(scored).users)
        pending.flush()
        var batched = ScoreAccumulator(policies: policies)
        batched.add(contentsOf: traces)
        let all = reference(count)
        #expect(all.users[p...].prefix(p).max()! > 255 && all.users.filter { $0 > 0 }.count > 2_000)
        for acc in [pending.accumulator, batched] {
            #expect(!acc.userHitCounts.hasPending && acc.leanBatches == 5)
            #expect(padded(acc.userHitsFlat) == all.users)
            #expect(acc.fileNames == ["f0.csv", "f1.csv", "f2.csv"] && acc.fileHits == all.files)
        }
    }
}
