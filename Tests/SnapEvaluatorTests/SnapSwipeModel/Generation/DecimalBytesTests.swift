import Foundation
import Testing
@testable import SnapGSL
@testable import SnapSwipeModel

@Suite struct DecimalBytesTests {
    func fixed(_ x: Double, _ d: Int) -> String {
        var b: [UInt8] = []
        DecimalBytes.appendFixed(x, decimals: d, to: &b)
        return String(decoding: b, as: UTF8.self)
    }

    @Test func formatsFixedPoint() {
        #expect(fixed(0, 3) == "0.000")
        #expect(fixed(12.3456, 3) == "12.346")
        #expect(fixed(-12.3456, 2) == "-12.35")
        #expect(fixed(-0.0001, 3) == "0.000")
        #expect(fixed(0.5, 0) == "1")
        #expect(fixed(7, 0) == "7")
        #expect(fixed(1234567.0625, 4) == "1234567.0625")
        #expect(fixed(.nan, 3) == "nan")
        #expect(fixed(-.infinity, 3) == "-inf")
        #expect(fixed(1e300, 3) == "1e+300")
    }

    @Test func formatsIntegers() {
        var b: [UInt8] = []
        DecimalBytes.appendInteger(-120, to: &b)
        b.append(44)
        DecimalBytes.appendInteger(Int.min, to: &b)
        b.append(44)
        DecimalBytes.appendUnsigned(7, minimumDigits: 3, to: &b)
        #expect(String(decoding: b, as: UTF8.self) == "-120,\(Int.min),007")
    }

    /// Agrees with `%.*f` away from exact binary ties (random values rounded to a grid finer than the decimals).
    @Test func agreesWithPrintf() throws {
        let rng = try GSLRandom(seed: 21)
        for _ in 0..<20_000 {
            let x = rng.uniform(-1e5, 1e5)
            for d in [0, 2, 3] {
                let expected = String(format: "%.\(d)f", x)
                let scaled = abs(x) * pow(10, Double(d))
                guard abs(scaled - scaled.rounded(.down) - 0.5) > 1e-6 else { continue }
                #expect(fixed(x, d) == (expected.hasPrefix("-") && Double(expected) == 0 ? String(expected.dropFirst()) : expected))
            }
        }
    }
}
