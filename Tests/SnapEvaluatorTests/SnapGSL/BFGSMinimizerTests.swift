import Testing
@testable import SnapGSL

@Suite("GSL BFGS (vector_bfgs2)")
struct BFGSMinimizerTests {
    @Test("minimizes the Rosenbrock function with its analytic gradient")
    func rosenbrock() throws {
        let report = try BFGSMinimizer(gradientTolerance: 1e-8).minimize(start: [-1.2, 1]) { x, g in
            let a = 1 - x[0], b = x[1] - x[0] * x[0]
            g[0] = -2 * a - 400 * x[0] * b
            g[1] = 200 * b
            return a * a + 100 * b * b
        }
        #expect(report.converged)
        #expect(abs(report.point[0] - 1) < 1e-5 && abs(report.point[1] - 1) < 1e-5, "\(report.point)")
        #expect(report.size < 1e-6)
    }

    @Test("a non-finite gradient is a typed error")
    func nonFinite() {
        #expect(throws: FitError.self) {
            try BFGSMinimizer().minimize(start: [1]) { x, g in
                g[0] = .nan
                return x[0] * x[0]
            }
        }
    }

    @Test("hitting the iteration limit is reported, not thrown")
    func limit() throws {
        let report = try BFGSMinimizer(maxIterations: 1, gradientTolerance: 1e-14).minimize(start: [-1.2, 1]) { x, g in
            let a = 1 - x[0], b = x[1] - x[0] * x[0]
            g[0] = -2 * a - 400 * x[0] * b
            g[1] = 200 * b
            return a * a + 100 * b * b
        }
        #expect(!report.converged)
        #expect(report.iterations == 1)
    }
}
