import Foundation

/// Number formatting for every reporter, in one place.
public enum NumberFormat {
    /// `x` with `digits` decimals (`fixed(0.12345, 3)` = `"0.123"`); `nan`, `inf`, `-inf` for
    /// non-finite values.
    ///
    /// Magnitudes of 10^15 and more (only hostile data gets there) are written with six
    /// significant digits and an exponent (`1.23457e+300`), not as hundreds of digits that
    /// would blow up a table column.
    public static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf") }
        if Swift.abs(x) >= 1e15 { return String(format: "%.6g", x) }
        if let fast = roundedDecimal(x, digits, keepingZeros: true) { return fast }
        return printfFixed(x, digits)
    }

    /// ``fixed(_:_:)`` of a finite `x` below 10^15 by Foundation's `String(format: "%.*f")`, the
    /// sign of a zero dropped: what ``roundedDecimal(_:_:keepingZeros:)`` falls back to (and is
    /// tested against).
    static func printfFixed(_ x: Double, _ digits: Int) -> String {
        let s = String(format: "%.\(max(0, digits))f", x)
        return s == "-" + String(format: "%.\(max(0, digits))f", 0.0) ? String(s.dropFirst()) : s
    }

    /// `x` rounded to at most `decimals` decimals, trailing zeros dropped (`compact(174.4999999, 6)`
    /// = `"174.5"`, `compact(2, 6)` = `"2"`); empty for non-finite values. For CSV cells.
    public static func compact(_ x: Double, _ decimals: Int = 6) -> String {
        guard x.isFinite else { return "" }
        if let fast = roundedDecimal(x, decimals) { return fast }
        var s = fixed(x, decimals)
        if s.contains("."), !s.contains("e") {
            while s.last == "0" { s.removeLast() }
            if s.last == "." { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    /// Shortest text that reads back as `x` (`2.2`, `0.3333333333333333`, `170`).
    public static func shortest(_ x: Double) -> String { JSONValue.format(x) }

    /// ``compact(_:_:)`` by integer arithmetic, or `nil` where it could round differently from
    /// `printf`'s correctly rounded `%.*f` (a scaled value too near a half for the product's
    /// rounding error, or at least 1e15): the same text, without Foundation's formatter (import
    /// writes a million numbers).
    /// - Parameter keepingZeros: `true`: all `decimals` decimals, trailing zeros kept (``fixed(_:_:)``'s
    ///   text, `printf`'s `%.*f` without the sign of a zero: `0.500`, `0.000`); `false`: trailing
    ///   zeros and a bare point dropped (``compact(_:_:)``'s).
    static func roundedDecimal(_ x: Double, _ decimals: Int, keepingZeros: Bool = false) -> String? {
        guard decimals >= 0, decimals <= 9 else { return nil }
        var power = 1
        for _ in 0..<decimals { power *= 10 }
        let scaled = Swift.abs(x) * Double(power)
        // the product errs by at most half an ulp of `scaled` (2^-53 relative); the fraction
        // `scaled - whole` is exact: away from a half by more than 1e-15·scaled, the exact
        // product rounds the same way
        guard scaled < 1e15 else { return nil }
        let whole = scaled.rounded(.down)
        guard Swift.abs(scaled - whole - 0.5) > Swift.max(1e-9, 1e-15 * scaled) else { return nil }
        var n = Int(scaled.rounded(.toNearestOrAwayFromZero))
        guard n != 0 else { return keepingZeros && decimals > 0 ? "0." + String(repeating: "0", count: decimals) : "0" }
        var fraction = n % power
        n /= power
        var digits = decimals
        while !keepingZeros, digits > 0, fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        var s = x < 0 ? "-" : ""
        s += String(n)
        if digits > 0 {
            let f = String(fraction)
            s += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return s
    }
}
