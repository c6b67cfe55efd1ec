import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapScoring

/// Ten 100-pt items in a 100-pt viewport, no spacing: stride 100, max offset 900.
let tinyLayout = try! CarouselLayout(itemWidth: 100, viewportWidth: 100, itemCount: 10)

func tinyTrace(_ id: String, user: Int, start: Double, offset: Double, velocity: Double = 0,
               intended: Int?, file: String = "a.csv") -> TraceRelease {
    TraceRelease(traceID: id, user: user, intendedIndex: intended, layout: tinyLayout,
                 release: Release(offset: offset, velocity: velocity, startOffset: start, startTime: 0, time: 80),
                 sampleCount: 5, location: TraceLocation(file: file, line: 2))
}

/// Five labelled traces with known outcomes under `nearest`:
/// 1. 0 → 60, meant 1: target 1, hit.
/// 2. 0 → 40, meant 1: target 0, error −1, undershoot, missed change.
/// 3. 100 → 100, meant 1 (stay): target 1, hit.
/// 4. 100 → 170, meant 1 (stay): target 2, error +1, overshoot, false change.
/// 5. 200 → 130 (backward), meant 0: target 1, error +1 against the swipe: undershoot.
let tinyTraces = [
    tinyTrace("1", user: 0, start: 0, offset: 60, intended: 1),
    tinyTrace("2", user: 0, start: 0, offset: 40, intended: 1),
    tinyTrace("3", user: 1, start: 100, offset: 100, intended: 1),
    tinyTrace("4", user: 1, start: 100, offset: 170, intended: 1, file: "b.csv"),
    tinyTrace("5", user: 1, start: 200, offset: 130, intended: 0, file: "b.csv"),
]

@Suite("Scoring")
struct ScoreAccumulatorTests {
    @Test("every metric on a hand-made set")
    func metrics() throws {
        var acc = ScoreAccumulator(policies: [NearestPageSnap()])
        for t in tinyTraces { acc.add(t) }
        let t = acc.totals[0]
        #expect(acc.labelled == 5 && acc.unlabelled == 0)
        #expect(t.hits == 2)
        #expect(t.absoluteError == 3)
        #expect(t.overshoots == 1 && t.undershoots == 2)
        #expect(t.intendedChanges == 3 && t.missedChanges == 1)
        #expect(t.intendedStays == 2 && t.falseChanges == 1)
        #expect(t.signedErrors == [-1: 1, 0: 2, 1: 2])
        // |100−60| + |0−40| + 0 + |200−170| + |100−130| (velocity 0: natural rest = release offset)
        #expect(abs(t.snapCorrection - 140) < 1e-9)
        #expect(acc.userCounts == [2, 3] && acc.userHits == [[1], [1]])
        #expect(acc.fileNames == ["a.csv", "b.csv"] && acc.fileCounts == [3, 2])

        let c = try Comparison(acc, userNames: ["ann", "bob"], bootstrap: UserBootstrap(resamples: 100, seed: 3))
        let r = c.rows[0]
        #expect(r.hitRate == 0.4 && r.meanAbsoluteError == 0.6)
        #expect(r.overshootRate == 0.2 && r.undershootRate == 0.4)
        #expect(abs(r.missedChangeRate - 1.0 / 3.0) < 1e-15 && r.falseChangeRate == 0.5)
        #expect(r.meanSnapCorrection == 28)
        #expect(c.byUser.map(\.name) == ["ann", "bob"] && c.byUser.map(\.n) == [2, 3])
        #expect(c.byUser[0].hitRates == [0.5])
    }

    @Test("no movement reconfigures no cells; a several-page settle reconfigures some")
    func cells() {
        var still = ScoreAccumulator(policies: [NearestPageSnap()])
        still.add(tinyTraces[2])
        #expect(still.totals[0].cellsReconfigured == 0)
        var far = ScoreAccumulator(policies: [NearestPageSnap(basis: .projectedOffset)])
        far.add(tinyTrace("f", user: 0, start: 0, offset: 0, velocity: 1, intended: 5)) // rests near 499 → 5
        #expect(far.totals[0].cellsReconfigured >= 4)
    }

