import SnapStrategies

/// Builds the page of `snaplab report` (an ``HTMLReport``) from one pass over the traces
/// (``ReportCollector``):
/// - **summary**: files, counts, users, the describe table (``TraceDescription/table(summary:)``)
///   as a preformatted block;
/// - **comparison**: ``Comparison`` with a user bootstrap (`bootstrap` resamples, `seed`) as the
///   ``ComparisonReport`` table;
/// - **plots**: the ``DecisionMap`` of the top ``mapPolicies`` policies by hit rate, in the layout
///   of the first trace, with the collector's overlay sample drawn on it; the ``HitRateCurve`` of
///   the top ``curvePolicies`` on the labelled traces (6 equal-count speed bins);
/// - **recommendation** (unless ``recommend`` is false): ``Recommendation/run(policies:data:fitter:folds:maxPages:maxFittedParameters:seed:)``
///   on the labelled traces kept by the collector (all of them up to its capacity, else a seeded
///   sample, which the page says), shown as ``RecommendationReport/table()`` including the Swift
///   code.
public struct ReportPage: Sendable {
    public var title = "SnapLab report"
    public var bootstrap = 2000
    public var seed: UInt64 = 12345
    public var recommend = true
    public var fitter = PolicyFitter()
    public var folds = 5
    public var maxPages = 3
    public var maxFittedParameters = 6
    public var mapPolicies = 3
    public var curvePolicies = 4
    /// Extra summary lines shown first (e.g. the velocity estimator).
    public var preamble: [(key: String, value: String)] = []
    /// The footer (e.g. the command line).
    public var footer = ""

    public init() {}

    /// The page for what `collector` gathered while reading `summary`.
    /// - Returns: the page and notes for standard error (sampling, skipped fits).
    /// - Throws: ``FitError`` (no labelled traces, fewer users than folds, ...), ``GSLError``.
    public func build(_ collector: ReportCollector, summary: ReadSummary) throws -> (page: HTMLReport, notes: [String]) {
        var notes: [String] = []
        let totals = collector.scores
        let comparison = try Comparison(totals, userNames: summary.users.names,
                                        bootstrap: UserBootstrap(resamples: bootstrap, seed: seed))
        var lines = preamble
        lines += summary.files.map { ("file", "\($0.path) (\($0.kind.rawValue), \($0.tracesRead) traces)") }
        lines.append(("traces", "\(summary.tracesRead) read, \(totals.labelled) labelled, \(totals.unlabelled) unlabelled, "
                      + "\(summary.tracesSkipped) skipped, \(summary.tracesCancelled) cancelled"))
        lines.append(("users", "\(collector.description.users)"))
        lines.append(("bootstrap", "\(bootstrap) user resamples, seed \(seed)"))
        let report = ComparisonReport(comparison: comparison)

        // Plots: the top policies by hit rate (rows are sorted best first).
        let byID = Dictionary(totals.policies.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let ranked = comparison.rows.compactMap { byID[$0.policy] }
        var plots: [HTMLReport.Plot] = []
        if let layout = collector.firstLayout, !ranked.isEmpty {
            let top = Array(ranked.prefix(mapPolicies))
            let overlay = collector.overlay
            let map = DecisionMap(policies: top, layout: layout, traces: overlay.traces)
            let sampleNote = overlay.isComplete ? "all \(overlay.seen) traces"
                : "a seeded uniform sample of \(overlay.traces.count) of \(overlay.seen) traces (seed \(seed))"
            plots.append(HTMLReport.Plot(
                title: "Decision map of the top \(top.count) by hit rate",
                caption: "Pages moved over (release velocity, position in item) in the layout of the first trace; "
                    + "\(sampleNote) drawn as hit (dot) or miss (cross) for each policy.",
                document: map.svg(title: "Pages moved by " + top.map(\.id).joined(separator: ", "))))
        }
        if !collector.labelled.traces.isEmpty, !ranked.isEmpty {
            let top = Array(ranked.prefix(curvePolicies))
            let curve = HitRateCurve(policies: top, traces: collector.labelled.traces, binning: .quantiles(6))
            plots.append(HTMLReport.Plot(
                title: "Hit rate by release speed, top \(top.count)",
                caption: "Six equal-count speed bins of the labelled traces; 95% Wilson intervals per bin.",
                document: curve.svg(title: "Hit rate by release speed")))
        }

        var recommendationText = ""
        if recommend {
            let fitTraces = collector.labelled
            let data = FitData(fitTraces.traces)
            let recommendation = try Recommendation.run(
                policies: totals.policies, data: data, fitter: fitter, folds: folds, maxPages: maxPages,
                maxFittedParameters: maxFittedParameters, seed: seed)
            if !fitTraces.isComplete {
                let note = "Fitted and cross-validated on a seeded uniform sample of \(fitTraces.traces.count) "
                    + "of \(fitTraces.seen) labelled traces (seed \(seed))."
                recommendationText += note + "\n\n"
                notes.append(note)
            }
            if !recommendation.notFitted.isEmpty {
                notes.append("scored with defaults only (more than \(maxFittedParameters) parameters): "
                             + recommendation.notFitted.joined(separator: ", "))
            }
            recommendationText += RecommendationReport(recommendation: recommendation).table()
        }
        let page = HTMLReport(title: title, summary: lines, details: collector.description.table(summary: summary),
                              comparison: report, plots: plots, recommendation: recommendationText, footer: footer)
        return (page, notes)
    }
}
