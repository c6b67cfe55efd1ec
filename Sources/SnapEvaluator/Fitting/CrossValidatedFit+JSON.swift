// The JSON form of a cross-validated fit (`snaplab fit --format json`).

extension CrossValidatedFit {
    /// `{policy, objective, traces, users, folds, parameters: [{name, value, default, fitted, ci}],
    /// train_score, test_score, test_se, default_score, default_test_score, bootstrap_resamples,
    /// convergence: [{iterations, size, objective, converged}]}`; `ci` is `[lower, upper]` or null.
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
                ])
            })),
            ("train_score", .number(trainScore)),
            ("test_score", .number(testScore)),
            ("test_se", .number(testStandardError)),
            ("default_score", .number(defaultScore)),
            ("default_test_score", .number(defaultTestScore)),
            ("bootstrap_resamples", .int(bootstrapResamples)),
            ("convergence", .array(fitted.runs.map { r in
                .object([
                    ("iterations", .int(r.iterations)),
                    ("size", .number(r.size)),
                    ("objective", .number(r.value)),
                    ("converged", .bool(r.converged)),
                ])
            })),
        ])
    }
}
