import SnapStrategies
import SnapLabSupport
import SnapTraces
import SnapScoring
import SnapFitting

/// The report's views beyond the comparison: by intent (with the confusion matrices), by user,
/// and the recommendation's ranking, as ready HTML (every text escaped).
enum ReportSections {
    static func intent(ranked: [any SnapPolicy], traces reservoir: TraceReservoir, top: Int, matrices: Int,
                       colours: [String: String], users: Int = Int.max) -> [HTMLReport.Section] {
        let few = FewUsersMark.applies(users: users)
        let traces = reservoir.traces
        guard !traces.isEmpty, !ranked.isEmpty else { return [] }
        let chosen = Array(ranked.prefix(max(top, matrices)))
        let tables = IntentTables(policies: chosen, traces: traces, confusionPolicies: matrices)
        var html = "<p class=\"explain\">What the person meant, in items from the start item, against where each "
            + "policy rests. " + (reservoir.isComplete ? "All \(reservoir.seen) labelled traces."
                                  : "A seeded uniform sample of \(traces.count) of \(reservoir.seen) labelled traces.") + "</p>\n"
        let header = ["policy"] + IntentTables.categories.enumerated().map { "\($1) (n = \(tables.counts[$0]))" }
        let rows: [[HTMLTable.Cell]] = tables.policyIDs.prefix(top).enumerated().map { p, id in
            [HTMLTable.Cell(id, prefixHTML: HTMLTable.swatch(colours[id] ?? "#888888"))]
                + (0..<3).map { c in
                    let n = tables.counts[c], h = tables.hits[p][c]
                    guard n > 0 else { return HTMLTable.Cell("–") }
                    let rate = Double(h) / Double(n)
                    let ci = HitRateCurve.wilson(hits: h, count: n)
                    return HTMLTable.Cell(FewUsersMark.marked(NumberFormat.fixed(rate, 3), few), value: rate,
                                          extraHTML: HTMLTable.intervalBar(rate, ci.lower, ci.upper, colour: colours[id] ?? "#888888"),
                                          tip: "\(id): \(h) of \(n); 95% Wilson [\(NumberFormat.fixed(ci.lower, 3)), \(NumberFormat.fixed(ci.upper, 3))]")
                }
        }
        html += "<h3>Hit rate by what the person meant</h3>\n" + HTMLTable(header: header, rows: rows, cssClass: "intent").html()
        if few { html += "<p class=\"legend\">" + HTMLReport.escaped(FewUsersMark.footnote(users: users)) + "</p>\n" }
        html += "<h3>Meant vs rested (items moved)</h3>\n<p class=\"explain\">Rows: items the person meant to move; "
            + "columns: items the policy moved. The diagonal (bold) is a hit; right of it overshoots, left of it "
            + "undershoots.</p>\n<div class=\"grid2\">\n"
        let labels = (0..<(2 * IntentTables.limit + 1)).map(IntentTables.label)
        for (p, matrix) in tables.confusion.enumerated() {
            let id = tables.policyIDs[p]
            html += "<div><h3>" + HTMLTable.swatch(colours[id] ?? "#888888") + HTMLReport.escaped(id) + "</h3>\n"
                + "<div class=\"table-wrap\"><table class=\"confusion\">\n<thead><tr><th>meant \\ moved</th>"
            html += labels.map { "<th class=\"num\">" + HTMLReport.escaped($0) + "</th>" }.joined() + "</tr></thead>\n<tbody>\n"
            for (i, row) in matrix.enumerated() where row.contains(where: { $0 > 0 }) {
                let total = row.reduce(0, +)
                html += "<tr><th>" + HTMLReport.escaped(labels[i]) + "</th>"
                for (j, count) in row.enumerated() {
                    let share = total > 0 ? Double(count) / Double(total) : 0
                    let shade = "rgba(0,114,178," + NumberFormat.fixed(0.08 + 0.6 * share, 2) + ")"
                    html += "<td class=\"num\(i == j ? " diag" : "")\" style=\"background:\(count > 0 ? shade : "transparent")\" "
                        + "data-tip=\"meant \(HTMLReport.escaped(labels[i])), moved \(HTMLReport.escaped(labels[j])): \(count) of \(total)\">"
                        + (count > 0 ? String(count) : "") + "</td>"
                }
                html += "</tr>\n"
            }
            html += "</tbody></table></div></div>\n"
        }
        html += "</div>\n"
        return [HTMLReport.Section(id: "intent", title: "By intent", html: html)]
    }

