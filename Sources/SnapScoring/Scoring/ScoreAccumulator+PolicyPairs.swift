import SnapStrategies

// The batch scorer's lean pass over two policies at once (``ScoreAccumulator/scoreLeanPair(at:count:)``),
// and what every policy's scoring of a batch adds after its loop (``ScoreAccumulator/finishScoring``).

extension ScoreAccumulator {
    /// ``scoreDecisions(at:count:lean:)``'s lean loop for policies `k` and `k + 1` in one pass
    /// over a lean batch: policy `k`'s decisions in lane 0 of ``batchDecisions``, policy `k + 1`'s
    /// in lane 1 (`batchDecisions[batchSize + t]`). Each trace's row is read once for both
    /// decisions: its natural rest, its departure, its slot-table count, its intended item and
    /// outcome class. Both policies' hit bits are in word 0 (a lean batch needs one word of hit
    /// pattern), set with one store.
    ///
    /// Per policy, the same outcomes and sums as ``scoreLean(at:count:)``: the snap corrections
    /// summed in trace order (two sums, one per policy), the cells as an integer
    /// (``cellSums(from:adding:count:lane:)``), an error within ±``OutcomeClass/radius`` counted
    /// in the trace's outcome class, a hit (error 0) in the pattern. A trace whose error falls
    /// beyond the classes' bins is noted (``Scratch/pairBeyond``) and counted after the pass as
    /// the lean loop counts it (``countBeyondClasses(at:lane:traces:)``): those counts are integer
    /// counts and sums, whose order does not matter.
    @inline(never)
    mutating func scoreLeanPair(at k: Int, count: Int) {
        // Both bits of word 0: a lean batch has at most 64 policies (one word of hit pattern).
        let bits = (UInt64(1) &<< UInt64(k), UInt64(1) &<< UInt64(k + 1))
        // The pool of the slot table's layout (every trace of a lean batch has it).
        let slotPool = ReusePool(layout: slotLayout ?? batchLayouts[0])
        var correction = (corrections[k], corrections[k + 1])
        var cellCount = (0, 0), beyond = (0, 0)
        batchDecisions.withUnsafeBufferPointer { decisions in
        batch.withUnsafeBufferPointer { traces in
        slotEdges.withUnsafeMutableBufferPointer { slotEdges in
        batchPatterns.withUnsafeMutableBufferPointer { patterns in
        batchScratch.withUnsafeMutableBufferPointer { scratch in
        classCounts.withUnsafeMutableBufferPointer { classTable in
            guard let first = traces.baseAddress, let decided = decisions.baseAddress, let patterns = patterns.baseAddress,
                  let slotTable = slotEdges.baseAddress, let scratch = scratch.baseAddress,
                  let classTable = classTable.baseAddress else { return }
            // The second policy's decisions, and its table of window ends (``adoptSlotTable(_:)``).
            let second = decided + Self.batchSize, slotTable2 = slotTable + slotEdges.count / 2
            let classes = classTable + k &* OutcomeClass.size, classes2 = classes + OutcomeClass.size
            let noted = scratch + Scratch.pairBeyond, noted2 = noted + Self.batchSize
            for t in 0..<count {
                let r = first + t, a = decided + t, b = second + t
                let natural = r.pointee.natural, tableCount = r.pointee.tableCount, intended = r.pointee.intended
                // A copy, so that its fields are read once for both settles (a slot table entry
                // written for the first does not change it).
                let departure = r.pointee.departure
                // An error e = target − intended is counted at `origin + target` when
                // target − (intended − radius) is within 0…2·radius (|intended| ≤ 2^62: no wrap).
                let origin = r.pointee.outcomeClass &- intended, low = intended &- OutcomeClass.radius
                let offsetA = a.pointee.targetOffset, offsetB = b.pointee.targetOffset
                correction.0 += abs(offsetA - natural)
                correction.1 += abs(offsetB - natural)
                cellCount.0 &+= Self.leanCells(to: offsetA, slot: a.pointee.targetSlot, from: departure,
                                               tableCount: tableCount, table: slotTable, pool: slotPool)
                cellCount.1 &+= Self.leanCells(to: offsetB, slot: b.pointee.targetSlot, from: departure,
                                               tableCount: tableCount, table: slotTable2, pool: slotPool)
                let targetA = a.pointee.targetIndex, targetB = b.pointee.targetIndex
                var hits: UInt64 = 0
                if UInt(bitPattern: targetA &- low) <= UInt(2 * OutcomeClass.radius) {
                    classes[origin &+ targetA] &+= 1
                    hits |= targetA == intended ? bits.0 : 0
                } else {
                    noted[beyond.0] = t
                    beyond.0 &+= 1
                }
                if UInt(bitPattern: targetB &- low) <= UInt(2 * OutcomeClass.radius) {
                    classes2[origin &+ targetB] &+= 1
                    hits |= targetB == intended ? bits.1 : 0
                } else {
                    noted2[beyond.1] = t
                    beyond.1 &+= 1
                }
                patterns[t] |= hits
            }
        }
        }
        }
        }
        }
        }
        countBeyondClasses(at: k, lane: 0, traces: beyond.0, count: count, correction: correction.0, cellCount: cellCount.0)
        countBeyondClasses(at: k + 1, lane: 1, traces: beyond.1, count: count, correction: correction.1, cellCount: cellCount.1)
    }

