import SnapStrategies

/// A policy fitted with grouped cross-validation: what `snaplab fit` reports.
///
/// Procedure, for `K` folds grouped by user (``GroupedFolds``, seeded; with fewer users than
/// `K`, one fold per user — leave one user out — noted in ``notes``):
/// 1. per fold `k`: fit on the other folds (``PolicyFitter``), score the fit on the training
///    traces (train score) and on fold `k` (test score), and score the defaults on fold `k`;
/// 2. ``trainScore`` and ``testScore`` are the means over folds, ``testStandardError`` the
///    standard deviation of the fold test scores over `√K`;
/// 3. the reported values are a fit on all traces (``fitted``), with the plateau of each (the
///    values that score as well with the others held) and whether it reaches a range bound;
/// 4. their 95% intervals come from a user bootstrap: `bootstrapResamples` times (default 50),
///    draw the users with replacement (GSL mt19937 seeded with `seed`), weight each trace by the
///    times its user was drawn, and refit with **the same search as the point fit, from the
///    same kinds of starts** (the policy's given values and seeded random points, never the
///    fitted values); the interval is the 2.5th–97.5th percentile of the refitted values,
///    widened to contain the all-traces plateau (so it always contains its own estimate and
///    every value that fits the data as well). Intervals from fewer than
///    ``minimumUsersForIntervals`` users are marked (``intervalsFromFewUsers``);
/// 5. ``defaultScore`` is the defaults' score on all traces, ``defaultTestScore`` the mean of
///    their fold test scores (same folds, so it pairs with ``testScore``).
///
/// Scores are hit rates (higher is better) or mean costs (lower is better), per ``objective``.
public struct CrossValidatedFit: Sendable {
    /// Below this many users a bootstrap interval is marked as unreliable.
    public static let minimumUsersForIntervals = 5

    /// One parameter's result.
    public struct Parameter: Sendable {
        public var name: String
        public var value: Double
        public var defaultValue: Double
        /// 95% user-bootstrap interval of the fitted value; `nil` for parameters held fixed or
        /// when no resamples were asked for.
        public var interval: (lower: Double, upper: Double)?
        /// The values that reach the fitted score with the other parameters held (`nil` when fixed).
        public var plateau: (lower: Double, upper: Double)?
        /// Whether the plateau reaches the parameter's minimum or maximum.
        public var atBound: Bool
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
    /// Intervals come from fewer than ``minimumUsersForIntervals`` users.
    public var intervalsFromFewUsers: Bool { users < Self.minimumUsersForIntervals && bootstrapResamples > 0 }
    /// Things the reader should know (leave-one-user-out folds, few users).
    public var notes: [String] = []

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
        let grouping = try GroupedFolds(data: data, folds: k, seed: seed, adapting: true)
        let memo = BreakpointMemo(traces: data.count, parameters: try BoundTransform(
            policy: policy.id, specs: policy.parameterSpecs, values: policy.parameterValues, free: names).coordinates.map(\.index))
        // One line on a terminal: the fold fits, the all-traces fit and the bootstrap refits.
        let progress = ProgressLine(stage: "fitting \(policy.id)", total: grouping.count + 1 + bootstrapResamples, unit: "fits")
        defer { progress.finish() }
        var foldResults: [Fold] = []
        for f in 0..<grouping.count {
            let train = grouping.trainIndices(f)
            let test = grouping.testIndices[f]
            let fit = try fitter.fit(policy, parameters: names, data: data, indices: train, memo: memo, scoringStart: false)
            foldResults.append(Fold(trainTraces: train.count, testTraces: test.count, values: fit.values,
                                    trainScore: fit.score,
                                    testScore: data.score(fit.policy, objective: objective, indices: test),
                                    defaultTestScore: data.score(defaults, objective: objective, indices: test)))
            progress.advance()
        }
        let all = data.allIndices
        let full = try fitter.fit(policy, parameters: names, data: data, indices: all, memo: memo)
        progress.advance()
        let fittedIndices = full.fittedNames.compactMap { name in policy.parameterSpecs.firstIndex { $0.name == name } }
        let samples = try bootstrap(policy: policy, names: full.fittedNames, data: data, fitter: fitter,
                                    resamples: bootstrapResamples, seed: seed, memo: memo,
                                    afterRefit: { progress.advance() })
        let specs = policy.parameterSpecs
        let parameters = specs.indices.map { i -> Parameter in
            guard let j = fittedIndices.firstIndex(of: i), !full.heldByData.contains(specs[i].name) else {
                return Parameter(name: specs[i].name, value: full.values[i], defaultValue: specs[i].defaultValue,
                                 interval: nil, plateau: nil, atBound: false, isFitted: false)
            }
            let plateau = full.plateaus[j]
            let interval = samples.isEmpty ? nil : Self.interval(samples: samples.map { $0[j] }, plateau: plateau)
            return Parameter(name: specs[i].name, value: full.values[i], defaultValue: specs[i].defaultValue,
                             interval: interval, plateau: plateau, atBound: full.atBound[j], isFitted: true)
        }
        let tests = foldResults.map(\.testScore)
        let defaultTests = foldResults.map(\.defaultTestScore)
        var result = CrossValidatedFit(
            policy: policy.id, objective: objective, fitted: full, parameters: parameters, folds: foldResults,
            trainScore: mean(foldResults.map(\.trainScore)), testScore: mean(tests),
            testStandardError: standardError(tests),
            defaultScore: data.score(defaults, objective: objective, indices: all),
            defaultTestScore: mean(defaultTests), defaultTestStandardError: standardError(defaultTests),
            bootstrapResamples: bootstrapResamples, traces: data.count, users: data.userCounts(all).count)
        if let note = grouping.note { result.notes.append(note) }
        for name in full.heldByData {
            let value = parameters.first { $0.name == name }.map { NumberFormat.compact($0.value, 4) } ?? "?"
            result.notes.append("\(name) held at \(value), not fitted: its feature is constant in these data "
                                + "(e.g. no finger travel recorded), so they cannot say what it should be")
        }
        if result.intervalsFromFewUsers {
            result.notes.append("intervals from \(result.users) users (fewer than \(minimumUsersForIntervals)): a user bootstrap "
                                + "this small cannot say how the values vary across people; treat them as rough")
        }
        return result
    }

