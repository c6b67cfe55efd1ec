import SnapStrategies
import Testing

@Suite struct SwiftUIViewAlignedSnapTests {
    let layout = try! CarouselLayout(itemWidth: 300, viewportWidth: 300, itemCount: 20)

    /// offset 700 (p 2.33), start item 2; natural target 700 + v·0.998/0.002.
    @Test(arguments: [
        (1.2, SwiftUIViewAlignedSnap.LimitBehavior.alwaysByOne, 3),  // natural 1298.8 → item 4, limited to 3
        (1.2, .never, 4),
        (-1.2, .alwaysByOne, 1),                                     // natural 101.2 → 0, limited to 1
        (-1.2, .never, 0),
        (0.0, .alwaysByOne, 2),
        (0.2, .never, 3),                                            // natural 799.8 → 2.67 → 3
    ])
    func limitBehaviours(velocity: Double, limit: SwiftUIViewAlignedSnap.LimitBehavior, expected: Int) {
        let r = Release(offset: 700, velocity: velocity, startOffset: 650, startIndex: 2)
        #expect(SwiftUIViewAlignedSnap(limitBehavior: limit).decide(r, in: layout).targetIndex == expected)
    }

    @Test func maxViewsWidensTheLimit() throws {
        let r = Release(offset: 700, velocity: 1.2, startOffset: 650, startIndex: 2)
        let byTwo = try SwiftUIViewAlignedSnap(limitBehavior: .alwaysByOne).withParameterValues([0.998, 2])
        #expect(byTwo.decide(r, in: layout).targetIndex == 4)
    }

    @Test func identifiers() {
        #expect(SwiftUIViewAlignedSnap(limitBehavior: .alwaysByOne).id == "swiftui-viewaligned")
        #expect(SwiftUIViewAlignedSnap(limitBehavior: .never).id == "swiftui-viewaligned-never")
        #expect(SwiftUIViewAlignedSnap(limitBehavior: .never).parameterSpecs.map(\.name) == ["decelerationRate"])
    }

    static let policies = [SwiftUIViewAlignedSnap(limitBehavior: .alwaysByOne), SwiftUIViewAlignedSnap(limitBehavior: .never)]
    @Test(arguments: policies) func deterministic(_ p: SwiftUIViewAlignedSnap) throws { try WebPolicyChecks.expectDeterministic(p) }
    @Test(arguments: policies) func staysAtRest(_ p: SwiftUIViewAlignedSnap) throws { try WebPolicyChecks.expectStaysAtRest(p) }
    @Test(arguments: policies) func mirrorSymmetric(_ p: SwiftUIViewAlignedSnap) throws { try WebPolicyChecks.expectMirrorSymmetric(p) }
    @Test(arguments: policies) func loopShiftInvariant(_ p: SwiftUIViewAlignedSnap) throws { try WebPolicyChecks.expectLoopShiftInvariant(p) }
    @Test(arguments: policies) func targetInsideContent(_ p: SwiftUIViewAlignedSnap) throws { try WebPolicyChecks.expectTargetInsideContent(p) }
    @Test(arguments: policies) func totalAtParameterExtremes(_ p: SwiftUIViewAlignedSnap) throws { try WebPolicyChecks.expectTotalAtParameterExtremes(p) }
}
