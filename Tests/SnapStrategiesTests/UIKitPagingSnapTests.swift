import SnapStrategies
import Testing

@Suite struct UIKitPagingSnapTests {
    /// 300-pt pages, 20 of them, leading alignment.
    let layout = try! CarouselLayout(itemWidth: 300, viewportWidth: 300, itemCount: 20)

    /// (position in pages, velocity pt/ms, travel pt, expected page): the model's rule.
    @Test(arguments: [
        (2.2, 1.0, 60.0, 3),      // flick forward: next boundary
        (2.2, -1.0, -60.0, 2),    // flick back from 2.2: the boundary behind
        (2.9, -0.5, -60.0, 2),    // flick back: floor
        (2.2, 5.0, 60.0, 3),      // a strong flick still moves one page
        (2.6, 0.1, 180.0, 3),     // slow, forward drag past half a page
        (2.4, 0.1, 120.0, 2),     // slow, forward drag short of half
        (2.7, -0.1, -90.0, 3),    // slow, backward drag 0.3 of a page from 3
        (2.4, -0.1, -180.0, 2),   // slow, backward drag 0.6 of a page from 3
        (3.0, 0.0, 0.0, 3),       // at rest on a page
    ])
    func modelRule(position: Double, velocity: Double, travel: Double, expected: Int) {
        let offset = position * 300
        let r = Release(offset: offset, velocity: velocity, startOffset: offset - travel)
        #expect(UIKitPagingSnap().decide(r, in: layout).targetIndex == expected)
    }

    @Test func thresholdAndGateAreParameters() throws {
        let slow = Release(offset: 2.35 * 300, velocity: 0.2, startOffset: 600)
        #expect(UIKitPagingSnap().decide(slow, in: layout).targetIndex == 2)
        let lowThreshold = try UIKitPagingSnap().withParameterValues([0.3, 0.3])
        #expect(lowThreshold.decide(slow, in: layout).targetIndex == 3)
        let lowGate = try UIKitPagingSnap().withParameterValues([0.5, 0.1])
        #expect(lowGate.decide(slow, in: layout).targetIndex == 3)
        #expect(lowGate.decide(slow, in: layout).rule == "flick-next-boundary")
    }

    @Test func describesItselfAsAModel() {
        #expect(UIKitPagingSnap().summary.contains("model"))
        #expect(UIKitPagingSnap().source.contains("UNVERIFIED"))
    }

    @Test func deterministic() throws { try WebPolicyChecks.expectDeterministic(UIKitPagingSnap()) }
    @Test func staysAtRest() throws { try WebPolicyChecks.expectStaysAtRest(UIKitPagingSnap()) }
    @Test func mirrorSymmetric() throws { try WebPolicyChecks.expectMirrorSymmetric(UIKitPagingSnap()) }
    @Test func loopShiftInvariant() throws { try WebPolicyChecks.expectLoopShiftInvariant(UIKitPagingSnap()) }
    @Test func targetInsideContent() throws { try WebPolicyChecks.expectTargetInsideContent(UIKitPagingSnap()) }
    @Test func totalAtParameterExtremes() throws { try WebPolicyChecks.expectTotalAtParameterExtremes(UIKitPagingSnap()) }
}