    @Test("missed and false changes, McNemar discordance and ranking across two policies")
    func ranking() throws {
        // tag99 moves one page per flick in the velocity's direction; nearest ignores velocity.
        let traces = [
            tinyTrace("a", user: 0, start: 0, offset: 30, velocity: 0.5, intended: 1),  // tag99 1 ✓, nearest 0 ✗
            tinyTrace("b", user: 0, start: 0, offset: 20, velocity: 0.5, intended: 1),  // tag99 ✓, nearest ✗
            tinyTrace("c", user: 1, start: 100, offset: 140, velocity: 0.5, intended: 2), // tag99 ✓, nearest 1 ✗
            tinyTrace("d", user: 1, start: 100, offset: 110, velocity: 0.3, intended: 1), // tag99 2 ✗, nearest ✓
        ]
        var acc = ScoreAccumulator(policies: [NearestPageSnap(), Tag99Snap()])
        for t in traces { acc.add(t) }
        let c = try Comparison(acc, userNames: ["u0", "u1"], bootstrap: UserBootstrap(resamples: 200, seed: 1))
        #expect(c.rows.map(\.policy) == ["tag99", "nearest"])
        #expect(c.rows[0].holmP == nil && c.rows[0].significanceMark == "best")
        #expect(c.rows[1].onlyBestHits == 3 && c.rows[1].onlyThisHits == 1)
        // Clustered McNemar, users as units: d = (2, 0) for (u0, u1) → X² = 4/4 = 1, p = erfc(√½).
        #expect(abs(c.rows[1].mcNemarP! - erfc(0.5.squareRoot())) < 1e-12)
        #expect(c.rows[1].differenceToBest == -0.5)
        #expect(abs(c.rows[1].missedChangeRate - 1) < 1e-15)  // a, b, c all stayed
        #expect(c.rows[0].falseChangeRate == 1)               // d moved
    }

    @Test("unlabelled traces: pages moved and pairwise agreement")
    func unlabelled() throws {
        var acc = ScoreAccumulator(policies: [NearestPageSnap(), Tag99Snap()])
        acc.add(tinyTrace("u1", user: 0, start: 0, offset: 30, velocity: 0.5, intended: nil))  // 0 vs 1
        acc.add(tinyTrace("u2", user: 0, start: 100, offset: 160, velocity: 0.5, intended: nil)) // 2 vs 2
        #expect(acc.unlabelled == 2 && acc.labelled == 0)
        #expect(acc.totals[0].unlabelledPagesMoved == [0: 1, 1: 1])
        #expect(acc.totals[1].unlabelledPagesMoved == [1: 2])
        let c = try Comparison(acc, userNames: [], bootstrap: UserBootstrap(resamples: 10, seed: 1))
        #expect(c.agreement[0][1] == 0.5 && c.agreement[1][0] == 0.5 && c.agreement[0][0] == 1)
    }

    @Test("a first part merged into an empty accumulator is taken whole; later parts add to it (same totals as one pass)")
    func mergeIntoEmpty() throws {
        let policies: [any SnapPolicy] = [NearestPageSnap(), Tag99Snap()]
        var whole = ScoreAccumulator(policies: policies)
        for t in tinyTraces { whole.add(t) }
        var first = ScoreAccumulator(policies: policies), second = ScoreAccumulator(policies: policies)
        for t in tinyTraces.prefix(3) { first.add(t) }
        for var t in tinyTraces.dropFirst(3) { t.user = 0; second.add(t) }
        for remapFirst in [[0, 1], [1, 0]] {   // identity (taken whole) and not (added)
            var merged = ScoreAccumulator(policies: policies)
            merged.merge(first, userRemap: remapFirst)
            merged.merge(second, userRemap: [remapFirst[1]])
            var expectedCounts = whole.userCounts, expectedHits = whole.userHits
            if remapFirst == [1, 0] { expectedCounts.swapAt(0, 1); expectedHits.swapAt(0, 1) }
            #expect(merged.userCounts == expectedCounts && merged.userHits == expectedHits)
            #expect(merged.hitPatterns == whole.hitPatterns && merged.labelled == whole.labelled)
            #expect(merged.fileNames == whole.fileNames && merged.fileCounts == whole.fileCounts)
            for k in 0..<2 {
                #expect(merged.totals[k].hits == whole.totals[k].hits && merged.totals[k].signedErrors == whole.totals[k].signedErrors)
                #expect(merged.totals[k].snapCorrection.bitPattern == whole.totals[k].snapCorrection.bitPattern)
            }
        }
    }

