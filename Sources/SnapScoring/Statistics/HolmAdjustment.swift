/// Holm's step-down adjustment of p-values for multiple comparisons (Holm 1979).
///
/// Sort the `m` p-values ascending; the adjusted value of the k-th smallest (k from 1) is
/// `max over j ≤ k of min(1, (m − j + 1)·p_(j))`. Returned in the input order. NaN inputs stay NaN
/// and do not count toward `m`.
public enum HolmAdjustment {
    public static func adjust(_ pValues: [Double]) -> [Double] {
        let order = pValues.indices.filter { !pValues[$0].isNaN }.sorted { pValues[$0] < pValues[$1] }
        let m = order.count
        var adjusted = pValues
        var running = 0.0
        for (k, i) in order.enumerated() {
            running = max(running, min(1, Double(m - k) * pValues[i]))
            adjusted[i] = running
        }
        return adjusted
    }
}
