import SnapStrategies
import SnapLabSupport
import SnapGSL
import SnapScoring

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
/// parameters in the policy; among equally simple ones the better score (the one the rule ranks
/// by), and only then the order of the input list (catalogue order). Simplicity is what the
/// one-standard-error rule trades score for; once it cannot tell two candidates apart, the
/// score is the only evidence left, and the catalogue's order is none (issue 30: on one screen
/// the order of the catalogue, not the data, chose between two one-parameter policies).
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
        /// Held-out hits per user (slots of ``Recommendation/userTraces``): every trace scored once, by
        /// its fold's fit (defaults: the defaults); empty when not computed. Hits under each trace's
        /// criterion, whatever the objective.
        public var userHits: [Double] = []
        /// Each fold's fitted parameter values (the policy's ``SnapPolicy/parameterValues`` order),
        /// fold order; empty for defaults.
        public var foldValues: [[Double]] = []
        /// Why the values of the fit on all traces are degenerate (``Degeneracy``), one sentence each;
        /// empty when none are.
        public var degenerate: [String] = []
        /// Leave-one-group-out hits per user (``TransferGroups``): each group's traces scored by the
        /// fit on the other groups; empty when the data hold one group.
        public var transferHits: [Double] = []
        /// The pooled leave-one-group-out hit rate and its user-clustered standard error; `nil` with one group.
        public var transferScore: Double?
        public var transferStandardError: Double?
        /// Each held-out group's hit rate, group order.
        public var transferGroupScores: [Double] = []
        /// Why a learned candidate was held back on transfer (it must beat the best rule's transfer
        /// score by more than one standard error); `nil` otherwise.
        public var transferFailure: String?
        /// Whether its transfer score falls below its within-group held-out score by more than that
        /// score's standard error (``testStandardError``).
        public var dropsOnTransfer: Bool {
            guard let t = transferScore else { return false }
            return testScore - t > (testStandardError.isFinite ? testStandardError : 0)
        }
        /// Why its hits hinge on the viewport width of the one layout recorded (``ViewportCheck``);
        /// `nil` when they do not, or when the data hold more than one task (transfer scores then).
        public var viewportFailure: String?
        /// Every reason it may not be chosen: degenerate values, a learned fit that does not transfer,
        /// hits that hinge on the viewport width.
        public var whyNot: [String] { degenerate + (transferFailure.map { [$0] } ?? []) + (viewportFailure.map { [$0] } ?? []) }
        /// The label of the candidate in text: `policy (variant)`.
        public var name: String { "\(policyID) (\(variant))" }
        /// Whether it is the same candidate as `other`.
        public func isSame(as other: Candidate) -> Bool { policyID == other.policyID && variant == other.variant }
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
    /// Traces per user slot (``UserSlots``), the denominators of the held-out hits; empty when not computed.
    public var userTraces: [Double] = []
    /// The user ids (``FitData/Label/user``) of each fold's test set, fold order.
    public var foldUsers: [[Int32]] = []
    /// Candidates left out of the choice because a fitted value is degenerate (``Degeneracy``).
    public var setAside: [Candidate] = []
    /// The candidates whose held-out hits are not significantly different from the best eligible
    /// one's (Holm-adjusted clustered McNemar, ``tieLevel``), the best first; with their adjusted p-values.
    public var tied: [(candidate: Candidate, p: Double)] = []
    /// When the one-standard-error rule chose a simpler candidate that the paired held-out test
    /// finds significantly worse than the best (not in ``tied``): the best, its held-out (or
    /// transfer) advantage in hit rate over the chosen, and the Holm-adjusted p-value.
    public var betterThanChosen: (candidate: Candidate, difference: Double, p: Double)?
    /// Lines the generated code's header states (``swiftCode``): what its values assume — the
    /// velocity estimator, the hit criterion, the platform.
    public var codeHeader: [String] = []
    /// The groups scored leave one group out (``TransferGroups/names``); empty with one group.
    public var transferGroups: [String] = []
    /// Under `--platform`, the policies it does not run, scored with their defaults on the same
    /// traces (held-out hits), best held-out hit rate first: the reference ``shortfall`` is measured
    /// against. Never candidates.
    public var offPlatform: [Candidate] = []
    /// Whether the platform's own policies fall short of the task (``PlatformShortfall``); `nil` when not.
    public var shortfall: PlatformShortfall?
    /// The app's platform (`--platform`) the candidates were held to; `nil`: none.
    public var platform: DecisionPlatform?
    /// Significance level of the tie test.
    public static let tieLevel = 0.05
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
    ///   - platform: the app's platform (`--platform`): a native policy's fitted candidate changes
    ///     only the settings the platform exposes (``DecisionPlatform/knobs(of:)``; a setting with a
    ///     few values, such as UIKit's deceleration rate, is picked per fold among them); `nil`:
    ///     every threshold.
    ///   - offPlatform: under `platform`, the selected policies it does not run: scored with their
    ///     defaults for reference (``offPlatform``, ``shortfall``), never candidates.
    ///   - groupsByColumnOnly: the transfer groups are the values of the data's group column
    ///     (``FitData/groupColumn``, `--group-by`) even when it has one value (no transfer score
    ///     then, and a note); otherwise a column with one value gives way to the layouts
    ///     (``TransferGroups``).
    /// - Throws: ``FitError`` (no data, too few users, a cap below 1, ...), ``GSLError``.
    public static func run(policies: [any SnapPolicy] = PolicyCatalog.all, data: FitData,
                           fitter: PolicyFitter = PolicyFitter(), folds k: Int = 5, maxPages: Int = 3,
                           maxFittedParameters: Int = .max, seed: UInt64 = 1,
                           adaptingFolds: Bool = true, withHeadroom: Bool = false,
                           sampleCap cap: LearnedSample.Cap = .automatic, allowDegenerate: Bool = false,
                           native: Set<String> = [], groupsByColumnOnly: Bool = false,
                           platform: DecisionPlatform? = nil, offPlatform: [any SnapPolicy] = []) throws -> Recommendation {
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
        plan.platform = platform
        let users = UserSlots(data)
        plan.users = users
        var outcome = try plan.run()
        let degeneracy = Degeneracy(data: data)
        for k in outcome.candidates.indices where outcome.candidates[k].variant == "fitted" {
            // a platform's choice of a few values (UIKit's .normal/.fast) is not a value at a range's end
            let chosen = plan.choiceKnob(outcome.candidates[k].policy).map { [$0.name] } ?? []
            outcome.candidates[k].degenerate = degeneracy.reasons(outcome.candidates[k].policy,
                                                                 fitted: outcome.candidates[k].fittedParameters.filter { !chosen.contains($0) })
        }
        let groups = TransferGroups(data: data, byColumnOnly: groupsByColumnOnly)
        if groups.count > 1, objective.isHigherBetter {
            var transfer = RecommendationPlan(policies: policies, data: data, grouping: groups.folds, fitter: fitter, maxPages: maxPages,
                                              maxFittedParameters: maxFittedParameters, seed: seed, withHeadroom: false)
            transfer.sampleCap = plan.sampleCap
            transfer.users = users
            transfer.platform = platform
            let moved = try transfer.run().candidates
            for k in outcome.candidates.indices {
                guard let t = moved.first(where: { $0.isSame(as: outcome.candidates[k]) }) else { continue }
                outcome.candidates[k].transferHits = t.userHits
                outcome.candidates[k].transferScore = HeldOutScore(hits: t.userHits, traces: users.traces).rate
                outcome.candidates[k].transferStandardError = Candidate.clusteredStandardError(hits: t.userHits, traces: users.traces)
                outcome.candidates[k].transferGroupScores = t.foldTestScores
            }
        }
        if groups.count < 2, objective.isHigherBetter {
            let reasons = ViewportCheck(data: data).reasons(outcome.candidates, allowDegenerate: allowDegenerate)
            for k in outcome.candidates.indices { outcome.candidates[k].viewportFailure = reasons[k] }
        }
        var result = try Recommendation(objective: objective, candidates: outcome.candidates, folds: grouping.count,
                                        allowDegenerate: allowDegenerate, userTraces: users.traces, native: native)
        if groups.count > 1, objective.isHigherBetter { result.transferGroups = groups.names }
        result.foldUsers = grouping.testIndices.map { test in
            var seen = Set<Int32>(), out: [Int32] = []
            for i in test where seen.insert(data.labels[i].user).inserted { out.append(data.labels[i].user) }
            return out
        }
        result.notFitted = outcome.notFitted
        result.headroom = outcome.headroom
        result.sampleCap = sampleCap
        if let note = grouping.note { result.notes.append(note) }
        if groups.count < 2, let column = groups.column ?? data.groupColumn {
            result.notes.append("the group column \(column) has one value (\(data.groupNames.joined(separator: ", "))): "
                                + "no transfer score; record a second task or screen to see whether a choice carries over")
        }
        if let note = LearnedSample.note(cap: plan.sampleCap, seed: seed, searches: outcome.sampledSearches,
                                         likelihood: outcome.sampledLikelihood) {
            result.notes.append(note)
        }
        result.platform = platform
        if platform != nil, !offPlatform.isEmpty {
            var reference = RecommendationPlan(policies: offPlatform, data: data, grouping: grouping, fitter: fitter, maxPages: maxPages,
                                               maxFittedParameters: 0, seed: seed, withHeadroom: false)
            reference.users = users
            let scored = try RecommendationPlan.parallelMap(count: offPlatform.count) { try reference.defaultsCandidate($0).candidate }
                .map { try $0.get() }
            result.offPlatform = scored.sorted { (result.heldOut($0)?.rate ?? -1) > (result.heldOut($1)?.rate ?? -1) }
            result.shortfall = PlatformShortfall.find(result, outside: result.offPlatform, platform: platform)
            if let s = result.shortfall { result.reasons.append(s.summary()) }
        }
        let userCount = users.count
        if userCount < minimumUsers {
            result.notes.append("a recommendation needs at least \(minimumUsers) users; this one rests on \(userCount), "
                                + "so its ranking shows these people only: collect more users before shipping it")
        }
        return result
    }

    /// Applies the rule to scored candidates (exposed for testing the rule on its own).
    /// - Parameters:
    ///   - allowDegenerate: let a candidate with a degenerate fitted value (``Candidate/degenerate``)
    ///     be chosen; otherwise it is ranked and shown but set aside (``setAside``), unless every
    ///     candidate is degenerate.
    ///   - userTraces: traces per user slot when the candidates carry held-out hits
    ///     (``Candidate/userHits``): the ties (``tied``) are then tested.
    ///   - native: the policies the app's platform ships natively (``DecisionPlatform``): among
    ///     equally simple candidates, preferred.
    public init(objective: FitObjective, candidates: [Candidate], folds: Int, allowDegenerate: Bool = false,
                userTraces: [Double] = [], native: Set<String> = []) throws {
        // With transfer scores (more than one task in the data) the rule ranks by them.
        let byTransfer = !candidates.isEmpty && candidates.allSatisfy { $0.transferScore != nil }
        let rank = { (c: Candidate) in Self.selection(c, byTransfer: byTransfer) }
        let simpler = { (a: Candidate, b: Candidate) in
            Self.simpler(a, b, native: native, scores: (Self.sortKey(rank(a).score, objective), Self.sortKey(rank(b).score, objective)))
        }
        var all = candidates
        if byTransfer {
            // A learned candidate must transfer better than the best rule by more than one standard error.
            let rules = all.filter { !($0.policy is LearnedThresholdSnap) && (allowDegenerate || $0.degenerate.isEmpty) }
            if let rule = rules.max(by: { rank($0).score < rank($1).score }) {
                for k in all.indices where all[k].policy is LearnedThresholdSnap && all[k].variant == "fitted"
                    && !(rank(all[k]).score > rank(rule).score + rank(rule).se) {
                    all[k].transferFailure = "its transfer score \(NumberFormat.fixed(rank(all[k]).score, 4)) does not beat the best "
                        + "rule's (\(rule.name), \(NumberFormat.fixed(rank(rule).score, 4)) ± \(NumberFormat.fixed(rank(rule).se, 4))) "
                        + "by more than one standard error"
                }
            }
        }
        let ranking = all.sorted { a, b in
            Self.sortKey(rank(a).score, objective) != Self.sortKey(rank(b).score, objective)
                ? Self.sortKey(rank(a).score, objective) > Self.sortKey(rank(b).score, objective) : simpler(a, b)
        }
        let eligible = ranking.filter { (allowDegenerate || $0.degenerate.isEmpty) && $0.transferFailure == nil && $0.viewportFailure == nil }
        guard let best = eligible.first ?? ranking.first else {
            throw FitError.emptyData(operation: "recommend", detail: "no candidates")
        }
        let se = rank(best).se.isFinite ? rank(best).se : 0
        let threshold = objective.isHigherBetter ? rank(best).score - se : rank(best).score + se
        let pool = eligible.isEmpty ? ranking : eligible
        let within = pool.filter { objective.isHigherBetter ? rank($0).score >= threshold : rank($0).score <= threshold }
        let chosen = within.min(by: simpler) ?? best
        self.objective = objective
        self.ranking = ranking
        self.best = best
        self.chosen = chosen
        self.threshold = threshold
        self.folds = folds
        self.userTraces = userTraces
        setAside = ranking.filter { (!allowDegenerate && !$0.degenerate.isEmpty) || $0.transferFailure != nil || $0.viewportFailure != nil }
        let fmt = { (x: Double) in NumberFormat.fixed(x, 4) }
        var reasons = [byTransfer
            ? "Best transfer hit rate (each task's traces scored by the fit on the other tasks, leave one group out): "
                + "\(best.name) at \(fmt(rank(best).score)) ± \(fmt(se)) (standard error clustered by user)."
            : "Best mean test \(objective): \(best.name) at \(fmt(best.testScore)) ± \(fmt(se)) (standard error over \(folds) user-grouped folds)."]
        reasons.append("Within one standard error of the best (\(objective.isHigherBetter ? "≥" : "≤") \(fmt(threshold))): "
                       + within.map { "\($0.name) \(fmt(rank($0).score))" }.joined(separator: ", ") + ".")
        if chosen.isSame(as: best) {
            reasons.append("Chosen: \(chosen.name), the best, and nothing simpler is within its uncertainty.")
        } else {
            reasons.append("Chosen: \(chosen.name), the simplest of those (\(chosen.fittedParameters.count) fitted of "
                           + "\(chosen.parameterCount) parameters), since the better score of \(best.name) is within one standard "
                           + "error of the fold scores.")
        }
        if !setAside.isEmpty {
            reasons.append("Set aside (a degenerate fitted value — --allow-degenerate keeps those —, a learned fit that does "
                           + "not transfer, or hits that hinge on the viewport width): " + setAside.map { "\($0.name): " + $0.whyNot.joined(separator: "; ") }.joined(separator: " | ") + ".")
        }
        let tests = Self.leaderTests(pool, userTraces: userTraces, byTransfer: byTransfer)
        tied = tests.filter { $0.p >= Self.tieLevel }
        if !chosen.isSame(as: best), let t = tests.first(where: { $0.candidate.isSame(as: chosen) }), t.p < Self.tieLevel {
            let hits = { (c: Candidate) in byTransfer ? c.transferHits : c.userHits }
            let d = HeldOutScore.difference(hits(best), hits(chosen), traces: userTraces).difference
            betterThanChosen = (best, d, t.p)
            reasons.append("Not a tie: the paired \(byTransfer ? "transfer" : "held-out") test (Holm-adjusted clustered McNemar) finds "
                           + "\(best.name) better than \(chosen.name) by \(NumberFormat.fixed(100 * d, 1)) points of hit rate "
                           + "(p = \(PValueText.short(t.p, log10p: .nan))); the rule keeps the simpler one because the difference is "
                           + "within one standard error of the fold scores. Ship \(best.name) for those points, or "
                           + "\(chosen.name) for fewer fitted parameters.")
        }
        if tied.count > 1 {
            reasons.append("Tied with the best (\(byTransfer ? "transfer" : "held-out") hits not significantly different, Holm-adjusted clustered McNemar, "
                           + "α = \(NumberFormat.compact(Self.tieLevel, 2))): "
                           + tied.enumerated().map { k, t in
                               "\(t.candidate.name) " + (k == 0 ? "(the best)" : "p = \(PValueText.short(t.p, log10p: .nan))")
                           }.joined(separator: ", ")
                           + "; among ties the rule above chose: fewest fitted parameters, "
                           + (native.isEmpty ? "" : "then what the platform ships natively, ")
                           + "then fewest parameters, then the better score, then catalogue order.")
        }
        self.reasons = reasons
    }

    /// The order of the ranking: best score first (NaN last).
    static func sortKey(_ score: Double, _ objective: FitObjective) -> Double {
        score.isNaN ? -.infinity : objective.loss(score) * -1
    }

    /// The score the rule ranks a candidate by and its standard error: the transfer score when
    /// `byTransfer`, else the mean test score over the user-grouped folds.
    static func selection(_ c: Candidate, byTransfer: Bool) -> (score: Double, se: Double) {
        if byTransfer, let t = c.transferScore { return (t, c.transferStandardError ?? .nan) }
        return (c.testScore, c.testStandardError)
    }

    /// Whether the ranking and the rule use transfer scores.
    public var byTransfer: Bool { !ranking.isEmpty && ranking.allSatisfy { $0.transferScore != nil } }

    /// Whether `c` is within one standard error of the best on the score the rule ranks by.
    public func isWithin(_ c: Candidate) -> Bool {
        let score = Self.selection(c, byTransfer: byTransfer).score
        return objective.isHigherBetter ? score >= threshold : score <= threshold
    }

    /// The simplicity order: fewest fitted parameters, then native to the platform (`native`),
    /// then fewest parameters, then the better score (`scores`: the two candidates' ``sortKey(_:_:)``,
    /// larger is better; `nil` skips it), then input order, defaults first.
    static func simpler(_ a: Candidate, _ b: Candidate, native: Set<String> = [],
                        scores: (a: Double, b: Double)? = nil) -> Bool {
        if a.fittedParameters.count != b.fittedParameters.count { return a.fittedParameters.count < b.fittedParameters.count }
        let (na, nb) = (native.contains(a.policyID), native.contains(b.policyID))
        if na != nb { return na }
        if a.parameterCount != b.parameterCount { return a.parameterCount < b.parameterCount }
        if let scores, scores.a != scores.b { return scores.a > scores.b }
        if a.order != b.order { return a.order < b.order }
        return a.variant == "defaults" && b.variant != "defaults"
    }

    /// Every candidate of `pool` (ranked) tested against the first on its held-out (or transfer)
    /// hits: clustered McNemar per user (``ClusteredMcNemarTest``), Holm-adjusted over the family
    /// (``HolmAdjustment``); the first with p = 1. Empty without held-out hits. The tie group
    /// (``tied``) is those with an adjusted p ≥ ``tieLevel``.
    static func leaderTests(_ pool: [Candidate], userTraces: [Double], byTransfer: Bool = false) -> [(candidate: Candidate, p: Double)] {
        let hits = { (c: Candidate) in byTransfer ? c.transferHits : c.userHits }
        guard let first = pool.first, userTraces.count >= 2, pool.allSatisfy({ hits($0).count == userTraces.count }) else {
            return []
        }
        let others = Array(pool.dropFirst())
        let raw = others.map { HeldOutScore.difference(hits(first), hits($0), traces: userTraces).p }
        let adjusted = HolmAdjustment.adjust(raw)
        return [(first, 1)] + zip(others, adjusted).map { ($0.0, $0.1) }
    }

    /// `c`'s held-out hit rate with its user-clustered interval; `nil` without held-out hits.
    public func heldOut(_ c: Candidate) -> HeldOutScore? {
        guard !userTraces.isEmpty, c.userHits.count == userTraces.count else { return nil }
        return HeldOutScore(hits: c.userHits, traces: userTraces)
    }

    /// The held-out paired difference `c − baseline` (same traces, same folds) with its clustered
    /// interval and p-value; `nil` without held-out hits or when `baseline` has no defaults candidate.
    public func heldOutDifference(_ c: Candidate, baseline id: String)
        -> (baseline: Candidate, difference: Double, interval: Interval?, p: Double)? {
        guard let base = ranking.first(where: { $0.policyID == id && $0.variant == "defaults" }),
              heldOut(c) != nil, heldOut(base) != nil else { return nil }
        let d = HeldOutScore.difference(c.userHits, base.userHits, traces: userTraces)
        return (base, d.difference, d.interval, d.p)
    }
}
