internal import CGSL

/// Derivative-free minimization with GSL's Nelder–Mead simplex (`gsl_multimin_fminimizer_nmsimplex2`).
///
/// Starting from `start`, GSL builds the simplex `start`, `start + steps[i]·eᵢ` and iterates
/// (`gsl_multimin_fminimizer_iterate`) until the simplex size (`gsl_multimin_fminimizer_size`,
/// the mean distance of the vertices from their centre) is below ``sizeTolerance``
/// (`gsl_multimin_test_size`) or ``maxIterations`` is reached. Defaults: 500 iterations,
/// size tolerance 1e-4 (in the caller's coordinates).
///
/// The objective is a Swift closure passed through GSL's `void *params` (the closure made
/// escapable with `withoutActuallyEscaping`, a context struct pinned with
/// `withUnsafeMutablePointer`, and a non-capturing `@convention(c)` trampoline). The
/// `gsl_multimin_function` struct stays pinned for the whole loop because GSL keeps its
/// address. Errors thrown by the objective never cross the C frame: the trampoline catches
/// them, returns NaN to GSL, and the error is rethrown after GSL returns. A non-finite
/// objective value is refused the same way and becomes ``FitError/nonFiniteObjective(operation:)``.
///
/// ```swift
/// let report = try NelderMead().minimize(start: [-1.2, 1], steps: [0.5, 0.5]) { x in
///     100 * (x[1] - x[0] * x[0]) * (x[1] - x[0] * x[0]) + (1 - x[0]) * (1 - x[0])
/// }
/// report.point      // ≈ [1, 1]
/// report.converged  // true
/// ```
public struct NelderMead: Sendable, Hashable {
    /// Iteration limit; a run that reaches it reports `converged == false`.
    public var maxIterations: Int
    /// The run has converged when the simplex size is below this.
    public var sizeTolerance: Double

    public init(maxIterations: Int = 500, sizeTolerance: Double = 1e-4) {
        self.maxIterations = maxIterations
        self.sizeTolerance = sizeTolerance
    }

    /// Minimizes `objective` from `start` with initial simplex steps `steps`.
    ///
    /// - Parameters:
    ///   - operation: names the fit in errors (e.g. `"fit tag99"`).
    ///   - start: the first vertex; every value finite.
    ///   - steps: one positive, finite step per coordinate.
    ///   - objective: the function to minimize; may throw (rethrown after GSL returns).
    /// - Returns: the best vertex, its value, iterations, final simplex size, convergence flag.
    ///   Non-convergence is reported, not thrown (see ``MinimizationReport/requireConverged(_:)``).
    /// - Throws: ``FitError/nonFiniteObjective(operation:)`` when the objective returns NaN or an
    ///   infinity; ``FitError/invalidOption(name:value:expected:)`` for bad inputs; ``GSLError``
    ///   for a failing GSL status; any error the objective throws.
    public func minimize(_ operation: String = "Nelder–Mead", start: [Double], steps: [Double],
                         objective: ([Double]) throws -> Double) throws -> MinimizationReport {
        GSLRuntime.ensureReady()
        let n = start.count
        guard maxIterations >= 1 else {
            throw FitError.invalidOption(name: "maxIterations", value: "\(maxIterations)", expected: "at least 1")
        }
        guard sizeTolerance > 0, sizeTolerance.isFinite else {
            throw FitError.invalidOption(name: "sizeTolerance", value: "\(sizeTolerance)", expected: "a positive number")
        }
        guard steps.count == n else {
            throw FitError.invalidOption(name: "steps", value: "\(steps.count) values", expected: "\(n) values, one per coordinate")
        }
        guard start.allSatisfy(\.isFinite) else {
            throw FitError.invalidOption(name: "start", value: "\(start)", expected: "finite values")
        }
        guard steps.allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw FitError.invalidOption(name: "steps", value: "\(steps)", expected: "positive finite values")
        }
        if n == 0 {
            // Nothing to move: the objective at the (empty) start is the minimum.
            let value = try objective([])
            guard value.isFinite else { throw FitError.nonFiniteObjective(operation: operation) }
            return MinimizationReport(point: [], value: value, iterations: 0, size: 0, converged: true, evaluations: 1)
        }
        let x0 = try GSLVector(start)
        let stepVector = try GSLVector(steps)
        guard let s = gsl_multimin_fminimizer_alloc(snaplab_nmsimplex2(), n) else {
            throw GSLError(code: Int(GSL_ENOMEM), operation: "gsl_multimin_fminimizer_alloc", detail: "nmsimplex2, \(n) dimensions")
        }
        defer { gsl_multimin_fminimizer_free(s) }

