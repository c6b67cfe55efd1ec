// Natural exponential, logarithm and power in pure Swift.
//
// `SnapStrategies` imports neither Foundation nor the platform C library, and the standard
// library has no `exp`/`log`; the Android spline and Flutter friction models need them. These
// are written here (range reduction plus a short series) so that results are the same on every
// platform. Relative error is below 1e-15 over the range the models use (tested).

extension SnapMath {
    /// ln 2 split in a high part exact in a few bits and a low correction (fdlibm's constants).
    @usableFromInline static let ln2High = 6.93147180369123816490e-01
    @usableFromInline static let ln2Low = 1.90821492927058770002e-10
    @usableFromInline static let ln2 = 0.6931471805599453

    /// `e^x`. NaN gives NaN, `x > 709.78` gives `+∞`, `x < −745.2` gives 0.
    ///
    /// Range reduction `x = k·ln 2 + r` with `|r| ≤ ln 2 / 2`, Taylor series of `e^r` to `r^17`
    /// (term below 2^−60), then scaling by `2^k`.
    @inlinable
    public static func exp(_ x: Double) -> Double {
        guard x == x else { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.2 { return 0 }
        let k = (x / ln2).rounded(.toNearestOrAwayFromZero)
        let r = (x - k * ln2High) - k * ln2Low
        var term = 1.0
        var sum = 1.0
        for n in 1...17 {
            term *= r / Double(n)
            sum += term
        }
        // k is within ±1075 here, so the conversion cannot trap.
        return Double(sign: .plus, exponent: Int(k), significand: sum)
    }

    /// The natural logarithm `ln x`. `x < 0` or NaN gives NaN, `0` gives `−∞`, `+∞` gives `+∞`.
    ///
    /// With `x = m·2^e`, `m ∈ [√½, √2)`: `ln x = e·ln 2 + 2·atanh(s)`, `s = (m − 1)/(m + 1)`,
    /// `|s| ≤ 0.172`, the odd series of `atanh` summed to `s^41`.
    @inlinable
    public static func log(_ x: Double) -> Double {
        guard x == x, x >= 0 else { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return .infinity }
        var e = Int(x.exponent)
        var m = x.significand  // [1, 2), also for subnormals
        if m > 1.4142135623730951 {
            m /= 2
            e += 1
        }
        let s = (m - 1) / (m + 1)
        let s2 = s * s
        var power = s
        var sum = 0.0
        var n = 1.0
        while n <= 41 {
            sum += power / n
            power *= s2
            n += 2
        }
        let de = Double(e)
        return de * ln2High + (2 * sum + de * ln2Low)
    }

    /// `base^exponent` for `base > 0` as `e^(exponent·ln base)`; `base == 0` gives 0 for a
    /// positive exponent and 1 for exponent 0; a negative or NaN base gives NaN.
    @inlinable
    public static func pow(_ base: Double, _ exponent: Double) -> Double {
        guard base == base, exponent == exponent else { return .nan }
        if exponent == 0 { return 1 }
        if base < 0 { return .nan }
        if base == 0 { return exponent > 0 ? 0 : .infinity }
        return exp(exponent * log(base))
    }
}
