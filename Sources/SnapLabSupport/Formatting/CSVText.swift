/// RFC 4180 CSV text: fields with a comma, quote, CR or LF are quoted, quotes doubled.
public enum CSVText {
    public static func field(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingQuotes() + "\""
    }

    public static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        var out = ""
        for c in self { out.append(c); if c == "\"" { out.append("\"") } }
        return out
    }
}
