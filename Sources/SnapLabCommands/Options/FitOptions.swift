import ArgumentParser
import SnapTraces
import SnapFitting

/// What a fit optimizes on the command line.
public enum ObjectiveKind: String, ExpressibleByArgument, CaseIterable, Sendable {
    case hitRate = "hit-rate"
    case cost
}

/// Options shared by `fit`, `recommend` and `report`: objective, cost weights, folds, seed.
///
/// `--cost` alone selects the cost objective; `--objective cost` without `--cost` uses the
/// default weights over = 1, under = 1, false-change = 2 (``FitObjective/defaultCost``).
public struct FitOptions: ParsableArguments, Sendable {
    @Option(help: "What the fit optimizes: hit-rate (maximized) or cost (mean cost, minimized).")
    public var objective: ObjectiveKind?

    @Option(help: ArgumentHelp("Cost weights of a miss: over=1,under=1,false-change=2 (any subset; implies --objective cost).",
                               valueName: "weights"))
    public var cost: String?

    @Option(name: .customLong("folds"), help: "Cross-validation folds, grouped by user (default 5; given, at most the number of users).")
    public var requestedFolds: Int?

    /// The folds: `--folds`, else 5 (with fewer users, leave-one-user-out instead, said in a note).
    public var folds: Int { requestedFolds ?? 5 }

    /// An error when `--folds` was given and exceeds the users of the data: the run would
    /// silently use fewer folds than asked.
    public func checkFolds(users: Int) throws {
        if let requestedFolds, requestedFolds > users {
            throw ValidationError("--folds \(requestedFolds) is more than the \(users) users of the data (folds are grouped by user): "
                + "give --folds \(Swift.max(users, 2)) or fewer, or leave --folds out for leave-one-user-out")
        }
    }

    @Option(help: "Seed of the folds, random starts and resamples (printed to standard error).")
    public var seed: UInt64 = 12345

    @Option(help: "Starting points per fit: the current values, then seeded random ones (fit: 8; recommend: 4; report: 2).")
    public var starts: Int?

    public init() {}

    public func validate() throws {
        guard folds >= 2, folds <= 100 else { throw ValidationError("--folds must be between 2 and 100") }
        if let starts, starts < 1 || starts > 100 { throw ValidationError("--starts must be between 1 and 100") }
        if objective == .hitRate && cost != nil {
            throw ValidationError("--cost applies to --objective cost, not hit-rate")
        }
        _ = try fitObjective()
    }

    /// The objective these options name.
    /// - Throws: `ValidationError` for malformed `--cost` weights.
    public func fitObjective() throws -> FitObjective {
        guard objective == .cost || cost != nil else { return .hitRate }
        guard let cost else { return FitObjective.defaultCost }
        var over = 1.0, under = 1.0, falseChange = 2.0
        for item in cost.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let value = Double(parts[1].trimmingSpaces), value.isFinite, value >= 0 else {
                throw ValidationError("--cost '\(item)': expected NAME=VALUE with a finite value ≥ 0 (names: over, under, false-change)")
            }
            switch parts[0].trimmingSpaces {
            case "over": over = value
            case "under": under = value
            case "false-change": falseChange = value
            default:
                throw ValidationError("--cost: unknown weight '\(parts[0])' (names: over, under, false-change)")
            }
        }
        return .cost(over: over, under: under, falseChange: falseChange)
    }

    /// A fitter for the objective, seeded with ``seed``, with ``starts`` starting points
    /// (`defaultStarts` when not given).
    public func fitter(defaultStarts: Int = 8) throws -> PolicyFitter {
        PolicyFitter(objective: try fitObjective(), starts: starts ?? defaultStarts, seed: seed)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