    static func users(comparison: Comparison, top: Int, colours: [String: String]) -> [HTMLReport.Section] {
        guard comparison.byUser.count > 1 else { return [] }
        let k = min(top, comparison.rows.count)
        let ids = comparison.rows.prefix(k).map(\.policy)
        let rows: [[HTMLTable.Cell]] = comparison.byUser.map { g in
            [HTMLTable.Cell(g.name), .number(Double(g.n), 0)] + (0..<k).map { p in
                let rate = g.hitRates[p]
                return HTMLTable.Cell(NumberFormat.fixed(rate, 3), value: rate,
                                      extraHTML: HTMLTable.intervalBar(rate, rate, rate, colour: colours[ids[p]] ?? "#888888"))
            }
        }
        let best = comparison.byUser.map { g in (0..<k).max { g.hitRates[$0] < g.hitRates[$1] } ?? 0 }
        let wins = (0..<k).map { p in best.filter { $0 == p }.count }
        var html = "<p class=\"explain\">Hit rate of the top \(k) for each of \(comparison.byUser.count) users "
            + "(click a header to sort). Best policy per user: "
            + zip(ids, wins).map { "\(HTMLReport.escaped($0)) for \($1)" }.joined(separator: ", ") + ".</p>\n"
        html += "<div class=\"scroll-y\">" + HTMLTable(header: ["user", "n"] + ids, rows: rows, cssClass: "users").html() + "</div>\n"
        return [HTMLReport.Section(id: "users", title: "By user", html: html)]
    }

    /// The fitted configurations as their own rows, scored held out (each trace by the fit made
    /// without its user), next to their defaults on the same traces: the table under the comparison.
    static func fitted(_ r: Recommendation, colours: [String: String]) -> String {
        let fitted = r.ranking.filter { $0.variant == "fitted" }
        guard !fitted.isEmpty else { return "" }
        let rows: [[HTMLTable.Cell]] = fitted.map { c in
            let defaults = r.ranking.first { $0.policyID == c.policyID && $0.variant == "defaults" }
            let held = r.heldOut(c)
            return [HTMLTable.Cell(c.policyID + (c.isSame(as: r.chosen) ? " (chosen)" : ""),
                                   prefixHTML: HTMLTable.swatch(colours[c.policyID] ?? "#bbbbbb")),
                    HTMLTable.Cell(RecommendationReport.variantText(c)),
                    HTMLTable.Cell(RecommendationReport.heldOutText(held), value: held?.rate ?? .nan),
                    HTMLTable.Cell(RecommendationReport.heldOutText(defaults.flatMap(r.heldOut)), value: defaults.flatMap(r.heldOut)?.rate ?? .nan),
                    HTMLTable.Cell(RecommendationReport.parameterText(c.policy))]
        }
        var table = HTMLTable(header: ["policy", "fitted", "held-out hit rate [95%]", "its defaults [95%]", "fitted values (all traces)"],
                              rows: rows, cssClass: "ranking")
        table.headerTips = ["", "fitted on the training folds, scored on the held-out users", "interval clustered by user",
                            "the same traces with the default parameters", "the fit on all traces"]
        return "<h3>Fitted configurations, scored held out</h3>\n<p class=\"explain\">The table above scores every policy with "
            + "its default parameters on all traces; these rows are each policy fitted on the other users' folds and scored "
            + "on the held-out users (the verdict's number when one is recommended).</p>\n<div class=\"scroll-y\">" + table.html()
            + "</div>\n"
    }

