import Testing
@testable import SnapGSL
@testable import SnapScoring

@Suite("McNemar, Holm, percentiles")
struct StatisticsTests {
    @Test("exact McNemar p-values against hand-computed binomial tails", arguments: [
        (1, 9, 22.0 / 1024.0),  // 2·P(X ≤ 1), X ~ Bin(10, 1/2) = 2·11/1024
        (9, 1, 22.0 / 1024.0),
        (0, 6, 2.0 / 64.0),
        (5, 5, 1.0),            // 2·638/1024 > 1 → 1
        (0, 0, 1.0),
        (3, 12, 2.0 * 576.0 / 32768.0), // P(X ≤ 3), n = 15: (1 + 15 + 105 + 455)/2^15
    ] as [(Int, Int, Double)])
    func mcnemar(b: Int, c: Int, expected: Double) throws {
        #expect(abs(try McNemarTest.exactPValue(b: b, c: c) - expected) < 1e-12)
    }

    @Test("binomial tail input is validated instead of returning NaN")
    func binomialValidation() {
        #expect(throws: GSLError.self) { try BinomialTail.lowerCumulative(1, trials: -1, probability: 0.5) }
        #expect(throws: GSLError.self) { try BinomialTail.lowerCumulative(1, trials: 3, probability: 1.5) }
        #expect(try! BinomialTail.lowerCumulative(-1, trials: 3, probability: 0.5) == 0)
        #expect(try! BinomialTail.lowerCumulative(3, trials: 3, probability: 0.5) == 1)
    }

    @Test("Holm adjustment, step-down and monotone, NaN left out")
    func holm() {
        let adjusted = HolmAdjustment.adjust([0.01, 0.04, 0.03, .nan])
        #expect(abs(adjusted[0] - 0.03) < 1e-15)
        #expect(abs(adjusted[1] - 0.06) < 1e-15)
        #expect(abs(adjusted[2] - 0.06) < 1e-15)
        #expect(adjusted[3].isNaN)
        #expect(HolmAdjustment.adjust([0.9, 0.8]) == [1, 1])
    }
}
