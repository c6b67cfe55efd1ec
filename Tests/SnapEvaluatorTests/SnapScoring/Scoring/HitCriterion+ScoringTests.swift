import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapScoring

@Suite struct HitCriterionScoringTests {
    // 100-pt items, no spacing or insets, 350-pt viewport: at offset 100 items 1, 2, 3 are whole, 4 half
    let layout = try! CarouselLayout(itemWidth: 100, viewportWidth: 350, itemCount: 10)

    @Test func revealedMeansWhollyInsideTheViewportAtRest() {
        #expect(HitCriterion.isRevealed(item: 1, atOffset: 100, in: layout))
        #expect(HitCriterion.isRevealed(item: 3, atOffset: 100, in: layout))
        #expect(!HitCriterion.isRevealed(item: 4, atOffset: 100, in: layout))
        #expect(!HitCriterion.isRevealed(item: 0, atOffset: 100, in: layout))
        #expect(!HitCriterion.isRevealed(item: 1, atOffset: .nan, in: layout))
        #expect(HitCriterion.revealed.reaches(intended: 3, targetIndex: 1, targetOffset: 100, in: layout))
        #expect(!HitCriterion.exact.reaches(intended: 3, targetIndex: 1, targetOffset: 100, in: layout))
    }

    @Test func aLoopingLayoutRevealsAnyCopy() throws {
        let loop = try CarouselLayout(itemWidth: 100, viewportWidth: 350, itemCount: 10, isLooping: true)
        // offset −100: slots −1 … 1 visible whole; slot −1 shows item 9
        #expect(HitCriterion.isRevealed(item: 9, atOffset: -100, in: loop))
        #expect(HitCriterion.isRevealed(item: 1, atOffset: 1900, in: loop))   // two cycles on
        #expect(!HitCriterion.isRevealed(item: 5, atOffset: -100, in: loop))
    }

    @Test func theScorerHonoursTheRunsCriterionAndEachTracesOwn() {
        // nearest rests 0 → 60 on item 1 (offset 100): item 3 is revealed, not exact
        func trace(_ hit: HitCriterion?) -> TraceRelease {
            TraceRelease(traceID: "t", user: 0, intendedIndex: 3, layout: layout,
                         release: Release(offset: 60, velocity: 0, startOffset: 0, startTime: 0, time: 80),
                         sampleCount: 5, location: TraceLocation(file: "a.csv", line: 2), hit: hit)
        }
        var acc = ScoreAccumulator(policies: [NearestPageSnap()])
        acc.add(contentsOf: [trace(nil), trace(.exact), trace(.revealed)])
        #expect(acc.totals[0].hits == 1)
        #expect(acc.totals[0].undershoots == 3)   // the item error is still −2 each time
        let outcome = TraceOutcome(decision: NearestPageSnap().decide(trace(.revealed).release, in: layout),
                                   trace: trace(.revealed), naturalRest: 100, startSlot: 0)
        #expect(outcome.isHit && outcome.error == -2)
        #expect(TraceOutcome.isHit(NearestPageSnap(), on: trace(.revealed)))
        #expect(!TraceOutcome.isHit(NearestPageSnap(), on: trace(nil)))
    }
}
