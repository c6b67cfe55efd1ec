import SnapStrategies
import SnapGSL
import SnapLabSupport
import SnapTraces
import SnapScoring
import SnapFitting

/// Builds the page of `snaplab report` (an ``HTMLReport``) from one pass over the traces
/// (``ReportCollector``):
/// - **verdict** (``ReportVerdict``): the recommended policy (the ``Recommendation`` when
///   `recommend`, else the best by hit rate), its hit rate with the user-bootstrap interval,
///   the difference to ``baseline`` when given, and every note (sampling, small data: when the
///   recommendation cannot be made, the page says why instead of failing);
/// - **comparison**: ``Comparison`` with a user bootstrap as a sortable table with interval bars;
/// - **pictures**: the ``DecisionMap`` of the top ``mapPolicies`` by hit rate in the most common
///   layout of the overlay sample, a map of where they disagree, and the ``HitRateCurve`` of the
///   top ``curvePolicies`` (equal-count bins of at least 30 traces);
/// - **by intent** (``IntentTables``): hit rate per intent for the top ``curvePolicies`` and
///   the intended-vs-resting matrix of the top ``mapPolicies``, on the labelled sample;
/// - **by user**: per-user hit rates of the top policies;
/// - **recommendation**: the ranking as a table, the rule and reasons, the headroom (``Headroom``,
///   same data and folds) and how far the chosen policy is from it, the Swift code;
/// - **dataset** and a **footer** (version, command line, seed, input files).
/// One colour per policy (``Palette/assign(_:)`` in rank order) in every table and plot.
public struct ReportPage: Sendable {
    public var title = "SnapLab report"
    public var bootstrap = 2000
    public var seed: UInt64 = 12345
    public var recommend = true
    public var fitter = PolicyFitter()
    public var folds = 5
    public var maxPages = 3
    public var maxFittedParameters = 6
    /// Let a candidate with a degenerate fitted value be recommended (``Degeneracy``).
    public var allowDegenerate = false
    /// The policies native to the app's platform (`--platform`), preferred among equally simple candidates.
    public var native: Set<String> = []
    /// The column whose values are the tasks (``FitData/groupColumn``) and whether it was named
    /// (`--group-by`: used even with one value; ``Recommendation/run(policies:data:fitter:folds:maxPages:maxFittedParameters:seed:adaptingFolds:withHeadroom:sampleCap:allowDegenerate:native:groupsByColumnOnly:)``).
    public var groupColumn: String?
    public var groupsByColumnOnly = false
    /// The app's platform (`--platform`): native policies fit only the settings it exposes.
    public var platform: DecisionPlatform?
    /// Under ``platform``, the selected policies it does not run: scored with their defaults for
    /// reference, so the verdict can say when the platform's own policies fall short (``PlatformShortfall``).
    public var offPlatform: [any SnapPolicy] = []
    /// The verdict's warning that the estimator in use reads 0 on many moving strokes of frame-logged
    /// traces (``DataChecks/estimatorWarning(platformGiven:readsStandardInput:)``).
    public var estimatorWarning: DataWarning?
    /// What the numbers assume (estimator, hit criterion, platform), one line for the verdict and the code's header.
    public var assumptions: String?
    public var mapPolicies = 3
    public var curvePolicies = 4
    /// The policy the app ships today (`--baseline`), compared with the verdict.
    public var baseline: String?
    /// Extra summary lines shown first (e.g. the velocity estimator).
    public var preamble: [(key: String, value: String)] = []
    /// The footer (e.g. the command line).
    public var footer = ""
    /// Footer lines (version, command line, …); the page adds seed and input files.
    public var footerItems: [(key: String, value: String)] = []

    public init() {}

