import Foundation
import SnapLabSupport

/// P-values as text that never reads `0` for a tiny p.
///
/// A p-value underflows a `Double` (below about 1e-308) when one policy wins by a wide margin
/// over many users. These helpers recompute it as a base-10 logarithm — the clustered McNemar
/// test's `P(χ²₁ ≥ X²) = erfc(√(X²/2))` (``log10ChiSquare1(_:)``, an asymptotic expansion of
/// `erfc` where it underflows) — and Holm-adjust in log space, so the text keeps its exponent:
/// `3.2e-5`, `1.7e-912`. Such a literal still parses as a number (to 0 in a `Double`), so CSV
/// columns stay numeric.
public enum PValueText {
    /// `Σd² > 0 ? (Σd)²/Σd² : 0`: the clustered McNemar statistic (``ClusteredMcNemarTest``) for
    /// per-user differences `d`.
    public static func chiSquare(differences d: [Double]) -> Double {
        var sum = 0.0, squares = 0.0
        for x in d where x.isFinite {
            sum += x
            squares += x * x
        }
        return squares > 0 ? sum * sum / squares : 0
    }

    /// `log10 P(χ²₁ ≥ x) = log10 erfc(√(x/2))`; where `erfc` underflows, its asymptotic series
    /// `ln erfc(z) = −z² − ln(z√π) + ln(1 − 1/(2z²) + 3/(4z⁴) − 15/(8z⁶))` (relative error
    /// below 1e-9 for z > 20).
    public static func log10ChiSquare1(_ x: Double) -> Double {
        guard x.isFinite, x > 0 else { return 0 }
        let z = (x / 2).squareRoot()
        let p = erfc(z)
        if p > 1e-290 { return Foundation.log10(p) }
        let z2 = z * z
        let series = 1 - 1 / (2 * z2) + 3 / (4 * z2 * z2) - 15 / (8 * z2 * z2 * z2)
        let ln = -z2 - Foundation.log(z * Double.pi.squareRoot()) + Foundation.log(series)
        return ln / Foundation.log(10.0)
    }

    /// Holm-adjusted `log10` p-values for raw `log10` p-values (`nil` entries are left out of
    /// the family and stay `nil`), as ``HolmAdjustment`` does with the values themselves.
    public static func holm(_ raw: [Double?]) -> [Double?] {
        let family = raw.indices.filter { raw[$0] != nil }.sorted { raw[$0]! < raw[$1]! }
        let m = family.count
        var out = [Double?](repeating: nil, count: raw.count)
        var running = -Double.infinity
        for (rank, index) in family.enumerated() {
            let adjusted = Swift.min(0, raw[index]! + Foundation.log10(Double(m - rank)))
            running = Swift.max(running, adjusted)
            out[index] = running
        }
        return out
    }

    /// A p-value at full precision: the shortest round-trip text of `p` when `p` is a normal
    /// double, else (`p` underflowed) `m.me-E` from `log10p`.
    public static func full(_ p: Double, log10p: Double) -> String {
        if p >= 1e-300 || !log10p.isFinite { return NumberFormat.shortest(p) }
        return scientific(log10p: log10p, digits: 6)
    }

    /// For tables: four decimals down to 0.0001, then `2.3e-9` style (never `0`).
    public static func short(_ p: Double, log10p: Double) -> String {
        if p >= 0.0001 { return NumberFormat.fixed(p, 4) }
        if p >= 1e-300 { return String(format: "%.1e", p).replacingOccurrences(of: "e-0", with: "e-") }
        return scientific(log10p: log10p, digits: 2)
    }

    /// `10^log10p` written as mantissa and exponent, `digits` significant digits.
    static func scientific(log10p: Double, digits: Int) -> String {
        var exponent = Foundation.floor(log10p)
        var mantissa = Foundation.pow(10, log10p - exponent)
        let rounded = (mantissa * Foundation.pow(10, Double(digits - 1))).rounded() / Foundation.pow(10, Double(digits - 1))
        mantissa = rounded
        if mantissa >= 10 { mantissa /= 10; exponent += 1 }
        var text = String(format: "%.\(digits - 1)f", mantissa)
        if text.contains(".") {
            while text.last == "0" { text.removeLast() }
            if text.last == "." { text.removeLast() }
        }
        return "\(text)e\(Int(exponent))"
    }
}
