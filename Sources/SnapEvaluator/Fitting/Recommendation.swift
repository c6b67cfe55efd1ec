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
/// The work runs in parallel (``RecommendationPlan``): first every policy's defaults, then the
/// fitted variants and the headroom, largest first; every fit is seeded on its own and writes only
/// its own result, so the result is the same as a serial run on any number of threads.
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
        /// The cap of the seeded user-stratified subsample (``LearnedSample``) its fits on more traces
        /// than this learned from (its threshold searches; the learned policy's likelihood); `nil`
        /// when every fit used all its traces (defaults, or data within the cap). Its scores use all traces.
        public var sampleCap: Int?
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
    /// The headroom on the same folds, when asked for (`withHeadroom`).
    public var headroom: Headroom?
    /// Traces per fit above which the fits learned from a seeded user-stratified subsample
    /// (``LearnedSample``, seeded with the run's seed): the threshold searches, the learned
    /// likelihood, the headroom's classifier; `nil`: no cap (every fit on all its traces).
    public var sampleCap: Int?

    /// Fewer users than this: the recommendation is made and shown, but marked as not one to ship.
    public static let minimumUsers = 10

    /// Evaluates `policies` (default: the whole catalogue) on `data`.
    /// - Parameters:
    ///   - maxPages: `K` of the ordinal model fitted for ``LearnedThresholdSnap`` (default 3).
    ///   - maxFittedParameters: policies with more free thresholds than this get
    ///     only their *defaults* candidate (listed in ``notFitted``), which bounds the time a
    ///     recommendation over the whole catalogue takes (default: no limit).
    ///   - withHeadroom: also compute the ``Headroom`` on the same folds (``headroom``), alongside
    ///     the policies and from the same features as the learned policy's fits.
    ///   - sampleCap: a fit on more traces than the cap (a fold's training set or all traces)
    ///     learns from a seeded user-stratified subsample of about that many (``LearnedSample``,
    ///     seeded with `seed`): each policy's threshold search, the learned likelihood, the
    ///     headroom's classifier; every score is taken on all traces. Default
    ///     ``LearnedSample/Cap/automatic`` (a fifth of the traces, at least 50,000); `.all`: every fit
    ///     on all its traces.
    /// - Throws: ``FitError`` (no data, too few users, a cap below 1, ...), ``GSLError``.
    public static func run(policies: [any SnapPolicy] = PolicyCatalog.all, data: FitData,
                           fitter: PolicyFitter = PolicyFitter(), folds k: Int = 5, maxPages: Int = 3,
                           maxFittedParameters: Int = .max, seed: UInt64 = 1,
                           adaptingFolds: Bool = true, withHeadroom: Bool = false,
                           sampleCap cap: LearnedSample.Cap = .automatic) throws -> Recommendation {
        guard !policies.isEmpty else { throw FitError.invalidOption(name: "policies", value: "[]", expected: "at least one policy") }
        let sampleCap = cap.traces(forData: data.count)
        if let sampleCap, sampleCap < 1 {
            throw FitError.invalidOption(name: "sampleCap", value: "\(sampleCap)", expected: "at least 1, or none")
        }
        guard data.count > 0 else { throw FitError.emptyData(operation: "recommend", detail: "no labelled traces") }
        let objective = fitter.objective
        // With fewer users than folds: leave one user out (and a note), unless the caller wants the error.
        let grouping = try GroupedFolds(data: data, folds: k, seed: seed, adapting: adaptingFolds)
        var plan = RecommendationPlan(policies: policies, data: data, grouping: grouping, fitter: fitter, maxPages: maxPages,
                                      maxFittedParameters: maxFittedParameters, seed: seed, withHeadroom: withHeadroom)
        plan.sampleCap = sampleCap ?? .max
        let outcome = try plan.run()
        var result = try Recommendation(objective: objective, candidates: outcome.candidates, folds: grouping.count)
        result.notFitted = outcome.notFitted
        result.headroom = outcome.headroom
        result.sampleCap = sampleCap
        if let note = grouping.note { result.notes.append(note) }
        if let note = LearnedSample.note(cap: plan.sampleCap, seed: seed, searches: outcome.sampledSearches,
                                         likelihood: outcome.sampledLikelihood) {
            result.notes.append(note)
        }
        let users = data.userCounts(data.allIndices).count
        if users < minimumUsers {
            result.notes.append("a recommendation needs at least \(minimumUsers) users; this one rests on \(users), "
                                + "so its ranking shows these people only: collect more users before shipping it")
        }
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
    /// shortest round-trip representation, so the code rebuilds exactly the chosen values
    /// (``SwiftExport/builder(functionName:policy:remarks:indent:)``, one named value per line).
    public var swiftCode: String {
        let c = chosen
        let p = c.policy
        let scoreText = "\(NumberFormat.fixed(c.testScore, 4)) ± \(NumberFormat.fixed(c.testStandardError, 4))"
        var lines = [
            "import SnapStrategies",
            "",
            "/// Chosen by `snaplab recommend`: \(c.policyID) with \(c.variant == "defaults" ? "its default parameters" : "fitted " + c.fittedParameters.joined(separator: ", ")).",
            "/// Mean test \(objective) \(scoreText) over \(folds) user-grouped folds; rule: the simplest policy within one standard error of the best.",
        ]
        var remarks: [String] = []
        for name in c.atBound where !c.notIdentified.contains(name) {
            remarks.append("\(name): on a bound of its range — the data do not pin it; any value to that end fits as well")
        }
        for name in c.notIdentified {
            remarks.append("\(name): not identified by the data — no trace scores differently from this value to the end "
                           + "of its range; choose it on other grounds")
        }
        lines.append(SwiftExport.builder(functionName: "makeRecommendedSnapPolicy", policy: p, remarks: remarks))
        return lines.joined(separator: "\n")
    }
}
