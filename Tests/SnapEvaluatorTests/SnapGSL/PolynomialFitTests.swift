import Testing
@testable import SnapGSL

@Suite("GSL polynomial least squares")
struct PolynomialFitTests {
    @Test("an exact quadratic is recovered through gsl_multifit_linear")
    func exactQuadratic() throws {
        let x: [Double] = [0, 8, 16, 24, 33, 41]
        let y = x.map { 3 + 2 * $0 - 0.5 * $0 * $0 }
        let c = try PolynomialFit.coefficients(x: x, y: y, degree: 2)
        #expect(abs(c[0] - 3) < 1e-9 && abs(c[1] - 2) < 1e-9 && abs(c[2] + 0.5) < 1e-9)
    }

    @Test("a noisy line gives the least-squares slope")
    func line() throws {
        // y = x ± 1 alternately: slope 1 would leave residuals ±1; least squares slope is known.
        let c = try PolynomialFit.coefficients(x: [0, 1, 2, 3], y: [1, 0, 3, 2], degree: 1)
        #expect(abs(c[1] - 0.6) < 1e-12 && abs(c[0] - 0.6) < 1e-12)
    }

    @Test("inconsistent input is a typed error naming the operation, never an abort")
    func errors() {
        #expect(throws: GSLError.self) { try PolynomialFit.coefficients(x: [1, 2], y: [1], degree: 1) }
        #expect(throws: GSLError.self) { try PolynomialFit.coefficients(x: [1, 2], y: [1, 2], degree: 2) }
        #expect(throws: GSLError.self) { try PolynomialFit.coefficients(x: [1, .nan, 3], y: [1, 2, 3], degree: 1) }
        do {
            _ = try PolynomialFit.coefficients(x: [1], y: [1, 2], degree: 0)
        } catch {
            #expect(error.operation == "gsl_multifit_linear")
            #expect(error.description.contains("gsl_multifit_linear"))
        }
    }
}
