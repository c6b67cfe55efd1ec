/// Percentiles by linear interpolation between order statistics (numpy's default "linear",
/// R type 7): for sorted `x` of length n, position `q·(n − 1)`.
public enum Percentile {
    /// The `q`-quantile (`q` in `[0, 1]`) of `values` (sorted here); NaN for an empty input.
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
}
