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
    /// polynomial is evaluated by Estrin's scheme with the coefficients `1/n!` as constants: no
    /// divisions, and four dependent multiply-adds instead of Horner's thirteen.
    @inlinable
    public static func exp(_ x: Double) -> Double {
        guard x == x else { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.2 { return 0 }
        // k = x / ln 2 rounded half away from zero (``roundedHalfAway(_:)``'s steps, |x / ln 2| < 1076),
        // kept as the integer too: the scaling below reads it without converting k back (and without
        // `roundedHalfAway`'s test for |x| ≥ 2^52). Its zero is +0 where `roundedHalfAway` gave −0
        // (−0.5 < x / ln 2 ≤ −0): `r` is then x itself for x ≠ 0, as before, and −0 instead of +0 for
        // x = −0, whose sum is 1 all the same (`SnapMath+ElementaryTests` compares the bits with the
        // former code).
        let y = x / ln2
        let t = Int(y)
        let fraction = y - Double(t)
        let e = fraction >= 0.5 ? t &+ 1 : (fraction <= -0.5 ? t &- 1 : t)
        let k = Double(e)
        let r = (x - k * ln2High) - k * ln2Low
        // Σ r^n/n!, n = 0…13, by Estrin's scheme: pairs, then pairs of pairs in r², r⁴, r⁸.
        // The coefficients 1/n! are correctly rounded constants.
        let r2 = r * r, r4 = r2 * r2, r8 = r4 * r4
        let a0 = 1 + r                                                   // 1/0!, 1/1!
        let a1 = 0.5 + 0.16666666666666666 * r                           // 1/2!, 1/3!
        let a2 = 0.041666666666666664 + 0.008333333333333333 * r         // 1/4!, 1/5!
        let a3 = 0.001388888888888889 + 0.0001984126984126984 * r        // 1/6!, 1/7!
        let a4 = 2.48015873015873e-05 + 2.7557319223985893e-06 * r       // 1/8!, 1/9!
        let a5 = 2.755731922398589e-07 + 2.505210838544172e-08 * r       // 1/10!, 1/11!
        let a6 = 2.08767569878681e-09 + 1.6059043836821613e-10 * r       // 1/12!, 1/13!
        let sum = ((a0 + a1 * r2) + (a2 + a3 * r2) * r4) + ((a4 + a5 * r2) + a6 * r4) * r8
        // For a normal 2^k, `Double(sign:exponent:significand:)` is the one product `sum · 2^k`;
        // the same product here, with 2^k made from its bits (no generic library code).
        guard e >= -1022 && e <= 1023 else { return Double(sign: .plus, exponent: e, significand: sum) }
        return sum * Double(bitPattern: UInt64(1023 + e) << 52)
    }

    /// The natural logarithm `ln x`. `x < 0` or NaN gives NaN, `0` gives `−∞`, `+∞` gives `+∞`.
    ///
    /// With `x = m·2^e`, `m ∈ [√½, √2)`: `ln x = e·ln 2 + 2·atanh(s)`, `s = (m − 1)/(m + 1)`,
    /// `|s| ≤ 0.172`, the odd series of `atanh` to `s^23` (the next term is below 10^−19 of
    /// the sum): `s·P(s²)` with `P`'s coefficients `1/(2n + 1)` as constants, evaluated by
    /// Estrin's scheme (one division in all, for `s`).
    @inlinable
    public static func log(_ x: Double) -> Double {
        guard x == x, x >= 0 else { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return .infinity }
        // e and m ∈ [1, 2) from the bits for a normal x (what `exponent` and `significand` give);
        // those properties for a subnormal one.
        let bits = x.bitPattern
        let biased = Int(truncatingIfNeeded: bits >> 52)   // sign bit 0: x > 0
        var e = biased != 0 ? biased - 1023 : Int(x.exponent)
        var m = biased != 0 ? Double(bitPattern: bits & 0x000F_FFFF_FFFF_FFFF | 0x3FF0_0000_0000_0000)
                            : x.significand  // [1, 2), also for subnormals
        if m > 1.4142135623730951 {
            m /= 2
            e += 1
        }
        let s = (m - 1) / (m + 1)
        // P(t) = Σ tⁿ/(2n + 1), n = 0…11, t = s², by Estrin's scheme (pairs, then t², t⁴, t⁸).
        let t = s * s, t2 = t * t, t4 = t2 * t2, t8 = t4 * t4
        let a0 = 1 + 0.3333333333333333 * t                              // 1/1, 1/3
        let a1 = 0.2 + 0.14285714285714285 * t                           // 1/5, 1/7
        let a2 = 0.1111111111111111 + 0.09090909090909091 * t            // 1/9, 1/11
        let a3 = 0.07692307692307693 + 0.06666666666666667 * t           // 1/13, 1/15
        let a4 = 0.058823529411764705 + 0.05263157894736842 * t          // 1/17, 1/19
        let a5 = 0.047619047619047616 + 0.043478260869565216 * t         // 1/21, 1/23
        let sum = s * (((a0 + a1 * t2) + (a2 + a3 * t2) * t4) + (a4 + a5 * t2) * t8)
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
