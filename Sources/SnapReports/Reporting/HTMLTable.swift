import SnapLabSupport

/// A sortable HTML table for the report: every cell escaped, numeric cells right-aligned in
/// tabular figures and carrying their exact value in `data-v` (the page's script sorts by it
/// when a header is clicked), optional interval bars.
public struct HTMLTable: Sendable {
    /// One cell: the text shown, the value sorted by, extra HTML drawn after the text (a bar),
    /// and a tooltip.
    public struct Cell: Sendable {
        public var text: String
        public var value: Double?
        public var extraHTML = ""
        public var tip = ""
        /// HTML drawn before the text (a colour swatch).
        public var prefixHTML = ""
        public init(_ text: String, value: Double? = nil, extraHTML: String = "", tip: String = "", prefixHTML: String = "") {
            self.text = text
            self.prefixHTML = prefixHTML
            self.value = value
            self.extraHTML = extraHTML
            self.tip = tip
        }

        /// A number with `digits` decimals, sorted by its exact value.
        public static func number(_ x: Double, _ digits: Int) -> Cell { Cell(NumberFormat.fixed(x, digits), value: x) }
    }

    public var header: [String]
    /// Header tooltips (what a column means), by column; empty for none.
    public var headerTips: [String] = []
    public var rows: [[Cell]]
    public var cssClass: String

    public init(header: [String], rows: [[Cell]], cssClass: String) {
        self.header = header
        self.rows = rows
        self.cssClass = cssClass
    }

    /// A scale for bars of values in `[lower, upper]`: widened to tenths (0.55…0.82 → 0.5…0.9),
    /// so differences show while the scale stays easy to read (stated in the column's tooltip).
    public static func scale(_ lower: Double, _ upper: Double) -> Interval {
        guard lower.isFinite, upper.isFinite, lower <= upper else { return Interval(lower: 0, upper: 1) }
        let lo = max(0, (lower * 10).rounded(.down) / 10), hi = min(1, (upper * 10).rounded(.up) / 10)
        return hi > lo ? Interval(lower: lo, upper: hi) : Interval(lower: 0, upper: 1)
    }

    /// A small square of `colour` (a policy's colour).
    public static func swatch(_ colour: String) -> String {
        "<span class=\"swatch\" style=\"background:" + HTMLReport.escaped(colour) + "\"></span>"
    }

    /// A bar for an interval `[lower, upper]` and point `x` on the scale `scale` (default 0…1;
    /// values clamped).
    public static func intervalBar(_ x: Double, _ lower: Double, _ upper: Double, colour: String,
                                   scale: Interval = Interval(lower: 0, upper: 1)) -> String {
        let span = max(1e-9, scale.width)
        func pct(_ v: Double) -> String {
            NumberFormat.fixed(100 * min(1, max(0, ((v.isFinite ? v : 0) - scale.lower) / span)), 1)
        }
        return "<span class=\"bar\"><span class=\"ci\" style=\"left:\(pct(lower))%;width:"
            + NumberFormat.fixed(max(0.4, Double(pct(upper))! - Double(pct(lower))!), 1) + "%;background:\(colour)\"></span>"
            + "<span class=\"pt\" style=\"left:\(pct(x))%\"></span></span>"
    }

