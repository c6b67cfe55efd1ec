import SnapStrategies
import Testing

@Suite struct ChromiumFlingCurveTests {
    /// policies.md §5.3: total distance of the Aura curve for 500, 1000, 3000, 8000 px/s.
    @Test(arguments: [(500.0, 71.8), (1000.0, 181.1), (3000.0, 675.3), (8000.0, 1982.7)])
    func distances(speed: Double, expected: Double) {
        #expect(abs(ChromiumFlingCurve.aura.coastDistance(velocity: speed / 1000) - expected) < 0.1)
        #expect(abs(ChromiumFlingCurve.aura.coastDistance(velocity: -speed / 1000) + expected) < 0.1)
    }

    @Test func constants() {
        #expect(abs(ChromiumFlingCurve.aura.maximumVelocity - 20_946) < 1)
        // Every fling ends 1.300 s into the curve; the fastest runs the whole curve.
        #expect(abs(ChromiumFlingCurve.aura.duration(speed: 30_000) - 1.300) < 0.001)
    }

    @Test func speedsAboveTheMaximumStartAtTheTop() {
        let top = ChromiumFlingCurve.aura.coastDistance(velocity: ChromiumFlingCurve.aura.maximumVelocity / 1000)
        #expect(ChromiumFlingCurve.aura.coastDistance(velocity: 50) == top)
        #expect(ChromiumFlingCurve.aura.coastDistance(velocity: .infinity) == top)
        #expect(ChromiumFlingCurve.aura.coastDistance(velocity: .nan) == 0)
        #expect(ChromiumFlingCurve.aura.coastDistance(velocity: 0) == 0)
    }
}
