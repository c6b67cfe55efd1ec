import SnapStrategies
import SnapGSL
import SnapTraces
import SnapScoring
import SnapLabSupport

/// Fits a chosen subset of any ``SnapPolicy``'s parameters to labelled traces: an exact
/// coordinate search over the step-shaped objective (``StepSearch``), from several starts, with
/// GSL's Nelder–Mead only to polish continuous platform constants when they are named.
///
/// Objective: ``FitObjective`` — maximize the hit rate or minimize the mean cost — evaluated
/// exactly on the traces, each weighted (a bootstrap resample repeats users). Every vector tried
/// keeps the parameters' bounds and the policy's declared orders (`lowTier ≤ highTier`, …).
///
/// Procedure:
/// 1. **starts**: the policy's current values (normally its defaults, moved into the declared
///    orders), any `extraStarts`, then random points up to ``starts`` in all (GSL mt19937 seeded
///    with ``seed``, uniform over each range, orders repaired);
/// 2. each start runs the coordinate search; on sets larger than ``screeningSize`` the starts
///    run on an evenly strided subset of that many traces (every start's end point is then
///    scored on all traces, so the runs are compared on one objective);
/// 3. the best start continues on all traces until no single-parameter move improves
///    (*converged*);
/// 4. if a non-integer platform constant is free (named with `--params`), Nelder–Mead polishes
///    the platform constants from there (``BoundTransform`` coordinates, thresholds held), and
///    the coordinate search runs again from its point; the better of the two is kept.
///
/// ```swift
/// let data = FitData(traces)
/// let fit = try PolicyFitter(objective: .hitRate).fit(Tag99Snap(), parameters: ["lowTier", "highTier"], data: data)
/// fit.values   // the full parameter vector; fit.policy decides with it
/// ```
/// - Complexity: one search step decides each trace at `cells + 1` values through the batch
///   path, plus about 20 single decisions per trace whose decision changes in the range.
public struct PolicyFitter: Sendable {
    public var objective: FitObjective
    /// Starting points: the policy's values, then `extraStarts`, then random ones up to this many in all.
    public var starts: Int
    /// Seed of the random starts.
    public var seed: UInt64
    /// Starts run on a strided subset of this many traces when the set is larger (0: never).
    public var screeningSize: Int
    /// Cells of a threshold's range in each step: every trace is decided at `cells + 1` values
    /// before the changes between them are bisected (``StepSearch``; platform constants get 8).
    public var cells: Int
    /// Cycles of the coordinate search before it stops unconverged.
    public var maxCycles: Int
    /// The polisher of continuous platform constants.
    public var minimizer: NelderMead

    public init(objective: FitObjective = .hitRate, starts: Int = 8, seed: UInt64 = 1, screeningSize: Int = 4000,
                cells: Int = 2, maxCycles: Int = 30,
                minimizer: NelderMead = NelderMead(maxIterations: 150, sizeTolerance: 1e-3)) {
        self.objective = objective
        self.starts = starts
        self.seed = seed
        self.screeningSize = screeningSize
        self.cells = cells
        self.maxCycles = maxCycles
        self.minimizer = minimizer
    }

    /// Samples of at least this many traces sweep declared thresholds in feature order
    /// (``FeatureOrders``); smaller ones (the screening subsets) decide and sort their few traces.
    static let sweepMinimum = 20_000

    /// One coordinate search (or polish) of a fit.
    public struct Run: Sendable, Hashable {
        /// `"current values"`, `"extra start k"`, `"random start k"`, `"all traces"` or `"Nelder–Mead polish"`.
        public var start: String
        /// Traces the run searched on (the screening subset or all of them).
        public var traces: Int
        /// Coordinate cycles (Nelder–Mead: iterations).
        public var cycles: Int
        /// No single-parameter move improved at the end (Nelder–Mead: its size test passed).
        public var converged: Bool
        /// The score of the run's end point on every fitted trace (the same objective for every run).
        public var score: Double
    }

    /// How a fit searched.
    public enum Method: String, Sendable, Hashable {
        /// The coordinate search over change points (``StepSearch``), with restarts.
        case coordinateSearch = "coordinate search"
        /// Maximum likelihood (GSL BFGS), then the cut points set exactly for the objective
        /// (``LearnedThresholdFit``).
        case likelihoodThenCutPoints = "maximum likelihood, then exact cut points"
    }

