// The JSON form of a cross-validated fit (`snaplab fit --format json`).
import SnapLabSupport

extension CrossValidatedFit {
    /// `{policy, objective, traces, users, folds, parameters: [{name, value, default, fitted, ci,
    /// plateau, at_bound, identified}], train_score, test_score, test_se, default_score, default_test_score,
    /// bootstrap_resamples, intervals_from_few_users, notes, converged, method (``PolicyFitter/Method``),
    /// convergence: [{start, traces, cycles, converged, score}]}`; `ci` and `plateau` are `[lower, upper]` or null; every
    /// convergence `score` is on all traces.
    public var jsonValue: JSONValue {
        .object([
            ("policy", .string(policy)),
            ("objective", .string(objective.description)),
            ("traces", .int(traces)),
            ("users", .int(users)),
            ("folds", .int(folds.count)),
            ("parameters", .array(parameters.map { p in
                .object([
                    ("name", .string(p.name)),
                    ("value", .number(p.value)),
                    ("default", .number(p.defaultValue)),
                    ("fitted", .bool(p.isFitted)),
                    ("ci", p.interval.map { .array([.number($0.lower), .number($0.upper)]) } ?? .null),
                    ("plateau", p.plateau.map { .array([.number($0.lower), .number($0.upper)]) } ?? .null),
                    ("at_bound", .bool(p.atBound)),
                    ("identified", .bool(!p.notIdentified)),
                ])
            })),
            ("train_score", .number(trainScore)),
            ("test_score", .number(testScore)),
            ("test_se", .number(testStandardError)),
            ("default_score", .number(defaultScore)),
            ("default_test_score", .number(defaultTestScore)),
            ("bootstrap_resamples", .int(bootstrapResamples)),
            ("intervals_from_few_users", .bool(intervalsFromFewUsers)),
            ("notes", .array(notes.map { .string($0) })),
            ("converged", .bool(fitted.converged)),
            ("method", .string(fitted.method.rawValue)),
            ("convergence", .array(fitted.runs.map { r in
                .object([
                    ("start", .string(r.start)),
                    ("traces", .int(r.traces)),
                    ("cycles", .int(r.cycles)),
                    ("converged", .bool(r.converged)),
                    ("score", .number(r.score)),
                ])
            })),
        ])
    }
}
