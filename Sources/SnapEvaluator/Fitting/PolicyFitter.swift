import SnapStrategies

/// Fits a chosen subset of any ``SnapPolicy``'s parameters to labelled traces with GSL's
/// Nelder–Mead simplex, through the policy's validated parameter vector.
///
/// Objective: ``FitObjective`` — maximize the hit rate or minimize the mean cost — evaluated
/// exactly on the traces (``FitData/score(_:objective:indices:)``). Bounds are respected by
/// minimizing over ``BoundTransform`` coordinates (logit of the position in each range), so
/// every vector tried is valid. Integer parameters stay fixed unless named (then rounded).
///
/// The objective is a step function of the thresholds (it changes only when a threshold
/// crosses some trace's value), so a gradient is useless and a small simplex sits on a flat
/// step. The fitter copes by:
/// 1. **a large initial simplex**: a step of ``step`` (default 1) in every transformed
///    coordinate, about a quarter of each range near its middle, so the first simplex spans
///    many steps of the surface and sees its trend rather than one flat;
/// 2. **several starts**: the policy's current values (normally its defaults), any
///    `extraStarts` given, then ``starts`` − 1 seeded random points (GSL mt19937, ``seed``)
///    drawn uniformly over the middle 96% of each range;
/// 3. **restarts from the best point** with a fresh full-size simplex (up to ``restarts``
///    times, stopping as soon as one does not improve), which lets the simplex escape the
///    plateau it collapsed on.
/// On a large set the starts are *screened* (``screeningSizes``, default 5 000 then 20 000):
/// all starts run on an evenly strided subset of 5 000 traces, the best point is refined by one
/// run on 20 000 (step 0.3·``step``), and then polished on every trace by runs with the small
/// step ``polishStep`` and at most ``polishIterations`` iterations (one run; ``restarts``
/// apply to unscreened fits). A threshold fitted
/// on 5 000 traces is already within sampling noise of the full optimum (well inside the 5%
/// recovery target), so the full set is only needed to settle it exactly; this cuts a fit on
/// 100k traces about fivefold. Sets no larger than a stage skip it, so small sets are fitted
/// whole with ``restarts`` full-step restarts.
///
/// The best vertex over all runs wins (earliest run on ties, so the defaults win a tie). Every
/// run's ``MinimizationReport`` (iterations, final simplex size, objective, converged) is kept;
/// a run that reaches ``NelderMead/maxIterations`` is reported, not thrown.
///
/// Defaults: 4 starts, 2 restarts, step 1, at most 200 iterations per run, simplex size
/// tolerance 1e-3 in transformed units (about 0.0025 of a range near its middle).
///
/// ```swift
/// let data = FitData(traces)
/// let fit = try PolicyFitter(objective: .hitRate).fit(Tag99Snap(), parameters: ["lowTier", "highTier"], data: data)
/// fit.values   // the full parameter vector; fit.policy decides with it
/// ```
/// - Complexity: each objective evaluation decides every trace once: O(traces) with no
///   allocation per trace; chunks are scored on all cores (``FitData``).
public struct PolicyFitter: Sendable {
    public var objective: FitObjective
    /// Starting points: the policy's values, then `extraStarts`, then random ones up to this many in all.
    public var starts: Int
    /// Restarts from the best point with a fresh simplex, while they improve.
    public var restarts: Int
    /// Initial simplex step in every transformed coordinate.
    public var step: Double
    /// The simplex minimizer (iteration limit and size tolerance per run).
    public var minimizer: NelderMead
    /// Seed of the random starts.
    public var seed: UInt64
    /// Subset sizes of the screening stages (default 5 000 and 20 000); sizes not below the
    /// set's size are skipped, so small sets are fitted whole.
    public var screeningSizes: [Int]
    /// Initial simplex step of the polishing runs on the full set after screening (default 0.1).
    public var polishStep: Double
    /// Iteration limit of each polishing run on the full set (default 60; a capped run is
    /// reported with `converged == false`, its best vertex still counts).
    public var polishIterations: Int

    public init(objective: FitObjective = .hitRate, starts: Int = 4, restarts: Int = 2, step: Double = 1,
                minimizer: NelderMead = NelderMead(maxIterations: 200, sizeTolerance: 1e-3), seed: UInt64 = 1,
                screeningSizes: [Int] = [5_000, 20_000], polishStep: Double = 0.1, polishIterations: Int = 60) {
        self.objective = objective
        self.starts = starts
        self.restarts = restarts
        self.step = step
        self.minimizer = minimizer
        self.seed = seed
        self.screeningSizes = screeningSizes
        self.polishStep = polishStep
        self.polishIterations = polishIterations
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
        /// The score of the policy as given (normally its defaults) on the same traces.
        public var startScore: Double
        /// Every run: the starts in order (screened on a subset for large sets), then the restarts.
        public var runs: [MinimizationReport]
        /// Objective evaluations over all runs.
        public var evaluations: Int

        /// The run whose point was kept (`nil` when the starting values scored best on the full set).
        public var best: MinimizationReport?
    }

