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
    /// Range reduction `x = k·ln 2 + r` with `|r| ≤ ln 2 / 2`, the Taylor polynomial of `e^r`
    /// to `r^13` (the next term is below 5·10^−18 of the result), then scaling by `2^k`. The
    /// polynomial is evaluated as its even and odd halves in `r²`, two independent Horner
    /// chains of multiplications and additions with the coefficients `1/n!` as constants: no
    /// divisions, half the latency of one chain.
    @inlinable
    public static func exp(_ x: Double) -> Double {
        guard x == x else { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.2 { return 0 }
        let k = roundedHalfAway(x / ln2)   // |x / ln 2| < 1076: exact
        let r = (x - k * ln2High) - k * ln2Low
        let r2 = r * r
        // 1/n!, n = 0…13, correctly rounded.
        var even = 2.08767569878681e-09                  // 1/12!
        even = even * r2 + 2.755731922398589e-07        // 1/10!
        even = even * r2 + 2.48015873015873e-05         // 1/8!
        even = even * r2 + 0.001388888888888889         // 1/6!
        even = even * r2 + 0.041666666666666664         // 1/4!
        even = even * r2 + 0.5                          // 1/2!
        even = even * r2 + 1                            // 1/0!
        var odd = 1.6059043836821613e-10                 // 1/13!
        odd = odd * r2 + 2.505210838544172e-08          // 1/11!
        odd = odd * r2 + 2.7557319223985893e-06         // 1/9!
        odd = odd * r2 + 0.0001984126984126984          // 1/7!
        odd = odd * r2 + 0.008333333333333333           // 1/5!
        odd = odd * r2 + 0.16666666666666666            // 1/3!
        odd = odd * r2 + 1                              // 1/1!
        let sum = even + r * odd
        // k is within ±1075 here, so the conversion cannot trap.
        return Double(sign: .plus, exponent: Int(k), significand: sum)
    }

    /// The natural logarithm `ln x`. `x < 0` or NaN gives NaN, `0` gives `−∞`, `+∞` gives `+∞`.
    ///
    /// With `x = m·2^e`, `m ∈ [√½, √2)`: `ln x = e·ln 2 + 2·atanh(s)`, `s = (m − 1)/(m + 1)`,
    /// `|s| ≤ 0.172`, the odd series of `atanh` to `s^23` (the next term is below 10^−19 of
    /// the sum): `s·P(s²)` with `P`'s coefficients `1/(2n + 1)` as constants, evaluated as two
    /// Horner chains in `s⁴` (one division in all, for `s`).
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
        let s4 = s2 * s2
        // P(s²) = Σ s^(2n)/(2n + 1), n = 0…11: the even n in `a`, the odd n in `b`, both in s⁴.
        var a = 0.043478260869565216                    // 1/23
        a = a * s4 + 0.05263157894736842                // 1/19
        a = a * s4 + 0.06666666666666667                // 1/15
        a = a * s4 + 0.09090909090909091                // 1/11
        a = a * s4 + 0.14285714285714285                // 1/7
        a = a * s4 + 0.3333333333333333                 // 1/3
        var b = 0.047619047619047616                    // 1/21
        b = b * s4 + 0.058823529411764705               // 1/17
        b = b * s4 + 0.07692307692307693                // 1/13
        b = b * s4 + 0.1111111111111111                 // 1/9
        b = b * s4 + 0.2                                // 1/5
        b = b * s4 + 1                                  // 1/1
        let sum = s * (b + s2 * a)
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
