/// A standalone SVG 1.1 picture: a canvas size, a title and a tree of ``SVGElement``s.
///
/// ``rendered()`` gives a complete file (XML declaration, `xmlns`, `viewBox`, a `<title>`, a
/// white background, a default font) that opens in a browser and renders with `rsvg-convert`;
/// ``inlineMarkup()`` gives the `<svg>` element alone for embedding in HTML. No external
/// references (no images, fonts or style sheets) are ever written.
///
/// ```swift
/// var doc = SVGDocument(width: 200, height: 100, title: "demo")
/// doc.append(SVGElement("rect", ["x": 10, "y": 10, "width": 50, "height": 20], fill: "#0072B2"))
/// try doc.rendered().write(toFile: "demo.svg", atomically: true, encoding: .utf8)
/// ```
public struct SVGDocument: Sendable, Hashable {
    /// Canvas width and height, CSS pixels.
    public var width: Double
    public var height: Double
    /// Shown as the document `<title>` (not drawn; plots draw their own heading).
    public var title: String
    /// Drawn in order, later on top.
    public var elements: [SVGElement]

    /// Font stack of every text (generic families only: nothing is fetched).
    public static let fontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif"

    public init(width: Double, height: Double, title: String, elements: [SVGElement] = []) {
        self.width = width.isFinite && width > 0 ? width : 1
        self.height = height.isFinite && height > 0 ? height : 1
        self.title = title
        self.elements = elements
    }

    public mutating func append(_ element: SVGElement) { elements.append(element) }
    public mutating func append(contentsOf list: [SVGElement]) { elements.append(contentsOf: list) }

    /// The `<svg>` root element with its title, background and content; `xmlns` only when
    /// `namespaced` (a standalone file needs it, HTML5 inline SVG does not).
    public func root(namespaced: Bool = true) -> SVGElement {
        let w = SVGElement.number(width), h = SVGElement.number(height)
        let background = SVGElement("rect", ["x": 0, "y": 0, "width": width, "height": height], fill: "#ffffff")
        let namespace: [SVGElement.Attribute] = namespaced ? [.init("xmlns", "http://www.w3.org/2000/svg")] : []
        return SVGElement("svg", attributes: namespace + [
            .init("version", "1.1"),
            .init("width", w), .init("height", h), .init("viewBox", "0 0 \(w) \(h)"),
            .init("font-family", Self.fontFamily), .init("role", "img"),
        ], children: [SVGElement("title", children: [.text(title)]), background] + elements)
    }

    /// `<svg>…</svg>` without the XML declaration and without `xmlns` (HTML5 puts inline `<svg>`
    /// in the SVG namespace itself), for inline use in HTML: no URL at all.
    public func inlineMarkup() -> String { root(namespaced: false).rendered() }

    /// A complete `.svg` file: XML declaration, the root element, a final newline.
    public func rendered() -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + root().rendered() + "\n"
    }
}
