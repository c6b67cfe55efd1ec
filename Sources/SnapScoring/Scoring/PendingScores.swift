import SnapStrategies
import SnapTraces

/// A ``ScoreAccumulator`` fed one trace at a time that scores them a batch at a time
/// (``ScoreAccumulator/add(contentsOf:)``, much faster than one by one). Call ``flush()``
/// before reading ``accumulator``: until then up to a batch of traces may be waiting.
///
/// A trace added is prepared for scoring at once (``ScoreAccumulator/prepare(_:into:)``: what
/// the batch needs of it, not the trace itself, is kept), so no trace is copied into a queue:
/// the same batches, in the same order, as ``ScoreAccumulator/add(contentsOf:)`` on the traces.
package struct PendingScores: Sendable {
    package private(set) var accumulator: ScoreAccumulator
    /// Traces prepared and not yet scored.
    private var pending = 0

    package init(policies: [any SnapPolicy]) {
        accumulator = ScoreAccumulator(policies: policies)
    }

    package mutating func add(_ trace: TraceRelease) {
        accumulator.prepare(trace, into: pending)
        advance()
    }

    /// ``add(_:)`` of `record.release`, read in place (``ScoreAccumulator/prepare(_:into:)``
    /// of the record): `add(record.release)` from a closure copies the release to pass it.
    package mutating func add(_ record: TraceRecord) {
        accumulator.prepare(record, into: pending)
        advance()
    }

    /// Counts the trace just prepared; scores the batch when it is full.
    private mutating func advance() {
        pending += 1
        if pending == ScoreAccumulator.batchSize { scorePending() }
    }

    /// Scores the waiting traces, and moves the per-user hits still pending into the user table
    /// (``UserHitTable/settle()``: its readers see them either way, without a copy after this).
    package mutating func flush() {
        scorePending()
        accumulator.userHitCounts.settle()
    }

    private mutating func scorePending() {
        guard pending > 0 else { return }
        accumulator.scoreBatch(count: pending)
        pending = 0
    }
}
