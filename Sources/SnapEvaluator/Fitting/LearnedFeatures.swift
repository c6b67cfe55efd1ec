import SnapStrategies

/// The release-time features of ``LearnedThresholdSnap`` for a list of traces, stored row-major
/// for the fitters (``OrdinalThresholdModel``, ``LearnedCutpointTuning``, ``HeadroomClassifier``):
/// one row of ``LearnedThresholdSnap/featureNames`` values per kept trace, its start slot, its
/// intended offset from the start slot `k = intended slot − start slot` (the intended slot is the
/// intended item, or in a looping layout the slot showing it nearest the start slot) and its
/// weight.
///
/// Traces with a non-finite feature are left out (``skipped``): the policy stays on the start
/// item for them whatever it learns, so they carry no information about the weights.
struct LearnedFeatures {
    /// Features per row.
    static let width = LearnedThresholdSnap.featureNames.count

    /// `rows × width` values, row-major.
    var values: [Double] = []
    /// Index into ``FitData`` of each row.
    var traces: [Int] = []
    /// `k` of each row (unclamped).
    var offsets: [Int] = []
    /// Weight of each row (a bootstrap multiplicity; 1 by default).
    var weights: [Double] = []
    /// Traces left out for a non-finite feature.
    var skipped = 0

    var count: Int { traces.count }

    /// The features of `indices` of `data` with `weights` (default 1 each).
    init(data: FitData, indices: [Int], weights: [Double]? = nil) {
        values.reserveCapacity(indices.count * Self.width)
        for (position, i) in indices.enumerated() where i >= 0 && i < data.count {
            let release = data.releases[i], layout = data.layout(i)
            let x = LearnedThresholdSnap.features(of: release, in: layout)
            let row = x.vector
            guard row.allSatisfy(\.isFinite) else {
                skipped += 1
                continue
            }
            let intended = data.labels[i].intended
            let start = layout.clampedSlot(x.startSlot)
            let slot = layout.isLooping ? layout.slot(ofItem: intended, near: layout.snapOffset(ofSlot: start)) : intended
            values += row
            traces.append(i)
            offsets.append(TraceOutcome.saturatingDifference(slot, start))
            self.weights.append(weights?[position] ?? 1)
        }
    }

    /// Feature `j` of row `r`.
    @inline(__always)
    func value(_ r: Int, _ j: Int) -> Double { values[r * Self.width + j] }

    /// Weighted mean and standard deviation of each feature (population form).
    func moments() -> (mean: [Double], deviation: [Double]) {
        let d = Self.width
        var sum = [Double](repeating: 0, count: d), square = [Double](repeating: 0, count: d)
        var total = 0.0
        for r in 0..<count {
            let w = weights[r]
            total += w
            for j in 0..<d {
                let x = values[r * d + j]
                sum[j] += w * x
            }
        }
        let mean = sum.map { total > 0 ? $0 / total : 0 }
        for r in 0..<count {
            let w = weights[r]
            for j in 0..<d {
                let e = values[r * d + j] - mean[j]
                square[j] += w * e * e
            }
        }
        return (mean, square.map { total > 0 ? ($0 / total).squareRoot() : 0 })
    }
}
