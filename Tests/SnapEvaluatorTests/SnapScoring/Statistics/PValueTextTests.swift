import Foundation
import Testing
@testable import SnapScoring

@Suite("P-value text")
struct PValueTextTests {
    @Test("an underflowed p-value keeps its exponent; table text never reads 0")
    func text() {
        let l = -1504.849
        #expect(PValueText.full(0, log10p: l) == "1.41579e-1505")
        #expect(PValueText.short(0, log10p: l) == "1.4e-1505")
        #expect(PValueText.full(3.2e-9, log10p: log10(3.2e-9)) == "3.2e-09")
        #expect(PValueText.short(3.2e-9, log10p: log10(3.2e-9)) == "3.2e-9")
        #expect(PValueText.short(0.04321, log10p: log10(0.04321)) == "0.0432")
    }

    @Test("Holm in log space equals Holm on the values")
    func holm() {
        let raw = [0.01, 0.04, 0.03, 0.005]
        let adjusted = HolmAdjustment.adjust(raw)
        let logs = PValueText.holm(raw.map { log10($0) })
        for (a, l) in zip(adjusted, logs) { #expect(abs(log10(a) - l!) < 1e-12) }
        #expect(PValueText.holm([nil, -3]) == [nil, -3])
    }
}

@Suite("P-value text: clustered McNemar")
struct PValueTextChiSquareTests {
    @Test("log10 P(χ²₁ ≥ x) equals log10 of the clustered McNemar p-value where a Double holds it, and continues past underflow",
          arguments: [0.5, 3.84, 30, 400, 1300])
    func matches(x: Double) {
        let p = erfc((x / 2).squareRoot())
        #expect(abs(PValueText.log10ChiSquare1(x) - log10(p)) < 1e-9 * max(1, abs(log10(p))))
    }

    @Test("beyond underflow: monotone, about −x/(2 ln 10), and printed with its exponent")
    func underflow() {
        let a = PValueText.log10ChiSquare1(2000), b = PValueText.log10ChiSquare1(4000)
        #expect(erfc((2000.0 / 2).squareRoot()) == 0)
        #expect(a > b && abs(a + 2000 / (2 * log(10.0)) + log10((1000.0).squareRoot() * Double.pi.squareRoot())) < 1e-3)
        #expect(PValueText.full(0, log10p: a).hasSuffix("e-437"))
        #expect(PValueText.chiSquare(differences: [1, 1, 1, -1]) == 1)
        #expect(ClusteredMcNemarTest.pValue(differences: [3, 1, 2, 0, 1]) == erfc((PValueText.chiSquare(differences: [3, 1, 2, 0, 1]) / 2).squareRoot()))
    }
}
