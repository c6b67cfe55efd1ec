/// Quantiles by linear interpolation between order statistics: Hyndman and Fan's type 7 (1996,
/// "Sample quantiles in statistical packages", *The American Statistician* 50(4)), the default
/// of R's `quantile`, numpy's `percentile` ("linear") and GSL's
/// `gsl_stats_quantile_from_sorted_data`. For sorted `x` of length n, the `q`-quantile is at
/// position `h = q·(n − 1)`: `x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋ + 1] − x[⌊h⌋])`.
///
/// The one quantile of SnapLab (percentile bootstrap intervals, medians, `describe`'s table).
/// Written as `lo + δ·(hi − lo)`, which rounds differently from GSL's `(1 − δ)·lo + δ·hi` in
/// the last bits; this form is the one the bootstrap intervals were printed with (measured:
/// `Scripts/tools/check-byte-identical.sh`, issue 29).
public enum Percentile {
    /// The `q`-quantile (`q` in `[0, 1]`, clamped) of `values` (sorted here, NaN left out); NaN
    /// for an input without numbers.
    public static func of(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.filter { !$0.isNaN }.sorted()
        return ofSorted(sorted, q)
    }

    /// The `q`-quantile of already sorted, NaN-free values.
    public static func ofSorted(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let h = min(max(q, 0), 1) * Double(sorted.count - 1)
        let lo = Int(h.rounded(.down))
        let hi = min(lo + 1, sorted.count - 1)
        return sorted[lo] + (h - Double(lo)) * (sorted[hi] - sorted[lo])
    }

    /// The quantiles `qs` of `values` (sorted once, NaN left out); `nil` for each when there is
    /// no number (what a table prints as `-`).
    public static func of(_ values: [Double], _ qs: [Double]) -> [Double?] {
        let sorted = values.filter { !$0.isNaN }.sorted()
        return qs.map { sorted.isEmpty ? nil : ofSorted(sorted, $0) }
    }
}
