import SnapStrategies
import SnapTraces

// The per-trace memo of outcomes of ``ScoreAccumulator``'s batch scorer: what one decision adds to
// a policy's totals depends only on the trace and the decision (its slot, item and offset), and the
// policies of the catalogue mostly agree (a trace has a few distinct decisions among 27), so each
// distinct decision of a trace is scored once and the other policies add its memo.

extension ScoreAccumulator {
    /// What one decision of one trace adds to the deciding policy's totals (``TraceOutcome``'s
    /// numbers, computed once per distinct decision of the trace): its key (the decision's target
    /// slot, item and offset, bit for bit), then the sums' terms, the counter it increments and
    /// its ``Tally`` code.
    struct Outcome {
        var offsetBits: UInt64 = 0
        var index = 0, slot = 0
        /// `|target offset − natural rest|` (``TraceOutcome/snapCorrection(targetOffset:naturalRest:)``).
        var correction = 0.0
        /// Cells reconfigured, as the sum adds it.
        var cells = 0.0
        /// `|item error|` of a labelled trace; 0 for an unlabelled one (adding `+0.0` to a sum of
        /// non-negative terms leaves it bit for bit as it was).
        var absoluteError = 0.0
        /// Offset in the policy's counter row of the histogram bin incremented (signed error of
        /// a labelled trace, pages moved of an unlabelled one), or −1 beyond the bins (then
        /// `value` is noted for the overflow dictionary).
        var bin = 0
        /// The labelled trace's ``Tally`` code, hit bit included; ``Tally/codes`` (a count that is
        /// never read) for an unlabelled trace.
        var code = 0
        /// The signed error or pages moved (for a value beyond the bins).
        var value = 0
    }

    /// Layout of the memo: ``width`` outcomes per trace, and one more slot for a decision met
    /// when the memo is full (scored there, not kept).
    enum Memo {
        static let width = 4
        static let stride = width + 1

        /// The key compared first: the three fields mixed into one word (equal keys give equal
        /// hashes; a match is then checked field by field, so a collision only costs a rescoring).
        @inline(__always)
        static func hash(offsetBits: UInt64, index: Int, slot: Int) -> UInt64 {
            offsetBits ^ (UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9_7F4A_7C15)
                ^ (UInt64(bitPattern: Int64(slot)) &* 0xC2B2_AE3D_27D4_EB4F)
        }
    }

    /// The outcome of deciding `(index, slot, offset)` on `trace` (``TraceOutcome``'s rules; the
    /// hit under ``HitCriterion/revealed`` checked here, once per distinct decision).
    @inline(never)
    static func outcome(index: Int, slot: Int, offset: Double, of trace: Prepared, in layout: CarouselLayout) -> Outcome {
        var o = Outcome(offsetBits: offset.bitPattern, index: index, slot: slot)
        o.correction = TraceOutcome.snapCorrection(targetOffset: offset, naturalRest: trace.natural)
        o.cells = Double(trace.departure.reconfigurations(to: offset))
        guard trace.labelled else {
            let moved = TraceOutcome.saturatingDifference(slot, trace.startSlot)
            o.value = moved
            o.bin = Histogram.bin(moved).map { Counter.pagesBins + $0 } ?? -1
            o.code = Tally.codes
            return o
        }
        let e = TraceOutcome.itemError(target: index, intended: trace.intended, in: layout)
        o.value = e
        o.absoluteError = Double(abs(e))
        o.bin = Histogram.bin(e).map { Counter.errorBins + $0 } ?? -1
        let reached = trace.exact ? e == 0 : HitCriterion.isRevealed(item: trace.intended, atOffset: offset, in: layout)
        o.code = Tally.code(reached: reached, error: e, target: index, of: trace)
        return o
    }
}
