import SnapStrategies
import Testing

@Suite struct RNAndroidPagingSnapTests {
    /// policies.md §0bis table, ρ = 1: (velocity px/s = dp/s, distance dp).
    @Test(arguments: [(500.0, 58.3), (1000.0, 194.3), (2000.0, 647.4), (4000.0, 2157.0), (8000.0, 7186.4)])
    func splineDistance(speed: Double, expected: Double) {
        let d = RNAndroidPagingSnap.splineFlingDistance(velocity: speed / 1000, friction: 0.015)
        #expect(abs(d - expected) < 0.15)
        #expect(abs(RNAndroidPagingSnap.splineFlingDistance(velocity: -speed / 1000, friction: 0.015) + d) < 1e-9)
    }

    /// policies.md §7.3: ρ = 2.625, page 1080 px = 411.43 dp, p = 2.3; (velocity px/s, expected page).
    @Test(arguments: [(500.0, 2), (2000.0, 3), (20000.0, 3)])
    func workedExamples(pixelVelocity: Double, expected: Int) throws {
        let density = 2.625
        let page = 1080 / density
        let layout = try CarouselLayout(itemWidth: page, viewportWidth: page, itemCount: 10)
        let r = Release(offset: 2.3 * page, velocity: pixelVelocity / density / 1000)
        #expect(RNAndroidPagingSnap().decide(r, in: layout).targetIndex == expected)
    }

    @Test func projectedEndsOfTheWorkedExamples() {
        let density = 2.625
        let page = 1080 / density
        for (v, pEnd) in [(500.0, 2.327), (2000.0, 2.594)] {
            let d = RNAndroidPagingSnap.splineFlingDistance(velocity: v / density / 1000, friction: 0.015)
            #expect(abs(2.3 + d / page - pEnd) < 0.001)
        }
    }

    @Test func slowReleasesSettleOnTheNearestPage() throws {
        let layout = try CarouselLayout(itemWidth: 400, viewportWidth: 400, itemCount: 10)
        #expect(RNAndroidPagingSnap().decide(Release(offset: 1000, velocity: 0.04), in: layout).targetIndex == 3)
        #expect(RNAndroidPagingSnap().decide(Release(offset: 1000, velocity: 0.06), in: layout).targetIndex == 3)
        #expect(RNAndroidPagingSnap().decide(Release(offset: 1000, velocity: -5), in: layout).targetIndex == 2)
        // Exactly on a page, a fling that reaches half a page moves one page.
        #expect(RNAndroidPagingSnap().decide(Release(offset: 800, velocity: 3), in: layout).targetIndex == 3)
    }

    @Test func deterministic() throws { try WebPolicyChecks.expectDeterministic(RNAndroidPagingSnap()) }
    @Test func staysAtRest() throws { try WebPolicyChecks.expectStaysAtRest(RNAndroidPagingSnap()) }
    @Test func mirrorSymmetric() throws { try WebPolicyChecks.expectMirrorSymmetric(RNAndroidPagingSnap()) }
    @Test func loopShiftInvariant() throws { try WebPolicyChecks.expectLoopShiftInvariant(RNAndroidPagingSnap()) }
    @Test func targetInsideContent() throws { try WebPolicyChecks.expectTargetInsideContent(RNAndroidPagingSnap()) }
    @Test func totalAtParameterExtremes() throws { try WebPolicyChecks.expectTotalAtParameterExtremes(RNAndroidPagingSnap()) }
}
