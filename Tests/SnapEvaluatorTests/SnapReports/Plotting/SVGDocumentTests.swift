import Foundation
import Testing
@testable import SnapReports

@Suite("SVG document")
struct SVGDocumentTests {
    func sample() -> SVGDocument {
        var doc = SVGDocument(width: 200, height: 100, title: "demo & test")
        doc.append(SVGElement("rect", ["x": 10, "y": 10, "width": 50, "height": 20], fill: "#0072B2"))
        doc.append(.label("hello", x: 10, y: 60))
        return doc
    }

    @Test("a standalone file: declaration, namespace, viewBox, title, background; well-formed")
    func standalone() {
        let text = sample().rendered()
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(text.contains("viewBox=\"0 0 200 100\""))
        #expect(text.hasSuffix("</svg>\n"))
        let xml = XMLStructure(text)
        #expect(xml.wellFormed, "\(xml.error ?? "")")
        #expect(xml.elements.first == "svg")
        #expect(xml.count("rect") == 2)
        #expect(xml.texts.contains("demo & test"))
        #expect(xml.texts.contains("hello"))
    }

    @Test("inline markup has no declaration and no URL")
    func inline() {
        let text = sample().inlineMarkup()
        #expect(text.hasPrefix("<svg version=\"1.1\""))
        #expect(!text.contains("http"))
        #expect(XMLStructure(text).wellFormed)
    }

    @Test("a bad canvas size becomes 1 pt rather than NaN")
    func badSize() {
        let doc = SVGDocument(width: .nan, height: -3, title: "x")
        #expect(doc.width == 1 && doc.height == 1)
    }
}
