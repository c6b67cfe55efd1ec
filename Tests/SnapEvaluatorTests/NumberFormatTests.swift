import Testing
@testable import SnapEvaluator

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
}