    static func ranking(_ r: Recommendation, colours: [String: String], users: Int, headroom: Headroom? = nil) -> String {
        let few = FewUsersMark.applies(users: users)
        let rows: [[HTMLTable.Cell]] = r.ranking.enumerated().map { i, c in
            let chosen = c.policyID == r.chosen.policyID && c.variant == r.chosen.variant
            let within = r.isWithin(c)
            return [.number(Double(i + 1), 0),
                    HTMLTable.Cell(c.policyID + (chosen ? " (chosen)" : ""), prefixHTML: HTMLTable.swatch(colours[c.policyID] ?? "#bbbbbb")),
                    HTMLTable.Cell(RecommendationReport.variantText(c)), .number(c.testScore, 4),
                    HTMLTable.Cell(FewUsersMark.marked(NumberFormat.fixed(c.testStandardError, 4), few), value: c.testStandardError),
                    HTMLTable.Cell(within ? "yes" : ""),
                    HTMLTable.Cell(RecommendationReport.heldOutText(r.heldOut(c)), value: r.heldOut(c)?.rate ?? .nan)]
                + (r.byTransfer ? [HTMLTable.Cell(RecommendationReport.transferText(c), value: c.transferScore ?? .nan)] : [])
                + [HTMLTable.Cell(RecommendationReport.parameterText(c.policy))]
        }
        var table = HTMLTable(header: ["rank", "policy", "variant", "test \(r.objective)", "± SE", "within 1 SE",
                                       "held-out hit rate [95%]"] + (r.byTransfer ? ["transfer ± SE"] : []) + ["parameters"],
                              rows: rows, cssClass: "ranking")
        table.headerTips = ["", "", "defaults, or fitted on the training folds and scored on the held-out ones",
                            "mean over held-out folds (grouped by user)", "standard error over folds",
                            "as good as the best within noise",
                            "every trace scored once by the fit made without its user; interval clustered by user"]
            + (r.byTransfer ? ["each task's traces scored by the fit on the other tasks; standard error clustered by user"] : []) + [""]
        var html = "<p class=\"explain\">" + HTMLReport.escaped(RecommendationReport(recommendation: r).rule) + ".</p>\n"
        html += "<div class=\"scroll-y\">" + table.html() + "</div>\n"
        if few { html += "<p class=\"legend\">" + HTMLReport.escaped(FewUsersMark.footnote(users: users)) + "</p>\n" }
        if r.byTransfer {
            html += "<p class=\"explain\">Ranked by transfer: each task's traces scored by the fit on the other tasks "
                + "(groups: " + HTMLReport.escaped(r.transferGroups.joined(separator: "; ")) + ").</p>\n"
            let drops = r.ranking.filter(\.dropsOnTransfer)
            if !drops.isEmpty {
                html += "<p class=\"note\">Drop on another task by more than their standard error: "
                    + HTMLReport.escaped(drops.map(\.name).joined(separator: ", ")) + ".</p>\n"
            }
        }
        let degenerate = r.ranking.filter { !$0.degenerate.isEmpty }
        if !degenerate.isEmpty {
            html += "<p class=\"explain\">Degenerate fitted values (such a candidate is not recommended unless "
                + "<code>--allow-degenerate</code>):</p>\n<ul>\n"
            for c in degenerate {
                html += "<li>" + HTMLReport.escaped(c.name + ": " + c.degenerate.joined(separator: "; ")) + "</li>\n"
            }
            html += "</ul>\n"
        }
        html += "<ul>\n"
        for reason in r.reasons { html += "<li>" + HTMLReport.escaped(reason) + "</li>\n" }
        html += "</ul>\n"
        if let h = headroom {
            let gap = h.gap(to: r.chosen.testScore, of: "The chosen \(r.chosen.policyID) (\(r.chosen.variant))")
            html += "<p class=\"explain\">" + HTMLReport.escaped(h.summary) + ". " + HTMLReport.escaped(gap) + ".</p>\n"
        }
        html += "<h3>Swift</h3>\n<pre><code>" + HTMLReport.escaped(r.swiftCode) + "</code></pre>\n"
        return html
    }
}
