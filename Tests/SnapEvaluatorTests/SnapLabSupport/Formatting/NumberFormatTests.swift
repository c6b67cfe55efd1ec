import Foundation
import Testing
import SnapLabTestSupport
@testable import SnapLabSupport

@Suite("Number formatting")
struct NumberFormatTests {
    @Test("fixed decimals, no negative zero, non-finite words", arguments: [
        (0.12345, 3, "0.123"), (2.5, 0, "2"), (-0.0001, 2, "0.00"), (-1.25, 1, "-1.2"),
        (Double.nan, 3, "nan"), (Double.infinity, 3, "inf"), (-Double.infinity, 1, "-inf"),
        (123_456_789_012_345.6, 1, "123456789012345.6"),
    ] as [(Double, Int, String)])
    func fixed(x: Double, digits: Int, expected: String) {
        #expect(NumberFormat.fixed(x, digits) == expected)
    }

    @Test("magnitudes from 10^15 get an exponent, not hundreds of digits", arguments: [
        (1e15, "1e+15"), (1.5e20, "1.5e+20"), (-2.5e300, "-2.5e+300"), (1.234567891e100, "1.23457e+100"),
    ] as [(Double, String)])
    func huge(x: Double, expected: String) {
        #expect(NumberFormat.fixed(x, 3) == expected)
        #expect(NumberFormat.compact(x) == expected)   // the exponent's zeros are not trailing decimals
    }

    @Test("compact drops trailing zeros and the point")
    func compact() {
        #expect(NumberFormat.compact(1.5) == "1.5")
        #expect(NumberFormat.compact(2.0) == "2")
        #expect(NumberFormat.compact(-0.0000001) == "0")
        #expect(NumberFormat.compact(.nan) == "")
    }

    @Test("compact's integer path gives printf's text, and leaves near-halves to printf")
    func compactMatchesPrintf() {
        func printf(_ x: Double, _ d: Int) -> String {
            var s = NumberFormat.printfFixed(x, d)
            if s.contains("."), !s.contains("e") {
                while s.last == "0" { s.removeLast() }
                if s.last == "." { s.removeLast() }
            }
            return s == "-0" ? "0" : s
        }
        var rng = SystemRandomNumberGenerator()
        for k in 0..<20_000 {
            let d = k % 7
            let x: Double = switch k % 4 {
            case 0: Double.random(in: -1000...1000, using: &rng)
            case 1: Double(Int.random(in: -100_000...100_000, using: &rng)) / 8   // exact halves and quarters
            case 2: Double.random(in: -1e6...1e6, using: &rng) / 1.75
            default: Double(Int.random(in: -10_000...10_000, using: &rng)) * 0.001
            }
            #expect(NumberFormat.compact(x, d) == printf(x, d), "\(x) \(d)")
        }
        #expect(NumberFormat.roundedDecimal(0.125, 2) == nil)   // a tie: printf decides
        #expect(NumberFormat.roundedDecimal(1089, 3) == "1089")
        #expect(NumberFormat.roundedDecimal(-34.2857142, 3) == "-34.286")
        #expect(NumberFormat.roundedDecimal(-0.0001, 3) == "0")
    }

    @Test("fixed's integer path gives String(format:)'s text on a dense grid and seeded random values")
    func fixedMatchesPrintf() {
        func check(_ x: Double, _ d: Int) {
            let printf = String(format: "%.\(d)f", x)
            let expected = printf == "-" + String(format: "%.\(d)f", 0.0) ? String(printf.dropFirst()) : printf
            #expect(NumberFormat.fixed(x, d) == expected, "\(x) \(d)")
        }
        // every multiple of 1/8000 in [-3, 3] (exact halves, quarters and eighths at every digit
        // count), and its neighbours one ulp away
        for k in -24_000...24_000 {
            let x = Double(k) / 8000
            for d in 0...4 { check(x, d); check(x.nextUp, d); check(x.nextDown, d) }
        }
        // rates, percentages and point sizes as the reports print them, seeded
        var rng = SplitMix64(seed: 36)
        for k in 0..<60_000 {
            let d = k % 10
            let x: Double = switch k % 5 {
            case 0: rng.double(in: 0...1)
            case 1: Double(rng.int(in: 0...1000)) / Double(rng.int(in: 1...1000))
            case 2: rng.double(in: -1e6...1e6) / 1.75
            case 3: Double(rng.int(in: -100_000...100_000)) * 0.0005   // decimal halves, not exact
            default: rng.double(in: -1e14...1e14)
            }
            check(x, d)
        }
        #expect(NumberFormat.roundedDecimal(0.0005, 3, keepingZeros: true) == nil)   // a near-half: printf decides
        #expect(NumberFormat.roundedDecimal(-0.0001, 3, keepingZeros: true) == "0.000")
        #expect(NumberFormat.roundedDecimal(2, 2, keepingZeros: true) == "2.00")
        #expect(NumberFormat.roundedDecimal(-1.05078125, 2, keepingZeros: true) == "-1.05")
    }
}