    /// The rest of lane `lane`'s scoring in ``scoreLeanPair(at:count:)`` (policy `k`): the
    /// `traces` noted in the lane's ``Scratch/pairBeyond`` region, whose errors fell beyond the
    /// outcome classes' bins, counted as the lean loop counts such an error (the signed-error
    /// histogram or its overflow, the absolute error, the ``Tally`` code; never a hit: the error
    /// is not 0), then ``finishScoring``.
    private mutating func countBeyondClasses(at k: Int, lane: Int, traces: Int, count: Int, correction: Double, cellCount: Int) {
        var binned = 0, errorsBeyond = 0, classHits = 0
        batchDecisions.withUnsafeBufferPointer { decisions in
        batch.withUnsafeBufferPointer { prepared in
        counters.withUnsafeMutableBufferPointer { counters in
        batchScratch.withUnsafeMutableBufferPointer { scratch in
        classCounts.withUnsafeBufferPointer { classTable in
            guard let first = prepared.baseAddress, let decided = decisions.baseAddress.map({ $0 + lane * Self.batchSize }),
                  let c = counters.baseAddress.map({ $0 + k * Counter.stride }), let scratch = scratch.baseAddress,
                  let classTable = classTable.baseAddress else { return }
            let noted = scratch + Scratch.pairBeyond + lane * Self.batchSize, tally = scratch + Scratch.tally
            for i in 0..<traces {
                let t = noted[i]
                let target = decided[t].targetIndex
                let e = TraceOutcome.saturatingDifference(target, first[t].intended)
                if let bin = Histogram.bin(e) {
                    c[Counter.errorBins + bin] &+= 1
                    binned &+= abs(e)
                } else {
                    scratch[Scratch.errorsBeyond + errorsBeyond] = e
                    errorsBeyond &+= 1
                }
                tally[Tally.code(reached: false, error: e, target: target, of: first[t])] &+= 1
            }
            if traces > 0 { Tally.scan(tally, into: c) }
            classHits = OutcomeClass.hits(in: classTable + k * OutcomeClass.size)
        }
        }
        }
        }
        }
        finishScoring(at: k, count: count, lane: lane, lean: true, classHits: classHits, correction: correction,
                      binned: binned, errorsBeyond: errorsBeyond, pagesBeyond: 0, cells: cellSums[k], cellCount: cellCount)
    }

    /// What policy `k`'s scoring of `batch[0..<count]` (its decisions in lane `lane` of
    /// ``batchDecisions``) adds after its loop: lean, the hits counted in its classes
    /// (`classHits`) less those already added (``leanHits``); the snap corrections (`correction`,
    /// or summed again one by one when not finite), the absolute errors (`binned`, exact
    /// integers, ``absoluteErrors(at:from:binned:beyond:count:lean:lane:)``), the cells (`cells`,
    /// and lean the integer `cellCount` added, ``cellSums(from:adding:count:lane:)``), and the
    /// values beyond the histograms' bins noted in ``batchScratch``.
    mutating func finishScoring(at k: Int, count: Int, lane: Int, lean: Bool, classHits: Int, correction: Double,
                                binned: Int, errorsBeyond: Int, pagesBeyond: Int, cells: Double, cellCount: Int) {
        if lean {
            counters[k * Counter.stride + Counter.hits] += classHits - leanHits[k]
            leanHits[k] = classHits
        }
        corrections[k] = correction.isFinite ? correction : snapCorrections(from: corrections[k], of: count, lane: lane)
        absoluteErrors[k] = absoluteErrors(at: k, from: absoluteErrors[k], binned: binned, beyond: errorsBeyond,
                                           count: count, lean: lean, lane: lane)
        cellSums[k] = lean ? cellSums(from: cells, adding: cellCount, count: count, lane: lane) : cells
        for i in 0..<errorsBeyond { errorOverflow[k][batchScratch[Scratch.errorsBeyond + i], default: 0] += 1 }
        for i in 0..<pagesBeyond { pagesOverflow[k][batchScratch[Scratch.pagesBeyond + i], default: 0] += 1 }
    }

    /// `start` plus the cells reconfigured by the decisions in lane `lane` of ``batchDecisions``
    /// for a lean batch `batch[0..<count]`, summed in trace order: `sum` (their sum, as an
    /// integer) when every partial sum stays within ±2^53 (each addition is then exact: the same
    /// `Double`). In a lean batch every layout is the slot table's, bounded with at most
    /// ``SlotEdges/maxItems`` items, so a settle reconfigures at most that many cells (the
    /// window's ends are clamped to the items); otherwise the batch's counts are summed again one by one.
    private func cellSums(from start: Double, adding sum: Int, count: Int, lane: Int) -> Double {
        if abs(start) <= Self.exactSumLimit - Double(SlotEdges.maxItems * count) { return start + Double(sum) }
        return cellSumsOneByOne(from: start, count: count, lane: lane)
    }

    @inline(never)
    private func cellSumsOneByOne(from start: Double, count: Int, lane: Int) -> Double {
        var sum = start
        for t in 0..<count {
            sum += Double(batch[t].departure.reconfigurations(to: batchDecisions[lane * Self.batchSize + t].targetOffset))
        }
        return sum
    }

    /// 2^53: integers up to it are exact in a `Double`.
    static let exactSumLimit = 9_007_199_254_740_992.0

    /// `start` plus the snap corrections of the decisions in lane `lane` of ``batchDecisions`` for
    /// `batch[0..<count]`, in trace order, each as ``TraceOutcome/snapCorrection(targetOffset:naturalRest:)``
    /// counts it (0 when not finite): the batch scorer's sum when some correction is not finite.
    @inline(never)
    private func snapCorrections(from start: Double, of count: Int, lane: Int) -> Double {
        var sum = start
        for t in 0..<count {
            let offset = batchDecisions[lane * Self.batchSize + t].targetOffset
            sum += TraceOutcome.snapCorrection(targetOffset: offset, naturalRest: batch[t].natural)
        }
        return sum
    }
}
