import Testing
@testable import SnapStrategies

@Suite("Index arithmetic never traps")
struct SnapMathTests {
    @Test("truncation, floor, ceiling and rounding match C on ordinary values", arguments: [
        (2.5, 2, 2, 3, 3), (-2.5, -2, -3, -2, -3), (-0.2, 0, -1, 0, 0), (7.0, 7, 7, 7, 7),
    ] as [(Double, Int, Int, Int, Int)])
    func ordinary(x: Double, trunc: Int, floor: Int, ceil: Int, round: Int) {
        #expect(SnapMath.truncatedIndex(x) == trunc)
        #expect(SnapMath.flooredIndex(x) == floor)
        #expect(SnapMath.ceiledIndex(x) == ceil)
        #expect(SnapMath.roundedIndex(x) == round)
    }

    @Test("NaN, infinities and huge values saturate", arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300])
    func specials(x: Double) {
        let i = SnapMath.truncatedIndex(x)
        #expect(abs(Double(i)) <= SnapMath.indexLimit)
        _ = SnapMath.roundedIndex(x)
        _ = SnapMath.flooredIndex(x)
        _ = SnapMath.ceiledIndex(x)
    }

    @Test("wrap is always in 0..<n")
    func wrap() {
        #expect(SnapMath.wrap(-1, modulo: 40) == 39)
        #expect(SnapMath.wrap(81, modulo: 40) == 1)
        #expect(SnapMath.wrap(5, modulo: 0) == 0)
        #expect(SnapMath.clamp(Double.nan, 0, 10) == 0)
    }
}
