import Dispatch
import SnapStrategies
import SnapLabSupport
import SnapGSL
import SnapTraces
import SnapScoring

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
        public var interval: Interval?
        /// The values that reach the fitted score with the other parameters held (`nil` when fixed).
        public var plateau: Interval?
        /// Whether the plateau reaches the parameter's minimum or maximum.
        public var atBound: Bool
        /// Whether the data leave the value **not identified** (``PolicyFitter/Result/notIdentified``):
        /// its plateau reaches an end of its range and no trace scores differently across it.
        public var notIdentified: Bool = false
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
        let memo = BreakpointMemo(traces: data.count, policy: policy, coordinates: try BoundTransform(
            policy: policy.id, specs: policy.parameterSpecs, values: policy.parameterValues, free: names).coordinates)
        let orders = try FeatureOrders(data: data, policy: policy, parameters: names, objective: objective)
        // One line on a terminal: the fold fits, the all-traces fit and the bootstrap refits.
        let progress = ProgressLine(stage: "fitting \(policy.id)", total: grouping.count + 1 + bootstrapResamples, unit: "fits")
        defer { progress.finish() }
        // The all-traces fit first, alone: it fills the memo, which the fits that follow (folds and
        // bootstrap refits, in parallel) then only read, so their results do not depend on the
        // order they run in or on the number of threads.
        let all = data.allIndices
        let full = try fitter.fit(policy, parameters: names, data: data, indices: all, memo: memo, orders: orders)
        memo.freeze()
        progress.advance()
        let fittedIndices = full.fittedNames.compactMap { name in policy.parameterSpecs.firstIndex { $0.name == name } }
        let serial = data.count >= oneFitAtATimeMinimum
        let foldResults = try parallelFits(grouping.count, serial: serial) { f in
            let train = grouping.trainIndices(f)
            let test = grouping.testIndices[f]
            let fit = try fitter.fit(policy, parameters: names, data: data, indices: train, memo: memo, orders: orders,
                                     scoringStart: false)
            progress.advance()
            return Fold(trainTraces: train.count, testTraces: test.count, values: fit.values, trainScore: fit.score,
                        testScore: data.score(fit.policy, objective: objective, indices: test),
                        defaultTestScore: data.score(defaults, objective: objective, indices: test))
        }
        let samples = try bootstrap(policy: policy, names: full.fittedNames, data: data, fitter: fitter,
                                    resamples: bootstrapResamples, seed: seed, memo: memo, orders: orders,
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
                             interval: interval, plateau: plateau, atBound: full.atBound[j],
                             notIdentified: j < full.notIdentified.count && full.notIdentified[j], isFitted: true)
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
        for p in parameters where p.notIdentified {
            let range = p.plateau.map { "\(NumberFormat.compact($0.lower, 4)) to \(NumberFormat.compact($0.upper, 4))" } ?? "?"
            result.notes.append("\(p.name) is not identified by the data: every value from \(range) (to the end of its range) "
                                + "fits as well and no trace scores differently across it, so \(NumberFormat.compact(p.value, 4)) "
                                + "is not an estimate; the data only say it lies in that range")
        }
        if result.intervalsFromFewUsers {
            result.notes.append("intervals from \(result.users) users (fewer than \(minimumUsersForIntervals)): a user bootstrap "
                                + "this small cannot say how the values vary across people; treat them as rough")
        }
        return result
    }

    /// The fitted values of `bootstrapResamples` user-bootstrap refits, one row per resample
    /// (columns in `names` order). Refit `b` draws its users with its own generator (GSL mt19937
    /// seeded from `seed` and `b`) and starts from `policy`'s given values and the fitter's seeded
    /// random starts (seed `fitter.seed + b + 1`), as the point fit does. The refits are
    /// independent and run in parallel; each depends only on its own seeds, so the rows are the
    /// same on any number of threads, and whether they run side by side or, as from
    /// ``oneFitAtATimeMinimum`` traces unless `serial` says otherwise, one after another.
    static func bootstrap(policy: any SnapPolicy, names: [String], data: FitData, fitter: PolicyFitter,
                          resamples: Int, seed: UInt64, memo: BreakpointMemo? = nil, orders: FeatureOrders? = nil,
                          serial: Bool? = nil, afterRefit: @escaping @Sendable () -> Void = {}) throws -> [[Double]] {
        guard resamples > 0 else { return [] }
        let byUser = UsersAndTraces(data)
        let specIndices = names.compactMap { name in policy.parameterSpecs.firstIndex { $0.name == name } }
        return try parallelFits(resamples, serial: serial ?? (data.count >= oneFitAtATimeMinimum)) { b in
            let rng = try GSLRandom(seed: resampleSeed(seed, b))
            var drawn = [Int32](repeating: 0, count: byUser.users)
            for _ in 0..<byUser.users { drawn[rng.integer(below: byUser.users)] += 1 }
            var indices: [Int] = [], weights: [Double] = []
            let kept = (0..<byUser.users).reduce(0) { $0 + (drawn[$1] > 0 ? byUser.traces(of: $1).count : 0) }
            indices.reserveCapacity(kept)
            weights.reserveCapacity(kept)
            for u in 0..<byUser.users where drawn[u] > 0 {
                let traces = byUser.traces(of: u)
                indices += traces
                weights += repeatElement(Double(drawn[u]), count: traces.count)
            }
            var refitter = fitter
            refitter.seed = fitter.seed &+ UInt64(b + 1)
            let refit = try refitter.fit(policy, parameters: names, data: data, indices: indices, weights: weights, memo: memo,
                                         orders: orders, scoringStart: false)
            afterRefit()
            return specIndices.map { refit.values[$0] }
        }
    }

    /// The seed of bootstrap resample `b`'s user draws (GSL's mt19937 keeps the low 32 bits;
    /// the odd multiplier makes them distinct for every `b` below 2³²).
    static func resampleSeed(_ seed: UInt64, _ b: Int) -> UInt64 {
        (seed &+ 0x5EED) &+ UInt64(b) &* 0x9E37_79B9_7F4A_7C15
    }

    /// From this many traces on, the fold fits and the bootstrap refits run one after another,
    /// each fit on every core (its sweeps and loss sums are split in chunks): the same results,
    /// with one fit's arrays (sample, weights, a profile's change points: some 30 MB at a million
    /// traces) held at a time instead of one per core. Below it, fits run side by side.
    static let oneFitAtATimeMinimum = 200_000

    /// `work(0..<count)` on every core (`DispatchQueue.concurrentPerform`), or one after another
    /// when `serial`, results in order; the first error (in index order) is thrown.
    static func parallelFits<T: Sendable>(_ count: Int, serial: Bool = false,
                                          _ work: @escaping @Sendable (Int) throws -> T) throws -> [T] {
        var slots = [Result<T, any Error>?](repeating: nil, count: count)
        if serial {
            for k in 0..<count { slots[k] = Result { try work(k) } }
        }
        slots.withUnsafeMutableBufferPointer { buffer in
            guard !serial, let base = buffer.baseAddress else { return }
            let out = ChunkSlots(base: base)
            DispatchQueue.concurrentPerform(iterations: count) { k in
                out.base[k] = Result { try work(k) }
            }
        }
        return try slots.map { slot in
            guard let slot else { throw FitError.emptyData(operation: "fit", detail: "a parallel fit did not run") }
            return try slot.get()
        }
    }

    /// The 95% interval of a fitted value: the 2.5th–97.5th percentile of its bootstrap refits,
    /// widened to contain the all-traces `plateau`.
    static func interval(samples: [Double], plateau: Interval) -> Interval {
        let s = samples.sorted()
        return Interval(lower: Swift.min(Percentile.ofSorted(s, 0.025), plateau.lower),
                        upper: Swift.max(Percentile.ofSorted(s, 0.975), plateau.upper))
    }

    /// Trace indices per user, users in order of first appearance, in two flat arrays (no
    /// array per user: a million users would cost a million allocations).
    struct UsersAndTraces: Sendable {
        /// `order[start[u]..<start[u + 1]]` are user `u`'s traces, ascending.
        let order: [Int]
        let start: [Int]
        var users: Int { start.count - 1 }

        init(_ data: FitData) {
            var slot: [Int32: Int] = [:]
            var userOf = [Int](repeating: 0, count: data.count)
            var counts: [Int] = []
            for (i, label) in data.labels.enumerated() {
                if let s = slot[label.user] { userOf[i] = s; counts[s] += 1 } else {
                    slot[label.user] = counts.count
                    userOf[i] = counts.count
                    counts.append(1)
                }
            }
            var start = [Int](repeating: 0, count: counts.count + 1)
            for u in counts.indices { start[u + 1] = start[u] + counts[u] }
            var next = start
            var order = [Int](repeating: 0, count: data.count)
            for i in 0..<data.count {
                order[next[userOf[i]]] = i
                next[userOf[i]] += 1
            }
            self.order = order
            self.start = start
        }

        func traces(of u: Int) -> ArraySlice<Int> { order[start[u]..<start[u + 1]] }
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
