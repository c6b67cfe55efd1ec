import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What Foundation's `XMLParser` saw in a document: whether it is well-formed, every element
/// name in order, and the text inside each `<text>`/`<title>` element.
final class XMLStructure: NSObject, XMLParserDelegate {
    private(set) var elements: [String] = []
    private(set) var texts: [String] = []
    private(set) var attributes: [[String: String]] = []
    private(set) var error: String?
    private var open: [String] = []
    private var buffer = ""

    /// Parses `xml`; `wellFormed` tells whether it succeeded.
    init(_ xml: String) {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError.map { "\($0)" } ?? "parse failed" }
    }

    var wellFormed: Bool { error == nil }

    func count(_ name: String) -> Int { elements.filter { $0 == name }.count }

    /// Attribute dictionaries of every element named `name`.
    func attributes(of name: String) -> [[String: String]] {
        zip(elements, attributes).filter { $0.0 == name }.map(\.1)
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        elements.append(elementName)
        attributes.append(attributeDict)
        open.append(elementName)
        buffer = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { buffer += string }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {
        if elementName == "text" || elementName == "title" { texts.append(buffer) }
        buffer = ""
        _ = open.popLast()
    }
}

/// Whether `/usr/bin/rsvg-convert` exists (the PNG tests are skipped, with that reason, if not).
let rsvgConvertInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")

/// Renders `svg` to PNG with `rsvg-convert`; the PNG's size in bytes, or `nil` (with the reason)
/// when the tool is missing.
func renderPNG(_ svg: String, name: String) throws -> (bytes: Int?, path: String, reason: String?) {
    let tool = "/usr/bin/rsvg-convert"
    let dir = try TestScratch.directory("plot")
    let svgURL = dir.appendingPathComponent(name + ".svg")
    let pngURL = dir.appendingPathComponent(name + ".png")
    guard FileManager.default.isExecutableFile(atPath: tool) else {
        return (nil, pngURL.path, "rsvg-convert not installed at \(tool)")
    }
    try svg.write(to: svgURL, atomically: true, encoding: .utf8)
    try? FileManager.default.removeItem(at: pngURL)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: tool)
    p.arguments = ["-o", pngURL.path, svgURL.path]
    try p.run()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else { return (0, pngURL.path, "rsvg-convert exited \(p.terminationStatus)") }
    let size = (try FileManager.default.attributesOfItem(atPath: pngURL.path)[.size] as? NSNumber)?.intValue ?? 0
    return (size, pngURL.path, nil)
}