    /// The fitted values of `bootstrapResamples` user-bootstrap refits, one row per resample
    /// (columns in `names` order). Each refit starts from `policy`'s given values and the
    /// fitter's seeded random starts (seed `seed + b`), as the point fit does.
    static func bootstrap(policy: any SnapPolicy, names: [String], data: FitData, fitter: PolicyFitter,
                          resamples: Int, seed: UInt64, memo: BreakpointMemo? = nil,
                          afterRefit: () -> Void = {}) throws -> [[Double]] {
        guard resamples > 0 else { return [] }
        let byUser = usersAndTraces(data)
        let specIndices = names.compactMap { name in policy.parameterSpecs.firstIndex { $0.name == name } }
        let rng = try GSLRandom(seed: seed &+ 0x5EED)
        var rows: [[Double]] = []
        for b in 0..<resamples {
            var drawn = [Double](repeating: 0, count: byUser.count)
            for _ in byUser.indices { drawn[rng.integer(below: byUser.count)] += 1 }
            var indices: [Int] = [], weights: [Double] = []
            for (u, traces) in byUser.enumerated() where drawn[u] > 0 {
                indices += traces
                weights += repeatElement(drawn[u], count: traces.count)
            }
            var refitter = fitter
            refitter.seed = fitter.seed &+ UInt64(b + 1)
            let refit = try refitter.fit(policy, parameters: names, data: data, indices: indices, weights: weights, memo: memo,
                                         scoringStart: false)
            rows.append(specIndices.map { refit.values[$0] })
            afterRefit()
        }
        return rows
    }

    /// The 95% interval of a fitted value: the 2.5th–97.5th percentile of its bootstrap refits,
    /// widened to contain the all-traces `plateau`.
    static func interval(samples: [Double], plateau: (lower: Double, upper: Double)) -> (lower: Double, upper: Double) {
        let s = samples.sorted()
        return (Swift.min(Percentile.ofSorted(s, 0.025), plateau.lower), Swift.max(Percentile.ofSorted(s, 0.975), plateau.upper))
    }

    /// Trace indices per user, users in order of first appearance.
    static func usersAndTraces(_ data: FitData) -> [[Int]] {
        var slot: [Int32: Int] = [:]
        var out: [[Int]] = []
        for (i, label) in data.labels.enumerated() {
            if let s = slot[label.user] { out[s].append(i) } else {
                slot[label.user] = out.count
                out.append([i])
            }
        }
        return out
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