    /// The page for what `collector` gathered while reading `summary`.
    /// - Returns: the page and notes for standard error (sampling, skipped fits, no recommendation).
    /// - Throws: ``GSLError``; a recommendation that cannot be made (``FitError``) becomes a note.
    public func build(_ collector: ReportCollector, summary: ReadSummary) throws -> (page: HTMLReport, notes: [String]) {
        var notes: [String] = []
        let totals = collector.scores
        let comparison = try Comparison(totals, userNames: summary.users.names,
                                        bootstrap: UserBootstrap(resamples: bootstrap, seed: seed))
        let byID = Dictionary(totals.policies.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let ranked = comparison.rows.compactMap { byID[$0.policy] }
        let colours = Palette.assign(ranked.map(\.id))

        var lines = preamble
        lines += summary.files.map { ("file", "\($0.path) (\($0.kind.rawValue), \($0.tracesRead) traces)") }
        lines.append(("traces", "\(summary.tracesRead) read, \(totals.labelled) labelled, \(totals.unlabelled) unlabelled, "
                      + "\(summary.tracesSkipped) skipped, \(summary.tracesCancelled) cancelled"))
        lines.append(("users", "\(collector.description.users)"))
        lines.append(("bootstrap", "\(bootstrap) user resamples, seed \(seed)"))

        // The recommendation first: the verdict depends on it.
        var recommendation: Recommendation?
        var headroom: Headroom?
        var recommendationText = ""
        var verdictNotes: [String] = []
        if recommend {
            let fitTraces = collector.labelled
            do {
                // Recommendation.run draws its own progress line (policies done of the total).
                var data = FitData(fitTraces.traces)
                data.groupColumn = groupColumn
                recommendation = try Recommendation.run(
                    policies: totals.policies, data: data, fitter: fitter, folds: folds, maxPages: maxPages,
                    maxFittedParameters: maxFittedParameters, seed: seed, adaptingFolds: false,
                    allowDegenerate: allowDegenerate, native: native, groupsByColumnOnly: groupsByColumnOnly,
                    platform: platform, offPlatform: offPlatform)
                headroom = try Headroom.run(data: data, folds: folds, seed: seed)
            } catch let error as FitError {
                let note = "No recommendation: \(error.description). The verdict is the policy with the highest hit rate."
                verdictNotes.append(note)
                notes.append(note)
            }
            if recommendation != nil {
                let velocity = preamble.first { $0.key == "velocity" }?.value ?? "?"
                recommendation?.codeHeader = [assumptions ?? "Assumes: velocity estimator \(velocity); hit criterion \(collector.hit.rawValue)."]
            }
            if recommendation != nil, !fitTraces.isComplete {
                let note = "Fitted and cross-validated on a seeded uniform sample of \(fitTraces.traces.count) "
                    + "of \(fitTraces.seen) labelled traces (seed \(seed))."
                recommendationText += note
                notes.append(note)
                verdictNotes.append(note)
            }
            if let r = recommendation, !r.notFitted.isEmpty {
                notes.append("scored with defaults only (more than \(maxFittedParameters) parameters): "
                             + r.notFitted.joined(separator: ", "))
            }
        }

        var comparisonReport = ComparisonReport(comparison: comparison)
        comparisonReport.hit = collector.hit
        var page = HTMLReport(title: title, summary: lines, details: collector.description.table(summary: summary),
                              comparison: comparisonReport, plots: [],
                              recommendation: recommendationText, footer: footer)
        page.colours = colours
        page.subtitle = "\(totals.labelled) labelled swipes from \(comparison.users) users, "
            + "\(comparison.rows.count) policies compared"
        page.verdict = verdict(comparison: comparison, recommendation: recommendation, notes: verdictNotes)
        page.verdict?.hit = collector.hit
        page.verdict?.fewUsers = comparisonReport.intervalsFromFewUsers ? comparison.users : nil
        page.plots = plots(collector: collector, ranked: ranked, colours: colours)
        page.sections = ReportSections.intent(ranked: ranked, traces: collector.labelled, top: curvePolicies,
                                              matrices: mapPolicies, colours: colours, users: comparison.users)
            + ReportSections.users(comparison: comparison, top: curvePolicies, colours: colours)
        if let r = recommendation {
            page.recommendationHTML = ReportSections.ranking(r, colours: colours, users: comparison.users, headroom: headroom)
            page.fittedHTML = ReportSections.fitted(r, colours: colours)
        }
        page.footerItems = footerItems + [("seed", "\(seed)")] + summary.files.map { ("input", $0.path) }
        return (page, notes)
    }

    func verdict(comparison: Comparison, recommendation: Recommendation?, notes: [String]) -> ReportVerdict? {
        guard let best = comparison.rows.first else { return nil }
        var v: ReportVerdict
        if let r = recommendation {
            let chosen = r.chosen
            v = ReportVerdict(policy: chosen.policyID,
                              basis: (r.byTransfer
                                  ? "Recommended: the simplest configuration whose transfer hit rate (each layout's swipes scored by "
                                      + "the fit on the other layouts) is within one standard error of the best"
                                  : "Recommended: the simplest configuration whose cross-validated \(r.objective) is within one "
                                      + "standard error of the best (\(r.folds) folds grouped by user)")
                                  + (chosen.variant == "fitted" ? ", with fitted parameters." : ", with its default parameters."),
                              row: comparison.rows.first { $0.policy == chosen.policyID }, notes: notes)
            if let score = r.heldOut(chosen) {
                v.heldOut = (score, chosen.variant == "fitted" ? RecommendationReport.parameterText(chosen.policy) : nil)
            }
            if let baseline, let d = r.heldOutDifference(chosen, baseline: baseline), let rate = r.heldOut(d.baseline)?.rate {
                v.heldOutBaseline = (baseline, rate, d.difference, d.interval)
            }
            v.tied = r.tied.count > 1 ? r.tied.map(\.candidate.name) : []
            v.tieRule = "Chosen among them: the simplest within one standard error of the best \(r.byTransfer ? "transfer" : "cross-validated") "
                + "score (fewest fitted parameters, " + (native.isEmpty ? "" : "then what the platform ships natively, ")
                + "then fewest parameters, then the better score, then catalogue order)."
            v.transfer = chosen.transferScore.map { ($0, chosen.transferStandardError ?? .nan) }
            if let b = r.betterThanChosen {
                v.notes.insert("Not a tie: \(b.candidate.name) hits \(NumberFormat.fixed(100 * b.difference, 1)) points more often "
                               + "(paired \(r.byTransfer ? "transfer" : "held-out") test, Holm-adjusted, p = \(PValueText.short(b.p, log10p: .nan))). "
                               + "The rule chose the simpler \(chosen.name), since the difference is within one standard error of the "
                               + "fold scores: ship \(b.candidate.name) for those points.", at: 0)
            }
            v.setAside = r.setAside.map { $0.name + ": " + $0.whyNot.joined(separator: "; ") }
            v.shortfall = r.shortfall.map { ($0.headline, RecommendationReport.shortfallText($0)) }
        } else {
            let ties = comparison.rows.filter { $0.holmP.map { $0 >= Recommendation.tieLevel } ?? true }
            v = ReportVerdict(policy: best.policy, basis: "The highest hit rate on these traces (no recommendation was fitted).",
                              row: best, notes: notes)
            if ties.count > 1 {
                v.undecided = true
                v.tied = ties.map(\.policy)
                v.basis = "\(best.policy) has the highest hit rate on these traces, but not significantly higher than the others "
                    + "named (no recommendation was fitted)."
                v.tieRule = "Every one is scored with its defaults (no fitted parameters), so the data cannot choose: "
                    + "prefer what your platform ships natively, or drop --no-recommendation to fit and choose by rule."
            }
        }
        if let baseline, v.heldOutBaseline == nil { v.compare(withBaseline: baseline, in: comparison) }
        v.warnings = preamble.filter { $0.key == "warning" }.map(\.value)
        v.estimatorWarning = estimatorWarning
        let velocity = preamble.first { $0.key == "velocity" }?.value
        let hit = preamble.first { $0.key == "hit" }?.value
        v.assumptions = assumptions.map { [$0] }
            ?? [velocity.map { "velocity estimator: " + $0 }, hit.map { "hit criterion: " + $0 }].compactMap { $0 }
        return v
    }

    func plots(collector: ReportCollector, ranked: [any SnapPolicy], colours: [String: String]) -> [HTMLReport.Plot] {
        var plots: [HTMLReport.Plot] = []
        let overlay = collector.overlay
        if let common = DecisionMap.commonLayout(of: overlay.traces) ?? collector.firstLayout.map({ ($0, 0, 1) }), !ranked.isEmpty {
            let top = Array(ranked.prefix(mapPolicies))
            let traces = overlay.traces.filter { $0.layout == common.layout }
            let map = DecisionMap(policies: top, layout: common.layout, traces: traces)
            // What is drawn: the traces of one layout, of all traces or of a seeded sample of them.
            let sampled = overlay.isComplete ? "" : " (a seeded uniform sample of \(overlay.traces.count) of \(overlay.seen) traces, seed \(seed))"
            let drawn = common.distinct > 1
                ? "the \(traces.count) traces in the most common of \(common.distinct) layouts\(sampled); traces in the other layouts are not drawn"
                : (overlay.isComplete ? "all \(traces.count) traces" : "\(traces.count) traces\(sampled)")
            plots.append(HTMLReport.Plot(
                title: "What the top \(top.count) decide, and how the swipes fared",
                caption: "Colour: pages moved for a release at that velocity and position in the item. Points: \(drawn), "
                    + "each a hit (dot) or a miss (cross) for each policy; the line above each panel counts those outside the "
                    + "plotted range as not drawn. Hover or tap a point for its numbers.",
                document: map.svg(title: "Pages moved by " + top.map(\.id).joined(separator: ", "))))
            if top.count > 1 {
                plots.append(HTMLReport.Plot(
                    title: "Where the top \(top.count) disagree",
                    caption: "Dark cells: releases the policies send to different items — the only places where choosing "
                        + "between them matters.",
                    document: map.differenceSVG(title: "Where " + top.map(\.id).joined(separator: ", ") + " disagree")))
            }
        }
        if !collector.labelled.traces.isEmpty, !ranked.isEmpty {
            let top = Array(ranked.prefix(curvePolicies))
            var curve = HitRateCurve(policies: top, traces: collector.labelled.traces, binning: .quantiles(8))
            curve.colours = colours
            plots.append(HTMLReport.Plot(
                title: "Hit rate by release speed, top \(top.count)",
                caption: "Each bin holds the same number of swipes, so the slow swipes where most decisions happen get "
                    + "as much width as the fast ones. Hover or tap a point for its counts.",
                document: curve.svg(title: "Hit rate by release speed")))
        }
        return plots
    }
}
