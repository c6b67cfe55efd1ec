import SnapStrategies
import SnapLabSupport
import SnapTraces
import SnapFitting

/// What `snaplab recommend` prints for a ``Recommendation``: the ranking of every candidate
/// (policy, variant, mean test score ± standard error over the user-grouped folds, parameters),
/// the rule, the reasons for the choice, and the Swift code that builds the chosen policy
/// (``Recommendation/swiftCode``, verbatim).
public struct RecommendationReport: Sendable {
    public var recommendation: Recommendation
    /// Key/value lines printed above the ranking (files, traces, seed, …).
    public var preamble: [(key: String, value: String)]
    /// Users the folds were made from: under five, every ± SE carries ``FewUsersMark``.
    public var users: Int?
    /// The data checks' warnings (``DataChecks/json(users:)``), under `warnings` in JSON.
    public var warnings: JSONValue = .array([])
    /// The verdict-level warning that the estimator in use reads 0 on many moving strokes of
    /// frame-logged traces (``DataChecks/estimatorWarning(platformGiven:readsStandardInput:)``):
    /// printed next to the chosen line, and under `estimator_warning` in JSON.
    public var estimatorWarning: DataWarning?
    /// User names by user id (``FitData/Label/user``), for the folds' test users in JSON (`fold_users`).
    public var userNames: [String] = []

    /// Whether the standard errors come from fewer than five users.
    public var intervalsFromFewUsers: Bool { users.map(FewUsersMark.applies(users:)) ?? false }
    /// The best any release-time policy could do on the same data and folds (``Headroom``), when computed.
    public var headroom: Headroom?

    public init(recommendation: Recommendation, preamble: [(key: String, value: String)] = [], headroom: Headroom? = nil) {
        self.recommendation = recommendation
        self.preamble = preamble
        self.headroom = headroom
    }

    /// The headroom line and how far the chosen policy is from it (empty without a headroom).
    public var headroomText: String {
        guard let h = headroom else { return "" }
        let c = recommendation.chosen
        return h.summary + "\n" + h.gap(to: c.testScore, of: "chosen \(c.policyID) (\(c.variant))") + "\n"
    }

    /// The `snaplab export` command that writes the off-platform policy of `shortfall` in its
    /// platform's language, when that language supports it (``PolicyExport/supportedIdentifiers(_:)``).
    public static func exportCommand(_ shortfall: PlatformShortfall) -> String? {
        guard let name = shortfall.exportLanguage, let language = ExportLanguage(rawValue: name),
              PolicyExport.supportedIdentifiers(language).contains(shortfall.outside.name) else { return nil }
        return "snaplab export --policy \(shortfall.outside.name) --lang \(name)"
    }

    /// The shortfall's sentence (``PlatformShortfall/summary(export:)``) with its export command.
    public static func shortfallText(_ shortfall: PlatformShortfall) -> String {
        shortfall.summary(export: exportCommand(shortfall))
    }

    /// The rule of ``Recommendation``, in one sentence.
    public var rule: String {
        let direction = recommendation.objective.isHigherBetter ? "at least best − SE" : "at most best + SE"
        return "one-standard-error rule: among the candidates whose mean test \(recommendation.objective) is "
            + "\(direction) of the best (\(recommendation.objective.isHigherBetter ? "≥" : "≤") "
            + "\(NumberFormat.fixed(recommendation.threshold, 4))), the simplest: fewest fitted parameters, "
            + "then fewest parameters, then the better score, then catalogue order"
    }

    /// `name=value` for every parameter of a candidate's policy (4 decimals at most).
    static func parameterText(_ policy: any SnapPolicy) -> String {
        zip(policy.parameterSpecs, policy.parameterValues).map { "\($0.name)=\(NumberFormat.compact($1, 4))" }
            .joined(separator: " ")
    }

    /// A held-out hit rate with its 95% user-clustered interval: `0.7532 [0.70–0.80]`, or
    /// `0.7532 [not estimable]` from one user; `–` when not computed.
    static func heldOutText(_ score: HeldOutScore?) -> String {
        guard let score else { return "–" }
        let interval = score.interval.map { "[\(NumberFormat.fixed($0.lower, 3))–\(NumberFormat.fixed($0.upper, 3))]" }
            ?? "[not estimable]"
        return NumberFormat.fixed(score.rate, 4) + " " + interval
    }

