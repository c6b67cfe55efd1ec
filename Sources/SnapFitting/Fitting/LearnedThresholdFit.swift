import SnapStrategies
import SnapGSL
import SnapTraces
import SnapScoring
import SnapLabSupport

/// How ``PolicyFitter`` fits a ``LearnedThresholdSnap`` when all its parameters are free: maximum
/// likelihood, then the cut points tuned for the objective.
///
/// 1. ``OrdinalThresholdModel`` (cumulative logit, GSL BFGS) with `K` = the policy's
///    ``LearnedThresholdSnap/pagesBack`` fits the weights and cut points by maximum likelihood;
/// 2. ``LearnedCutpointTuning`` moves the cut points, weights held, to the exact best for the
///    objective on the same (weighted) traces — never worse there than the likelihood's own;
/// 3. the result has the shape of any fit (``PolicyFitter/Result``): the weights' plateaus are
///    their values (a smooth fit has no flat optimum), each cut point's plateau is the range of
///    values that keeps every training decision, `at bound` when that range reaches the end of
///    the parameter range (a page count the data never chose), and *converged* is BFGS's
///    gradient test (the cut-point step is exact).
///
/// A fit of a subset of the parameters (`--params`) goes through the general step search instead.
enum LearnedThresholdFit {
    /// Fits every parameter of `policy` (its cut-point count sets `K`) on `indices` of `data`.
    ///
    /// Memory: the likelihood's features (``LearnedFeatures``, standardized in place) live only
    /// while the likelihood fit runs; the cut-point tuning computes the scores again from the
    /// releases.
    /// - Throws: ``FitError``, ``GSLError`` from the likelihood fit.
    static func fit(_ policy: LearnedThresholdSnap, data: FitData, indices: [Int], weights: [Double]?,
                    objective: FitObjective) throws -> PolicyFitter.Result {
        try fitWithModel(policy, data: data, indices: indices, weights: weights, objective: objective).result
    }

    /// ``fit(_:data:indices:weights:objective:)``, its likelihood search started from `warmStart`
    /// (a model fitted with the same `K`, e.g. on all traces before the folds' fits: the same optimum
    /// up to the optimizer's tolerance, ``OrdinalThresholdModel/warmStartPoint``), and the fitted
    /// likelihood model itself (to warm-start further fits). With `likelihoodIndices` (unweighted
    /// fits only: a ``LearnedSample`` of `indices`) the likelihood learns from those traces, while
    /// the cut points are tuned and the scores taken on all of `indices`.
    static func fitWithModel(_ policy: LearnedThresholdSnap, data: FitData, indices: [Int], weights: [Double]?,
                             objective: FitObjective, warmStart: OrdinalThresholdModel? = nil,
                             likelihoodIndices: [Int]? = nil)
        throws -> (result: PolicyFitter.Result, model: OrdinalThresholdModel) {
        let maxPages = max(1, policy.pagesBack)
        if let weights, weights.count != indices.count {
            throw FitError.invalidOption(name: "weights", value: "\(weights.count)", expected: "one per index")
        }
        if weights != nil, likelihoodIndices != nil {
            throw FitError.invalidOption(name: "likelihoodIndices", value: "with weights", expected: "an unweighted fit")
        }
        let model = try OrdinalThresholdModel.fit(data: data, indices: likelihoodIndices ?? indices, weights: weights,
                                                  maxPages: maxPages, warmStart: warmStart)
        let tuned = LearnedCutpointTuning.tune(model.policy, data: data, indices: indices, weights: weights, objective: objective)
        let total = weights?.reduce(0, +) ?? Double(indices.count)
        func score(_ p: LearnedThresholdSnap) -> Double {
            let loss = data.lossSum(p, objective: objective, indices: indices, weights: weights)
            return objective.isHigherBetter ? 1 - loss / total : loss / total
        }
        let likelihoodScore = score(model.policy), tunedScore = score(tuned.policy)
        // The tuning is exact and never worse on these traces; keep the likelihood's cut points on a tie.
        let better = objective.isHigherBetter ? tunedScore > likelihoodScore : tunedScore < likelihoodScore
        let chosen = better ? tuned.policy : model.policy
        let final = better ? tunedScore : likelihoodScore   // score(chosen), already taken (deterministic sums)
        let limit = LearnedThresholdSnap.parameterLimit
        let cutPlateaus = better ? tuned.plateaus : chosen.cutpoints.map { Interval(lower: $0, upper: $0) }
        let plateaus = chosen.weights.map { Interval(lower: $0, upper: $0) } + cutPlateaus
        let atBound = chosen.weights.map { abs($0) >= limit } + cutPlateaus.map { $0.lower <= -limit || $0.upper >= limit }
        let runs = [
            PolicyFitter.Run(start: "maximum likelihood (GSL BFGS)", traces: likelihoodIndices?.count ?? indices.count,
                             cycles: model.report.iterations,
                             converged: model.report.converged, score: likelihoodScore),
            PolicyFitter.Run(start: "cut points tuned for \(objective)", traces: indices.count, cycles: 1,
                             converged: true, score: final),
        ]
        let result = PolicyFitter.Result(policy: chosen, fittedNames: chosen.parameterSpecs.map(\.name), values: chosen.parameterValues,
                                   score: final, startScore: score(policy), plateaus: plateaus, atBound: atBound,
                                   converged: model.report.converged, runs: runs, evaluations: model.report.evaluations,
                                   method: .likelihoodThenCutPoints,
                                   heldByData: model.constantFeatures.map { chosen.parameterSpecs[$0].name })
        return (result, model)
    }

    /// Whether a fit of `names` of `policy` is a fit of all of it (`nil` = every threshold, all of them here).
    static func fitsEverything(_ policy: LearnedThresholdSnap, names: [String]?) -> Bool {
        guard let names else { return true }
        return Set(names) == Set(policy.parameterSpecs.map(\.name))
    }
}
