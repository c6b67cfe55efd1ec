internal import CGSL

/// Gradient-based minimization with GSL's BFGS (`gsl_multimin_fdfminimizer_vector_bfgs2`).
///
/// The caller supplies the objective and its analytic gradient in one closure
/// `(x, &gradient) -> value`. Iterates `gsl_multimin_fdfminimizer_iterate` until the gradient
/// norm passes `gsl_multimin_test_gradient(g, gradientTolerance)` or ``maxIterations`` is
/// reached. Defaults: first step 0.1, line-search tolerance 0.1 (GSL's recommendation for
/// `vector_bfgs2`), gradient tolerance 1e-6, 1000 iterations.
///
/// Value and gradient come from one call of the closure: when GSL asks for the gradient at the
/// point whose value it just asked for, the stored result is returned (``MinimizationReport/evaluations``
/// counts the closure's calls).
///
/// `GSL_ENOPROG` from an iteration ("no progress") usually means the line search cannot improve
/// on an optimum it already holds: the run stops there and reports `converged` according to the
/// gradient test, rather than failing.
///
/// The closure travels through `void *params` as in ``NelderMead``: a pinned context, C
/// trampolines for `f`, `df` and `fdf`, errors and non-finite values caught in the trampoline
/// and rethrown in Swift (``FitError/nonFiniteObjective(operation:)``).
public struct BFGSMinimizer: Sendable, Hashable {
    public var maxIterations: Int
    public var gradientTolerance: Double
    public var firstStep: Double
    public var lineSearchTolerance: Double

    public init(maxIterations: Int = 1000, gradientTolerance: Double = 1e-6, firstStep: Double = 0.1,
                lineSearchTolerance: Double = 0.1) {
        self.maxIterations = maxIterations
        self.gradientTolerance = gradientTolerance
        self.firstStep = firstStep
        self.lineSearchTolerance = lineSearchTolerance
    }

    /// Minimizes `objective` from `start`.
    ///
    /// - Parameter objective: returns the value at `x` and writes the gradient into `gradient`
    ///   (same length as `x`, passed in zeroed).
    /// - Returns: the final point, value, iterations, gradient norm (as `size`) and whether the
    ///   gradient test passed.
    /// - Throws: ``FitError`` for bad options or a non-finite objective, ``GSLError`` for a
    ///   failing GSL status, or whatever `objective` throws.
    public func minimize(_ operation: String = "BFGS", start: [Double],
                         objective: ([Double], inout [Double]) throws -> Double) throws -> MinimizationReport {
        GSLRuntime.ensureReady()
        let n = start.count
        guard n > 0 else { throw FitError.invalidOption(name: "start", value: "[]", expected: "at least one coordinate") }
        guard maxIterations >= 1 else {
            throw FitError.invalidOption(name: "maxIterations", value: "\(maxIterations)", expected: "at least 1")
        }
        guard gradientTolerance > 0, firstStep > 0, lineSearchTolerance > 0,
              gradientTolerance.isFinite, firstStep.isFinite, lineSearchTolerance.isFinite else {
            throw FitError.invalidOption(name: "tolerances", value: "\(gradientTolerance), \(firstStep), \(lineSearchTolerance)",
                                         expected: "positive finite values")
        }
        guard start.allSatisfy(\.isFinite) else {
            throw FitError.invalidOption(name: "start", value: "\(start)", expected: "finite values")
        }
        let x0 = try GSLVector(start)
        guard let s = gsl_multimin_fdfminimizer_alloc(snaplab_vector_bfgs2(), n) else {
            throw GSLError(code: Int(GSL_ENOMEM), operation: "gsl_multimin_fdfminimizer_alloc", detail: "vector_bfgs2, \(n) dimensions")
        }
        defer { gsl_multimin_fdfminimizer_free(s) }

        return try withoutActuallyEscaping(objective) { escapable in
            var context = GradientObjectiveContext(objective: escapable, n: n)
            return try withUnsafeMutablePointer(to: &context) { contextPointer in
                var function = gsl_multimin_function_fdf(f: bfgsValueTrampoline, df: bfgsGradientTrampoline,
                                                         fdf: bfgsBothTrampoline, n: n,
                                                         params: UnsafeMutableRawPointer(contextPointer))
                return try withUnsafeMutablePointer(to: &function) { functionPointer in
                    let setStatus = gsl_multimin_fdfminimizer_set(s, functionPointer, x0.raw, firstStep, lineSearchTolerance)
                    try contextPointer.pointee.rethrow(operation, step: "gsl_multimin_fdfminimizer_set")
                    try GSLRuntime.check(setStatus, "gsl_multimin_fdfminimizer_set", detail: operation)
                    var iterations = 0
                    var converged = false
                    while iterations < maxIterations {
                        iterations += 1
                        let status = gsl_multimin_fdfminimizer_iterate(s)
                        try contextPointer.pointee.rethrow(operation, step: "gsl_multimin_fdfminimizer_iterate")
                        if Int(status) == Int(GSL_ENOPROG) {
                            // No progress: the line search found nothing better. Judge by the gradient.
                            converged = Self.gradientPasses(s, gradientTolerance)
                            break
                        }
                        try GSLRuntime.check(status, "gsl_multimin_fdfminimizer_iterate", detail: operation)
                        if Self.gradientPasses(s, gradientTolerance) {
                            converged = true
                            break
                        }
                    }
                    guard let best = gsl_multimin_fdfminimizer_x(s) else {
                        throw GSLError(code: Int(GSL_EFAULT), operation: "gsl_multimin_fdfminimizer_x", detail: operation)
                    }
                    let point = (0..<n).map { snaplab_vector_at(best, $0) }
                    let value = gsl_multimin_fdfminimizer_minimum(s)
                    guard value.isFinite else { throw FitError.nonFiniteObjective(operation: operation) }
                    return MinimizationReport(point: point, value: value, iterations: iterations,
                                              size: Self.gradientNorm(s), converged: converged,
                                              evaluations: contextPointer.pointee.evaluations)
                }
            }
        }
    }