    /// A transfer score: `0.6424 ± 0.0410`, with `(drops)` when it falls by more than the
    /// within-group standard error; `–` without one.
    static func transferText(_ c: Recommendation.Candidate) -> String {
        guard let t = c.transferScore else { return "–" }
        return NumberFormat.fixed(t, 4) + " ± " + NumberFormat.fixed(c.transferStandardError ?? .nan, 4)
            + (c.dropsOnTransfer ? " (drops)" : "")
    }

    /// What a row is: `defaults`, `fitted, held out` (each fold's fit scored on its held-out users),
    /// with `, degenerate` when a fitted value is (``Degeneracy``).
    static func variantText(_ c: Recommendation.Candidate) -> String {
        (c.variant == "fitted" ? "fitted, held out" : c.variant) + (c.degenerate.isEmpty ? "" : ", DEGENERATE")
            + (c.transferFailure == nil ? "" : ", does not transfer")
            + (c.viewportFailure == nil ? "" : ", viewport-dependent")
    }

    /// The report as text: preamble, ranking table, rule, reasons, chosen policy and its code.
    public func table() -> String {
        let r = recommendation
        var out = ""
        for (k, v) in preamble { out += "\(k): \(v)\n" }
        out += "objective: \(r.objective) (\(r.objective.isHigherBetter ? "higher" : "lower") is better); "
            + "\(r.folds) user-grouped folds\n\n"
        let rows = r.ranking.enumerated().map { i, c -> [String] in
            let mark = c.policyID == r.chosen.policyID && c.variant == r.chosen.variant ? "*" : ""
            return [String(i + 1) + mark, c.policyID, Self.variantText(c), NumberFormat.fixed(c.testScore, 4),
                    FewUsersMark.marked(NumberFormat.fixed(c.testStandardError, 4), intervalsFromFewUsers),
                    r.isWithin(c) ? "yes" : "", Self.heldOutText(r.heldOut(c))]
                + (r.byTransfer ? [Self.transferText(c)] : []) + [Self.parameterText(c.policy)]
        }
        out += TextTable(header: ["rank", "policy", "variant", "test", "± SE", "within 1 SE", "held-out hit rate [95%]"]
                            + (r.byTransfer ? ["transfer ± SE"] : []) + ["parameters"],
                         rows: rows, rightAligned: [0, 3, 4]).rendered()
        if r.byTransfer {
            out += "transfer: each task's traces scored by the fit on the other tasks (leave one group out; defaults as they are), "
                + "ranked by it; groups: " + r.transferGroups.joined(separator: "; ") + "\n"
            let drops = r.ranking.filter(\.dropsOnTransfer)
            if !drops.isEmpty {
                out += "warning: on another task these drop by more than their standard error: "
                    + drops.map { "\($0.name) \(NumberFormat.fixed($0.testScore, 3)) → \(NumberFormat.fixed($0.transferScore ?? .nan, 3))" }
                        .joined(separator: ", ") + "\n"
            }
        }
        out += "(* = chosen; test = mean over the held-out folds; held-out hit rate = every trace scored once by the fit "
            + "made without its user's fold (defaults: not fitted), interval clustered by user; fitted values shown are the fit on all traces)\n"
        for c in r.ranking where !c.degenerate.isEmpty {
            out += "degenerate: \(c.name): " + c.degenerate.joined(separator: "; ") + "\n"
        }
        if intervalsFromFewUsers, let users { out += FewUsersMark.footnote(users: users) + "\n" }
        if !r.notFitted.isEmpty {
            out += "scored with defaults only (too many parameters to fit): \(r.notFitted.joined(separator: ", "))\n"
        }
        for note in r.notes { out += "note: \(note)\n" }
        if !r.offPlatform.isEmpty, let platform = r.platform {
            out += "not run by \(platform.rawValue), for reference (defaults, held out): "
                + r.offPlatform.prefix(5).map { "\($0.policyID) \(NumberFormat.fixed(r.heldOut($0)?.rate ?? .nan, 4))" }.joined(separator: ", ")
                + (r.offPlatform.count > 5 ? ", … (\(r.offPlatform.count) in all)" : "") + "\n"
        }
        out += "\nrule: \(rule)\n\nreasons:\n"
        for reason in r.reasons { out += "- \(reason)\n" }
        if let s = r.shortfall { out += "\nWARNING: " + Self.shortfallText(s) + "\n" }
        if let w = estimatorWarning { out += "\nWARNING (\(w.id)): " + w.message + "\n" }
        out += "\nchosen: \(r.chosen.policyID) (\(r.chosen.variant)) \(Self.parameterText(r.chosen.policy))"
            + (r.shortfall == nil ? "" : " (the best that ships, not a good fit: see the warning above)") + "\n"
        out += "held-out hit rate of the chosen: \(Self.heldOutText(r.heldOut(r.chosen)))\n"
        out += headroomText + "\n"
        out += "Swift:\n" + r.swiftCode
        return out
    }

