/// Number and text fields of the trace contract, written without Foundation.
public enum TraceNumberText {
    /// `x` with exactly `decimals` digits after the point, rounded half away from zero
    /// (`-0.0004` at 3 decimals is `0.000`, written `0.000`); an empty field when `x` is not finite
    /// or too large to write this way (|x|·10^decimals ≥ 2^63).
    public static func fixed(_ x: Double, decimals: Int) -> String {
        guard x.isFinite else { return "" }
        var scale = 1.0
        for _ in 0..<max(0, decimals) { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        guard scaled < 9.2e18 else { return "" }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale), fraction = units % UInt64(scale)
        var text = (x < 0 && units != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return text
    }

    /// `text` as one CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break,
    /// with quotes doubled.
    public static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        var out = "\""
        for c in text {
            if c == "\"" { out += "\"\"" } else { out.append(c) }
        }
        return out + "\""
    }
}
