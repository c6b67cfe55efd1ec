/// The first thing `snaplab report` shows: which policy to use, how often it rests on the
/// item people meant (with its interval), and how that compares with the policy the app ships
/// today (`--baseline`).
public struct ReportVerdict: Sendable {
    /// The recommended policy (or, without a recommendation, the best by hit rate).
    public var policy: String
    /// Why this one: "recommended (one-standard-error rule …)" or "highest hit rate".
    public var basis: String
    /// Its row in the comparison (default parameters).
    public var row: Comparison.Row?
    /// Cross-validated test score ± SE when the recommendation is a fitted variant.
    public var fitted: (score: Double, standardError: Double, parameters: String)?
    /// The baseline's row and, when the recommended policy is the best by hit rate, the
    /// bootstrap interval of the difference (recommended − baseline).
    public var baseline: (row: Comparison.Row, difference: Double, interval: (lower: Double, upper: Double)?)?
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
        let interval: (lower: Double, upper: Double)? = row.policy == comparison.rows.first?.policy
            ? (-base.differenceInterval.upper, -base.differenceInterval.lower) : nil
        baseline = (base, difference, interval)
    }

    /// `75.6%`.
    static func percent(_ x: Double, _ digits: Int = 1) -> String { NumberFormat.fixed(100 * x, digits) + "%" }

    /// The verdict as an HTML card (`id="verdict"`), every text escaped.
    public func html(colour: String) -> String {
        let e = HTMLReport.escaped
        var out = "<section id=\"verdict\" class=\"verdict\">\n<p class=\"kicker\">Verdict</p>\n"
        out += "<h2 class=\"headline\"><span class=\"swatch\" style=\"background:\(colour)\"></span>Use <code>"
            + e(policy) + "</code></h2>\n"
        out += "<p class=\"basis\">" + e(basis) + "</p>\n<div class=\"facts\">\n"
        if let row {
            out += "<div class=\"fact\"><span class=\"big\">" + Self.percent(row.hitRate) + "</span>"
                + "<span class=\"sub\">" + (hit == .exact ? "of swipes rest on the item the person meant"
                                            : "of swipes bring the item the person meant wholly into view") + "<br/>95% interval "
                + FewUsersMark.marked(Self.percent(row.hitRateInterval.lower) + "–" + Self.percent(row.hitRateInterval.upper), fewUsers != nil)
                + " (\(row.n) labelled traces, intervals resample users)</span></div>\n"
        }
        if let fitted {
            out += "<div class=\"fact\"><span class=\"big\">" + NumberFormat.fixed(fitted.score, 3) + "</span>"
                + "<span class=\"sub\">cross-validated score with fitted parameters (± "
                + NumberFormat.fixed(fitted.standardError, 3) + ")<br/><code>" + e(fitted.parameters) + "</code></span></div>\n"
        }
        if let baseline {
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
        if let fewUsers { out += "<p class=\"note\">" + e(FewUsersMark.footnote(users: fewUsers)) + "</p>\n" }
        for note in notes { out += "<p class=\"note\">" + e(note) + "</p>\n" }
        return out + "</section>\n"
    }
}
