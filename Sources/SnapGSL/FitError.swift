/// Why a fit could not be made or trusted. Each case names the operation that failed.
///
/// GSL status failures are ``GSLError``s; these are the fitting layer's own failures.
public enum FitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The minimizer stopped after `iterations` without its convergence test passing; `size` is
    /// the last characteristic size (simplex size for Nelder–Mead, gradient norm for BFGS).
    case didNotConverge(operation: String, iterations: Int, size: Double)
    /// The objective returned NaN or an infinity during `operation`.
    case nonFiniteObjective(operation: String)
    /// There is nothing to fit: no labelled traces (or no traces in a fold) for `operation`.
    case emptyData(operation: String, detail: String)
    /// Grouped cross-validation needs at least as many users as folds.
    case tooFewUsers(users: Int, folds: Int)
    /// An option is outside its valid range (folds < 2, starts < 1, non-positive step, ...).
    case invalidOption(name: String, value: String, expected: String)
    /// A parameter named for fitting does not exist on the policy.
    case unknownParameter(policy: String, name: String, known: [String])
    /// The requested subset leaves no parameter free (a policy without parameters, or every
    /// bound collapsed to a point).
    case noFreeParameters(policy: String)

    public var description: String {
        switch self {
        case let .didNotConverge(operation, iterations, size):
            return "\(operation) did not converge after \(iterations) iterations (size \(size))"
        case let .nonFiniteObjective(operation):
            return "\(operation): the objective was not finite (NaN or infinite)"
        case let .emptyData(operation, detail):
            return "\(operation): no data (\(detail))"
        case let .tooFewUsers(users, folds):
            return "grouped cross-validation with \(folds) folds needs at least \(folds) users, found \(users)"
        case let .invalidOption(name, value, expected):
            return "\(name) = \(value) is invalid; expected \(expected)"
        case let .unknownParameter(policy, name, known):
            let list = known.isEmpty ? "it has no parameters" : "known: " + known.joined(separator: ", ")
            return "\(policy): no parameter named '\(name)' (\(list))"
        case let .noFreeParameters(policy):
            return "\(policy): no free parameter to fit"
        }
    }
}
