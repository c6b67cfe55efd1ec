internal import CGSL

/// Quantiles of sorted data through GSL.
public enum SortedQuantiles {
    /// The `q`-quantile (0 ≤ q ≤ 1) of `sorted` (ascending), by linear interpolation between
    /// order statistics: `(1 − δ)·x[i] + δ·x[i+1]` with `i = ⌊(n − 1)q⌋`, `δ = (n − 1)q − i`.
    ///
    /// Wraps `gsl_stats_quantile_from_sorted_data`. `nil` for empty data or `q` outside 0…1
    /// (GSL would read out of bounds); the caller must pass ascending data.
    public static func quantile(_ sorted: [Double], _ q: Double) -> Double? {
        GSLRuntime.ensureReady()
        guard !sorted.isEmpty, q >= 0, q <= 1 else { return nil }
        return sorted.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return nil }
            return gsl_stats_quantile_from_sorted_data(base, 1, b.count, q)
        }
    }

    /// Sorts `values` (`gsl_sort`) and returns the quantiles `qs` (each `nil` when undefined).
    public static func quantiles(of values: [Double], _ qs: [Double]) -> [Double?] {
        GSLRuntime.ensureReady()
        var v = values.filter { !$0.isNaN }
        v.withUnsafeMutableBufferPointer { b in
            if let base = b.baseAddress, b.count > 1 { gsl_sort(base, 1, b.count) }
        }
        return qs.map { quantile(v, $0) }
    }
}
