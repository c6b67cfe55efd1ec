import SnapStrategies
import Testing

@Suite struct ICarouselDecelerationTests {
    /// policies.md §6: D = v / (60 · (1 − rate)) items with v in items/s; in points, v pt/ms × 1000 / (60 · (1 − rate)).
    @Test(arguments: [(1.5, 0.95, 500.0), (-1.5, 0.95, -500.0), (0.75, 0.5, 25.0), (0.0, 0.95, 0.0)])
    func coastDistance(velocity: Double, rate: Double, expected: Double) {
        #expect(abs(ICarouselDeceleration(rate: rate).coastDistance(velocity: velocity) - expected) < 1e-9)
    }

    @Test func rateZeroPointNineFiveCoastsAThirdOfTheItemVelocity() {
        // 5 items/s of 300 pt = 1.5 pt/ms → 1.667 items.
        #expect(abs(ICarouselDeceleration.standard.coastDistance(velocity: 1.5) / 300 - 5.0 / 3.0) < 1e-12)
    }

    @Test func coastDurationIs667Milliseconds() {
        #expect(abs(ICarouselDeceleration.standard.coastDuration - 2000.0 / 3.0) < 1e-9)
    }

    @Test func degenerateRatesCoastNowhere() {
        #expect(ICarouselDeceleration(rate: 1).coastDistance(velocity: 2) == 0)
        #expect(ICarouselDeceleration(rate: 0.9, multiplier: 0).coastDistance(velocity: 2) == 0)
        #expect(ICarouselDeceleration.standard.coastDistance(velocity: .nan) == 0)
        #expect(ICarouselDeceleration(rate: 1).coastDuration == 0)
    }
}
