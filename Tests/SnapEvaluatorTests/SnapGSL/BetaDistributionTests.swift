import Testing
@testable import SnapGSL

/// `I_x(a, b)` from GSL, with the wrapper's checks.
@Suite struct BetaDistributionTests {
    @Test func closedFormsHold() throws {
        for i in 0...20 {
            let x = Double(i) / 20
            #expect(abs(try BetaDistribution.cumulative(x, a: 1, b: 1) - x) < 1e-12)
            #expect(abs(try BetaDistribution.cumulative(x, a: 2, b: 1) - x * x) < 1e-12)
            // Beta(3, 3): the minimum-jerk path 10x³ − 15x⁴ + 6x⁵
            #expect(abs(try BetaDistribution.cumulative(x, a: 3, b: 3) - x * x * x * (10 - 15 * x + 6 * x * x)) < 1e-12)
        }
        #expect(try BetaDistribution.cumulative(-1, a: 2, b: 5) == 0)
        #expect(try BetaDistribution.cumulative(3, a: 2, b: 5) == 1)
    }

    @Test(arguments: [(0.0, 1.0), (1.0, -1.0), (Double.nan, 1.0), (1.0, Double.infinity)])
    func badShapesAreErrors(a: Double, b: Double) {
        #expect(throws: GSLError.self) { try BetaDistribution.cumulative(0.5, a: a, b: b) }
    }

    @Test func aNaNArgumentIsAnError() {
        #expect(throws: GSLError.self) { try BetaDistribution.cumulative(.nan, a: 2, b: 2) }
    }
}
