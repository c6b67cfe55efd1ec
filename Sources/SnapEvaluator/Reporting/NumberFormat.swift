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
        let s = String(format: "%.\(max(0, digits))f", x)
        return s == "-" + String(format: "%.\(max(0, digits))f", 0.0) ? String(s.dropFirst()) : s
    }

    /// `x` rounded to at most `decimals` decimals, trailing zeros dropped (`compact(174.4999999, 6)`
    /// = `"174.5"`, `compact(2, 6)` = `"2"`); empty for non-finite values. For CSV cells.
    public static func compact(_ x: Double, _ decimals: Int = 6) -> String {
        guard x.isFinite else { return "" }
        var s = fixed(x, decimals)
        if s.contains("."), !s.contains("e") {
            while s.last == "0" { s.removeLast() }
            if s.last == "." { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    /// Shortest text that reads back as `x` (`2.2`, `0.3333333333333333`, `170`).
    public static func shortest(_ x: Double) -> String { JSONValue.format(x) }
}
