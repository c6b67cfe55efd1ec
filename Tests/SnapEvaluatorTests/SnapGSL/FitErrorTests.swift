import SnapStrategies
import Testing
@testable import SnapGSL
@testable import SnapFitting

/// The fitting layer's failure paths: each is a typed error whose description names the
/// operation, never an abort (GSL's own error handler is off, see ``GSLRuntime``).
@Suite("Fit failure paths")
struct FitErrorTests {
    @Test("a fit that does not converge: reported, and requireConverged names the operation")
    func nonConvergence() throws {
        let nm = try NelderMead(maxIterations: 2).minimize("fit rosenbrock", start: [-1.2, 1], steps: [0.5, 0.5]) { x in
            let a = 1 - x[0], b = x[1] - x[0] * x[0]
            return a * a + 100 * b * b
        }
        #expect(!nm.converged && nm.iterations == 2)
        #expect(throws: FitError.didNotConverge(operation: "fit rosenbrock", iterations: 2, size: nm.size)) {
            try nm.requireConverged("fit rosenbrock")
        }
        let bfgs = try BFGSMinimizer(maxIterations: 1, gradientTolerance: 1e-14).minimize("bfgs rosenbrock", start: [-1.2, 1]) { x, g in
            let a = 1 - x[0], b = x[1] - x[0] * x[0]
            g[0] = -2 * a - 400 * x[0] * b
            g[1] = 200 * b
            return a * a + 100 * b * b
        }
        do {
            try bfgs.requireConverged("bfgs rosenbrock")
            Issue.record("expected didNotConverge")
        } catch {
            #expect(error.description.hasPrefix("bfgs rosenbrock did not converge after 1 iterations"))
        }
    }

    @Test("a singular least-squares system (every sample at one instant) is GSL_ESING naming gsl_multifit_linear")
    func singularLeastSquares() throws {
        for x in [[5.0, 5, 5, 5], [0.0, 0, 0], [3.0, 3, 7, 7, 3]] {
            do {
                let c = try PolynomialFit.coefficients(x: x, y: x.indices.map { Double($0) }, degree: 2)
                Issue.record("expected a singular-system error, got \(c)")
            } catch {
                #expect(error.operation == "gsl_multifit_linear")
                #expect(error.code == 21)   // GSL_ESING
                #expect(error.description.contains("singular"), "\(error)")
            }
        }
        // two distinct instants suffice for a line, not for a parabola
        let line = try PolynomialFit.coefficients(x: [1, 1, 2], y: [0, 2, 3], degree: 1)
        #expect(abs(line[0] + 1) < 1e-12 && abs(line[1] - 2) < 1e-12)
    }

    @Test("a NaN objective is nonFiniteObjective naming the operation (Nelder–Mead, BFGS, policy fit)")
    func nanObjective() throws {
        #expect(throws: FitError.self) {
            _ = try NelderMead().minimize("nm nan", start: [1], steps: [1]) { _ in .nan }
        }
        do {
            _ = try NelderMead().minimize("nm nan", start: [1], steps: [1]) { _ in .nan }
        } catch let error as FitError {
            guard case let .nonFiniteObjective(operation) = error else { Issue.record("\(error)"); return }
            #expect(operation.hasPrefix("nm nan"))
        }
        do {
            _ = try BFGSMinimizer().minimize("bfgs nan", start: [1]) { _, g in g[0] = 0; return .nan }
            Issue.record("expected nonFiniteObjective")
        } catch let error as FitError {
            guard case let .nonFiniteObjective(operation) = error else { Issue.record("\(error)"); return }
            #expect(operation.hasPrefix("bfgs nan"))
            #expect(error.description.contains("the objective was not finite"))
        }
    }

    @Test("an empty fold or empty data is a typed error naming the operation")
    func emptyFold() throws {
        let data = FitData(try SyntheticTraces.labelled(by: Tag99Snap(), count: 40, users: 3, seed: 2))
        // fewer users than folds: some fold would be empty
        #expect(throws: FitError.tooFewUsers(users: 3, folds: 4)) { try GroupedFolds(data: data, folds: 4, seed: 1) }
        #expect(FitError.tooFewUsers(users: 3, folds: 4).description.hasPrefix("grouped cross-validation with 4 folds"))
        // folds over no traces at all
        #expect(throws: FitError.tooFewUsers(users: 0, folds: 2)) { try GroupedFolds(data: data, indices: [], folds: 2, seed: 1) }
        // an empty training set
        do {
            _ = try PolicyFitter().fit(Tag99Snap(), data: data, indices: [])
            Issue.record("expected emptyData")
        } catch let error as FitError {
            guard case let .emptyData(operation, _) = error else { Issue.record("\(error)"); return }
            #expect(operation.contains(Tag99Snap().id), "\(error)")
        }
        // cross-validation on no data throws; with more folds than users it leaves one user out and says so
        #expect(throws: FitError.self) { _ = try CrossValidatedFit.run(policy: Tag99Snap(), data: FitData([]), bootstrapResamples: 0) }
        let adapted = try CrossValidatedFit.run(policy: Tag99Snap(), data: data, folds: 5, bootstrapResamples: 0)
        #expect(adapted.folds.count == 3)
        #expect(adapted.notes.contains { $0.contains("leave-one-user-out") }, "\(adapted.notes)")
        // a single user cannot be cross-validated even leaving one user out
        let one = FitData(try SyntheticTraces.labelled(by: Tag99Snap(), count: 30, users: 1, seed: 2))
        #expect(throws: FitError.tooFewUsers(users: 1, folds: 5)) {
            _ = try CrossValidatedFit.run(policy: Tag99Snap(), data: one, folds: 5, bootstrapResamples: 0)
        }
    }
}