    /// The outcome of one fit.
    public struct Result: Sendable {
        /// The policy with the fitted values.
        public var policy: any SnapPolicy
        /// The parameters that were free, in vector order of the fit.
        public var fittedNames: [String]
        /// The full parameter vector of ``policy``.
        public var values: [Double]
        /// The score (hit rate or mean cost) of ``policy`` on the fitted traces.
        public var score: Double
        /// The score of the policy as given (normally its defaults) on the same traces (NaN when
        /// the fit was asked not to score it).
        public var startScore: Double
        /// Per fitted parameter: the range of values that reach ``score`` with the others held
        /// (a single value when the optimum is sharp).
        public var plateaus: [Interval]
        /// Per fitted parameter: whether its plateau reaches a bound of its range (the data do
        /// not pin it inside the range).
        public var atBound: [Bool]
        /// Per fitted parameter: whether the data leave it **not identified**: its plateau
        /// reaches an end of its feasible range (a bound, or the value of a parameter a declared
        /// order ties it to) and no trace scores differently anywhere across the plateau (with
        /// the other parameters held; a trace may change its decision there, from one miss to
        /// another). The fitted number is then an arbitrary point of a range the data say
        /// nothing about (e.g. a speed tier above every trace it could help), not an estimate.
        /// Empty when not computed (fold fits, bootstrap refits, the learned policy).
        public var notIdentified: [Bool] = []
        /// Whether the final search converged: no single-parameter move improves ``score``.
        public var converged: Bool
        /// Every run: the starts in order, then the search on all traces, then any polish.
        public var runs: [Run]
        /// Work done: one-parameter profiles (coordinate search; each decides every trace at a
        /// few values) or likelihood evaluations (``Method/likelihoodThenCutPoints``).
        public var evaluations: Int
        /// How the fit searched: what ``converged``, ``runs`` and ``evaluations`` mean.
        public var method: Method = .coordinateSearch
        /// Parameters the data carry no information on (e.g. the weight of a feature that is
        /// constant in them), held at their value: shown as not fitted, with a note, never with
        /// an interval.
        public var heldByData: [String] = []
    }

    /// Fits `names` (default: every threshold, see ``BoundTransform``) of `policy` on `indices`
    /// of `data` (default: all traces) with `weights` (default 1 each), starting from the
    /// policy's current values.
    ///
    /// - Parameters:
    ///   - extraStarts: full parameter vectors tried after the policy's own values (invalid ones
    ///     are skipped).
    ///   - memo: change points shared by the fits of one job on `data` (folds, resamples), so
    ///     later fits confirm them instead of bisecting again; `nil` for none.
    ///   - orders: the data's traces sorted by the declared features of the free thresholds
    ///     (``FeatureOrders``), shared by the fits of one job; built here when needed and `nil`.
    ///   - scoringStart: score the policy as given (``Result/startScore``); fold fits and
    ///     bootstrap refits, which never show it, pass `false` (NaN then) and save a pass.
    /// - Throws: ``FitError/emptyData(operation:detail:)`` without traces,
    ///   ``FitError/unknownParameter(policy:name:known:)``, ``FitError/noFreeParameters(policy:)``,
    ///   ``FitError/invalidOption(name:value:expected:)``, ``GSLError``.
    public func fit(_ policy: any SnapPolicy, parameters names: [String]? = nil, data: FitData,
                    indices: [Int]? = nil, weights: [Double]? = nil, extraStarts: [[Double]] = [],
                    memo: BreakpointMemo? = nil, orders: FeatureOrders? = nil, scoringStart: Bool = true) throws -> Result {
        let sample = TraceSample(indices: indices ?? data.allIndices, weights: weights)
        guard !sample.indices.isEmpty, sample.total > 0 else {
            throw FitError.emptyData(operation: "fit \(policy.id)", detail: "no labelled traces")
        }
        guard sample.weights.count == sample.indices.count else {
            throw FitError.invalidOption(name: "weights", value: "\(sample.weights.count)", expected: "one per index")
        }
        // Learned thresholds with every parameter free: maximum likelihood, then exact cut points.
        if let learned = policy as? LearnedThresholdSnap, LearnedThresholdFit.fitsEverything(learned, names: names) {
            return try LearnedThresholdFit.fit(learned, data: data, indices: sample.indices, weights: weights, objective: objective)
        }
        return try fitOpened(policy, names: names, data: data, sample: sample, extraStarts: extraStarts, memo: memo,
                             featureOrders: orders, scoringStart: scoringStart)
    }

