import Testing
@testable import SnapReports

@Suite("Legend")
struct LegendTests {
    @Test("one swatch and one label per entry, heading first")
    func entries() {
        let legend = Legend(heading: "policy", entries: [.init(.line("#0072B2"), "tag99"), .init(.fill("#f7f7f7"), "0"),
                                                         .init(.marker(.miss), "miss")])
        let placed = legend.layout(x: 0, y: 0, width: 1000)
        let g = SVGElement("g", children: placed.elements)
        let texts = g.descendants(named: "text").compactMap { $0.children.first?.text }
        #expect(texts == ["policy", "tag99", "0", "miss"])
        #expect(placed.height == 22)
        #expect(XMLStructure(g.rendered()).wellFormed)
    }

    @Test("wraps to a new row when the width runs out, without overlapping labels")
    func wrapping() {
        let legend = Legend(entries: (0..<6).map { .init(.fill("#000000"), "entry number \($0)") })
        let placed = legend.layout(x: 10, y: 0, width: 300)
        #expect(placed.height > 22)
        let labels = SVGElement("g", children: placed.elements).descendants(named: "text")
        var rows: [String: [Double]] = [:]
        for l in labels { rows[l.attribute("y") ?? "", default: []].append(Double(l.attribute("x") ?? "") ?? 0) }
        #expect(rows.count > 1)
        for xs in rows.values {
            for (a, b) in zip(xs, xs.dropFirst()) { #expect(b - a >= Legend.textWidth("entry number 0")) }
            #expect(xs.allSatisfy { $0 < 310 })
        }
    }
}
