import SnapStrategies

/// A policy fitted with grouped cross-validation: what `snaplab fit` reports.
///
/// Procedure, for `K` folds grouped by user (``GroupedFolds``, seeded):
/// 1. per fold `k`: fit on the other folds (``PolicyFitter``), score the fit on the training
///    traces (train score) and on fold `k` (test score), and score the defaults on fold `k`;
/// 2. ``trainScore`` and ``testScore`` are the means over folds, ``testStandardError`` the
///    standard deviation of the fold test scores over `√K`;
/// 3. the reported values are a fit on all traces (``fitted``);
/// 4. their 95% intervals come from a user bootstrap: `bootstrapResamples` times (default 50,
///    since each is a fit), draw the users with replacement, refit on their traces (repeats
///    kept) starting from the all-traces fit (1 start, 1 restart), and take the 2.5th and 97.5th
///    percentiles of each fitted value (GSL mt19937 seeded with `seed`);
/// 5. ``defaultScore`` is the defaults' score on all traces, ``defaultTestScore`` the mean of
///    their fold test scores (same folds, so it pairs with ``testScore``).
///
/// Scores are hit rates (higher is better) or mean costs (lower is better), per ``objective``.
public struct CrossValidatedFit: Sendable {
    /// One parameter's result.
    public struct Parameter: Sendable {
        public var name: String
        public var value: Double
        public var defaultValue: Double
        /// 95% user-bootstrap interval of the fitted value; `nil` for parameters held fixed or
        /// when no resamples were asked for.
        public var interval: (lower: Double, upper: Double)?
        public var isFitted: Bool
    }

    /// One fold's scores.
    public struct Fold: Sendable {
        public var trainTraces: Int
        public var testTraces: Int
        public var values: [Double]
        public var trainScore: Double
        public var testScore: Double
        public var defaultTestScore: Double
    }

    public var policy: String
    public var objective: FitObjective
    /// The fit on all traces.
    public var fitted: PolicyFitter.Result
    public var parameters: [Parameter]
    public var folds: [Fold]
    public var trainScore: Double
    public var testScore: Double
    public var testStandardError: Double
    public var defaultScore: Double
    public var defaultTestScore: Double
    public var defaultTestStandardError: Double
    public var bootstrapResamples: Int
    public var traces: Int
    public var users: Int

    /// Runs the procedure above.
    /// - Parameters:
    ///   - policy: the policy; its current values are the first start (normally its defaults).
    ///   - parameters: names to fit (default: every threshold — non-integer, not a platform constant).
    ///   - folds: `K` (default 5).
    ///   - bootstrapResamples: user-bootstrap refits for the intervals (0 for none).
    /// - Throws: ``FitError`` (empty data, too few users, ...), ``GSLError``.
    public static func run(policy: any SnapPolicy, data: FitData, parameters names: [String]? = nil,
                           fitter: PolicyFitter = PolicyFitter(), folds k: Int = 5,
                           bootstrapResamples: Int = 50, seed: UInt64 = 1) throws -> CrossValidatedFit {
        guard data.count > 0 else { throw FitError.emptyData(operation: "fit \(policy.id)", detail: "no labelled traces") }
        guard bootstrapResamples >= 0 else {
            throw FitError.invalidOption(name: "bootstrapResamples", value: "\(bootstrapResamples)", expected: "0 or more")
        }
        let objective = fitter.objective
        let defaults = try policy.withParameterValues(policy.defaultParameterValues)
        let grouping = try GroupedFolds(data: data, folds: k, seed: seed)
        var foldResults: [Fold] = []
        for f in 0..<k {
            let train = grouping.trainIndices(f)
            let test = grouping.testIndices[f]
            let fit = try fitter.fit(policy, parameters: names, data: data, indices: train)
            foldResults.append(Fold(trainTraces: train.count, testTraces: test.count, values: fit.values,
                                    trainScore: fit.score,
                                    testScore: data.score(fit.policy, objective: objective, indices: test),
                                    defaultTestScore: data.score(defaults, objective: objective, indices: test)))
        }
        let all = data.allIndices
        let full = try fitter.fit(policy, parameters: names, data: data, indices: all)

        // User bootstrap of the fitted values.
        let fittedIndices = full.fittedNames.compactMap { name in policy.parameterSpecs.firstIndex { $0.name == name } }
        var samples = [[Double]](repeating: [], count: fittedIndices.count)
        if bootstrapResamples > 0 {
            var byUser: [Int: [Int]] = [:]
            for i in all { byUser[data.cases[i].user, default: []].append(i) }
            let users = byUser.keys.sorted()
            let rng = try GSLRandom(seed: seed &+ 0x5EED)
            var refitter = fitter
            refitter.starts = 1
            refitter.restarts = 1
            for b in 0..<bootstrapResamples {
                var indices: [Int] = []
                indices.reserveCapacity(all.count)
                for _ in users.indices { indices.append(contentsOf: byUser[users[rng.integer(below: users.count)]] ?? []) }
                refitter.seed = seed &+ UInt64(b)
                let refit = try refitter.fit(full.policy, parameters: full.fittedNames, data: data, indices: indices)
                for (j, i) in fittedIndices.enumerated() { samples[j].append(refit.values[i]) }
            }
        }
        let specs = policy.parameterSpecs
        let parameters = specs.indices.map { i -> Parameter in
            let j = fittedIndices.firstIndex(of: i)
            let interval = j.flatMap { j -> (lower: Double, upper: Double)? in
                let s = samples[j].sorted()
                return s.isEmpty ? nil : (Percentile.ofSorted(s, 0.025), Percentile.ofSorted(s, 0.975))
            }
            return Parameter(name: specs[i].name, value: full.values[i], defaultValue: specs[i].defaultValue,
                             interval: interval, isFitted: j != nil)
        }
        let tests = foldResults.map(\.testScore)
        let defaultTests = foldResults.map(\.defaultTestScore)
        return CrossValidatedFit(
            policy: policy.id, objective: objective, fitted: full, parameters: parameters, folds: foldResults,
            trainScore: mean(foldResults.map(\.trainScore)), testScore: mean(tests),
            testStandardError: standardError(tests),
            defaultScore: data.score(defaults, objective: objective, indices: all),
            defaultTestScore: mean(defaultTests), defaultTestStandardError: standardError(defaultTests),
            bootstrapResamples: bootstrapResamples, traces: data.count, users: data.userCounts(all).count)
    }

    static func mean(_ xs: [Double]) -> Double {
        xs.isEmpty ? .nan : xs.reduce(0, +) / Double(xs.count)
    }

    /// Sample standard deviation over `√n` (NaN for fewer than two values).
    static func standardError(_ xs: [Double]) -> Double {
        guard xs.count >= 2 else { return .nan }
        let m = mean(xs)
        let v = xs.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(xs.count - 1)
        return (v / Double(xs.count)).squareRoot()
    }
}
