import SnapLabTestSupport
import Testing
@testable import SnapStrategies

/// The platform spline's whole-pixel fling distances, read from the table, against the formula
/// (`roundedHalfAway(standard.coastDistance(velocity: k / 1000))`), bit for bit.
@Suite("Android spline whole-pixel distance table")
struct AndroidSplineDecelerationWholePixelsTests {
    private func formula(_ k: Double) -> Double {
        SnapMath.roundedHalfAway(AndroidSplineDeceleration.standard.coastDistance(velocity: k / 1000))
    }

    @Test("every entry is the formula's distance at its whole speed, 0 to 8000 px/s")
    func everyEntry() {
        let table = AndroidSplineDeceleration.standardWholePixelDistances
        #expect(table.count == 8001)   // empty would mean an entry did not fit: every distance computed
        for k in 0..<table.count {
            #expect(Double(table[k]).bitPattern == formula(Double(k)).bitPattern, "k = \(k)")
        }
        // The largest distance, at 8000 px/s (the table's bound in its documentation).
        #expect(table.last == 7186)
    }

    @Test("the lookup is the formula for every whole speed within ±9000 px/s, and beyond the table")
    func lookup() {
        for k in -9000...9000 {
            let x = Double(k)
            #expect(AndroidSplineDeceleration.standardWholePixelDistance(pixelsPerSecond: x).bitPattern
                        == formula(x).bitPattern, "k = \(k)")
        }
        var rng = SplitMix64(seed: 0x3636_0001)
        var others: [Double] = [-0.0, 0.5, -0.5, 7999.5, 8000.000000000001, -8000.000000000001, 1e15, -1e300,
                                .nan, .infinity, -.infinity, 4_503_599_627_370_496, -4_503_599_627_370_497]
        for _ in 0..<2000 { others.append(rng.double(in: -8100...8100)) }
        for x in others {
            #expect(AndroidSplineDeceleration.standardWholePixelDistance(pixelsPerSecond: x).bitPattern
                        == formula(x).bitPattern, "x = \(x)")
        }
    }
}
