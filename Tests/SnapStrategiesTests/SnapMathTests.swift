import Testing
@testable import SnapStrategies
import SnapLabTestSupport

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

    /// The index roundings and `roundedHalfAway` agree bit for bit with the library roundings they
    /// replace (`Int(x.rounded(rule))` clamped to ±2^52), at the awkward values and at random ones.
    @Test func roundingsEqualTheLibraryRoundings() {
        let limit = SnapMath.indexLimit
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                limit - 0.5, -(limit - 0.5), limit, -limit, limit + 2, -(limit + 2), 1e300, -1e300,
                                .infinity, -.infinity, .nan, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                3.0.nextUp, 3.0.nextDown, (-3.0).nextUp, (-3.0).nextDown]
        var rng = SplitMix64(seed: 4)
        for _ in 0..<20_000 { values.append(rng.double(in: -1000...1000)) }
        for _ in 0..<2_000 { values.append(Double(rng.int(in: -100...100)) / 2) }
        func reference(_ x: Double, _ rule: FloatingPointRoundingRule) -> Int {
            x.isNaN ? 0 : Int(Swift.min(Swift.max(x.rounded(rule), -limit), limit))
        }
        for x in values {
            #expect(SnapMath.truncatedIndex(x) == reference(x, .towardZero), "\(x)")
            #expect(SnapMath.flooredIndex(x) == reference(x, .down), "\(x)")
            #expect(SnapMath.ceiledIndex(x) == reference(x, .up), "\(x)")
            #expect(SnapMath.roundedIndex(x) == reference(x, .toNearestOrAwayFromZero), "\(x)")
            let r = SnapMath.roundedHalfAway(x)
            #expect(r.bitPattern == x.rounded().bitPattern || (r.isNaN && x.isNaN), "\(x)")
        }
    }

    @Test("snappedToWhole snaps within 1e-9 (relative) and keeps the sign, exactly as rounding half away would")
    func snapping() {
        let big = 268_435_456.0   // 2^28, where the fast path ends
        var values: [Double] = [0, -0.0, -0.3, 0.3, 0.5, -0.5, 2.5, -2.5, 3 - 1e-16, 3 + 4e-16, -3 + 4e-16,
                                7 + 5e-10, 7 + 2e-9, -7 - 5e-10, 1e6 + 1e-4, 1e6 + 1e-2, big - 0.5, big, big + 1,
                                -(big - 0.5), 2_251_799_813_685_247.5, 1e300, -1e300, .infinity, -.infinity, .nan, .leastNonzeroMagnitude]
        var rng = SplitMix64(seed: 51)
        for _ in 0..<20_000 {
            let whole = Double(rng.int(in: -100_000...100_000))
            values.append(whole + rng.double(in: -3e-9...3e-9) * Swift.max(1, abs(whole)))
            values.append(rng.double(in: -1e12...1e12))
        }
        func reference(_ x: Double) -> Double {
            let r = x.rounded(.toNearestOrAwayFromZero)
            return abs(x - r) <= 1e-9 * Swift.max(1, abs(x)) ? r : x
        }
        for x in values {
            let s = SnapMath.snappedToWhole(x)
            #expect(s.bitPattern == reference(x).bitPattern || (s.isNaN && x.isNaN), "\(x)")
        }
        #expect(SnapMath.snappedToWhole(3 - 1e-16) == 3 && SnapMath.snappedToWhole(-0.3) == -0.3)
        #expect(SnapMath.snappedToWhole(-1e-12).sign == .minus)
    }
}
