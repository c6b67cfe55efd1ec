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

    /// `roundedHalfAway` gives the library's `rounded()` bit for bit (NaN for NaN): at the edges
    /// (signed zeros, halves and the doubles next to them, whole numbers and theirs, 2^51 to
    /// 2^53, the extremes, ±∞, NaN) and on two million seeded values: random bit patterns of
    /// every exponent, values in ±2^53, halves `k + ½` and whole numbers `k` (`|k|` up to a
    /// random power of two ≤ 2^53), each nudged by 0–2 ulps either way.
    @Test func roundedHalfAwayEqualsTheLibraryBitForBit() {
        var values: [Double] = [0, -0.0, .infinity, -.infinity, .nan, -.nan, .signalingNaN, .greatestFiniteMagnitude,
                                -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                .leastNormalMagnitude, -.leastNormalMagnitude, 0.49999999999999994, -0.49999999999999994]
        for e in [0.0, 1, 51, 52, 53] {
            let p = Double(sign: .plus, exponent: Int(e), significand: 1)
            for v in [p, p + 0.5, p - 0.5, p + 1, p - 1] { values += [v, v.nextUp, v.nextDown, -v, -v.nextUp, -v.nextDown] }
        }
        for k in -4...4 {
            for v in [Double(k), Double(k) + 0.5] { values += [v, v.nextUp, v.nextDown] }
        }
        var rng = SplitMix64(seed: 36)
        for i in 0..<2_000_000 {
            switch i % 4 {
            case 0: values.append(Double(bitPattern: rng.next()))
            case 1: values.append(rng.double(in: -9_007_199_254_740_992...9_007_199_254_740_992))
            default:
                let reach = 1 << rng.int(in: 0...53)
                var v = Double(rng.int(in: -reach...reach)) + (i % 4 == 2 ? 0.5 : 0)   // exact below 2^52
                for _ in 0..<rng.int(in: 0...2) { v = rng.chance(0.5) ? v.nextUp : v.nextDown }
                values.append(v)
            }
        }
        func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }
        var failures = 0
        for x in values {
            if !same(SnapMath.roundedHalfAway(x), x.rounded(.toNearestOrAwayFromZero)) {
                failures += 1
                if failures <= 10 { Issue.record("\(x) (\(String(x.bitPattern, radix: 16)))") }
            }
        }
        #expect(failures == 0)
        #expect(values.count > 2_000_000)
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
