import SnapLabSupport
import SnapTraces
import SnapScoring
import SnapFitting

/// The first thing `snaplab report` shows: which policy to use, how often it rests on the
/// item people meant (with its interval), and how that compares with the policy the app ships
/// today (`--baseline`).
public struct ReportVerdict: Sendable {
    /// The recommended policy (or, without a recommendation, the best by hit rate).
    public var policy: String
    /// Why this one: "recommended (one-standard-error rule …)" or "highest hit rate".
    public var basis: String
    /// Its row in the comparison (default parameters): the headline when there is no recommendation.
    public var row: Comparison.Row?
    /// The recommended configuration's held-out hit rate (every trace scored by the configuration
    /// fitted without its user's fold; defaults as they are), the headline when set; with the
    /// parameters when fitted (`"name=value …"`, the fit on all traces; the folds' own values are
    /// in `recommend --format json`).
    public var heldOut: (score: HeldOutScore, fitted: String?)?
    /// The recommended configuration's transfer hit rate and its standard error (leave one group
    /// out: ``TransferGroups``), shown beside the held-out rate when the data hold more than one task.
    public var transfer: (score: Double, standardError: Double)?
    /// The held-out paired difference to the baseline (same traces, same folds), when ``heldOut`` is set.
    public var heldOutBaseline: (policy: String, rate: Double, difference: Double, interval: Interval?)?
    /// The tie: when others are not significantly different from the leader, their names (the
    /// leader first) and the rule that chose among them; empty when there is no tie.
    public var tied: [String] = []
    public var tieRule = ""
    /// When the verdict names no single policy (a tie without a recommendation): the headline says so.
    public var undecided = false
    /// When the platform's own policies fall short of the task (``PlatformShortfall``): the
    /// headline says so before the policy, and the sentence follows it.
    public var shortfall: (headline: String, text: String)?
    /// Candidates set aside for a degenerate fitted value, one line each (name: why).
    public var setAside: [String] = []
    /// What the numbers assume: the velocity estimator, the hit criterion, the platform (or that none was given).
    public var assumptions: [String] = []
    /// That the estimator in use reads 0 on many moving strokes of frame-logged traces, and the
    /// option that reads them as the device did (``DataChecks/estimatorWarning(platformGiven:readsStandardInput:)``),
    /// shown under the verdict's numbers (`id="verdict-estimator"`).
    public var estimatorWarning: DataWarning?
    /// The data's warnings, shown next to the verdict.
    public var warnings: [String] = []
    /// The baseline's row and, when the recommended policy is the best by hit rate, the
    /// bootstrap interval of the difference (recommended − baseline).
    public var baseline: (row: Comparison.Row, difference: Double, interval: Interval?)?
    /// Notes shown under the verdict (small data, sampling, no recommendation).
    public var notes: [String]
    /// What counts as a hit (`--hit`), said in the hit-rate fact.
    public var hit: HitCriterion = .exact
    /// The number of users when fewer than five: the intervals carry ``FewUsersMark`` and its footnote.
    public var fewUsers: Int?

    public init(policy: String, basis: String, row: Comparison.Row?, notes: [String] = []) {
        self.policy = policy
        self.basis = basis
        self.row = row
        self.notes = notes
    }

    /// Sets ``baseline`` from `comparison` (nothing when `id` is not in it).
    public mutating func compare(withBaseline id: String, in comparison: Comparison) {
        guard let base = comparison.rows.first(where: { $0.policy == id }), let row else {
            notes.append("Baseline '\(id)' is not among the compared policies.")
            return
        }
        let difference = row.hitRate - base.hitRate
        // The bootstrap compares every policy with the best; when the verdict is the best, the
        // baseline's interval against it is the one we need (sign flipped).
        let interval = row.policy == comparison.rows.first?.policy ? base.differenceInterval.negated : nil
        baseline = (base, difference, interval)
    }

    /// `escaped` with each command-line option and its value (`--velocity compose-frames`) as
    /// `<code class="option">`, which does not break across lines.
    static func optionsAsCode(_ escaped: String) -> String {
        var words = escaped.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var i = 0
        while i < words.count {
            if words[i].hasPrefix("--"), words[i].count > 2 {
                let hasValue = i + 1 < words.count && words[i + 1].first.map { $0.isLetter || $0.isNumber } == true
                let value = hasValue ? words[i + 1] : ""
                let trail = String(value.reversed().prefix { !($0.isLetter || $0.isNumber || $0 == "-") }.reversed())
                let option = (hasValue ? words[i] + " " + value.dropLast(trail.count) : words[i])
                words.replaceSubrange(i...(hasValue ? i + 1 : i), with: ["<code class=\"option\">" + option + "</code>" + trail])
            }
            i += 1
        }
        return words.joined(separator: " ")
    }

    /// `75.6%`.
    static func percent(_ x: Double, _ digits: Int = 1) -> String { NumberFormat.fixed(100 * x, digits) + "%" }

