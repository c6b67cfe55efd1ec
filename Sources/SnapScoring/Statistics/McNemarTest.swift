import SnapGSL

/// The exact McNemar test for paired binary outcomes (two policies scored on the same traces).
///
/// With `b` traces that only the first policy gets right and `c` that only the second does, the
/// two-sided exact p-value is `min(1, 2·P(X ≤ min(b, c)))` with `X ~ Binomial(b + c, 1/2)`
/// (the binomial tail from GSL). With no discordant pairs the p-value is 1.
public enum McNemarTest {
    /// Two-sided exact p-value for discordant counts `b` and `c`.
    public static func exactPValue(b: Int, c: Int) throws -> Double {
        let n = b + c
        guard n > 0 else { return 1 }
        return min(1, 2 * (try BinomialTail.lowerCumulative(min(b, c), trials: n, probability: 0.5)))
    }
}
