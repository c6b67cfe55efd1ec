import SnapStrategies
import Testing

@Suite struct ICarouselSnapTests {
    /// itemWidth 300 pt, 20 items (policies.md §6 worked examples); offset in items = offset / 300.
    let layout = try! CarouselLayout(itemWidth: 300, viewportWidth: 300, itemCount: 20)

    /// policies.md §6: (offset in items, finger velocity pt/s, paging, decelerationRate, expected item).
    /// The finger moves opposite to the content: v = −finger / 1000 pt/ms.
    @Test(arguments: [
        (2.2, -1500.0, false, 0.95, 4),   // v = 5 items/s, D = 1.667, end 3.867 → ceil
        (2.2, -1500.0, true, 0.95, 3),    // pagingEnabled: ceil(2.2)
        (2.2, -450.0, false, 0.95, 2),    // v = 1.5 ≤ 2 → nearest
        (2.6, -450.0, false, 0.95, 3),    // nearest
        (2.2, -750.0, false, 0.5, 3),     // v = 2.5, D = 0.083 < 0.1 → shouldScroll → cur + 1
        (2.2, 6000.0, false, 0.95, 0),    // v = −20, D = −6.67 → floor(−4.47) = −5 → clamp → 0
    ])
    func workedExamples(items: Double, fingerVelocity: Double, paging: Bool, rate: Double, expected: Int) {
        let policy = ICarouselSnap(pagingEnabled: paging, decelerationRate: rate)
        let d = policy.decide(Release(offset: items * 300, velocity: -fingerVelocity / 1000), in: layout)
        #expect(d.targetIndex == expected)
    }

    @Test func velocityInItemsPerSecond() {
        let r = Release(offset: 660, velocity: 1.5)
        #expect(abs(ICarouselSnap().itemVelocity(r, in: layout) - 5) < 1e-12)
    }

    @Test func overscrollDampsTheVelocity() {
        // Half an item past the start: factor 1 − 0.5/1 = 0.5.
        let r = Release(offset: -150, velocity: 1.5)
        #expect(abs(ICarouselSnap().itemVelocity(r, in: layout) - 2.5) < 1e-12)
        // A whole bounce distance past the end: no velocity, settle on the last item.
        let past = Release(offset: 20 * 300, velocity: -3)
        #expect(ICarouselSnap().itemVelocity(past, in: layout) == 0)
        #expect(ICarouselSnap().decide(past, in: layout).targetIndex == 19)
    }

    @Test func pagingMovesAtMostOneItem() {
        let d = ICarouselSnap(pagingEnabled: true).decide(Release(offset: 2.2 * 300, velocity: 20), in: layout)
        #expect(d.targetIndex == 3)
        #expect(ICarouselSnap(pagingEnabled: false).decide(Release(offset: 2.2 * 300, velocity: 20), in: layout).targetIndex == 19)
    }

    @Test func identifiers() {
        #expect(ICarouselSnap(pagingEnabled: false).id == "icarousel")
        #expect(ICarouselSnap(pagingEnabled: true).id == "icarousel-paging")
    }

    static let policies = [ICarouselSnap(pagingEnabled: false), ICarouselSnap(pagingEnabled: true),
                           ICarouselSnap(decelerationRate: 0.5)]
    @Test(arguments: policies) func deterministic(_ p: ICarouselSnap) throws { try WebPolicyChecks.expectDeterministic(p) }
    @Test(arguments: policies) func staysAtRest(_ p: ICarouselSnap) throws { try WebPolicyChecks.expectStaysAtRest(p) }
    @Test(arguments: policies) func mirrorSymmetric(_ p: ICarouselSnap) throws { try WebPolicyChecks.expectMirrorSymmetric(p) }
    @Test(arguments: policies) func loopShiftInvariant(_ p: ICarouselSnap) throws { try WebPolicyChecks.expectLoopShiftInvariant(p) }
    @Test(arguments: policies) func targetInsideContent(_ p: ICarouselSnap) throws { try WebPolicyChecks.expectTargetInsideContent(p) }
    @Test(arguments: policies) func totalAtParameterExtremes(_ p: ICarouselSnap) throws { try WebPolicyChecks.expectTotalAtParameterExtremes(p) }
}
