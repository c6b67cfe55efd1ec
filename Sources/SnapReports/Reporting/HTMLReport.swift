import SnapLabSupport

/// One self-contained HTML page (`snaplab report`): the verdict first, then the comparison as
/// a sortable table with interval bars, the plots, per-intent and per-user views, the
/// recommendation's ranking and code, the dataset, and a footer with version, command line, seed
/// and input files.
///
/// Self-contained means: inline CSS, plots as inline `<svg>` (``SVGDocument/inlineMarkup()``, no
/// `xmlns` URL), a little inline script (sorting tables, a tooltip for `data-tip`), no images,
/// no links, no `src=`/`href=`/`url(`; the page opens offline and can be mailed as one file.
/// Every piece of text is escaped (``SVGElement/escaped(_:)``). The page is also well-formed XML
/// (polyglot HTML5: self-closed void elements, the script in a CDATA section), which the tests
/// check with `XMLParser`. It reads on a phone: tables scroll sideways inside their box, plots
/// scale to the width.
///
/// Sections, each with a stable `id`: `verdict`, `comparison`, `plots`, any extra ``sections``
/// (`intent`, `users`), `recommendation`, `summary`. Empty sections are left out.
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

    /// A section of ready HTML (built by the page from escaped text).
    public struct Section: Sendable {
        public var id: String
        public var title: String
        public var html: String
        public init(id: String, title: String, html: String) {
            self.id = id
            self.title = title
            self.html = html
        }
    }

    public var title: String
    /// One line under the title (what data, how much).
    public var subtitle = ""
    public var verdict: ReportVerdict?

    /// The smallest text size the page allows in a picture, CSS px.
    public static let smallestText = 10.0

    /// The width (CSS px) at which an SVG of natural `width` draws its smallest text (its least
    /// `font-size`) at ``smallestText`` or larger: the picture is drawn that wide (on a phone or a
    /// desktop) and scrolls sideways in its box, instead of shrinking its text to a few pixels.
    static func legibleWidth(of markup: String, width: Double) -> Double {
        var smallest = Double.infinity
        var rest = Substring(markup)
        while let r = rest.range(of: "font-size=\"") {
            rest = rest[r.upperBound...]
            let digits = rest.prefix { $0.isNumber || $0 == "." }
            if let size = Double(digits), size > 0 { smallest = Swift.min(smallest, size) }
        }
        guard smallest.isFinite else { return width }
        return width * Swift.max(1, smallestText / smallest)
    }
    /// Dataset summary lines (files, traces, users, layouts, …).
    public var summary: [(key: String, value: String)]
    /// Preformatted text shown under the summary lines (e.g. the `describe` tables); empty for none.
    public var details: String
    public var comparison: ComparisonReport?
    /// Colours by policy id, the same in every table and plot.
    public var colours: [String: String] = [:]
    public var plots: [Plot]
    /// Extra sections after the plots (per intent, per user).
    public var sections: [Section] = []
    /// Plain text, shown preformatted (line breaks kept) in the recommendation section.
    public var recommendation: String
    /// Ready HTML shown before ``recommendation`` (the ranking table).
    public var recommendationHTML = ""
    /// Rows of the fitted configurations, held out, shown under the comparison (ready HTML; empty without a recommendation).
    public var fittedHTML = ""
    /// Footer line (e.g. the command that made the page); empty for none.
    public var footer: String
    /// Footer key/value lines (version, command line, seed, input files).
    public var footerItems: [(key: String, value: String)] = []

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

    static func escaped(_ s: String) -> String { SVGElement.escaped(s) }

    /// The complete page.
    public func rendered() -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        out += "<title>" + Self.escaped(title) + "</title>\n<style>\n" + Self.style + "\n</style>\n</head>\n<body>\n<main>\n"
        out += "<header><h1>" + Self.escaped(title) + "</h1>"
        if !subtitle.isEmpty { out += "<p class=\"subtitle\">" + Self.escaped(subtitle) + "</p>" }
        out += "</header>\n"
        if let verdict { out += verdict.html(colour: colours[verdict.policy] ?? "#0072B2") }
        if let comparison {
            out += "<section id=\"comparison\">\n<h2>All policies compared</h2>\n" + comparison.html(colours: colours) + fittedHTML
                + "</section>\n"
        }
        if !plots.isEmpty {
            out += "<section id=\"plots\">\n<h2>Pictures</h2>\n"
            for p in plots {
                let markup = p.document.inlineMarkup()
                out += "<figure>\n<h3>" + Self.escaped(p.title) + "</h3>\n<div class=\"plot\" style=\"--phone-width: "
                    + NumberFormat.fixed(Self.legibleWidth(of: markup, width: p.document.width), 0) + "px\">" + markup + "</div>\n"
                if !p.caption.isEmpty { out += "<figcaption>" + Self.escaped(p.caption) + "</figcaption>\n" }
                out += "</figure>\n"
            }
            out += "</section>\n"
        }
        for s in sections {
            out += "<section id=\"" + Self.escaped(s.id) + "\">\n<h2>" + Self.escaped(s.title) + "</h2>\n" + s.html + "</section>\n"
        }
        if !recommendation.isEmpty || !recommendationHTML.isEmpty {
            out += "<section id=\"recommendation\">\n<h2>How the recommendation was made</h2>\n" + recommendationHTML
            if !recommendation.isEmpty {
                out += "<pre class=\"recommendation\">" + Self.escaped(recommendation) + "</pre>\n"
            }
            out += "</section>\n"
        }
        if !summary.isEmpty || !details.isEmpty {
            out += "<section id=\"summary\">\n<h2>Dataset</h2>\n"
            if !summary.isEmpty {
                out += "<dl class=\"summary\">\n"
                for (k, v) in summary { out += "<dt>" + Self.escaped(k) + "</dt><dd>" + Self.escaped(v) + "</dd>\n" }
                out += "</dl>\n"
            }
            if !details.isEmpty {
                out += "<details><summary>What the files hold</summary><pre class=\"details\">" + Self.escaped(details) + "</pre></details>\n"
            }
            out += "</section>\n"
        }
        if !footer.isEmpty || !footerItems.isEmpty {
            out += "<footer>"
            if !footer.isEmpty { out += Self.escaped(footer) }
            if !footerItems.isEmpty {
                out += "<dl>"
                for (k, v) in footerItems { out += "<dt>" + Self.escaped(k) + "</dt><dd>" + Self.escaped(v) + "</dd>" }
                out += "</dl>"
            }
            out += "</footer>\n"
        }
        out += "</main>\n<div id=\"tip\" class=\"tip\" hidden=\"hidden\"></div>\n<script>//<![CDATA[\n" + Self.script + "\n//]]></script>\n"
        out += "</body>\n</html>\n"
        return out
    }
}