    /// The report as JSON: `objective`, `folds`, `rule`, `threshold`, `best` and `chosen`
    /// (`policy`, `variant`), `ranking` (`policy`, `variant`, `test_score`, `test_se`,
    /// `fold_test_scores`, `fitted_parameters`, `identified` (false when a fitted value is not
    /// identified by the data), `not_identified` and `at_bound` (``Recommendation/Candidate``'s
    /// lists of fitted parameters), `parameters` as `{name, value}`, `fit_sample_cap`: the cap of the
    /// subsample its fits learned from, null when they used all their traces), `not_fitted`,
    /// `fit_sample_cap` (the run's cap, ``Recommendation/sampleCap``, or `"all"`),
    /// `reasons`, `swift_code`, `intervals_from_few_users`, `warnings`, and `headroom` when computed
    /// (``Headroom/json()``). Held out (issue 30): `chosen`, `best` and each ranking row carry
    /// `held_out_hit_rate`, `held_out_traces` and `held_out_interval` (``heldOutJSON(_:)``); each row
    /// also `fold_parameters` (each fold's fitted values), `degenerate` (``Degeneracy``' reasons),
    /// `transfer_hit_rate`, `transfer_se`, `transfer_group_scores`, `drops_on_transfer` and
    /// `transfer_failure`, `viewport_failure` (``Recommendation/Candidate/viewportFailure``); at the top `fold_users` (each fold's test users), `set_aside`, `tied`
    /// (`policy`, `variant`, `holm_p`), `transfer_groups` and `ranked_by` (`test` or `transfer`);
    /// `estimator_warning` (``estimatorWarning`` as a data warning, or null); `better_than_chosen`
    /// (``Recommendation/betterThanChosen``: `policy`, `variant`, `difference`, `holm_p`, or null).
    public func json() -> JSONValue {
        jsonValue()
    }

    /// `held_out_hit_rate`, `held_out_traces` and `held_out_interval` (`[lower, upper]`, or the
    /// string `"not estimable"` from one user); nothing without held-out hits.
    static func heldOutJSON(_ score: HeldOutScore?) -> [(String, JSONValue)] {
        guard let score else { return [] }
        return [("held_out_hit_rate", .number(score.rate)), ("held_out_traces", .int(score.traces)),
                ("held_out_interval", score.interval.map { .array([.number($0.lower), .number($0.upper)]) } ?? .string("not estimable"))]
    }