    @Test("a user with more than 255 traces: hits counted past one byte, one by one and merged")
    func manyTracesOneUser() {
        let hit = tinyTrace("h", user: 0, start: 0, offset: 60, intended: 1)     // nearest hits
        let miss = tinyTrace("m", user: 1, start: 0, offset: 40, intended: 1)    // nearest misses
        var one = ScoreAccumulator(policies: [NearestPageSnap()])
        one.add(contentsOf: Array(repeating: hit, count: 300) + [miss])
        #expect(one.userCounts == [300, 1] && one.userHits == [[300], [0]])
        var half = ScoreAccumulator(policies: [NearestPageSnap()])
        half.add(contentsOf: Array(repeating: hit, count: 200) + [miss])
        var merged = ScoreAccumulator(policies: [NearestPageSnap()])
        merged.merge(half, userRemap: [0, 1])
        merged.merge(half, userRemap: [0, 1])   // 200 + 200: past one byte while merging
        #expect(merged.userCounts == [400, 2] && merged.userHits == [[400], [0]] && merged.userHitsFlat == [400, 0])
    }

    @Test("merging chunk accumulators equals one pass, with users remapped")
    func merge() throws {
        var whole = ScoreAccumulator(policies: [NearestPageSnap(), Tag99Snap()])
        for t in tinyTraces { whole.add(t) }
        var first = ScoreAccumulator(policies: [NearestPageSnap(), Tag99Snap()])
        var second = ScoreAccumulator(policies: [NearestPageSnap(), Tag99Snap()])
        for t in tinyTraces.prefix(3) { first.add(t) }
        // The second chunk's reader numbered user 1 as its user 0.
        for var t in tinyTraces.dropFirst(3) { t.user = 0; second.add(t) }
        first.merge(second, userRemap: [1])
        #expect(first.userCounts == whole.userCounts && first.userHits == whole.userHits)
        #expect(first.hitPatterns == whole.hitPatterns && first.labelled == whole.labelled)
        for k in 0..<2 {
            #expect(first.totals[k].hits == whole.totals[k].hits)
            #expect(first.totals[k].signedErrors == whole.totals[k].signedErrors)
            #expect(first.totals[k].snapCorrection == whole.totals[k].snapCorrection)
        }
        #expect(first.fileNames == whole.fileNames && first.fileCounts == whole.fileCounts)
    }

