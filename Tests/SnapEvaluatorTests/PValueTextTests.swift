import Foundation
import Testing
@testable import SnapEvaluator

@Suite("P-value text")
struct PValueTextTests {
    @Test("log10 of the clustered McNemar p-value matches log10 of the p-value where a Double holds it",
          arguments: [[1.0, -2, 3, 0, 1], [5, 5, -1, 2], [1, 1, 1, -1, 0, 2, 3], Array(repeating: 1.0, count: 400)])
    func matchesPValue(differences: [Double]) {
        let p = ClusteredMcNemarTest.pValue(differences: differences)
        let l = ClusteredMcNemarTest.log10PValue(differences: differences)
        #expect(p > 1e-300)
        #expect(abs(l - log10(p)) < 1e-9, "\(l) vs \(log10(p))")
    }

    @Test("an underflowing p-value keeps its exponent and never prints 0")
    func underflow() {
        // 5000 users, each with one more hit for the best: X² = 5000, p = erfc(50).
        let d = Array(repeating: 1.0, count: 5000)
        let p = ClusteredMcNemarTest.pValue(differences: d)
        #expect(p == 0, "erfc(50) underflows a Double")
        let l = ClusteredMcNemarTest.log10PValue(differences: d)
        #expect(abs(l - -1087.683836514322) < 1e-6, "log10 erfc(50), from mpmath at 30 digits")
        #expect(abs(ClusteredMcNemarTest.log10PValue(differences: Array(repeating: 1.0, count: 2000))
                    - -436.04327371607295) < 1e-6, "log10 erfc(√1000), from mpmath")
        #expect(PValueText.full(p, log10p: l) == "2.07092e-1088")
        #expect(PValueText.short(p, log10p: l) == "2.1e-1088")
        #expect(PValueText.full(3.2e-9, log10p: log10(3.2e-9)) == "3.2e-09")
        #expect(PValueText.short(3.2e-9, log10p: log10(3.2e-9)) == "3.2e-9")
        #expect(PValueText.short(0.04321, log10p: log10(0.04321)) == "0.0432")
        #expect(ClusteredMcNemarTest.log10PValue(differences: [0, 0]) == 0)
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
