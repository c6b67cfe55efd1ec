import Foundation
import SnapStrategies
import Testing
@testable import SnapReports

@Suite("HTML report")
struct HTMLReportTests {
    func page() throws -> HTMLReport {
        let map = DecisionMap(policies: [Tag99Snap(), NearestPageSnap()], layout: tinyLayout, traces: mapTraces(), grid: smallGrid)
        let curve = HitRateCurve(policies: [NearestPageSnap(), Tag99Snap()], traces: curveTraces(), binning: .quantiles(2))
        return HTMLReport(
            title: "SnapLab report <test>",
            summary: [("files", "<a.csv> & b.csv"), ("traces", "8 read, 6 labelled")],
            comparison: try reportFixture(),
            plots: [.init(title: "Decision map", caption: "cells: 8 × 10", document: map.svg(title: "map")),
                    .init(title: "Hit rate by speed", document: curve.svg(title: "curve"))],
            recommendation: "Ship tag99.\nKeep <nearest> as the fallback & re-test.",
            footer: "snaplab report a.csv b.csv")
    }

    @Test("self-contained: no URL, no src/href, no external script or style; one inline script in CDATA")
    func selfContained() throws {
        let html = try page().rendered()
        for forbidden in ["http://", "https://", "src=", "href=", "url(", "<link", "<img", "@import", "fetch(", "xmlhttprequest"] {
            #expect(!html.lowercased().contains(forbidden), "found \(forbidden)")
        }
        #expect(html.components(separatedBy: "<script>").count == 2)
        #expect(html.contains("<script>//<![CDATA[\n"))
        #expect(!HTMLReport.script.contains("<") && !HTMLReport.script.contains("&"), "the script stays XML-safe")
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<style>"))
    }

    @Test("contains every section, the comparison tables and the inline plots")
    func sections() throws {
        let html = try page().rendered()
        for id in ["summary", "comparison", "plots", "recommendation"] {
            #expect(html.contains("<section id=\"\(id)\">"), "missing section \(id)")
        }
        let xml = XMLStructure(html)
        #expect(xml.wellFormed, "\(xml.error ?? "")")
        #expect(xml.count("table") == 2)
        #expect(xml.count("svg") == 2)
        #expect(xml.count("figure") == 2)
        #expect(xml.count("tr") == 3 + 3)
        #expect(html.contains("<span class=\"swatch\" style=\"background:#888888\"></span>tag99</td>"))
        #expect(html.contains("<td class=\"num\" data-v=\"1\" data-tip=\"tag99: 2 of 2 hit, 1.000 [1.000, 1.000] †\">1.000 †<span class=\"bar\">"))
        #expect(html.contains("† from 2 users (fewer than 5)"))
        #expect(html.contains("<th class=\"num\" title=\"share resting on the intended item; bar: 95% user-clustered"))
        #expect(html.contains("<h3>Hit rate by user</h3>"))
        #expect(html.contains("<td>ann</td>"))
        #expect(html.contains("class=\"sortable comparison\""))
        #expect(html.contains("release velocity (pt/ms)"))
        #expect(html.contains("|release velocity| (pt/ms)"))
        #expect(html.contains("<figcaption>cells: 8 × 10</figcaption>"))
        #expect(html.contains("<footer>snaplab report a.csv b.csv</footer>"))
        let ids = xml.attributes(of: "section").compactMap { $0["id"] }
        #expect(ids == ["comparison", "plots", "recommendation", "summary"], "verdict first when given, dataset last")
    }

    @Test("escapes every piece of text")
    func escaping() throws {
        let html = try page().rendered()
        #expect(html.contains("<title>SnapLab report &lt;test&gt;</title>"))
        #expect(html.contains("<dt>files</dt><dd>&lt;a.csv&gt; &amp; b.csv</dd>"))
        #expect(html.contains("<pre class=\"recommendation\">Ship tag99.\nKeep &lt;nearest&gt; as the fallback &amp; re-test.</pre>"))
        #expect(!html.contains("<nearest>"))
    }

    @Test("empty sections are left out")
    func emptySections() {
        let html = HTMLReport(title: "empty").rendered()
        #expect(!html.contains("<section"))
        #expect(html.contains("<h1>empty</h1>"))
        #expect(XMLStructure(html).wellFormed)
    }

    @Test("details are a preformatted, escaped block in the summary section, alone or after the lines")
    func details() {
        let alone = HTMLReport(title: "d", details: "a < b\n  x & y").rendered()
        #expect(alone.contains("<section id=\"summary\">\n<h2>Dataset</h2>\n<details><summary>What the files hold</summary><pre class=\"details\">a &lt; b\n  x &amp; y</pre></details>\n</section>"))
        #expect(!alone.contains("<dl"))
        let both = HTMLReport(title: "d", summary: [("k", "v")], details: "table").rendered()
        #expect(both.contains("<dd>v</dd>\n</dl>\n<details><summary>What the files hold</summary><pre class=\"details\">table</pre>"))
        #expect(XMLStructure(both).wellFormed)
    }

    @Test("comparison html without a breakdown has one table")
    func comparisonOnly() throws {
        var report = try reportFixture()
        report.breakdown = .none
        let html = report.html()
        #expect(XMLStructure("<div>" + html + "</div>").count("table") == 1)
        #expect(html.contains("<p class=\"legend\">hit: share of labelled traces"))
    }
}