    private func fitOpened<P: SnapPolicy>(_ policy: P, names: [String]?, data: FitData, sample: TraceSample,
                                          extraStarts: [[Double]], memo: BreakpointMemo?, featureOrders: FeatureOrders?,
                                          scoringStart: Bool) throws -> Result {
        let operation = "fit \(policy.id)"
        guard starts >= 1 else { throw FitError.invalidOption(name: "starts", value: "\(starts)", expected: "at least 1") }
        guard cells >= 1 else { throw FitError.invalidOption(name: "cells", value: "\(cells)", expected: "at least 1") }
        let specs = policy.parameterSpecs
        let transform = try BoundTransform(policy: policy.id, specs: specs, values: policy.parameterValues, free: names)
        guard transform.count > 0 else { throw FitError.noFreeParameters(policy: policy.id) }
        let orders = policy.parameterOrder.compactMap { o -> (lower: Int, upper: Int)? in
            guard let l = specs.firstIndex(where: { $0.name == o.lower }),
                  let u = specs.firstIndex(where: { $0.name == o.upper }) else { return nil }
            return (l, u)
        }
        var search = StepSearch<P>(data: data, objective: objective, free: transform.coordinates, orders: orders)
        search.cells = cells
        search.maxCycles = maxCycles
        search.memo = memo
        search.constants = Set(transform.coordinates.filter { specs[$0.index].role == .platformConstant }.map(\.index))
        for c in transform.coordinates {
            if let f = StepSearchFeature.declared(specs[c.index], c) { search.features[c.index] = f }
        }
        search.snapOrigin = policy.snapOrigin
        // Large samples sweep declared thresholds in feature order (dense weights, shared orders).
        var sample = sample
        if !search.features.isEmpty && sample.indices.count >= Self.sweepMinimum {
            let orders = try featureOrders ?? FeatureOrders(data: data, policy: policy, parameters: names, objective: objective)
            search.featureOrders = orders
            if let table = orders.table, table.fits(policy.parameterValues, free: transform.coordinates.map(\.index)),
               objective == .hitRate {
                search.table = table
                sample = sample.withUserWeights(table)
            }
            // Sweeps read the users' weights when they can, else every trace's (dense) weight.
            if sample.userWeights == nil { sample = sample.withDenseWeights(traces: data.count) }
        }
        let total = sample.total
        func score(_ loss: Double) -> Double { objective.isHigherBetter ? 1 - loss / total : loss / total }
        // Losses on every fitted trace, by point: starts often end on the same point (a plateau's
        // middle), which is then scored once.
        // A point near the last one scored in full is scored by the traces that can differ between them
        // (``StepSearch/lossChange(_:from:to:sample:limit:)``, declared thresholds only; with a table
        // and users' weights, ``StepSearch/tableLossChange(from:to:sample:limit:)``).
        var scored: [[Double]: Double] = [:]
        var lastFull: (point: [Double], loss: Double)?
        func lossOf(_ x: [Double]) -> Double {
            if let known = scored[x] { return known }
            let loss: Double
            if search.table != nil {
                if let ref = lastFull,
                   let change = search.tableLossChange(from: ref.point, to: x, sample: sample, limit: sample.indices.count / 4) {
                    loss = ref.loss + change
                } else {
                    loss = search.lossSum(policy, at: x, sample: sample)
                    lastFull = (x, loss)
                }
            } else if let ref = lastFull,
               let change = search.lossChange(policy, from: ref.point, to: x, sample: sample, limit: sample.indices.count / 4) {
                loss = ref.loss + change
            } else {
                loss = data.lossSum(search.with(policy, x), objective: objective, indices: sample.indices, weights: sample.weights)
                lastFull = (x, loss)
            }
            scored[x] = loss
            return loss
        }
        let startLoss = scoringStart ? lossOf(policy.parameterValues) : .nan

        // Starts: the current values, extra ones, then random ones (orders repaired).
        var startPoints: [(String, [Double])] = [("current values", policy.parameterValues)]
        for (k, extra) in extraStarts.enumerated()
        where extra.count == specs.count && zip(specs, extra).allSatisfy({ $0.accepts($1) }) {
            startPoints.append(("extra start \(k + 1)", extra))
        }
        let rng = try GSLRandom(seed: seed)
        var r = 0
        while startPoints.count < starts {
            r += 1
            var x = policy.parameterValues
            for c in transform.coordinates {
                let v = rng.uniform(c.minimum, c.maximum)
                x[c.index] = c.isInteger ? v.rounded() : v
            }
            startPoints.append(("random start \(r)", x))
        }

        let screening = screeningSize > 0 && sample.indices.count > screeningSize
        let searchSample = screening ? sample.strided(to: screeningSize) : sample
        var runs: [Run] = []
        var profiles = 0
        var best: StepSearch<P>.Outcome?
        var bestFullLoss = Double.infinity
        for (name, x) in startPoints {
            let outcome = search.search(policy, from: x, sample: searchSample)
            profiles += outcome.profiles
            let full = screening ? lossOf(outcome.point) : outcome.loss
            runs.append(Run(start: name, traces: searchSample.indices.count, cycles: outcome.cycles,
                            converged: outcome.converged, score: score(full)))
            if full < bestFullLoss - 1e-9 * total { best = outcome; bestFullLoss = full }
        }
        guard var kept = best else { throw FitError.emptyData(operation: operation, detail: "no run") }
        if screening {
            kept = search.search(policy, from: kept.point, sample: sample, startLoss: lossOf(kept.point))
            profiles += kept.profiles
            runs.append(Run(start: "all traces", traces: sample.indices.count, cycles: kept.cycles,
                            converged: kept.converged, score: score(kept.loss)))
        }
        // Nelder–Mead polish of continuous platform constants, then the exact search again.
        let constants = transform.coordinates.filter { !$0.isInteger && specs[$0.index].role == .platformConstant }
        if !constants.isEmpty {
            let polish = try BoundTransform(policy: policy.id, specs: specs, values: kept.point, free: constants.map(\.name))
            var vector = polish.base
            let report = try minimizer.minimize(operation, start: polish.unbounded(kept.point),
                                                steps: [Double](repeating: 0.3, count: polish.count)) { u in
                polish.write(u, into: &vector)
                if search.repaired(vector) != vector { return total * 10 }
                return lossOf(vector)
            }
            let polished = search.search(policy, from: polish.bounded(report.point), sample: sample)
            profiles += polished.profiles
            runs.append(Run(start: "Nelder–Mead polish", traces: sample.indices.count, cycles: report.iterations,
                            converged: polished.converged, score: score(polished.loss)))
            if polished.loss < kept.loss - 1e-9 * total { kept = polished }
        }
        let finalLoss = lossOf(kept.point)
        let fitted = search.with(policy, kept.point)
        let atBound = zip(transform.coordinates, kept.plateaus).map { c, p in
            p.lower <= c.minimum || p.upper >= c.maximum
        }
        var result = Result(policy: fitted, fittedNames: transform.coordinates.map(\.name), values: kept.point,
                            score: score(finalLoss), startScore: score(startLoss), plateaus: kept.plateaus, atBound: atBound,
                            converged: kept.converged, runs: runs, evaluations: profiles)
        if scoringStart {
            result.notIdentified = zip(transform.coordinates, kept.plateaus).map { c, plateau in
                let feasible = search.range(c, at: kept.point)
                guard plateau.lower <= feasible.lower || plateau.upper >= feasible.upper else { return false }
                // Scored at both ends of the plateau and at its middle (a declared threshold's
                // decisions change only at its traces' features, once, so the ends suffice there).
                let values = [plateau.lower, plateau.middle, plateau.upper]
                let policies = values.map { v -> P in
                    var y = kept.point
                    y[c.index] = c.isInteger ? v.rounded(.down) : v
                    return search.with(policy, y)
                }
                return !data.anyLossDiffers(policies, objective: objective, indices: sample.indices)
            }
        }
        return result
    }
}