    /// The verdict as an HTML card (`id="verdict"`), every text escaped.
    public func html(colour: String) -> String {
        let e = HTMLReport.escaped
        var out = "<section id=\"verdict\" class=\"verdict\">\n<p class=\"kicker\">Verdict</p>\n"
        if undecided {
            out += "<h2 class=\"headline\"><span class=\"swatch\" style=\"background:\(colour)\"></span>No clear winner: "
                + tied.map { "<code>" + e($0) + "</code>" }.joined(separator: ", ") + " tie</h2>\n"
        } else if let shortfall {
            out += "<h2 class=\"headline\"><span class=\"swatch\" style=\"background:\(colour)\"></span>" + e(shortfall.headline)
                + "; the best that ships: <code>" + e(policy) + "</code></h2>\n"
        } else {
            out += "<h2 class=\"headline\"><span class=\"swatch\" style=\"background:\(colour)\"></span>Use <code>"
                + e(policy) + "</code></h2>\n"
        }
        if let shortfall { out += "<p class=\"note warning\" id=\"verdict-shortfall\">" + e(shortfall.text) + "</p>\n" }
        out += "<p class=\"basis\">" + e(basis) + "</p>\n"
        if tied.count > 1 {
            out += "<p class=\"tie\">Tied (not significantly different, Holm-adjusted clustered McNemar test): "
                + tied.map { "<code>" + e($0) + "</code>" }.joined(separator: ", ") + ". " + e(tieRule) + "</p>\n"
        }
        out += "<div class=\"facts\">\n"
        if let heldOut {
            let interval = heldOut.score.interval.map {
                "95% interval " + FewUsersMark.marked(Self.percent($0.lower) + "–" + Self.percent($0.upper), fewUsers != nil)
                    + " (clustered by user)"
            } ?? "interval not estimable (one user)"
            out += "<div class=\"fact\"><span class=\"big\" id=\"verdict-rate\" data-value=\""
                + NumberFormat.shortest(heldOut.score.rate) + "\">" + Self.percent(heldOut.score.rate) + "</span>"
                + "<span class=\"sub\">" + (hit == .exact ? "of swipes rest on the item the person meant"
                                            : "of swipes bring the item the person meant wholly into view")
                + ", held out: each swipe scored by the configuration fitted without its user<br/>" + interval
                + " (\(heldOut.score.traces) labelled traces)"
                + (transfer.map { "<br/>on a task it was not fitted on (leave one group out: screens, layouts or --group-by values): " + Self.percent($0.score) + " ± "
                    + NumberFormat.fixed(100 * $0.standardError, 1) + " pts" } ?? "")
                + (heldOut.fitted.map { "<br/>fitted <code>" + e($0) + "</code>" } ?? "") + "</span></div>\n"
        } else if let row {
            out += "<div class=\"fact\"><span class=\"big\">" + Self.percent(row.hitRate) + "</span>"
                + "<span class=\"sub\">" + (hit == .exact ? "of swipes rest on the item the person meant"
                                            : "of swipes bring the item the person meant wholly into view") + "<br/>"
                + (fewUsers == 1 ? "interval not estimable (one user)" : "95% interval "
                    + FewUsersMark.marked(Self.percent(row.hitRateInterval.lower) + "–" + Self.percent(row.hitRateInterval.upper), fewUsers != nil))
                + " (\(row.n) labelled traces, intervals resample users)</span></div>\n"
        }
        if let b = heldOutBaseline {
            let d = b.difference
            let sign = d > 0 ? "+" : d < 0 ? "−" : "±"
            var sub = "than <code>" + e(b.policy) + "</code> (baseline, " + Self.percent(b.rate) + " held out, same swipes)"
            sub += "<br/>" + (b.interval.map {
                "95% interval " + FewUsersMark.marked(NumberFormat.fixed(100 * $0.lower, 1) + " to "
                                                      + NumberFormat.fixed(100 * $0.upper, 1) + " points", fewUsers != nil)
                    + " (paired, clustered by user)"
            } ?? "interval not estimable (one user)")
            out += "<div class=\"fact\"><span class=\"big\" id=\"verdict-difference\" data-value=\""
                + NumberFormat.shortest(d) + "\">" + sign + NumberFormat.fixed(100 * abs(d), 1) + " pts</span>"
                + "<span class=\"sub\">" + sub + "</span></div>\n"
        } else if let baseline {
            let d = baseline.difference
            let sign = d > 0 ? "+" : d < 0 ? "−" : "±"
            var sub = "than <code>" + e(baseline.row.policy) + "</code> (baseline, " + Self.percent(baseline.row.hitRate) + ")"
            if let i = baseline.interval {
                sub += "<br/>95% interval " + FewUsersMark.marked(NumberFormat.fixed(100 * i.lower, 1) + " to "
                                                                  + NumberFormat.fixed(100 * i.upper, 1) + " points", fewUsers != nil)
            }
            out += "<div class=\"fact\"><span class=\"big\">" + sign + NumberFormat.fixed(100 * abs(d), 1) + " pts</span>"
                + "<span class=\"sub\">" + sub + "</span></div>\n"
        }
        out += "</div>\n"
        if let w = estimatorWarning {
            out += "<p class=\"note warning\" id=\"verdict-estimator\" data-count=\"\(w.count)\">Estimator warning (" + e(w.id) + "): "
                + Self.optionsAsCode(e(w.message)) + "</p>\n"
        }
        if let fewUsers { out += "<p class=\"note\">" + e(FewUsersMark.footnote(users: fewUsers)) + "</p>\n" }
        for warning in warnings { out += "<p class=\"note warning\">Data warning: " + e(warning) + "</p>\n" }
        if !setAside.isEmpty {
            out += "<details class=\"aside\"><summary>Set aside: \(setAside.count) candidate\(setAside.count == 1 ? "" : "s") with a "
                + "degenerate fitted value, a learned fit that does not transfer or hits that hinge on the viewport width "
                + "(<code>--allow-degenerate</code> keeps the "
                + "degenerate ones) — why</summary>\n<ul>" + setAside.map { "<li>" + e($0) + "</li>" }.joined() + "</ul></details>\n"
        }
        for note in notes { out += "<p class=\"note\">" + e(note) + "</p>\n" }
        if !assumptions.isEmpty {
            out += "<p class=\"assumed\">" + assumptions.map(e).joined(separator: " · ") + "</p>\n"
        }
        return out + "</section>\n"
    }
}
