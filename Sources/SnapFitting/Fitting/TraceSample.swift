/// A weighted set of traces: distinct indices into ``FitData`` and their multiplicities (1 for
/// a fold; the number of times a trace's user was drawn for a bootstrap resample).
public struct TraceSample: Sendable {
    public var indices: [Int]
    public var weights: [Double]
    /// The weight of every trace of the data (0 when absent, repeats summed), when built by
    /// ``withDenseWeights(traces:)`` (and not replaced by ``userWeights``): what a sweep in feature
    /// order reads.
    var dense: [Double]?
    /// The weight of each user's traces by ``DecisionTable``'s user number, when every trace of a
    /// user has the same whole-number weight in ``dense`` (a fold, a user bootstrap resample, all
    /// traces): set by ``withUserWeights(_:)``. A sweep then reads the weights in feature
    /// order from a table the size of the users instead of from ``dense`` at random.
    var userWeights: [Double]?

    public init(indices: [Int], weights: [Double]? = nil) {
        self.indices = indices
        self.weights = weights ?? [Double](repeating: 1, count: indices.count)
    }

    /// Σ weights.
    public var total: Double { weights.reduce(0, +) }

    /// This sample with ``dense`` weights over `traces` traces (the data's count).
    func withDenseWeights(traces: Int) -> TraceSample {
        var copy = self
        var dense = [Double](repeating: 0, count: traces)
        for (i, w) in zip(indices, weights) where i >= 0 && i < traces { dense[i] += w }
        copy.dense = dense
        return copy
    }

    /// This sample with ``userWeights`` for `table` when each of its traces is in it once and its
    /// weights are whole numbers, the same for every trace of a user and every trace of a user in it
    /// (``DecisionTable/userWeights(indices:weights:)``); any ``dense`` weights are then dropped (what
    /// reads them reads the users' weights instead: 8 bytes per trace less for each fit running).
    func withUserWeights(_ table: DecisionTable) -> TraceSample {
        var copy = self
        if let byUser = table.userWeights(indices: indices, weights: weights) {
            copy.userWeights = byUser
            copy.dense = nil
        }
        return copy
    }

    /// Whether a sweep in feature order can read this sample's weights (``dense`` or ``userWeights``).
    var isSweepable: Bool { dense != nil || userWeights != nil }

    /// Every `stride`-th entry (at least `limit` entries when there are that many), weights kept.
    func strided(to limit: Int) -> TraceSample {
        guard indices.count > limit, limit > 0 else { return self }
        let step = Double(indices.count) / Double(limit)
        var ix: [Int] = [], ws: [Double] = []
        ix.reserveCapacity(limit)
        ws.reserveCapacity(limit)
        for k in 0..<limit {
            let j = Swift.min(indices.count - 1, Int(Double(k) * step))
            ix.append(indices[j])
            ws.append(weights[j])
        }
        return TraceSample(indices: ix, weights: ws)
    }
}