        return try withoutActuallyEscaping(objective) { escapable in
            var context = ScalarObjectiveContext(objective: escapable, point: Array(repeating: 0, count: n))
            return try withUnsafeMutablePointer(to: &context) { contextPointer in
                var function = gsl_multimin_function(f: nelderMeadTrampoline, n: n,
                                                     params: UnsafeMutableRawPointer(contextPointer))
                return try withUnsafeMutablePointer(to: &function) { functionPointer in
                    let setStatus = gsl_multimin_fminimizer_set(s, functionPointer, x0.raw, stepVector.raw)
                    try contextPointer.pointee.rethrow(operation, step: "gsl_multimin_fminimizer_set")
                    try GSLRuntime.check(setStatus, "gsl_multimin_fminimizer_set", detail: operation)
                    var iterations = 0
                    var converged = false
                    var size = gsl_multimin_fminimizer_size(s)
                    while iterations < maxIterations {
                        iterations += 1
                        let status = gsl_multimin_fminimizer_iterate(s)
                        try contextPointer.pointee.rethrow(operation, step: "gsl_multimin_fminimizer_iterate")
                        try GSLRuntime.check(status, "gsl_multimin_fminimizer_iterate", detail: operation)
                        size = gsl_multimin_fminimizer_size(s)
                        if Int(gsl_multimin_test_size(size, sizeTolerance)) == Int(GSL_SUCCESS) {
                            converged = true
                            break
                        }
                    }
                    guard let best = gsl_multimin_fminimizer_x(s) else {
                        throw GSLError(code: Int(GSL_EFAULT), operation: "gsl_multimin_fminimizer_x", detail: operation)
                    }
                    let point = (0..<n).map { snaplab_vector_at(best, $0) }
                    let value = gsl_multimin_fminimizer_minimum(s)
                    guard value.isFinite else { throw FitError.nonFiniteObjective(operation: operation) }
                    return MinimizationReport(point: point, value: value, iterations: iterations, size: size,
                                              converged: converged, evaluations: contextPointer.pointee.evaluations)
                }
            }
        }
    }
}

/// What the Nelder–Mead trampoline needs: the Swift objective, a reusable point buffer, and
/// the first failure (a thrown error or a non-finite value), kept for rethrowing in Swift.
private struct ScalarObjectiveContext {
    let objective: ([Double]) throws -> Double
    var point: [Double]
    var failure: (any Error)?
    var nonFinite = false
    var evaluations = 0

    init(objective: @escaping ([Double]) throws -> Double, point: [Double]) {
        self.objective = objective
        self.point = point
    }

    /// Throws the recorded failure, if any, naming `operation` and the GSL `step`.
    func rethrow(_ operation: String, step: String) throws {
        if let failure { throw failure }
        if nonFinite { throw FitError.nonFiniteObjective(operation: "\(operation) (\(step))") }
    }
}

/// The C-callable objective: copies GSL's vector into the context's buffer, calls the Swift
/// closure, and never lets an error or non-finite value pass as a result (NaN goes back to
/// GSL, which then stops with `GSL_EBADFUNC` or keeps the simplex; the wrapper throws either way).
private let nelderMeadTrampoline: @convention(c) (UnsafePointer<gsl_vector>?, UnsafeMutableRawPointer?) -> Double = { x, params in
    guard let x, let params else { return .nan }
    let context = params.assumingMemoryBound(to: ScalarObjectiveContext.self)
    if context.pointee.failure != nil || context.pointee.nonFinite { return .nan }
    let n = context.pointee.point.count
    guard x.pointee.size == n else { return .nan }
    for i in 0..<n { context.pointee.point[i] = snaplab_vector_at(x, i) }
    context.pointee.evaluations += 1
    do {
        let value = try context.pointee.objective(context.pointee.point)
        guard value.isFinite else {
            context.pointee.nonFinite = true
            return .nan
        }
        return value
    } catch {
        context.pointee.failure = error
        return .nan
    }
}
