import Testing
@testable import SnapStrategies

/// Spec example: ρ = 2.625, 300-px items, centre snap; reproduced with the spline's
/// `density = 2.625` and pixels as points.
private let items = try! CarouselLayout(itemWidth: 300, viewportWidth: 1080, itemCount: 40, alignment: .center)

@Suite("Compose LazyRow snap")
struct ComposeLazyRowSnapTests {
    let dense = ComposeLazyRowSnap(spline: AndroidSplineDeceleration(density: 2.625))

    @Test("policies.md §2.2 example and neighbours", arguments: [
        // (start offset past item 5, v px/s, item)
        (50.0, 3000.0, 7),   // decay 643 px → 693 px past item 5 → 2.31 items → 7
        (50, -3000, 3),      // −593 px → −1.98 → 3
        (50, 0, 5),
        (160, 0, 6),
    ] as [(Double, Double, Int)])
    func examples(past: Double, speed: Double, item: Int) {
        let d = dense.decide(Release(offset: items.snapOffset(ofSlot: 5) + past, velocity: speed / 1000), in: items)
        #expect(d.targetIndex == item)
        #expect(d.rule == "nearest-to-decay-end")
    }

    @Test("ends clamp the decay")
    func ends() {
        // The decay ends past the content; the end offset 10 920 is nearest slot 38 (p = 37.7),
        // whose snap offset is clamped to the end as well.
        let d = ComposeLazyRowSnap().decide(Release(offset: items.snapOffset(ofSlot: 37), velocity: 8), in: items)
        #expect(d.targetOffset == items.maxOffset)
        #expect(d.targetIndex == 38)
        let back = ComposeLazyRowSnap().decide(Release(offset: 500, velocity: -8), in: items)
        #expect(back.targetOffset == 0)
    }

    @Test("invariants: deterministic, rest, loop shift, mirror, bounded, total")
    func invariants() {
        PlatformPolicyInvariants.checkAll(ComposeLazyRowSnap())
        PlatformPolicyInvariants.checkAll(dense, seed: 13)
    }
}
