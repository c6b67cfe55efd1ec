import SnapStrategies
import Testing

@Suite struct EmblaSnapTests {
    /// Container 1000 pt (threshold 200), snaps every 800 pt, item 1 selected at 800
    /// (policies.md §7.2 worked examples).
    let layout = try! CarouselLayout(itemWidth: 800, viewportWidth: 1000, itemCount: 10)

    /// (dragged pt, velocity pt/ms, skipSnaps, expected item).
    @Test(arguments: [
        (100.0, 0.3, 0.0, 1),   // force 120 < 200 → +220 → item 1
        (300.0, 0.3, 0.0, 2),   // +420 → item 2
        (100.0, 0.5, 0.0, 2),   // force 200, not < 200 → next
        (100.0, 3.0, 0.0, 2),   // one neighbour only
        (500.0, 5.0, 1.0, 3),   // skipSnaps: closest to +2500 is +2400, base 1900, half 950 → +1450 → item 3
    ])
    func workedExamples(dragged: Double, velocity: Double, skipSnaps: Double, expected: Int) {
        let r = Release(offset: 800 + dragged, velocity: velocity, startOffset: 800, startIndex: 1)
        #expect(EmblaSnap(skipSnaps: skipSnaps).decide(r, in: layout).targetIndex == expected)
    }

    @Test(arguments: [(1000.0, 200.0), (375.0, 75.0), (200.0, 50.0), (2000.0, 225.0)])
    func thresholdIsClamped(viewport: Double, expected: Double) throws {
        let l = try CarouselLayout(itemWidth: 100, viewportWidth: viewport, itemCount: 5)
        #expect(abs(EmblaSnap().goToNextThreshold(in: l) - expected) < 1e-9)
    }

    @Test func skipSnapsNeedsTheDragToHaveLeftTheSelectedSnap() {
        // Dragged 100 pt only: the closest snap is still item 1, so one neighbour.
        let r = Release(offset: 900, velocity: 5, startOffset: 800, startIndex: 1)
        #expect(EmblaSnap(skipSnaps: 1).decide(r, in: layout).targetIndex == 2)
    }

    @Test func backwardFlickGoesToThePreviousItem() {
        let r = Release(offset: 1500, velocity: -1, startOffset: 1600, startIndex: 2)
        #expect(EmblaSnap().decide(r, in: layout).targetIndex == 1)
    }

    static let policies = [EmblaSnap(), EmblaSnap(skipSnaps: 1)]
    @Test(arguments: policies) func deterministic(_ p: EmblaSnap) throws { try WebPolicyChecks.expectDeterministic(p) }
    @Test(arguments: policies) func staysAtRest(_ p: EmblaSnap) throws { try WebPolicyChecks.expectStaysAtRest(p) }
    @Test(arguments: policies) func mirrorSymmetric(_ p: EmblaSnap) throws { try WebPolicyChecks.expectMirrorSymmetric(p) }
    @Test(arguments: policies) func loopShiftInvariant(_ p: EmblaSnap) throws { try WebPolicyChecks.expectLoopShiftInvariant(p) }
    @Test(arguments: policies) func targetInsideContent(_ p: EmblaSnap) throws { try WebPolicyChecks.expectTargetInsideContent(p) }
    @Test(arguments: policies) func totalAtParameterExtremes(_ p: EmblaSnap) throws { try WebPolicyChecks.expectTotalAtParameterExtremes(p) }
}
