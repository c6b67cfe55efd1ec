import Dispatch
import SnapStrategies

/// Which policy to ship: every candidate policy with its default and its fitted parameters,
/// scored under the same grouped cross-validation, and the simplest one that is as good as the
/// best within the best's uncertainty (what `snaplab recommend` prints).
///
/// Candidates: for each policy, *defaults* (nothing fitted) and, when it has free parameters,
/// *fitted* (every threshold — non-integer, not a platform constant — by ``PolicyFitter`` on each training fold; for
/// ``LearnedThresholdSnap`` with `maxPages` items each way: maximum likelihood, then cut points tuned, ``LearnedThresholdFit``).
/// Each candidate's test score is the mean over the `K` test folds (``GroupedFolds``, the same
/// folds for every candidate) and its standard error the folds' standard deviation over `√K`.
///
/// **Rule.** Let *best* be the candidate with the best mean test score. A candidate is
/// *within uncertainty* when its mean test score is at least `best − SE(best)` (hit rate; at
/// most `best + SE(best)` for a cost) — the one-standard-error rule of cross-validation
/// (Hastie, Tibshirani & Friedman, *Elements of Statistical Learning*, §7.10). Among those,
/// the chosen one is the simplest: fewest fitted parameters (defaults count 0), then fewest
/// parameters in the policy, then the order of the input list (catalogue order).
///
/// The chosen policy's final values come from a fit on all traces; ``swiftCode`` constructs it
/// with `SnapStrategies` only.
///
/// The policies are evaluated in parallel (one task per policy, `DispatchQueue.concurrentPerform`);
/// every fit is seeded on its own, so the result is the same as a serial run.
public struct Recommendation: Sendable {
    /// One policy in one variant.
    public struct Candidate: Sendable {
        public var policyID: String
        /// `"defaults"` or `"fitted"`.
        public var variant: String
        /// The parameters fitted (empty for defaults).
        public var fittedParameters: [String]
        /// All parameters of the policy.
        public var parameterCount: Int
        /// Position of the policy in the input list.
        public var order: Int
        public var foldTestScores: [Double]
        public var testScore: Double
        public var testStandardError: Double
        /// The policy to ship for this candidate: defaults, or the fit on all traces.
        public var policy: any SnapPolicy
        /// Fitted parameters whose best values reach a bound of their range (the data do not pin them).
        public var atBound: [String] = []
        /// Fitted parameters the data leave **not identified** (``PolicyFitter/Result/notIdentified``):
        /// no trace scores differently anywhere from the fitted value to the end of its range.
        public var notIdentified: [String] = []
    }

    public var objective: FitObjective
    /// Every candidate, best mean test score first (ties: simpler first).
    public var ranking: [Candidate]
    /// The candidate with the best mean test score.
    public var best: Candidate
    /// The simplest candidate within the best's uncertainty.
    public var chosen: Candidate
    /// The score a candidate needed to be within uncertainty: `best ∓ SE(best)`.
    public var threshold: Double
    /// Why the chosen one was chosen, one sentence each.
    public var reasons: [String]
    public var folds: Int
    /// Policies with free parameters that were scored with their defaults only, because they
    /// have more than `maxFittedParameters` of them (see ``run(policies:data:fitter:folds:maxPages:maxFittedParameters:seed:)``).
    public var notFitted: [String] = []
    /// Things the reader must know: leave-one-user-out folds, too few users to recommend.
    public var notes: [String] = []

    /// Fewer users than this: the recommendation is made and shown, but marked as not one to ship.
    public static let minimumUsers = 10

