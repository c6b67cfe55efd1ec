/// How one run of a minimizer ended: where, at what value, after how many iterations, and
/// whether its convergence test passed.
///
/// For Nelder–Mead ``size`` is the final simplex size (`gsl_multimin_fminimizer_size`, the mean
/// distance of the vertices from their centre, in the minimizer's coordinates); for BFGS it is
/// the Euclidean norm of the final gradient.
public struct MinimizationReport: Sendable, Hashable {
    /// The best point found, in the minimizer's coordinates.
    public var point: [Double]
    /// The objective at ``point``.
    public var value: Double
    /// Iterations taken.
    public var iterations: Int
    /// Final simplex size (Nelder–Mead) or gradient norm (BFGS).
    public var size: Double
    /// Whether the convergence test passed before the iteration limit.
    public var converged: Bool
    /// Objective evaluations made (including those of the initial simplex).
    public var evaluations: Int

    public init(point: [Double], value: Double, iterations: Int, size: Double, converged: Bool, evaluations: Int) {
        self.point = point
        self.value = value
        self.iterations = iterations
        self.size = size
        self.converged = converged
        self.evaluations = evaluations
    }

    /// Throws ``FitError/didNotConverge(operation:iterations:size:)`` unless ``converged``.
    public func requireConverged(_ operation: String) throws(FitError) {
        guard converged else { throw .didNotConverge(operation: operation, iterations: iterations, size: size) }
    }
}
