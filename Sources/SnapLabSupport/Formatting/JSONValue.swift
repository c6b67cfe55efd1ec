/// A JSON document built in memory and written with stable key order and number formatting.
///
/// Numbers are written with Swift's shortest round-trip representation (`0.1`, `2.5e-05`);
/// non-finite numbers, which JSON cannot hold, are written as `null`.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    /// A number written exactly as given: a valid JSON number literal whose value a `Double`
    /// cannot hold (a p-value such as `1.7e-912`, ``PValueText``).
    case numberLiteral(String)
    case string(String)
    case array([JSONValue])
    /// Keys keep their order.
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.rendered() == b.rendered() }
    public func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

    /// The document as compact text, or indented by two spaces per level with `pretty`.
    public func rendered(pretty: Bool = false) -> String {
        var out = ""
        write(to: &out, pretty: pretty, depth: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, depth: Int) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .int(i): out += String(i)
        case let .number(x): out += JSONValue.format(x)
        case let .numberLiteral(text): out += text
        case let .string(s): JSONValue.escape(s, into: &out)
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: depth + 1) }
                item.write(to: &out, pretty: pretty, depth: depth + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: depth) }
            out += "]"
        case let .object(pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{"
            for (k, (key, value)) in pairs.enumerated() {
                if k > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: depth + 1) }
                JSONValue.escape(key, into: &out)
                out += pretty ? ": " : ":"
                value.write(to: &out, pretty: pretty, depth: depth + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: depth) }
            out += "}"
        }
    }

    static func format(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return "\(x)"
    }

    static func escape(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}
