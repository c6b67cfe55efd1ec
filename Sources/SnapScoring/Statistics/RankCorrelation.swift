/// Rank correlation.
public enum RankCorrelation {
    /// Spearman's ρ: Pearson's correlation of the ranks (ties get their average rank); NaN when
    /// either side is constant or the lengths differ or are below 2.
    public static func spearman(_ a: [Double], _ b: [Double]) -> Double {
        guard a.count == b.count, a.count >= 2 else { return .nan }
        let ra = ranks(a), rb = ranks(b)
        let n = Double(a.count)
        let ma = ra.reduce(0, +) / n, mb = rb.reduce(0, +) / n
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for (x, y) in zip(ra, rb) {
            sab += (x - ma) * (y - mb)
            saa += (x - ma) * (x - ma)
            sbb += (y - mb) * (y - mb)
        }
        guard saa > 0, sbb > 0 else { return .nan }
        return sab / (saa * sbb).squareRoot()
    }

    /// Ranks from 1, ties averaged.
    static func ranks(_ x: [Double]) -> [Double] {
        let order = x.indices.sorted { x[$0] < x[$1] }
        var out = [Double](repeating: 0, count: x.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && x[order[j + 1]] == x[order[i]] { j += 1 }
            let rank = Double(i + j) / 2 + 1
            for k in i...j { out[order[k]] = rank }
            i = j + 1
        }
        return out
    }
}