    func jsonValue() -> JSONValue {
        let r = recommendation
        func parameters(_ p: any SnapPolicy) -> JSONValue {
            .array(zip(p.parameterSpecs, p.parameterValues).map {
                .object([("name", .string($0.name)), ("value", .number($1))])
            })
        }
        func id(_ c: Recommendation.Candidate) -> JSONValue {
            .object([("policy", .string(c.policyID)), ("variant", .string(c.variant)), ("test_score", .number(c.testScore)),
                     ("test_se", .number(c.testStandardError)), ("parameters", parameters(c.policy))]
                    + Self.heldOutJSON(r.heldOut(c)))
        }
        func name(_ user: Int32) -> JSONValue {
            Int(user) < userNames.count && user >= 0 ? .string(userNames[Int(user)]) : .int(Int(user))
        }
        var items: [(String, JSONValue)] = preamble.isEmpty ? [] : [("run", .object(preamble.map { ($0.key, .string($0.value)) }))]
        items += [
            ("objective", .string(r.objective.description)),
            ("folds", .int(r.folds)),
            ("intervals_from_few_users", .bool(intervalsFromFewUsers)),
            ("rule", .string(rule)),
            ("threshold", .number(r.threshold)),
            ("best", id(r.best)),
            ("chosen", id(r.chosen)),
            ("ranking", .array(r.ranking.map { c in
                .object([
                    ("policy", .string(c.policyID)),
                    ("variant", .string(c.variant)),
                    ("test_score", .number(c.testScore)),
                    ("test_se", .number(c.testStandardError)),
                    ("fold_test_scores", .array(c.foldTestScores.map { .number($0) })),
                    ("fitted_parameters", .array(c.fittedParameters.map { .string($0) })),
                    ("identified", .bool(c.notIdentified.isEmpty)),
                    ("not_identified", .array(c.notIdentified.map { .string($0) })),
                    ("at_bound", .array(c.atBound.map { .string($0) })),
                    ("parameters", parameters(c.policy)),
                    ("fit_sample_cap", c.sampleCap.map { .int($0) } ?? .null),
                    ("fold_parameters", .array(c.foldValues.map { values in
                        .array(zip(c.policy.parameterSpecs, values).map {
                            .object([("name", .string($0.name)), ("value", .number($1))])
                        })
                    })),
                    ("degenerate", .array(c.degenerate.map { .string($0) })),
                    ("transfer_hit_rate", c.transferScore.map { .number($0) } ?? .null),
                    ("transfer_se", c.transferStandardError.map { .number($0) } ?? .null),
                    ("transfer_group_scores", .array(c.transferGroupScores.map { .number($0) })),
                    ("drops_on_transfer", .bool(c.dropsOnTransfer)),
                    ("transfer_failure", c.transferFailure.map { .string($0) } ?? .null),
                    ("viewport_failure", c.viewportFailure.map { .string($0) } ?? .null),
                ] + Self.heldOutJSON(r.heldOut(c)))
            })),
            ("fold_users", .array(r.foldUsers.map { .array($0.map(name)) })),
            ("set_aside", .array(r.setAside.map { .string($0.name) })),
            ("transfer_groups", .array(r.transferGroups.map { .string($0) })),
            ("ranked_by", .string(r.byTransfer ? "transfer" : "test")),
            ("tied", .array(r.tied.map { .object([("policy", .string($0.candidate.policyID)),
                                                  ("variant", .string($0.candidate.variant)), ("holm_p", .number($0.p))]) })),
            ("not_fitted", .array(r.notFitted.map { .string($0) })),
            ("off_platform", .array(r.offPlatform.map { c in
                .object([("policy", .string(c.policyID)), ("variant", .string(c.variant))] + Self.heldOutJSON(r.heldOut(c)))
            })),
            ("platform_shortfall", r.shortfall.map { s in
                .object([("headline", .string(s.headline)), ("text", .string(Self.shortfallText(s))),
                         ("chosen", .string(s.chosen.name)), ("chosen_rate", .number(s.chosen.rate)),
                         ("best_native", s.bestNative.map { .string($0.name) } ?? .null),
                         ("best_native_rate", s.bestNative.map { .number($0.rate) } ?? .null),
                         ("best_rule", s.bestRule.map { .string($0.name) } ?? .null),
                         ("best_rule_rate", s.bestRule.map { .number($0.rate) } ?? .null),
                         ("outside", .string(s.outside.name)), ("outside_rate", .number(s.outside.rate)),
                         ("difference", .number(s.difference)), ("standard_error", .number(s.standardError)),
                         ("export", Self.exportCommand(s).map { .string($0) } ?? .null)])
            } ?? .null),
            ("estimator_warning", estimatorWarning?.json ?? .null),
            ("better_than_chosen", r.betterThanChosen.map { b in
                .object([("policy", .string(b.candidate.policyID)), ("variant", .string(b.candidate.variant)),
                         ("difference", .number(b.difference)), ("holm_p", .number(b.p))])
            } ?? .null),
            ("reasons", .array(r.reasons.map { .string($0) })),
            ("notes", .array(r.notes.map { .string($0) })),
            ("fit_sample_cap", r.sampleCap.map { .int($0) } ?? .string("all")),
            ("swift_code", .string(r.swiftCode)),
            ("warnings", warnings),
        ]
        if let h = headroom { items.append(("headroom", h.json())) }
        return .object(items)
    }
}
