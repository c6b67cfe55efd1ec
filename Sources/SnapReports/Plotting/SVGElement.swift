import SnapLabSupport

/// One node of an SVG element tree: an element with attributes and children, or text.
///
/// Attribute order is kept as given (stable output, diff-friendly). Text and attribute values
/// are XML-escaped when rendered (``SVGElement/escaped(_:)``); numbers go through
/// ``SVGElement/number(_:)`` so that the same picture always renders to the same bytes.
///
/// ```swift
/// let r = SVGElement("rect", ["x": 1, "y": 2.5, "width": 10, "height": 4], fill: "#fff")
/// r.rendered()  // <rect x="1" y="2.5" width="10" height="4" fill="#fff"/>
/// ```
public struct SVGElement: Sendable, Hashable {
    /// Element name, e.g. `"rect"`; empty for a text node.
    public var name: String
    /// Attributes in output order.
    public var attributes: [Attribute]
    /// Child nodes in output order.
    public var children: [SVGElement]
    /// Character data of a text node (``name`` empty), escaped when rendered.
    public var text: String

    /// One `name="value"` pair.
    public struct Attribute: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// An element with string attributes.
    public init(_ name: String, attributes: [Attribute] = [], children: [SVGElement] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = ""
    }

    /// An element with numeric attributes (formatted by ``number(_:)``) followed by an optional
    /// fill and further string attributes, e.g. `SVGElement("rect", ["x": 0, …], fill: "#fff")`.
    public init(_ name: String, _ numeric: KeyValuePairs<String, Double>, fill: String? = nil,
                extra: [Attribute] = [], children: [SVGElement] = []) {
        var attrs = numeric.map { Attribute($0.key, Self.number($0.value)) }
        if let fill { attrs.append(Attribute("fill", fill)) }
        attrs.append(contentsOf: extra)
        self.init(name, attributes: attrs, children: children)
    }

    /// A text node.
    public static func text(_ content: String) -> SVGElement {
        var node = SVGElement("")
        node.text = content
        return node
    }

    /// A `<text>` element at (`x`, `y`) with the given content and extra attributes.
    public static func label(_ content: String, x: Double, y: Double, anchor: String = "start",
                             size: Double = 12, extra: [Attribute] = []) -> SVGElement {
        SVGElement("text", attributes: [Attribute("x", number(x)), Attribute("y", number(y)),
                                        Attribute("font-size", number(size)),
                                        Attribute("text-anchor", anchor)] + extra,
                   children: [.text(content)])
    }

    /// A `<title>` child (tooltip in browsers).
    public static func tooltip(_ content: String) -> SVGElement {
        SVGElement("title", children: [.text(content)])
    }

    /// The value of attribute `name`, if present.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// This node and its descendants as XML text (no declaration, no line breaks inside text).
    public func rendered() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends the XML of this node to `out`; elements with element children get one child per line.
    public func write(to out: inout String) {
        if name.isEmpty {
            out += Self.escaped(text)
            return
        }
        out += "<" + name
        for a in attributes { out += " " + a.name + "=\"" + Self.escaped(a.value) + "\"" }
        if children.isEmpty {
            out += "/>"
            return
        }
        out += ">"
        let block = children.contains { !$0.name.isEmpty }
        for c in children {
            if block { out += "\n" }
            c.write(to: &out)
        }
        if block { out += "\n" }
        out += "</" + name + ">"
    }

    /// Every element in the tree (depth first, this one first) named `name`.
    public func descendants(named name: String) -> [SVGElement] {
        var found: [SVGElement] = self.name == name ? [self] : []
        for c in children { found += c.descendants(named: name) }
        return found
    }

    // MARK: - Escaping and numbers

    /// `s` with `&`, `<`, `>`, `"` and `'` replaced by entities, and characters XML 1.0 forbids
    /// (control characters other than tab, newline, carriage return; U+FFFE, U+FFFF) replaced
    /// by U+FFFD, so any input yields well-formed XML.
    public static func escaped(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }

    /// Stable coordinate text: at most 2 decimals, trailing zeros dropped, `-0` as `0`; a
    /// non-finite value (which SVG cannot take) as `0`. `number(12.345)` = `"12.35"` (rounding
    /// of the decimal text as `%.2f`), `number(3)` = `"3"`.
    public static func number(_ x: Double) -> String {
        let s = NumberFormat.compact(x, 2)
        return s.isEmpty ? "0" : s
    }

    /// `text` broken at spaces into lines of at most `maxCharacters` characters (a longer word
    /// stays whole on its own line).
    public static func wrapped(_ text: String, maxCharacters: Int) -> [String] {
        let limit = max(1, maxCharacters)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= limit {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