    /// Evaluates `policies` (default: the whole catalogue) on `data`.
    /// - Parameters:
    ///   - maxPages: `K` of the ordinal model fitted for ``LearnedThresholdSnap`` (default 3).
    ///   - maxFittedParameters: policies with more free thresholds than this get
    ///     only their *defaults* candidate (listed in ``notFitted``), which bounds the time a
    ///     recommendation over the whole catalogue takes (default: no limit).
    /// - Throws: ``FitError`` (no data, too few users, ...), ``GSLError``.
    public static func run(policies: [any SnapPolicy] = PolicyCatalog.all, data: FitData,
                           fitter: PolicyFitter = PolicyFitter(), folds k: Int = 5, maxPages: Int = 3,
                           maxFittedParameters: Int = .max, seed: UInt64 = 1,
                           adaptingFolds: Bool = true) throws -> Recommendation {
        guard !policies.isEmpty else { throw FitError.invalidOption(name: "policies", value: "[]", expected: "at least one policy") }
        guard data.count > 0 else { throw FitError.emptyData(operation: "recommend", detail: "no labelled traces") }
        let objective = fitter.objective
        // With fewer users than folds: leave one user out (and a note), unless the caller wants the error.
        let grouping = try GroupedFolds(data: data, folds: k, seed: seed, adapting: adaptingFolds)
        // One task per policy, run on all cores; each writes only its own slot, and the results are
        // read in input order, so the outcome does not depend on scheduling.
        var outcomes = [Result<PolicyCandidates, any Error>](repeating: .success(PolicyCandidates()), count: policies.count)
        // One line on a terminal: policies evaluated so far (the line is thread-safe).
        let progress = ProgressLine(stage: "recommending", total: policies.count, unit: "policies")
        defer { progress.finish() }
        outcomes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let slots = OutcomeSlots(base: base)
            DispatchQueue.concurrentPerform(iterations: policies.count) { order in
                slots.base[order] = Result {
                    try policyCandidates(for: policies[order], order: order, data: data, grouping: grouping, fitter: fitter,
                                   maxPages: maxPages, maxFittedParameters: maxFittedParameters)
                }
                progress.advance()
            }
        }
        var candidates: [Candidate] = []
        var notFitted: [String] = []
        for outcome in outcomes {
            let found = try outcome.get()
            candidates += found.candidates
            if let id = found.notFitted { notFitted.append(id) }
        }
        var result = try Recommendation(objective: objective, candidates: candidates, folds: grouping.count)
        result.notFitted = notFitted
        if let note = grouping.note { result.notes.append(note) }
        let users = data.userCounts(data.allIndices).count
        if users < minimumUsers {
            result.notes.append("a recommendation needs at least \(minimumUsers) users; this one rests on \(users), "
                                + "so its ranking shows these people only: collect more users before shipping it")
        }
        return result
    }

    /// The candidates of one policy, and its id when it was too large to fit.
    struct PolicyCandidates: Sendable {
        var candidates: [Candidate] = []
        var notFitted: String?
    }

    /// The defaults candidate of `given` and, when it has free parameters (at most
    /// `maxFittedParameters`), its fitted candidate (learned thresholds: the ordinal model).
    static func policyCandidates(for given: any SnapPolicy, order: Int, data: FitData, grouping: GroupedFolds,
                                 fitter: PolicyFitter, maxPages: Int, maxFittedParameters: Int) throws -> PolicyCandidates {
        let objective = fitter.objective
        let k = grouping.count
        let all = data.allIndices
        var result = PolicyCandidates()
        let defaults = try given.withParameterValues(given.defaultParameterValues)
        let defaultScores = grouping.testIndices.map { data.score(defaults, objective: objective, indices: $0) }
        result.candidates.append(Candidate(policyID: defaults.id, variant: "defaults", fittedParameters: [],
                                           parameterCount: defaults.parameterSpecs.count, order: order,
                                           foldTestScores: defaultScores, testScore: CrossValidatedFit.mean(defaultScores),
                                           testStandardError: CrossValidatedFit.standardError(defaultScores), policy: defaults))
        if defaults is LearnedThresholdSnap {
            let start = LearnedThresholdSnap(maxPages: maxPages)
            var scores: [Double] = []
            for f in 0..<k {
                let fit = try fitter.fit(start, data: data, indices: grouping.trainIndices(f))
                scores.append(data.score(fit.policy, objective: objective, indices: grouping.testIndices[f]))
            }
            let final = try fitter.fit(start, data: data, indices: all).policy
            result.candidates.append(Candidate(policyID: final.id, variant: "fitted", fittedParameters: final.parameterSpecs.map(\.name),
                                               parameterCount: final.parameterSpecs.count, order: order, foldTestScores: scores,
                                               testScore: CrossValidatedFit.mean(scores),
                                               testStandardError: CrossValidatedFit.standardError(scores), policy: final))
            return result
        }
        let free = try BoundTransform(policy: defaults.id, specs: defaults.parameterSpecs, values: defaults.parameterValues)
        guard free.count > 0 else { return result }
        guard free.count <= maxFittedParameters else {
            result.notFitted = defaults.id
            return result
        }
        let memo = BreakpointMemo(traces: data.count, parameters: free.coordinates.map(\.index))
        var scores: [Double] = []
        for f in 0..<k {
            let fit = try fitter.fit(defaults, data: data, indices: grouping.trainIndices(f), memo: memo, scoringStart: false)
            scores.append(data.score(fit.policy, objective: objective, indices: grouping.testIndices[f]))
        }
        // scoringStart: also says which fitted values the data leave not identified (for the code's comments)
        let final = try fitter.fit(defaults, data: data, indices: all, memo: memo, scoringStart: true)
        result.candidates.append(Candidate(policyID: defaults.id, variant: "fitted", fittedParameters: final.fittedNames,
                                           parameterCount: defaults.parameterSpecs.count, order: order, foldTestScores: scores,
                                           testScore: CrossValidatedFit.mean(scores),
                                           testStandardError: CrossValidatedFit.standardError(scores), policy: final.policy,
                                           atBound: zip(final.fittedNames, final.atBound).filter(\.1).map(\.0),
                                           notIdentified: zip(final.fittedNames, final.notIdentified).filter(\.1).map(\.0)))
        return result
    }

    /// Applies the rule to scored candidates (exposed for testing the rule on its own).
    public init(objective: FitObjective, candidates: [Candidate], folds: Int) throws {
        func simpler(_ a: Candidate, _ b: Candidate) -> Bool {
            if a.fittedParameters.count != b.fittedParameters.count { return a.fittedParameters.count < b.fittedParameters.count }
            if a.parameterCount != b.parameterCount { return a.parameterCount < b.parameterCount }
            if a.order != b.order { return a.order < b.order }
            return a.variant == "defaults" && b.variant != "defaults"
        }
        func score(_ c: Candidate) -> Double { c.testScore.isNaN ? -.infinity : objective.loss(c.testScore) * -1 }
        let ranking = candidates.sorted { a, b in score(a) != score(b) ? score(a) > score(b) : simpler(a, b) }
        guard let best = ranking.first else {
            throw FitError.emptyData(operation: "recommend", detail: "no candidates")
        }
        let se = best.testStandardError.isFinite ? best.testStandardError : 0
        let threshold = objective.isHigherBetter ? best.testScore - se : best.testScore + se
        let within = ranking.filter { objective.isHigherBetter ? $0.testScore >= threshold : $0.testScore <= threshold }
        let chosen = within.min(by: simpler) ?? best
        self.objective = objective
        self.ranking = ranking
        self.best = best
        self.chosen = chosen
        self.threshold = threshold
        self.folds = folds
        let name = { (c: Candidate) in "\(c.policyID) (\(c.variant))" }
        let fmt = { (x: Double) in NumberFormat.fixed(x, 4) }
        var reasons = ["Best mean test \(objective): \(name(best)) at \(fmt(best.testScore)) ± \(fmt(se)) (standard error over \(folds) user-grouped folds)."]
        reasons.append("Within one standard error of the best (\(objective.isHigherBetter ? "≥" : "≤") \(fmt(threshold))): "
                       + within.map { "\(name($0)) \(fmt($0.testScore))" }.joined(separator: ", ") + ".")
        if chosen.policyID == best.policyID && chosen.variant == best.variant {
            reasons.append("Chosen: \(name(chosen)), the best, and nothing simpler is within its uncertainty.")
        } else {
            reasons.append("Chosen: \(name(chosen)), the simplest of those (\(chosen.fittedParameters.count) fitted of "
                           + "\(chosen.parameterCount) parameters), since the better score of \(name(best)) is within noise.")
        }
        self.reasons = reasons
    }

    /// Swift source that builds the chosen policy with `SnapStrategies` alone: a function
    /// `makeRecommendedSnapPolicy() throws -> any SnapPolicy`. Catalogue policies are looked up by
    /// identifier and given their values (`PolicyCatalog.policy(id:)` + `setParameterValues`); a
    /// learned policy is built with its memberwise initializer. Numbers are written with Swift's
    /// shortest round-trip representation, so the code rebuilds exactly the chosen values.
    public var swiftCode: String {
        let c = chosen
        let p = c.policy
        let scoreText = "\(NumberFormat.fixed(c.testScore, 4)) ± \(NumberFormat.fixed(c.testStandardError, 4))"
        var lines = [
            "import SnapStrategies",
            "",
            "/// Chosen by `snaplab recommend`: \(c.policyID) with \(c.variant == "defaults" ? "its default parameters" : "fitted " + c.fittedParameters.joined(separator: ", ")).",
            "/// Mean test \(objective) \(scoreText) over \(folds) user-grouped folds; rule: the simplest policy within one standard error of the best.",
            "func makeRecommendedSnapPolicy() throws -> any SnapPolicy {",
        ]
        let list = { (xs: [Double]) in "[" + xs.map { "\($0)" }.joined(separator: ", ") + "]" }
        if let learned = p as? LearnedThresholdSnap {
            lines.append("    " + learned.swiftExpression)
        } else {
            lines.append("    var policy = try PolicyCatalog.policy(id: \"\(p.id)\")")
            if !p.parameterValues.isEmpty {
                let names = p.parameterSpecs.map(\.name).joined(separator: ", ")
                lines.append("    // \(names)")
                for name in c.atBound where !c.notIdentified.contains(name) {
                    lines.append("    // \(name): on a bound of its range — the data do not pin it; any value to that end fits as well")
                }
                for name in c.notIdentified {
                    lines.append("    // \(name): not identified by the data — no trace scores differently from this value to the end "
                                 + "of its range; choose it on other grounds")
                }
                lines.append("    try policy.setParameterValues(\(list(p.parameterValues)))")
            }
            lines.append("    return policy")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The per-policy result slots of ``Recommendation/run(policies:data:fitter:folds:maxPages:maxFittedParameters:seed:adaptingFolds:)``:
/// iteration `k` writes only `base[k]`, and the buffer outlives `concurrentPerform` (which
/// returns after every iteration has finished), so sharing the pointer is race-free.
private struct OutcomeSlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<Result<Recommendation.PolicyCandidates, any Error>>
}