    @Test("every total equals the sum of TraceOutcome's per-trace scores, bounded and looping, with overflowing histograms, one by one and in batches")
    func equalsTraceOutcomes() throws {
        let policies = PolicyCatalog.all
        let layouts = [
            try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40),
            try CarouselLayout(itemWidth: 50, spacing: 2, viewportWidth: 300, itemCount: 200, alignment: .center),
            try CarouselLayout(itemWidth: 100, spacing: 5, viewportWidth: 320, itemCount: 7, isLooping: true),
        ]
        var acc = ScoreAccumulator(policies: policies)
        var traces: [TraceRelease] = []
        var expected = Array(repeating: ScoreAccumulator.Totals(), count: policies.count)
        var agreements = Array(repeating: 0, count: policies.count * policies.count)
        var userHits = [[Double]](repeating: Array(repeating: 0, count: policies.count), count: 3)
        var seed: UInt64 = 99
        func uniform() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for i in 0..<600 {
            let layout = layouts[i % layouts.count]
            let start = (uniform() * 1.2 - 0.1) * layout.maxOffset.magnitude + (layout.isLooping ? -500 : 0)
            let offset = start + (uniform() - 0.5) * 900
            let velocity = (uniform() - 0.5) * (i % 7 == 0 ? 40 : 8)
            let intended: Int? = i % 5 == 4 ? nil : Int(uniform() * Double(layout.itemCount))
            let trace = TraceRelease(traceID: "\(i)", user: i % 3, intendedIndex: intended, layout: layout,
                                     release: Release(offset: offset, velocity: velocity, startOffset: start,
                                                      startTime: 0, time: 120),
                                     sampleCount: 10, location: TraceLocation(file: "f.csv", line: 2 + i))
            acc.add(trace)
            traces.append(trace)
            let natural = UIKitDeceleration.normal.restingOffset(of: trace.release, in: layout)
            let startSlot = trace.release.startSlot(in: layout)
            let targets = policies.map { $0.decide(trace.release, in: layout).targetIndex }
            for i in policies.indices where intended == nil {
                for j in policies.indices where j != i && targets[i] == targets[j] { agreements[i * policies.count + j] += 1 }
            }
            for (k, policy) in policies.enumerated() {
                let d = policy.decide(trace.release, in: layout)
                let o = TraceOutcome(decision: d, trace: trace, naturalRest: natural, startSlot: startSlot)
                guard expected[k].addReference(o) else { continue }
                if o.isHit { userHits[trace.user][k] += 1 }
            }
        }
        // 600 traces: two full batches of ScoreAccumulator.batchSize and a partial one.
        var batched = ScoreAccumulator(policies: policies)
        batched.add(contentsOf: traces)
        for acc in [acc, batched] {
            let totals = acc.totals
            #expect(totals.contains { $0.signedErrors.keys.contains { abs($0) > 64 } })  // beyond the bins
            #expect(totals.contains { $0.unlabelledPagesMoved.keys.contains { abs($0) > 64 } })
            for k in policies.indices {
                let (t, x) = (totals[k], expected[k])
                #expect(t.hits == x.hits && t.absoluteError == x.absoluteError, "\(policies[k].id)")
                #expect(t.overshoots == x.overshoots && t.undershoots == x.undershoots, "\(policies[k].id)")
                #expect(t.intendedChanges == x.intendedChanges && t.missedChanges == x.missedChanges, "\(policies[k].id)")
                #expect(t.intendedStays == x.intendedStays && t.falseChanges == x.falseChanges, "\(policies[k].id)")
                #expect(t.snapCorrection == x.snapCorrection && t.cellsReconfigured == x.cellsReconfigured, "\(policies[k].id)")
                #expect(t.signedErrors == x.signedErrors && t.unlabelledPagesMoved == x.unlabelledPagesMoved, "\(policies[k].id)")
            }
            #expect(acc.userHits == userHits)
            #expect(acc.agreements == agreements)
            #expect(acc.labelled == 480 && acc.unlabelled == 120)
        }
        #expect(batched.hitPatterns == acc.hitPatterns && batched.userCounts == acc.userCounts)
        #expect(batched.fileNames == acc.fileNames && batched.fileCounts == acc.fileCounts)
    }

    @Test("hostile labels and settles far past 2^52 cells do not overflow the sums, merged or not")
    func hugeSums() throws {
        let bounded = try CarouselLayout(itemWidth: 100, viewportWidth: 100, itemCount: 10)
        let looping = try CarouselLayout(itemWidth: 100, viewportWidth: 100, itemCount: 10, isLooping: true)
        func trace(_ layout: CarouselLayout, intended: Int?, velocity: Double) -> TraceRelease {
            TraceRelease(traceID: "x", user: 0, intendedIndex: intended, layout: layout,
                         release: Release(offset: 0, velocity: velocity), sampleCount: 1,
                         location: TraceLocation(file: "f.csv", line: 2))
        }
        let label = 999_999_999_999_999   // the largest label the reader accepts
        var acc = ScoreAccumulator(policies: [NearestPageSnap(basis: .projectedOffset)])
        acc.add(contentsOf: repeatElement(trace(bounded, intended: label, velocity: 0), count: 20_000))
        acc.add(contentsOf: repeatElement(trace(looping, intended: nil, velocity: 1e300), count: 20_000))
        var merged = acc
        merged.merge(acc, userRemap: [0])
        let errors = 20_000 * Double(label)
        #expect(abs(acc.totals[0].absoluteError - errors) <= 1e-12 * errors)
        #expect(abs(merged.totals[0].absoluteError - 2 * errors) <= 2e-12 * errors)
        #expect(acc.totals[0].cellsReconfigured > 20_000 * 4e15)   // each settle passes ~2^52 slots
        #expect(merged.totals[0].cellsReconfigured == 2 * acc.totals[0].cellsReconfigured)
    }
}

