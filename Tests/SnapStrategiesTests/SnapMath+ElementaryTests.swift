#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SnapStrategies

@Suite("SnapMath elementary functions")
struct SnapMathElementaryTests {
    @Test("exp, log and pow match known values to 1e-15", arguments: [
        (1.0, 2.718281828459045), (-1.0, 0.36787944117144233), (0.5, 1.6487212707001282),
        (10.0, 22026.465794806718), (-20.0, 2.061153622438558e-09), (700.0, 1.0142320547350045e+304),
    ] as [(Double, Double)])
    func exponential(x: Double, expected: Double) {
        #expect(PlatformPolicyInvariants.close(SnapMath.exp(x), expected, relative: 1e-15))
        #expect(PlatformPolicyInvariants.close(SnapMath.log(expected), x, absolute: 1e-15, relative: 1e-15))
    }

    @Test("log of assorted values", arguments: [
        (10.0, 2.302585092994046), (0.78, -0.2484613592984996), (0.9, -0.10536051565782628),
        (0.135, -2.0024805005437076), (1e-300, -690.7755278982137), (Double.leastNonzeroMagnitude, -744.4400719213812),
        (1.0, 0.0), (2.0, 0.6931471805599453),
    ] as [(Double, Double)])
    func logarithm(x: Double, expected: Double) {
        #expect(PlatformPolicyInvariants.close(SnapMath.log(x), expected, absolute: 1e-16, relative: 2e-16))
    }

    @Test("pow and the spline exponent")
    func power() {
        #expect(PlatformPolicyInvariants.close(SnapMath.pow(2, 10), 1024, relative: 1e-14))
        #expect(PlatformPolicyInvariants.close(SnapMath.pow(0.44967, 0.7362676), 0.555184119880043, relative: 1e-13))
        #expect(PlatformPolicyInvariants.close(SnapMath.log(0.78) / SnapMath.log(0.9),
                                               AndroidSplineDeceleration.platformDecelerationRate, relative: 1e-15))
    }

    @Test("exp and log agree with the C library to 1e-15 on 200,000 seeded arguments across their ranges")
    func againstCLibrary() {
        var state: UInt64 = 20_261_122
        func uniform() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var worstExp = 0.0, worstLog = 0.0
        for i in 0..<100_000 {
            // exp: small arguments (the spline and friction models) and the whole finite range
            let x = i % 2 == 0 ? (uniform() - 0.5) * 40 : (uniform() * 1_416 - 708)   // normal results (below −708 they are subnormal, with fewer significant bits)
            let e = Glibc.exp(x)
            worstExp = max(worstExp, abs(SnapMath.exp(x) - e) / e)
            // log: arguments from 1e-300 to 1e300, and near 1 where ln x is small
            let y = i % 2 == 0 ? Glibc.exp((uniform() - 0.5) * 1_380) : 0.5 + uniform()
            let l = Glibc.log(y)
            worstLog = max(worstLog, abs(SnapMath.log(y) - l) / max(abs(l), 1e-300))
        }
        #expect(worstExp < 1e-15, "worst relative error of exp: \(worstExp)")
        #expect(worstLog < 1e-15, "worst relative error of log: \(worstLog)")
    }

    @Test("special values")
    func specials() {
        #expect(SnapMath.exp(.nan).isNaN)
        #expect(SnapMath.exp(.infinity) == .infinity)
        #expect(SnapMath.exp(-.infinity) == 0)
        #expect(SnapMath.exp(0) == 1)
        #expect(SnapMath.exp(-745.0) > 0)
        #expect(SnapMath.log(0) == -.infinity)
        #expect(SnapMath.log(-1).isNaN)
        #expect(SnapMath.log(.nan).isNaN)
        #expect(SnapMath.log(.infinity) == .infinity)
        #expect(SnapMath.pow(0, 2) == 0)
        #expect(SnapMath.pow(-2, 0.5).isNaN)
        #expect(SnapMath.pow(5, 0) == 1)
    }
}

