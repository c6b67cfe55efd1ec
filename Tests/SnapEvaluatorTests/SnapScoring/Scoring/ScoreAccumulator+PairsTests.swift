import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapScoring

@Suite("Batch scorer, policies of one type decided together")
struct ScoreAccumulatorPairsTests {
    /// The policies: three CSS policies in a row (the first two decided together, the third alone),
    /// two of another type with another between, a capped pair and two `NearestPageSnap`s (one
    /// type each, no pair path), and a CSS pair whose second has another estimate (no shared path).
    static let policies: [any SnapPolicy] = [
        CSSScrollSnap(strictness: .mandatory), CSSScrollSnap(strictness: .proximity, proximityRatio: 0.1),
        CSSScrollSnap(strictness: .proximity),
        Tag99Snap(), UIKitPagingSnap(), Tag99Snap(),
        CappedSnapPolicy(ICarouselSnap(), maxItemsPerFling: 1), CappedSnapPolicy(UIKitPagingSnap(), maxItemsPerFling: 1),
        NearestPageSnap(basis: .releaseOffset), NearestPageSnap(basis: .projectedOffset),
        CSSScrollSnap(strictness: .mandatory), CSSScrollSnap(strictness: .proximity, frameInterval: 16),
    ]

    @Test("adjacent policies of one type get a pair path, others not")
    func pairDeciders() {
        #expect(ScoreAccumulator.pairDeciders(Self.policies).map { $0 != nil }
            == [true, true, false, false, false, false, true, false, true, false, true, false])
        #expect(ScoreAccumulator.pairDeciders([]).isEmpty)
        #expect(ScoreAccumulator.pairDeciders([CSSScrollSnap()]).map { $0 != nil } == [false])
    }

    /// Batches of one layout (the pair path) and of mixed layouts (each policy alone), labelled
    /// and unlabelled traces: every policy's totals and the agreements are those of each policy
    /// scored alone and of the decisions made one release at a time.
    @Test("policies decided in pairs score as each alone")
    func pairsScoreAsAlone() throws {
        let one = try CarouselLayout(itemWidth: 120, spacing: 8, leadingInset: 8, viewportWidth: 390, itemCount: 30)
        let other = try CarouselLayout(itemWidth: 200, spacing: 0, viewportWidth: 375, itemCount: 12, isLooping: true)
        let batch = ScoreAccumulator.batchSize
        var traces: [TraceRelease] = []
        for i in 0..<(3 * batch + 17) {
            // the second batch mixes two layouts; the others have one
            let layout = i >= batch && i < 2 * batch && i % 5 == 0 ? other : one
            let start = Double(i % 23) * 128
            let release = Release(offset: start + Double(i % 17) * 19 - 150, velocity: Double(i % 13) / 3 - 2,
                                  startOffset: start, startTime: 0, time: 90)
            traces.append(TraceRelease(traceID: "\(i)", user: i % 4, intendedIndex: i % 7 == 3 ? nil : (i * 7) % 12,
                                       layout: layout, release: release, sampleCount: 6,
                                       location: TraceLocation(file: "m.csv", line: 2 + i)))
        }
        let policies = Self.policies, p = policies.count
        var together = ScoreAccumulator(policies: policies)
        together.add(contentsOf: traces)
        var agreements = Array(repeating: 0, count: p * p)
        for trace in traces where trace.intendedIndex == nil {
            let targets = policies.map { $0.decide(trace.release, in: trace.layout).targetIndex }
            for i in 0..<p { for j in 0..<p where i != j && targets[i] == targets[j] { agreements[i * p + j] += 1 } }
        }
        #expect(together.agreements == agreements)
        for k in 0..<p {
            var alone = ScoreAccumulator(policies: [policies[k]])
            alone.add(contentsOf: traces)
            let a = alone.totals[0], b = together.totals[k]
            #expect(a.hits == b.hits && a.overshoots == b.overshoots && a.undershoots == b.undershoots, "\(policies[k].id)")
            #expect(a.missedChanges == b.missedChanges && a.falseChanges == b.falseChanges, "\(policies[k].id)")
            #expect(a.absoluteError == b.absoluteError && a.signedErrors == b.signedErrors, "\(policies[k].id)")
            #expect(a.snapCorrection.bitPattern == b.snapCorrection.bitPattern, "\(policies[k].id)")
            #expect(a.cellsReconfigured == b.cellsReconfigured && a.unlabelledPagesMoved == b.unlabelledPagesMoved,
                    "\(policies[k].id)")
        }
        // The variants of each CSS pair score differently (a pair scored with one column twice fails).
        let t = together.totals
        #expect(t[0].signedErrors != t[1].signedErrors && t[1].signedErrors != t[2].signedErrors)
        #expect(t[10].signedErrors != t[11].signedErrors)
    }
}
