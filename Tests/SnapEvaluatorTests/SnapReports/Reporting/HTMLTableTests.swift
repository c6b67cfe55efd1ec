import Foundation
import Testing
import SnapLabSupport
@testable import SnapReports

@Suite("HTML table")
struct HTMLTableTests {
    @Test("escaped text, numeric columns right-aligned with their exact value, bars on a stated scale")
    func cells() {
        var t = HTMLTable(header: ["name <a>", "rate"], rows: [[HTMLTable.Cell("x & y"), .number(0.123456, 3)]], cssClass: "t")
        t.headerTips = ["", "share"]
        let html = t.html()
        #expect(html.contains("<th>name &lt;a&gt;</th><th class=\"num\" title=\"share\">rate</th>"))
        #expect(html.contains("<td>x &amp; y</td><td class=\"num\" data-v=\"0.123456\">0.123</td>"))
        #expect(XMLStructure(html).wellFormed)
        #expect(HTMLTable.scale(0.55, 0.82) == Interval(lower: 0.5, upper: 0.9))
        #expect(HTMLTable.scale(.nan, 1) == Interval(lower: 0, upper: 1))
        let bar = HTMLTable.intervalBar(0.7, 0.6, 0.8, colour: "#000", scale: Interval(lower: 0.5, upper: 0.9))
        #expect(bar.contains("left:25.0%;width:50.0%") && bar.contains("left:50.0%"))
    }
}
