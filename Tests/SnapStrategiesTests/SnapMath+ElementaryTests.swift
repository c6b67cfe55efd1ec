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
