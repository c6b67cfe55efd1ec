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
        let (lo, hi, delta) = position(q, count: sorted.count)
        return sorted[lo] + delta * (sorted[hi] - sorted[lo])
    }

    /// ``ofSorted(_:_:)`` of `values` sorted, without sorting them: the two order statistics by
    /// selection (quickselect with a three-way partition: linear on average, and on runs of equal
    /// values), so the same numbers for NaN-free values whose equal elements are equal bit for bit
    /// (no `-0.0` beside `0.0`: which of the two a sort puts first is not specified). Reorders
    /// `values` (each call leaves them partitioned around the `⌊h⌋`-th smallest).
    public static func ofUnsorted(_ values: inout [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let (lo, hi, delta) = position(q, count: values.count)
        return values.withUnsafeMutableBufferPointer { a in
            let low = select(a, lo)
            // everything after `lo` is at least `low`: the next order statistic is their minimum
            var high = low
            if hi > lo {
                high = a[hi]
                for i in hi..<a.count where a[i] < high { high = a[i] }
            }
            return low + delta * (high - low)
        }
    }

    /// Position `h = q·(n − 1)` (`q` clamped to `[0, 1]`) as `⌊h⌋`, `min(⌊h⌋ + 1, n − 1)` and `h − ⌊h⌋`.
    private static func position(_ q: Double, count: Int) -> (lo: Int, hi: Int, delta: Double) {
        let h = min(max(q, 0), 1) * Double(count - 1)
        let lo = Int(h.rounded(.down))
        return (lo, min(lo + 1, count - 1), h - Double(lo))
    }

    /// The `k`-th smallest of `a` (0-based), leaving `a[..<k] ≤ a[k] ≤ a[(k+1)...]`.
    private static func select(_ a: UnsafeMutableBufferPointer<Double>, _ k: Int) -> Double {
        var lo = 0, hi = a.count - 1
        while lo < hi {
            // median of three as the pivot
            let x = a[lo], y = a[lo + (hi - lo) / 2], z = a[hi]
            let pivot = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y))
            // a[lo..<lt] < pivot, a[lt..<i] == pivot, a[(gt+1)...hi] > pivot
            var lt = lo, i = lo, gt = hi
            while i <= gt {
                let v = a[i]
                if v < pivot {
                    a.swapAt(lt, i); lt += 1; i += 1
                } else if v > pivot {
                    a.swapAt(i, gt); gt -= 1
                } else {
                    i += 1
                }
            }
            if k < lt { hi = lt - 1 } else if k > gt { lo = gt + 1 } else { return a[k] }
        }
        return a[k]
    }

    /// The quantiles `qs` of `values` (sorted once, NaN left out); `nil` for each when there is
    /// no number (what a table prints as `-`).
    public static func of(_ values: [Double], _ qs: [Double]) -> [Double?] {
        let sorted = values.filter { !$0.isNaN }.sorted()
        return qs.map { sorted.isEmpty ? nil : ofSorted(sorted, $0) }
    }
}
