import SnapStrategies
import Synchronization

/// The release-time features of ``LearnedThresholdSnap`` for a list of traces, stored row-major
/// for the fitters (``OrdinalThresholdModel``, ``LearnedCutpointTuning``, ``HeadroomClassifier``):
/// one row of ``LearnedThresholdSnap/featureNames`` values per kept trace, its start slot, its
/// intended offset from the start slot `k = intended slot − start slot` (the intended slot is the
/// intended item, or in a looping layout the slot showing it nearest the start slot) and its
/// weight.
///
/// Traces with a non-finite feature are left out (``skipped``): the policy stays on the start
/// item for them whatever it learns, so they carry no information about the weights.
struct LearnedFeatures: Sendable {
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

    /// `η = w·x` of row `r`: the same sum, in the same order, as ``LearnedThresholdSnap/score(_:)``,
    /// so it is bit for bit the score the policy decides with.
    @inline(__always)
    func score(_ r: Int, weights w: [Double]) -> Double {
        let b = r * Self.width
        let f = values
        return w[0] * f[b] + w[1] * f[b + 1] + w[2] * f[b + 2] + w[3] * f[b + 3]
            + w[4] * f[b + 4] + w[5] * f[b + 5] + w[6] * f[b + 6] + w[7] * f[b + 7]
    }

    /// Each trace's row (−1: no row), for features made on `indices` of a data set of `traces` traces.
    func rowOfTrace(traces: Int) -> [Int32] {
        var rows = [Int32](repeating: -1, count: traces)
        for (r, i) in self.traces.enumerated() { rows[i] = Int32(r) }
        return rows
    }

    /// Some rows of a ``LearnedFeatures`` with a weight each: what one fit (a fold, a resample)
    /// learns from. Features made once on every trace are shared by the fits of one job this way
    /// (no copy: ``features`` is the same storage).
    struct Selection {
        var features: LearnedFeatures
        /// Rows of ``features``, in the order of the indices they came from.
        var rows: [Int]
        /// Weight of each of ``rows``.
        var weights: [Double]
        /// Traces asked for that have no row (a non-finite feature).
        var skipped: Int

        var count: Int { rows.count }

        /// Every row of `features` with its own weight.
        init(all features: LearnedFeatures) {
            self.features = features
            rows = Array(0..<features.count)
            weights = features.weights
            skipped = features.skipped
        }

        /// The rows of `indices` (traces of the data `features` were made on, `rowOfTrace` its
        /// ``LearnedFeatures/rowOfTrace(traces:)``), each with weight 1; the order of `indices` is kept.
        init(_ features: LearnedFeatures, rowOfTrace: [Int32], indices: [Int]) {
            self.features = features
            rows = []
            rows.reserveCapacity(indices.count)
            for i in indices where i >= 0 && i < rowOfTrace.count && rowOfTrace[i] >= 0 { rows.append(Int(rowOfTrace[i])) }
            weights = [Double](repeating: 1, count: rows.count)
            skipped = indices.count - rows.count
        }

        /// `k` of the selected row at `position`.
        @inline(__always)
        func offset(_ position: Int) -> Int { features.offsets[rows[position]] }

        /// Weighted mean and standard deviation of each feature (population form).
        func moments() -> (mean: [Double], deviation: [Double]) {
            let d = LearnedFeatures.width
            var sum = [Double](repeating: 0, count: d), square = [Double](repeating: 0, count: d)
            var total = 0.0
            for (position, r) in rows.enumerated() {
                let w = weights[position]
                total += w
                for j in 0..<d {
                    let x = features.values[r * d + j]
                    sum[j] += w * x
                }
            }
            let mean = sum.map { total > 0 ? $0 / total : 0 }
            for (position, r) in rows.enumerated() {
                let w = weights[position]
                for j in 0..<d {
                    let e = features.values[r * d + j] - mean[j]
                    square[j] += w * e * e
                }
            }
            return (mean, square.map { total > 0 ? ($0 / total).squareRoot() : 0 })
        }
    }
}

/// The features of every trace of a data set, shared by the parts of one job that need them (the
/// learned policy's fits and the headroom in ``Recommendation``): made once, by the first part that
/// asks, and dropped when the last of the `users` parts has released them, so they are in memory
/// only while needed.
final class SharedLearnedFeatures: Sendable {
    private let data: FitData
    private let state: Mutex<(features: LearnedFeatures?, rowOfTrace: [Int32], users: Int)>

    init(data: FitData, users: Int) {
        self.data = data
        state = Mutex((nil, [], users))
    }

    /// The features of every trace and each trace's row (made on the first call; later callers wait for them).
    func acquire() -> (features: LearnedFeatures, rowOfTrace: [Int32]) {
        state.withLock { state in
            if let features = state.features { return (features, state.rowOfTrace) }
            let features = LearnedFeatures(data: data, indices: data.allIndices)
            state.features = features
            state.rowOfTrace = features.rowOfTrace(traces: data.count)
            return (features, state.rowOfTrace)
        }
    }

    /// Whether the features are in memory now.
    var isHeld: Bool { state.withLock { $0.features != nil } }

    /// One user is done with the features; after the last, they are dropped.
    func release() {
        state.withLock { state in
            state.users -= 1
            if state.users <= 0 {
                state.features = nil
                state.rowOfTrace = []
            }
        }
    }
}
