import Testing
@testable import SnapReports

@Suite("SVG element tree")
struct SVGElementTests {
    @Test("escapes markup characters and replaces characters XML forbids")
    func escaping() {
        #expect(SVGElement.escaped("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
        #expect(SVGElement.escaped("x\u{01}y\u{FFFE}") == "x\u{FFFD}y\u{FFFD}")
        #expect(SVGElement.escaped("tab\tnew\nline") == "tab\tnew\nline")
    }

    @Test("numbers: two decimals at most, no negative zero, non-finite as 0")
    func numbers() {
        #expect(SVGElement.number(3) == "3")
        #expect(SVGElement.number(12.345) == "12.35" || SVGElement.number(12.345) == "12.34")
        #expect(SVGElement.number(0.1) == "0.1")
        #expect(SVGElement.number(-0.001) == "0")
        #expect(SVGElement.number(-2.5) == "-2.5")
        #expect(SVGElement.number(.nan) == "0")
        #expect(SVGElement.number(.infinity) == "0")
    }

    @Test("renders attributes in order, self-closes empty elements, escapes text")
    func rendering() {
        let r = SVGElement("rect", ["x": 1, "y": 2.5, "width": 10, "height": 4], fill: "#fff")
        #expect(r.rendered() == "<rect x=\"1\" y=\"2.5\" width=\"10\" height=\"4\" fill=\"#fff\"/>")
        let t = SVGElement.label("a < b", x: 0, y: 1, anchor: "end", size: 11)
        #expect(t.rendered() == "<text x=\"0\" y=\"1\" font-size=\"11\" text-anchor=\"end\">a &lt; b</text>")
        let g = SVGElement("g", attributes: [.init("class", "q\"")], children: [r, t])
        #expect(g.rendered().hasPrefix("<g class=\"q&quot;\">\n<rect"))
        #expect(g.rendered().hasSuffix("</text>\n</g>"))
        #expect(g.descendants(named: "rect").count == 1)
        #expect(g.attribute("class") == "q\"")
    }

    @Test("any text, escaped, parses as well-formed XML")
    func wellFormedUnderHostileText() {
        let nasty = "<script>&amp;\u{00}\u{1F}]]>\"'"
        let doc = SVGElement("svg", children: [.label(nasty, x: 0, y: 0), .tooltip(nasty)])
        let xml = XMLStructure(doc.rendered())
        #expect(xml.wellFormed, "\(xml.error ?? "")")
        #expect(xml.texts.allSatisfy { $0.contains("<script>&amp;") })
    }

    @Test("word wrapping keeps words whole and lines within the limit")
    func wrapping() {
        #expect(SVGElement.wrapped("aa bb cc dd", maxCharacters: 5) == ["aa bb", "cc dd"])
        #expect(SVGElement.wrapped("abcdefgh ij", maxCharacters: 4) == ["abcdefgh", "ij"])
        #expect(SVGElement.wrapped("", maxCharacters: 4).isEmpty)
    }
}
