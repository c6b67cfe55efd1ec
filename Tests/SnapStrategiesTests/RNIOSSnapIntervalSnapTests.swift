import SnapStrategies
import Testing

@Suite struct RNIOSSnapIntervalSnapTests {
    /// Interval 300 pt (policies.md §7.3 worked examples).
    let layout = try! CarouselLayout(itemWidth: 300, viewportWidth: 300, itemCount: 20)

    /// (velocity pt/ms, disableIntervalMomentum, expected target offset), release at 650.
    @Test(arguments: [
        (1.2, false, 1500.0),   // UIKit target 1248.8 → fi 4.16 → ceil → 1500
        (1.2, true, 900.0),     // from the release offset: fi 2.17 → ceil → 900
        (0.0, false, 600.0),    // round(2.17)
        (-0.1, false, 600.0),   // target 600.1 → floor → 600
    ])
    func workedExamples(velocity: Double, noMomentum: Bool, expected: Double) {
        let p = RNIOSSnapIntervalSnap(disableIntervalMomentum: noMomentum)
        #expect(p.decide(Release(offset: 650, velocity: velocity), in: layout).targetOffset == expected)
    }

    @Test func identifiers() {
        #expect(RNIOSSnapIntervalSnap(disableIntervalMomentum: false).id == "rn-ios-snapinterval")
        #expect(RNIOSSnapIntervalSnap(disableIntervalMomentum: true).id == "rn-ios-snapinterval-nomomentum")
        #expect(RNIOSSnapIntervalSnap(disableIntervalMomentum: true).parameterSpecs.isEmpty)
    }

    @Test func fastRateCoastsLess() throws {
        let fast = try RNIOSSnapIntervalSnap().withParameterValues([0.99])
        // 650 + 1.2 · 99 = 768.8 → fi 2.56 → ceil → 900
        #expect(fast.decide(Release(offset: 650, velocity: 1.2), in: layout).targetOffset == 900)
    }

    static let policies = [RNIOSSnapIntervalSnap(disableIntervalMomentum: false), RNIOSSnapIntervalSnap(disableIntervalMomentum: true)]
    @Test(arguments: policies) func deterministic(_ p: RNIOSSnapIntervalSnap) throws { try WebPolicyChecks.expectDeterministic(p) }
    @Test(arguments: policies) func staysAtRest(_ p: RNIOSSnapIntervalSnap) throws { try WebPolicyChecks.expectStaysAtRest(p) }
    @Test(arguments: policies) func mirrorSymmetric(_ p: RNIOSSnapIntervalSnap) throws { try WebPolicyChecks.expectMirrorSymmetric(p) }
    @Test(arguments: policies) func loopShiftInvariant(_ p: RNIOSSnapIntervalSnap) throws { try WebPolicyChecks.expectLoopShiftInvariant(p) }
    @Test(arguments: policies) func targetInsideContent(_ p: RNIOSSnapIntervalSnap) throws { try WebPolicyChecks.expectTargetInsideContent(p) }
    @Test(arguments: policies) func totalAtParameterExtremes(_ p: RNIOSSnapIntervalSnap) throws { try WebPolicyChecks.expectTotalAtParameterExtremes(p) }
}
