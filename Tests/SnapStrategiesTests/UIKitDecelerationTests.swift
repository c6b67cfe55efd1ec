import Testing
@testable import SnapStrategies

@Suite("UIKit deceleration")
struct UIKitDecelerationTests {
    @Test("coast distance is v·r/(1−r): 499 ms·v at normal, 99 ms·v at fast", arguments: [
        (UIKitDeceleration.normal, 1.0, 499.0), (UIKitDeceleration.fast, 1.0, 99.0),
        (UIKitDeceleration.normal, -0.4, -199.6), (UIKitDeceleration.fast, 3.0, 297.0),
        (UIKitDeceleration(rate: 1.5), 2.0, 0.0),
    ])
    func distance(model: UIKitDeceleration, velocity: Double, expected: Double) {
        #expect(abs(model.coastDistance(velocity: velocity) - expected) < 1e-9)
    }

    @Test("the resting offset is clamped to the content like UIKit's proposed target")
    func clamped() throws {
        let layout = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
        #expect(UIKitDeceleration.normal.restingOffset(of: Release(offset: 6000, velocity: 5), in: layout) == 6435)
        #expect(UIKitDeceleration.normal.restingOffset(of: Release(offset: 100, velocity: -5), in: layout) == 0)
        let loop = try CarouselLayout(itemWidth: 160, viewportWidth: 375, itemCount: 4, isLooping: true)
        #expect(abs(UIKitDeceleration.fast.restingOffset(of: Release(offset: 100, velocity: -5), in: loop) + 395) < 1e-9)
    }
}