    public func html() -> String {
        let e = HTMLReport.escaped
        let numeric = Set(header.indices.filter { c in rows.contains { $0.count > c && $0[c].value != nil } })
        var out = "<div class=\"table-wrap\"><table class=\"sortable \(cssClass)\">\n<thead><tr>"
        for (c, h) in header.enumerated() {
            let tip = c < headerTips.count && !headerTips[c].isEmpty ? " title=\"" + e(headerTips[c]) + "\"" : ""
            out += "<th\(numeric.contains(c) ? " class=\"num\"" : "")\(tip)>" + e(h) + "</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in rows {
            out += "<tr>"
            for (c, cell) in row.enumerated() {
                var attributes = numeric.contains(c) ? " class=\"num\"" : ""
                if let v = cell.value, v.isFinite { attributes += " data-v=\"" + NumberFormat.shortest(v) + "\"" }
                if !cell.tip.isEmpty { attributes += " data-tip=\"" + e(cell.tip) + "\"" }
                out += "<td\(attributes)>" + cell.prefixHTML + e(cell.text) + cell.extraHTML + "</td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table></div>\n"
    }
}

extension ComparisonReport {
    /// The comparison as a sortable table: policy (with its colour), n, hit rate with its 95%
    /// interval drawn as a bar, difference to the best, Holm p, and the error columns; its
    /// legend; and the per-user or per-file table when ``breakdown`` asks for one. Every cell
    /// is escaped.
    public func html(colours: [String: String] = [:]) -> String {
        let logHolm = logP.holm
        let header = ["policy", "hit rate, 95% interval", "vs best", "p (Holm)", "mean |err|", "over", "under",
                      "missed", "false", "snap pt", "cells"]
        let scale = HTMLTable.scale(comparison.rows.map(\.hitRateInterval.lower).min() ?? 0,
                                    comparison.rows.map(\.hitRateInterval.upper).max() ?? 1)
        let rows: [[HTMLTable.Cell]] = comparison.rows.enumerated().map { k, r in
            let colour = colours[r.policy] ?? "#888888"
            let ci = r.hitRateInterval
            let tip = "\(r.policy): \(r.hits) of \(r.n) hit, \(NumberFormat.fixed(r.hitRate, 3)) "
                + intervalCell(ci)
            return [
                HTMLTable.Cell(r.policy, tip: r.parameters.map { "\($0.name)=\(NumberFormat.compact($0.value, 4))" }
                    .joined(separator: " "), prefixHTML: HTMLTable.swatch(colour)),
                HTMLTable.Cell(FewUsersMark.marked(NumberFormat.fixed(r.hitRate, 3), intervalsFromFewUsers), value: r.hitRate,
                               extraHTML: HTMLTable.intervalBar(r.hitRate, ci.lower, ci.upper, colour: colour, scale: scale), tip: tip),
                HTMLTable.Cell((r.differenceToBest > 0 ? "+" : "") + NumberFormat.fixed(r.differenceToBest, 3) + " " + r.significanceMark,
                               value: r.differenceToBest,
                               tip: "95% interval " + intervalCell(r.differenceInterval)),
                HTMLTable.Cell(pValue(k, logHolm), value: logHolm[k] ?? 1),
                .number(r.meanAbsoluteError, 3), .number(r.overshootRate, 3), .number(r.undershootRate, 3),
                .number(r.missedChangeRate, 3), .number(r.falseChangeRate, 3), .number(r.meanSnapCorrection, 1),
                .number(r.meanCellsReconfigured, 2),
            ]
        }
        var table = HTMLTable(header: header, rows: rows, cssClass: "comparison")
        table.headerTips = ["", (hit == .exact ? "share resting on the intended item" : "share with the intended item wholly in view at rest")
                                + "; bar: 95% user-clustered bootstrap interval, "
                                + "drawn from \(NumberFormat.fixed(scale.lower, 1)) to \(NumberFormat.fixed(scale.upper, 1))",
                            "difference to the best; * p < 0.05, ** < 0.01, *** < 0.001 (Holm)",
                            "exact McNemar test against the best, Holm-adjusted",
                            "mean |target − intended| in items", "share past the intended item", "share short of it",
                            "intended changes that stayed", "intended stays that changed",
                            "mean distance the snap moves the natural rest, points", "cells a reuse pool reconfigures"]
        var out = table.html()
        if let n = comparison.rows.first?.n {
            out = "<p class=\"explain\">\(n) labelled traces; hover a cell for details, click a header to sort. Bars run from "
                + NumberFormat.fixed(scale.lower, 1) + " to " + NumberFormat.fixed(scale.upper, 1) + ".</p>\n" + out
        }
        out += "<p class=\"legend\">" + HTMLReport.escaped(legend) + "</p>\n"
        if breakdown != .none {
            out += "<h3>Hit rate by " + HTMLReport.escaped(breakdown.rawValue) + "</h3>\n"
            out += HTMLTable(header: groupHeader, rows: groups.map { g in
                [HTMLTable.Cell(g.name), .number(Double(g.n), 0)] + g.hitRates.map { .number($0, 3) }
            }, cssClass: "breakdown").html()
        }
        return out
    }
}
