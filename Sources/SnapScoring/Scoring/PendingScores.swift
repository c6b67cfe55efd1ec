import SnapStrategies
import SnapTraces

/// A ``ScoreAccumulator`` fed one trace at a time that scores them a batch at a time
/// (``ScoreAccumulator/add(contentsOf:)``, much faster than one by one). Call ``flush()``
/// before reading ``accumulator``: until then up to a batch of traces may be waiting.
package struct PendingScores: Sendable {
    package private(set) var accumulator: ScoreAccumulator
    private var pending: [TraceRelease] = []

    package init(policies: [any SnapPolicy]) {
        accumulator = ScoreAccumulator(policies: policies)
        pending.reserveCapacity(ScoreAccumulator.batchSize)
    }

    package mutating func add(_ trace: TraceRelease) {
        pending.append(trace)
        if pending.count == ScoreAccumulator.batchSize { flush() }
    }

    /// Scores the waiting traces.
    package mutating func flush() {
        guard !pending.isEmpty else { return }
        accumulator.add(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
    }
}
