import SnapStrategies
import Testing

@Suite struct EmblaProjectionTests {
    /// policies.md §7.2: rawForce = v × 400 ms (touch), 0 unless |v| > 0.1 px/ms.
    @Test(arguments: [(0.3, 120.0), (0.5, 200.0), (-3.0, -1200.0), (0.1, 0.0), (-0.05, 0.0), (5.0, 2000.0)])
    func touch(velocity: Double, expected: Double) {
        #expect(abs(EmblaProjection.touch.coastDistance(velocity: velocity) - expected) < 1e-9)
    }

    @Test func boosts() {
        #expect(EmblaProjection.mouse.coastDistance(velocity: 1) == 300)
        #expect(EmblaProjection.touchDragFree.coastDistance(velocity: 1) == 600)
        #expect(EmblaProjection.mouseDragFree.coastDistance(velocity: 1) == 500)
        #expect(EmblaProjection.touch.coastDistance(velocity: .nan) == 0)
    }
}
