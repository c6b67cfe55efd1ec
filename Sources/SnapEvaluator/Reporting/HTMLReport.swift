/// One self-contained HTML page: dataset summary, comparison table, plots, recommendation
/// (`snaplab report`).
///
/// Self-contained means: inline CSS, plots as inline `<svg>` (``SVGDocument/inlineMarkup()``, no
/// `xmlns` URL), no scripts, no images, no links, no `src=`/`href=`/`url(`; the page opens
/// offline and can be mailed as one file. Every piece of text is escaped
/// (``SVGElement/escaped(_:)``), so trace ids, file names or recommendation text cannot inject
/// markup. The page is also well-formed XML (polyglot HTML5: self-closed void elements), which
/// the tests check with `XMLParser`.
///
/// Sections, each with a stable `id`: `summary` (key/value lines, then ``details`` preformatted), `comparison` (the
/// ``ComparisonReport`` as a table, its legend, and the per-user or per-file table when asked),
/// `plots` (one `<figure>` per plot), `recommendation` (preformatted text). Empty sections are
/// left out.
///
/// ```swift
/// let page = HTMLReport(title: "SnapLab report", summary: [("traces", "1200")],
///                       comparison: report, plots: [.init(title: "Hit rate", document: curve.svg(title: "Hit rate"))],
///                       recommendation: "Ship tag99 with lowTier = 1.9 pt/ms.")
/// try page.rendered().write(toFile: "report.html", atomically: true, encoding: .utf8)
/// ```
public struct HTMLReport: Sendable {
    /// One picture with a caption.
    public struct Plot: Sendable {
        public var title: String
        public var caption: String
        public var document: SVGDocument
        public init(title: String, caption: String = "", document: SVGDocument) {
            self.title = title
            self.caption = caption
            self.document = document
        }
    }

    public var title: String
    /// Dataset summary lines (files, traces, users, layouts, …).
    public var summary: [(key: String, value: String)]
    /// Preformatted text shown under the summary lines (e.g. the `describe` tables); empty for none.
    public var details: String
    public var comparison: ComparisonReport?
    public var plots: [Plot]
    /// Plain text, shown preformatted (line breaks kept).
    public var recommendation: String
    /// Footer line (e.g. the command that made the page); empty for none.
    public var footer: String

    public init(title: String, summary: [(key: String, value: String)] = [], details: String = "",
                comparison: ComparisonReport? = nil,
                plots: [Plot] = [], recommendation: String = "", footer: String = "") {
        self.title = title
        self.summary = summary
        self.details = details
        self.comparison = comparison
        self.plots = plots
        self.recommendation = recommendation
        self.footer = footer
    }

    static let style = """
        body { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; color: #222; margin: 24px auto; max-width: 1320px; padding: 0 16px; }
        h1 { font-size: 24px; } h2 { font-size: 18px; border-bottom: 1px solid #ccc; padding-bottom: 4px; margin-top: 32px; }
        dl.summary { display: grid; grid-template-columns: max-content auto; gap: 2px 16px; }
        dl.summary dt { font-weight: bold; } dl.summary dd { margin: 0; }
        table { border-collapse: collapse; font-size: 13px; margin: 8px 0; }
        th, td { border-bottom: 1px solid #ddd; padding: 3px 8px; text-align: left; white-space: nowrap; }
        th { background: #f2f2f2; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        .table-wrap { overflow-x: auto; }
        p.legend { font-size: 12px; color: #555; white-space: pre-line; }
        figure { margin: 16px 0; overflow-x: auto; } figcaption { font-size: 12px; color: #555; }
        pre.details { background: #f7f7f7; padding: 12px; font-size: 12px; overflow-x: auto; }
        pre.recommendation { background: #f7f7f7; border-left: 4px solid #0072B2; padding: 12px; white-space: pre-wrap; }
        footer { margin-top: 32px; font-size: 11px; color: #777; }
        """

    static func escaped(_ s: String) -> String { SVGElement.escaped(s) }

    /// The complete page.
    public func rendered() -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        out += "<title>" + Self.escaped(title) + "</title>\n<style>\n" + Self.style + "\n</style>\n</head>\n<body>\n"
        out += "<h1>" + Self.escaped(title) + "</h1>\n"
        if !summary.isEmpty || !details.isEmpty {
            out += "<section id=\"summary\">\n<h2>Dataset</h2>\n"
            if !summary.isEmpty {
                out += "<dl class=\"summary\">\n"
                for (k, v) in summary { out += "<dt>" + Self.escaped(k) + "</dt><dd>" + Self.escaped(v) + "</dd>\n" }
                out += "</dl>\n"
            }
            if !details.isEmpty { out += "<pre class=\"details\">" + Self.escaped(details) + "</pre>\n" }
            out += "</section>\n"
        }
        if let comparison {
            out += "<section id=\"comparison\">\n<h2>Comparison</h2>\n" + comparison.html() + "</section>\n"
        }
        if !plots.isEmpty {
            out += "<section id=\"plots\">\n<h2>Plots</h2>\n"
            for p in plots {
                out += "<figure>\n<h3>" + Self.escaped(p.title) + "</h3>\n" + p.document.inlineMarkup() + "\n"
                if !p.caption.isEmpty { out += "<figcaption>" + Self.escaped(p.caption) + "</figcaption>\n" }
                out += "</figure>\n"
            }
            out += "</section>\n"
        }
        if !recommendation.isEmpty {
            out += "<section id=\"recommendation\">\n<h2>Recommendation</h2>\n<pre class=\"recommendation\">"
                + Self.escaped(recommendation) + "</pre>\n</section>\n"
        }
        if !footer.isEmpty { out += "<footer>" + Self.escaped(footer) + "</footer>\n" }
        out += "</body>\n</html>\n"
        return out
    }
}

extension ComparisonReport {
    /// The comparison as HTML: the main table (same columns and cells as the terminal table,
    /// numeric columns right-aligned), its legend, and the per-user or per-file table when
    /// ``breakdown`` asks for one. The preamble is not repeated (``HTMLReport`` shows it as the
    /// dataset summary). Every cell is escaped.
    public func html() -> String {
        var out = "<div class=\"table-wrap\">\n"
        out += Self.htmlTable(header: Self.header, rows: allCells, numeric: Self.numeric, cssClass: "comparison")
        out += "</div>\n<p class=\"legend\">" + HTMLReport.escaped(Self.legend) + "</p>\n"
        if breakdown != .none {
            out += "<h3>Hit rate by " + HTMLReport.escaped(breakdown.rawValue) + "</h3>\n<div class=\"table-wrap\">\n"
            out += Self.htmlTable(header: groupHeader, rows: groups.map(groupCells),
                                  numeric: Set(1..<groupHeader.count), cssClass: "breakdown")
            out += "</div>\n"
        }
        return out
    }

    static func htmlTable(header: [String], rows: [[String]], numeric: Set<Int>, cssClass: String) -> String {
        func cell(_ tag: String, _ i: Int, _ text: String) -> String {
            "<\(tag)\(numeric.contains(i) ? " class=\"num\"" : "")>" + HTMLReport.escaped(text) + "</\(tag)>"
        }
        var out = "<table class=\"\(cssClass)\">\n<thead><tr>"
        out += header.enumerated().map { cell("th", $0, $1) }.joined() + "</tr></thead>\n<tbody>\n"
        for row in rows { out += "<tr>" + row.enumerated().map { cell("td", $0, $1) }.joined() + "</tr>\n" }
        return out + "</tbody>\n</table>\n"
    }
}
