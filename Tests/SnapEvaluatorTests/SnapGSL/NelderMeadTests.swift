import Testing
@testable import SnapGSL
@testable import SnapFitting

@Suite("GSL Nelder–Mead (nmsimplex2)")
struct NelderMeadTests {
    @Test("minimizes the Rosenbrock function to (1, 1)")
    func rosenbrock() throws {
        let report = try NelderMead(maxIterations: 5000, sizeTolerance: 1e-9).minimize(start: [-1.2, 1], steps: [0.5, 0.5]) { x in
            let a = 1 - x[0], b = x[1] - x[0] * x[0]
            return a * a + 100 * b * b
        }
        #expect(report.converged)
        #expect(abs(report.point[0] - 1) < 1e-4 && abs(report.point[1] - 1) < 1e-4, "\(report.point)")
        #expect(report.value < 1e-8)
        #expect(report.size < 1e-9)
        #expect(report.iterations > 10 && report.evaluations >= report.iterations)
    }

    @Test("a bounded quadratic whose optimum lies outside the box ends at the bound")
    func boundedQuadraticAtBound() throws {
        // Minimize (a − 5)² + (b + 1)² with a ∈ [0, 2], b ∈ [−3, 3]: the optimum is a = 2 (bound), b = −1.
        let specs = [
            PolicyParameterFixture.spec("a", 0, 2, default: 1),
            PolicyParameterFixture.spec("b", -3, 3, default: 0),
        ]
        let t = try BoundTransform(policy: "q", specs: specs, values: [1, 0])
        let report = try NelderMead(maxIterations: 2000, sizeTolerance: 1e-8)
            .minimize(start: t.unbounded([1, 0]), steps: [1, 1]) { u in
                let x = t.bounded(u)
                return (x[0] - 5) * (x[0] - 5) + (x[1] + 1) * (x[1] + 1)
            }
        let x = t.bounded(report.point)
        #expect(x[0] <= 2 && abs(x[0] - 2) < 1e-3, "\(x)")
        #expect(abs(x[1] + 1) < 1e-3, "\(x)")
    }

    @Test("a NaN objective is a typed error naming the operation, never an abort")
    func nanObjective() {
        do {
            _ = try NelderMead().minimize("fit nan", start: [0, 0], steps: [1, 1]) { x in x[0] > 0.5 ? .nan : x[0] * x[0] }
            Issue.record("expected an error")
        } catch let error as FitError {
            guard case let .nonFiniteObjective(operation) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(operation.hasPrefix("fit nan"))
            #expect(operation.contains("gsl_multimin_fminimizer"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: FitError.self) {
            try NelderMead().minimize(start: [0], steps: [1]) { _ in .infinity }
        }
    }

    @Test("an error thrown by the objective comes back out of GSL unchanged")
    func thrownError() {
        struct Boom: Error, Equatable {}
        var calls = 0
        #expect(throws: Boom()) {
            try NelderMead().minimize(start: [0, 0], steps: [1, 1]) { x in
                calls += 1
                if calls == 5 { throw Boom() }
                return x[0] * x[0] + x[1] * x[1]
            }
        }
        #expect(calls == 5)
    }

    @Test("hitting the iteration limit is reported, and requireConverged throws didNotConverge")
    func nonConvergence() throws {
        let report = try NelderMead(maxIterations: 2, sizeTolerance: 1e-12).minimize(start: [3, 3], steps: [1, 1]) { x in
            x[0] * x[0] + x[1] * x[1]
        }
        #expect(!report.converged)
        #expect(report.iterations == 2)
        #expect(report.size > 1e-12)
        do {
            try report.requireConverged("fit test")
            Issue.record("expected didNotConverge")
        } catch {
            #expect(error == .didNotConverge(operation: "fit test", iterations: 2, size: report.size))
        }
    }

    @Test("bad inputs are refused before GSL is called")
    func badInputs() {
        #expect(throws: FitError.self) { try NelderMead().minimize(start: [0, 0], steps: [1]) { _ in 0 } }
        #expect(throws: FitError.self) { try NelderMead().minimize(start: [.nan], steps: [1]) { _ in 0 } }
        #expect(throws: FitError.self) { try NelderMead().minimize(start: [0], steps: [0]) { _ in 0 } }
        #expect(throws: FitError.self) { try NelderMead(maxIterations: 0).minimize(start: [0], steps: [1]) { _ in 0 } }
    }
}