    /// `gsl_multimin_test_gradient` on the minimizer's current gradient.
    private static func gradientPasses(_ s: UnsafeMutablePointer<gsl_multimin_fdfminimizer>, _ tolerance: Double) -> Bool {
        guard let g = gsl_multimin_fdfminimizer_gradient(s) else { return false }
        return Int(gsl_multimin_test_gradient(g, tolerance)) == Int(GSL_SUCCESS)
    }

    /// Euclidean norm of the minimizer's current gradient (NaN if unavailable).
    private static func gradientNorm(_ s: UnsafeMutablePointer<gsl_multimin_fdfminimizer>) -> Double {
        guard let g = gsl_multimin_fdfminimizer_gradient(s) else { return .nan }
        var sum = 0.0
        for i in 0..<g.pointee.size {
            let v = snaplab_vector_at(g, i)
            sum += v * v
        }
        return sum.squareRoot()
    }
}

/// The BFGS trampolines' context: the Swift objective, reusable point and gradient buffers, and
/// the first failure.
private struct GradientObjectiveContext {
    let objective: ([Double], inout [Double]) throws -> Double
    var point: [Double]
    var gradient: [Double]
    var failure: (any Error)?
    var nonFinite = false
    var evaluations = 0
    /// The value at ``point`` when ``gradient`` holds that point's gradient (`nil` before the first evaluation).
    var lastValue: Double?

    init(objective: @escaping ([Double], inout [Double]) throws -> Double, n: Int) {
        self.objective = objective
        point = Array(repeating: 0, count: n)
        gradient = Array(repeating: 0, count: n)
    }

    func rethrow(_ operation: String, step: String) throws {
        if let failure { throw failure }
        if nonFinite { throw FitError.nonFiniteObjective(operation: "\(operation) (\(step))") }
    }

    /// Evaluates at `x`, leaving the gradient in ``gradient``; NaN (and a recorded failure) on error.
    ///
    /// GSL's line search asks for the value and then the gradient at the same point (`f`, then
    /// `df`); the objective computes both at once, so a call at the point of the last evaluation
    /// (bit for bit) returns that evaluation's value and gradient instead of computing them again.
    mutating func evaluate(_ x: UnsafePointer<gsl_vector>) -> Double {
        if failure != nil || nonFinite { return .nan }
        let n = point.count
        guard x.pointee.size == n else { return .nan }
        if let value = lastValue, (0..<n).allSatisfy({ snaplab_vector_at(x, $0).bitPattern == point[$0].bitPattern }) {
            return value
        }
        lastValue = nil
        for i in 0..<n {
            point[i] = snaplab_vector_at(x, i)
            gradient[i] = 0
        }
        evaluations += 1
        do {
            let value = try objective(point, &gradient)
            guard value.isFinite, gradient.allSatisfy(\.isFinite) else {
                nonFinite = true
                return .nan
            }
            lastValue = value
            return value
        } catch {
            failure = error
            return .nan
        }
    }

    /// Copies ``gradient`` into GSL's vector (NaN after a failure).
    func store(into g: UnsafeMutablePointer<gsl_vector>) {
        let n = min(point.count, g.pointee.size)
        let bad = failure != nil || nonFinite
        for i in 0..<n { snaplab_vector_set(g, i, bad ? .nan : gradient[i]) }
    }
}

private let bfgsValueTrampoline: @convention(c) (UnsafePointer<gsl_vector>?, UnsafeMutableRawPointer?) -> Double = { x, params in
    guard let x, let params else { return .nan }
    return params.assumingMemoryBound(to: GradientObjectiveContext.self).pointee.evaluate(x)
}

private let bfgsGradientTrampoline: @convention(c) (UnsafePointer<gsl_vector>?, UnsafeMutableRawPointer?,
                                                    UnsafeMutablePointer<gsl_vector>?) -> Void = { x, params, g in
    guard let x, let params, let g else { return }
    let context = params.assumingMemoryBound(to: GradientObjectiveContext.self)
    _ = context.pointee.evaluate(x)
    context.pointee.store(into: g)
}

private let bfgsBothTrampoline: @convention(c) (UnsafePointer<gsl_vector>?, UnsafeMutableRawPointer?,
                                                UnsafeMutablePointer<Double>?, UnsafeMutablePointer<gsl_vector>?) -> Void = { x, params, f, g in
    guard let x, let params, let f, let g else { return }
    let context = params.assumingMemoryBound(to: GradientObjectiveContext.self)
    f.pointee = context.pointee.evaluate(x)
    context.pointee.store(into: g)
}