extension ScoreAccumulator.Totals {
    /// Adds `o` as the reference scorer does, one ``TraceOutcome`` at a time (the batch scorer's
    /// totals are checked against these, the floating-point sums bit for bit); whether `o` is labelled.
    @discardableResult
    mutating func addReference(_ o: TraceOutcome) -> Bool {
        snapCorrection += o.snapCorrection
        cellsReconfigured += Double(o.cellsReconfigured)
        guard let e = o.error else {
            unlabelledPagesMoved[o.pagesMoved, default: 0] += 1
            return false
        }
        absoluteError += Double(abs(e))
        signedErrors[e, default: 0] += 1
        if o.isHit { hits += 1 }
        if o.isOvershoot { overshoots += 1 }
        if o.isUndershoot { undershoots += 1 }
        if o.intendedIndex != o.startIndex { intendedChanges += 1 } else { intendedStays += 1 }
        if o.isMissedChange { missedChanges += 1 }
        if o.isFalseChange { falseChanges += 1 }
        return true
    }

    /// Adds `trace`'s outcome under each of `policies` (decided one release at a time) to
    /// `expected[k]` by ``addReference(_:)``.
    static func addReference(_ trace: TraceRelease, by policies: [any SnapPolicy], to expected: inout [Self]) {
        let natural = UIKitDeceleration.normal.restingOffset(of: trace.release, in: trace.layout)
        let startSlot = trace.release.startSlot(in: trace.layout)
        for (k, policy) in policies.enumerated() {
            expected[k].addReference(TraceOutcome(decision: policy.decide(trace.release, in: trace.layout), trace: trace,
                                                  naturalRest: natural, startSlot: startSlot))
        }
    }

    /// The batch scorer's `totals` equal the reference `expected` (``addReference(_:)``): every
    /// count and histogram, and the floating-point sums bit for bit.
    static func expectBitForBit(_ totals: [Self], _ expected: [Self], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(totals.map(\.hits) == expected.map(\.hits), sourceLocation: sourceLocation)
        #expect(totals.map(\.overshoots) == expected.map(\.overshoots), sourceLocation: sourceLocation)
        #expect(totals.map(\.undershoots) == expected.map(\.undershoots), sourceLocation: sourceLocation)
        #expect(totals.map(\.missedChanges) == expected.map(\.missedChanges), sourceLocation: sourceLocation)
        #expect(totals.map(\.falseChanges) == expected.map(\.falseChanges), sourceLocation: sourceLocation)
        #expect(totals.map(\.absoluteError.bitPattern) == expected.map(\.absoluteError.bitPattern), sourceLocation: sourceLocation)
        #expect(totals.map(\.snapCorrection.bitPattern) == expected.map(\.snapCorrection.bitPattern), sourceLocation: sourceLocation)
        #expect(totals.map(\.cellsReconfigured.bitPattern) == expected.map(\.cellsReconfigured.bitPattern),
                sourceLocation: sourceLocation)
        #expect(totals.map(\.signedErrors) == expected.map(\.signedErrors), sourceLocation: sourceLocation)
        #expect(totals.map(\.unlabelledPagesMoved) == expected.map(\.unlabelledPagesMoved), sourceLocation: sourceLocation)
    }

    /// The two layouts of the batch scorer's reference tests: bounded (200 items of 120 pt) and
    /// looping (12 items of 300 pt).
    static func referenceLayouts() throws -> (bounded: CarouselLayout, looping: CarouselLayout) {
        (try CarouselLayout(itemWidth: 120, spacing: 8, leadingInset: 8, viewportWidth: 390, itemCount: 200),
         try CarouselLayout(itemWidth: 300, spacing: 10, leadingInset: 20, viewportWidth: 375, itemCount: 12, isLooping: true))
    }
}