    /// Fits `names` (default: every threshold, see ``BoundTransform``) of `policy` on `indices` of `data`
    /// (default: all traces), starting from the policy's current values.
    ///
    /// - Parameter extraStarts: full parameter vectors tried after the policy's own values
    ///   (e.g. an earlier fit); invalid ones are skipped.
    /// - Throws: ``FitError/emptyData(operation:detail:)`` without traces,
    ///   ``FitError/unknownParameter(policy:name:known:)``, ``FitError/noFreeParameters(policy:)``,
    ///   ``FitError/invalidOption(name:value:expected:)``, ``FitError/nonFiniteObjective(operation:)``,
    ///   ``GSLError``.
    public func fit(_ policy: any SnapPolicy, parameters names: [String]? = nil, data: FitData,
                    indices: [Int]? = nil, extraStarts: [[Double]] = []) throws -> Result {
        let operation = "fit \(policy.id)"
        let indices = indices ?? data.allIndices
        guard !indices.isEmpty else { throw FitError.emptyData(operation: operation, detail: "no labelled traces") }
        guard starts >= 1 else { throw FitError.invalidOption(name: "starts", value: "\(starts)", expected: "at least 1") }
        guard restarts >= 0 else { throw FitError.invalidOption(name: "restarts", value: "\(restarts)", expected: "0 or more") }
        guard step > 0, step.isFinite else {
            throw FitError.invalidOption(name: "step", value: "\(step)", expected: "a positive number")
        }
        let transform = try BoundTransform(policy: policy.id, specs: policy.parameterSpecs,
                                           values: policy.parameterValues, free: names)
        guard transform.count > 0 else { throw FitError.noFreeParameters(policy: policy.id) }
        let objective = self.objective
        let startScore = data.score(policy, objective: objective, indices: indices)

        // Screening stages: strided subsets of the sizes below the set's size, smallest first.
        let stages: [[Int]] = screeningSizes.filter { $0 >= 1 && $0 < indices.count }.sorted().map { limit in
            let stride = Double(indices.count) / Double(limit)
            return (0..<limit).map { indices[SnapMath.clamp(SnapMath.truncatedIndex(Double($0) * stride), 0, indices.count - 1)] }
        }
        let isScreening = !stages.isEmpty
        var candidate = policy
        var vector = transform.base
        var subset = stages.first ?? indices
        let evaluate: ([Double]) throws -> Double = { u in
            transform.write(u, into: &vector)
            // A vector breaking a declared order is infeasible: worse than any score.
            if candidate.orderViolation(in: vector) != nil { return 1e6 }
            try candidate.setParameterValues(vector)
            return objective.loss(data.score(candidate, objective: objective, indices: subset))
        }

        var startPoints = [transform.unbounded(policy.parameterValues)]
        for extra in extraStarts where extra.count == transform.base.count && extra.allSatisfy(\.isFinite) {
            startPoints.append(transform.unbounded(extra))
        }
        let rng = try GSLRandom(seed: seed)
        while startPoints.count < starts {
            startPoints.append(transform.coordinates.map { c in
                BoundTransform.toUnbounded(c.minimum + (c.maximum - c.minimum) * rng.uniform(0.02, 0.98), c)
            }.enumerated().map { k, u in
                let c = transform.coordinates[k]
                return c.minimum.isFinite && c.maximum.isFinite ? u : rng.uniform(-2, 2)
            })
        }
        let steps = [Double](repeating: step, count: transform.count)
        var runs: [MinimizationReport] = []
        var best: MinimizationReport?
        for start in startPoints {
            let run = try minimizer.minimize(operation, start: start, steps: steps, objective: evaluate)
            runs.append(run)
            if best.map({ run.value < $0.value }) ?? true { best = run }
        }
        /// Moves to a larger subset: rescore the best point there, then run once from it with `step`.
        func refine(on next: [Int], step: Double, using minimizer: NelderMead) throws {
            guard let current = best else { return }
            subset = next
            let rescored = MinimizationReport(point: current.point, value: try evaluate(current.point), iterations: 0,
                                              size: current.size, converged: current.converged, evaluations: 1)
            let run = try minimizer.minimize(operation, start: current.point,
                                             steps: [Double](repeating: step, count: transform.count), objective: evaluate)
            runs.append(run)
            best = run.value < rescored.value ? run : rescored
        }
        var polisher = minimizer
        polisher.maxIterations = max(1, polishIterations)
        if isScreening {
            for stage in stages.dropFirst() { try refine(on: stage, step: 0.3 * step, using: minimizer) }
            try refine(on: indices, step: polishStep, using: polisher)
        }
        // Restarts with a fresh full-size simplex on unscreened fits (screened ones were polished above).
        for _ in 0..<(isScreening ? 0 : restarts) {
            guard let current = best else { break }
            let run = try minimizer.minimize(operation, start: current.point,
                                             steps: [Double](repeating: step, count: transform.count), objective: evaluate)
            runs.append(run)
            if run.value < current.value { best = run } else { break }
        }
        guard let kept = best else { throw FitError.emptyData(operation: operation, detail: "no run") }
        var values = transform.bounded(kept.point)
        var fitted = policy
        try fitted.setParameterValues(values)
        var score = data.score(fitted, objective: objective, indices: indices)
        var keptRun: MinimizationReport? = kept
        if objective.isBetter(startScore, than: score) {
            // Screening can in principle land worse than the start on the full set: keep the start then.
            fitted = policy
            values = policy.parameterValues
            score = startScore
            keptRun = nil
        }
        return Result(policy: fitted, fittedNames: transform.coordinates.map(\.name), values: values,
                      score: score, startScore: startScore, runs: runs, evaluations: runs.reduce(0) { $0 + $1.evaluations },
                      best: keptRun)
    }
}