/// ``SnapMath/exp(_:)`` and ``SnapMath/log(_:)`` as they were before they read exponent and
/// significand from the bits (the generic `Double` API instead): the reference the faster
/// versions must equal bit for bit.
enum GenericAPIElementary {
    static func exp(_ x: Double) -> Double {
        guard x == x else { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.2 { return 0 }
        let k = SnapMath.roundedHalfAway(x / SnapMath.ln2)
        let r = (x - k * SnapMath.ln2High) - k * SnapMath.ln2Low
        let r2 = r * r, r4 = r2 * r2, r8 = r4 * r4
        let a0 = 1 + r
        let a1 = 0.5 + 0.16666666666666666 * r
        let a2 = 0.041666666666666664 + 0.008333333333333333 * r
        let a3 = 0.001388888888888889 + 0.0001984126984126984 * r
        let a4 = 2.48015873015873e-05 + 2.7557319223985893e-06 * r
        let a5 = 2.755731922398589e-07 + 2.505210838544172e-08 * r
        let a6 = 2.08767569878681e-09 + 1.6059043836821613e-10 * r
        let sum = ((a0 + a1 * r2) + (a2 + a3 * r2) * r4) + ((a4 + a5 * r2) + a6 * r4) * r8
        return Double(sign: .plus, exponent: Int(k), significand: sum)
    }

    static func log(_ x: Double) -> Double {
        guard x == x, x >= 0 else { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return .infinity }
        var e = Int(x.exponent)
        var m = x.significand
        if m > 1.4142135623730951 {
            m /= 2
            e += 1
        }
        let s = (m - 1) / (m + 1)
        let t = s * s, t2 = t * t, t4 = t2 * t2, t8 = t4 * t4
        let a0 = 1 + 0.3333333333333333 * t
        let a1 = 0.2 + 0.14285714285714285 * t
        let a2 = 0.1111111111111111 + 0.09090909090909091 * t
        let a3 = 0.07692307692307693 + 0.06666666666666667 * t
        let a4 = 0.058823529411764705 + 0.05263157894736842 * t
        let a5 = 0.047619047619047616 + 0.043478260869565216 * t
        let sum = s * (((a0 + a1 * t2) + (a2 + a3 * t2) * t4) + (a4 + a5 * t2) * t8)
        let de = Double(e)
        return de * SnapMath.ln2High + (2 * sum + de * SnapMath.ln2Low)
    }
}

@Suite("SnapMath elementary functions from the bits")
struct SnapMathElementaryBitsTests {
    @Test("exp and log equal the generic-API versions bit for bit on 400,000 seeded arguments (every exponent, subnormals, range ends, specials)")
    func sameBits() {
        var state: UInt64 = 2_026_112_417
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
        func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }
        var specials: [Double] = [0, -0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .leastNormalMagnitude,
                                  .greatestFiniteMagnitude, 1, -1, 709.782712893384, 709.79, -745.2, -745.1, -708.4, -708.39]
        specials += (-1100...1100).map { Double($0) * 0.6931471805599453 }   // every scaling exponent k
        // x / ln 2 at and beside halves (where k rounds half away from zero), and k = ±0 from below.
        specials += (-1100...1100).flatMap { k -> [Double] in
            let x = (Double(k) + 0.5) * 0.6931471805599453
            return [x, x.nextUp, x.nextDown, -x]
        }
        specials += [-1e-300, -.leastNonzeroMagnitude, -0.3, -0.34657359027997264, -0.3465735902799727, 0.34657359027997264]
        for x in specials {
            #expect(same(SnapMath.exp(x), GenericAPIElementary.exp(x)), "exp(\(x))")
            #expect(same(SnapMath.log(x), GenericAPIElementary.log(x)), "log(\(x))")
        }
        var differing: [Double] = []
        for i in 0..<200_000 {
            let bits = Double(bitPattern: next() >> 1)                    // any positive double, subnormals included
            let small = (Double(next() >> 11) / Double(1 << 53) - 0.5) * (i % 2 == 0 ? 40 : 1_500)
            for x in [bits, small] where !same(SnapMath.exp(x), GenericAPIElementary.exp(x))
                || !same(SnapMath.log(x), GenericAPIElementary.log(x)) {
                differing.append(x)
            }
        }
        #expect(differing.isEmpty, "first arguments that differ: \(differing.prefix(5))")
    }
}
