import SnapStrategies
import SnapLabSupport

/// When the app's platform cannot do the task: what `recommend --platform` and `report --platform`
/// say instead of presenting a weak pick as a normal recommendation (issue 30).
///
/// Under `--platform` the candidates are the platform's native policies and the rules that ship as
/// code (``DecisionPlatform/allows(_:)``). The policies it does not run are still scored with their
/// defaults on the same traces (every trace held out: defaults are not fitted), and the best of them
/// by held-out hit rate is set against the chosen candidate, paired per trace (per user
/// `hits(off-platform) − hits(chosen)`, standard error clustered by user; transfer hits when the rule
/// ranked by transfer, which for defaults are the same hits).
///
/// **Rule.** The platform's policies *do not fit the task* when that paired difference is both
/// - larger than ``standardErrors`` (2) standard errors: not noise (about the 2.5% level one-sided
///   for one comparison; picking the best of several off-platform policies makes it less strict,
///   which the second condition offsets), and
/// - at least ``minimumGap`` (5 points of hit rate): large enough to matter to a user, so that on a
///   million traces a 0.3-point gap is not called a failure of the platform.
///
/// The verdict then says so, names the best native candidate and the best rule that can ship as code
/// with their held-out rates, names the off-platform policy that does the task, and suggests shipping
/// its rule as code (``summary``).
public struct PlatformShortfall: Sendable {
    /// A candidate named in the sentence, with its held-out (or transfer) hit rate.
    public struct Named: Sendable {
        public var name: String
        public var rate: Double
    }

    public var platform: DecisionPlatform
    /// The chosen candidate (what the platform can run or ship as code).
    public var chosen: Named
    /// The best native candidate that may be chosen; `nil` when none may.
    public var bestNative: Named?
    /// The best rule that ships as code (``DecisionPlatform/rulePolicyIDs``) that may be chosen; `nil` when none may.
    public var bestRule: Named?
    /// The best policy the platform does not run, with its defaults (a policy id).
    public var outside: Named
    /// `outside − chosen`, paired per trace, and its standard error clustered by user.
    public var difference: Double
    public var standardError: Double
    /// Whether the rates are transfer hit rates (the rule ranked by transfer).
    public var byTransfer: Bool

    /// Standard errors the gap must exceed.
    public static let standardErrors = 2.0
    /// The smallest gap in hit rate that counts.
    public static let minimumGap = 0.05

    /// The shortfall of `recommendation` against the off-platform defaults candidates `outside`
    /// (scored on the same traces and folds, with held-out hits), or `nil` when there is none: no
    /// platform, no such candidate, no held-out hits, a cost objective, or a gap within the rule.
    public static func find(_ recommendation: Recommendation, outside: [Recommendation.Candidate],
                            platform: DecisionPlatform?) -> PlatformShortfall? {
        let r = recommendation
        let traces = r.userTraces
        guard let platform, r.objective.isHigherBetter, traces.count >= 2 else { return nil }
        let hits = { (c: Recommendation.Candidate) in r.byTransfer && !c.transferHits.isEmpty ? c.transferHits : c.userHits }
        let rate = { (c: Recommendation.Candidate) in HeldOutScore(hits: hits(c), traces: traces).rate }
        guard hits(r.chosen).count == traces.count else { return nil }
        let scored = outside.filter { $0.userHits.count == traces.count && rate($0).isFinite }
        guard let best = scored.max(by: { rate($0) < rate($1) }) else { return nil }
        let d = zip(hits(best), hits(r.chosen)).map { $0 - $1 }
        let gap = HeldOutScore(hits: d, traces: traces).rate
        guard let se = Recommendation.Candidate.clusteredStandardError(hits: d, traces: traces),
              gap >= minimumGap, gap > standardErrors * se else { return nil }
        let eligible = r.ranking.filter { c in !r.setAside.contains { $0.isSame(as: c) } }
        let named = { (c: Recommendation.Candidate) in Named(name: c.name, rate: rate(c)) }
        let native = eligible.filter { platform.nativePolicyIDs.contains($0.policyID) }.max { rate($0) < rate($1) }
        let rule = eligible.filter { DecisionPlatform.rulePolicyIDs.contains($0.policyID) }.max { rate($0) < rate($1) }
        return PlatformShortfall(platform: platform, chosen: named(r.chosen), bestNative: native.map(named),
                                 bestRule: rule.map(named), outside: Named(name: best.policyID, rate: rate(best)),
                                 difference: gap, standardError: se, byTransfer: r.byTransfer)
    }

    /// The headline: `No policy compose runs natively fits this task`.
    public var headline: String { "No policy \(platform.rawValue) runs natively fits this task" }

    /// The verdict in full, for the recommendation's reasons, `recommend`'s warning and the report;
    /// `export`: the command that writes the off-platform policy as code, when it can
    /// (``exportLanguage``; the report layer knows which policies each language supports).
    public func summary(export: String? = nil) -> String {
        let f = { (x: Double) in NumberFormat.fixed(x, 3) }
        let kind = byTransfer ? "transfer hit rate" : "held-out hit rate"
        var s = headline + ": "
        s += bestNative.map { "its best native candidate, \($0.name), has a \(kind) of \(f($0.rate))" }
            ?? "none of its native policies may be chosen"
        s += bestRule.map { "; the best rule that can ship as code is \($0.name) at \(f($0.rate))" } ?? ""
        s += "; \(outside.name) (defaults), which \(platform.rawValue) does not run, reaches \(f(outside.rate)), "
            + "\(NumberFormat.fixed(100 * difference, 1)) points more than the chosen \(chosen.name) "
            + "(± \(NumberFormat.fixed(100 * standardError, 1)) points, paired per trace, standard error clustered by user; "
            + "the rule: more than \(NumberFormat.compact(Self.standardErrors, 1)) standard errors and at least "
            + "\(NumberFormat.fixed(100 * Self.minimumGap, 0)) points). The chosen one is the best that ships, not a good fit: "
            + "consider shipping \(outside.name)'s rule as code in a custom snapping behaviour"
            + (export.map { " (\($0))" } ?? "")
            + ", or a layout in which \(platform.rawValue)'s own snapping can do the task"
        return s + "."
    }

    /// The line the generated code's header carries.
    public var codeWarning: String {
        "WARNING: \(headline); this is the best that ships, not a good fit (\(outside.name), which the platform does not run, "
            + "does the task; see the verdict)."
    }

    /// The `snaplab export --lang` of the platform's language: swift (iOS), kotlin (Android Views,
    /// Compose), js (web); `nil` for Flutter (no Dart export).
    public var exportLanguage: String? {
        switch platform {
        case .ios: return "swift"
        case .androidViews, .compose: return "kotlin"
        case .web: return "js"
        case .flutter: return nil
        }
    }
}
