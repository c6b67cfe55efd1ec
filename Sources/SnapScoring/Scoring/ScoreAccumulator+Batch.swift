import SnapStrategies
import SnapTraces

// The batch scorer of ``ScoreAccumulator``: what ``ScoreAccumulator/add(contentsOf:)`` does with
// each batch of traces (the evaluator's inner loop).

extension ScoreAccumulator {
    /// Traces decided together by ``add(contentsOf:)``: large enough that a policy's existential
    /// is opened once for many decisions, small enough that the batch's scratch stays in cache.
    public static let batchSize = 256

    /// What scoring one trace needs besides its release, layout and decisions, computed once
    /// per trace.
    struct Prepared {
        /// Whether the trace is labelled; then `intended` is its intended item.
        var labelled: Bool
        var intended: Int
        /// Whether it is scored under ``HitCriterion/exact`` (its `hit`, else exact), else
        /// ``HitCriterion/revealed``.
        var exact: Bool
        /// Whether the intended item differs from the start item (an intended change).
        var changes: Bool
        /// The ``Tally`` bits of a decision that stays on the start item (a missed change when
        /// the trace changes) and of one that leaves it (a false change when it does not).
        var stayCode = 0, leaveCode = 0
        /// Of a labelled trace: its user and file (indices of ``userCounts`` and ``fileNames``).
        var user = 0, file = 0
        var startSlot: Int
        var startIndex: Int
        var direction: Int
        /// Where UIKit's normal deceleration would come to rest, points.
        var natural: Double
        var departure: ReusePool.Departure
        /// The last three settle offsets whose cell reconfigurations were counted, most recent
        /// first, with their counts (policies often agree, and the same settle reconfigures the
        /// same cells: a count depends on nothing else).
        var cells: (offset: Double, count: Int) = (.nan, 0)
        var earlierCells: (offset: Double, count: Int) = (.nan, 0)
        var oldestCells: (offset: Double, count: Int) = (.nan, 0)
    }

    /// Stores what scoring `trace` needs at `batch[slot]` (its user's and file's rows made; its
    /// counts are added when the batch is scored, ``scoreBatch(count:)``).
    mutating func prepare(_ trace: TraceRelease, into slot: Int) {
        let layout = trace.layout
        var release = trace.release
        let startSlot = release.startSlot(in: layout)
        // Resolved once for every policy: `nil` means the slot nearest the start offset, which
        // each policy would otherwise look for again (Release.startIndex).
        if release.startIndex == nil { release.startIndex = startSlot }
        let startIndex = layout.itemIndex(ofSlot: startSlot)
        var prepared = Prepared(
            labelled: trace.intendedIndex != nil, intended: trace.intendedIndex ?? 0, exact: trace.criterion == .exact,
            changes: trace.intendedIndex.map { $0 != startIndex } ?? false, startSlot: startSlot,
            startIndex: startIndex, direction: TraceOutcome.swipeDirection(of: release),
            natural: UIKitDeceleration.normal.restingOffset(of: release, in: layout),
            departure: ReusePool(layout: layout).departure(from: release.offset))
        prepared.stayCode = prepared.changes ? Tally.missedChange : 0
        prepared.leaveCode = prepared.changes ? 0 : Tally.falseChange
        if trace.intendedIndex != nil {
            let user = trace.user
            if userCounts.count <= user { addUsers(upTo: user) }
            prepared.user = user
            prepared.file = fileIndex(trace.location.file)
        }
        if slot < batch.count {
            batch[slot] = prepared
            batchReleases[slot] = release
            batchKinematics[slot] = ReleaseKinematics()
            batchLayouts[slot] = layout
        } else {
            batch.append(prepared)
            batchReleases.append(release)
            batchKinematics.append(ReleaseKinematics())
            batchLayouts.append(layout)
            batchDecisions.append(SnapDecision(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: ""))
        }
    }

    /// Extends the user table with zero rows up to user `user` (a new user: with many users, once
    /// per trace; out of line). The arrays grow geometrically.
    @inline(never)
    mutating func addUsers(upTo user: Int) {
        userCounts.append(contentsOf: repeatElement(0, count: user + 1 - userCounts.count))
        userHitCounts.addUsers(upTo: user + 1)
    }

    /// Decides and scores `batch[0..<count]` with every policy, then adds the per-trace results
    /// that need all policies' decisions (hit patterns, per-user and per-file hits, agreements)
    /// and the traces' counts (labelled or not, per user and per file).
    mutating func scoreBatch(count: Int) {
        let p = policies.count, words = wordsPerTrace
        var labelledHere = 0, changesHere = 0
        // The file of the batch's labelled traces while they all have one (`oneFile`).
        var file = -1, oneFile = true
        for t in 0..<count {
            if batch[t].labelled {
                labelledHere += 1
                changesHere += batch[t].changes ? 1 : 0
                userCounts[batch[t].user] += 1
                fileCounts[batch[t].file] += 1
                if file != batch[t].file { oneFile = file < 0; file = batch[t].file }
            } else {
                unlabelled += 1
            }
        }
        labelled += labelledHere
        for w in 0..<(count * words) { batchPatterns[w] = 0 }
        for k in 0..<p {
            let policy = policies[k]   // one copy of the existential per batch, opened below
            let hits = counters[k * Counter.stride + Counter.hits]
            score(policy, at: k, count: count)
            // Intended changes and stays are the trace's, the same for every policy.
            counters[k * Counter.stride + Counter.intendedChanges] += changesHere
            counters[k * Counter.stride + Counter.intendedStays] += labelledHere - changesHere
            // The batch's labelled traces of one file: its hits by this policy at once (whole
            // numbers: the same sum as one by one).
            if oneFile && file >= 0 {
                fileHitCounts[file * p + k] += Double(counters[k * Counter.stride + Counter.hits] - hits)
            }
        }
        for t in 0..<count {
            guard batch[t].labelled else {
                let row = t * p
                for i in 0..<p {
                    for j in (i + 1)..<max(i + 1, p) where batchTargets[row + i] == batchTargets[row + j] {
                        agreements[i * p + j] += 1
                        agreements[j * p + i] += 1
                    }
                }
                continue
            }
            batchPatterns.withUnsafeBufferPointer { patterns in
                patternTable.add(patterns.baseAddress! + t * words, traces: 1)
            }
            // Hits per user, from the trace's hit bits.
            let userRow = batch[t].user * p
            for w in 0..<words {
                userHitCounts.increment(from: userRow + w * 64, bits: batchPatterns[t * words + w])
            }
        }
        // Hits per file, likewise (unless added per policy above).
        guard !oneFile else { return }
        batch.withUnsafeBufferPointer { traces in
        batchPatterns.withUnsafeBufferPointer { patterns in
        fileHitCounts.withUnsafeMutableBufferPointer { fileHits in
            for t in 0..<count where traces[t].labelled {
                for w in 0..<words {
                    let row = traces[t].file * p + w * 64
                    var bits = patterns[t * words + w]
                    while bits != 0 {
                        fileHits[row + bits.trailingZeroBitCount] += 1
                        bits &= bits - 1
                    }
                }
            }
        }
        }
        }
    }

    /// Policy `k` (`policy`) decides `batch[0..<count]`; adds its outcomes to the policy's
    /// counters, sets its bit in each labelled trace's hit pattern and records its targets of
    /// unlabelled traces. Generic, so the existential is opened once, and the policy decides the
    /// whole batch in its own loop (``SnapPolicy/decide(_:in:into:)``, the policy's `decide`
    /// inlined). One scoring loop over the batch (one pass for all of a trace's outcomes) reads
    /// the batch and writes the counters through pointers (no copies of a trace, no bounds or
    /// uniqueness checks per access) and calls nothing: what is rare (a value beyond the
    /// histograms' bins, a trace scored under ``HitCriterion/revealed``) is noted in
    /// ``batchScratch`` and finished after it, so that the loop keeps its sums in registers.
    /// The yes/no outcomes of a labelled trace (hit, overshoot, undershoot, missed and false
    /// change) are added as one code into ``Tally`` (32 counts: one increment per trace instead
    /// of five sums); the policy's counters are derived from it after the loop.
    private mutating func score<P: SnapPolicy>(_ policy: P, at k: Int, count: Int) {
        let p = policies.count, words = wordsPerTrace
        let word = k / 64, bit: UInt64 = 1 << UInt64(k % 64)
        batchReleases.withUnsafeBufferPointer { releases in
        batchLayouts.withUnsafeBufferPointer { layouts in
        batchKinematics.withUnsafeMutableBufferPointer { kinematics in
        batchDecisions.withUnsafeMutableBufferPointer { decisions in
            policy.decide(UnsafeBufferPointer(rebasing: releases[..<count]), in: layouts, sharing: kinematics,
                          into: UnsafeMutableBufferPointer(rebasing: decisions[..<count]))
        }
        }
        }
        }
        // Sums in trace order, as one by one.
        var correction = corrections[k], absoluteError = absoluteErrors[k], cellsReconfigured = cellSums[k]
        var errorsBeyond = 0, pagesBeyond = 0, revealed = 0
        batchDecisions.withUnsafeBufferPointer { decisions in
        batchLayouts.withUnsafeBufferPointer { layouts in
        batch.withUnsafeMutableBufferPointer { traces in
        counters.withUnsafeMutableBufferPointer { counters in
        batchPatterns.withUnsafeMutableBufferPointer { patterns in
        batchTargets.withUnsafeMutableBufferPointer { targets in
        batchScratch.withUnsafeMutableBufferPointer { scratch in
            guard let first = traces.baseAddress, let decided = decisions.baseAddress, let layouts = layouts.baseAddress,
                  let c = counters.baseAddress.map({ $0 + k * Counter.stride }),
                  let patterns = patterns.baseAddress, let targets = targets.baseAddress,
                  let scratch = scratch.baseAddress else { return }
            let tally = scratch + Scratch.tally
            // this policy's word of each trace's hit pattern, and its column of the targets
            let patternWord = patterns + word, target = targets + k
            for code in 0..<Tally.codes { tally[code] = 0 }
            for t in 0..<count {
                let r = first + t, d = decided + t
                // What every decided trace adds: snap correction and cells reconfigured.
                let targetOffset = d.pointee.targetOffset
                correction += TraceOutcome.snapCorrection(targetOffset: targetOffset, naturalRest: r.pointee.natural)
                let cells: Int
                if targetOffset == r.pointee.cells.offset {
                    cells = r.pointee.cells.count
                } else if targetOffset == r.pointee.earlierCells.offset {
                    cells = r.pointee.earlierCells.count
                    swap(&r.pointee.cells, &r.pointee.earlierCells)
                } else if targetOffset == r.pointee.oldestCells.offset {
                    cells = r.pointee.oldestCells.count
                    r.pointee.oldestCells = r.pointee.earlierCells
                    r.pointee.earlierCells = r.pointee.cells
                    r.pointee.cells = (targetOffset, cells)
                } else {
                    cells = r.pointee.departure.reconfigurations(to: targetOffset)
                    r.pointee.oldestCells = r.pointee.earlierCells
                    r.pointee.earlierCells = r.pointee.cells
                    r.pointee.cells = (targetOffset, cells)
                }
                cellsReconfigured += Double(cells)
                let targetIndex = d.pointee.targetIndex
                guard r.pointee.labelled else {
                    target[t &* p] = targetIndex
                    let moved = TraceOutcome.saturatingDifference(d.pointee.targetSlot, r.pointee.startSlot)
                    if let bin = Histogram.bin(moved) { c[Counter.pagesBins + bin] &+= 1 } else {
                        scratch[Scratch.pagesBeyond + pagesBeyond] = moved
                        pagesBeyond &+= 1
                    }
                    continue
                }
                let e = TraceOutcome.itemError(target: targetIndex, intended: r.pointee.intended, in: layouts[t])
                absoluteError += Double(abs(e))
                if let bin = Histogram.bin(e) { c[Counter.errorBins + bin] &+= 1 } else {
                    scratch[Scratch.errorsBeyond + errorsBeyond] = e
                    errorsBeyond &+= 1
                }
                // Under `revealed` the hit is decided after the loop (`reached` false here).
                let exact = r.pointee.exact
                if !exact {
                    scratch[Scratch.revealed + revealed] = t
                    revealed &+= 1
                }
                let reached = exact && e == 0
                patternWord[t &* words] |= reached ? bit : 0
                tally[Tally.code(reached: reached, error: e, target: targetIndex, of: r.pointee)] &+= 1
            }
            for i in 0..<revealed {
                let t = scratch[Scratch.revealed + i]
                let d = decided + t
                guard HitCriterion.isRevealed(item: first[t].intended, atOffset: d.pointee.targetOffset, in: layouts[t])
                else { continue }
                patternWord[t &* words] |= bit
                // Its code had the hit bit clear: move the trace to the code with it set.
                let e = TraceOutcome.itemError(target: d.pointee.targetIndex, intended: first[t].intended, in: layouts[t])
                let code = Tally.code(reached: false, error: e, target: d.pointee.targetIndex, of: first[t])
                tally[code] &-= 1
                tally[code | Tally.hit] &+= 1
            }
            for code in 0..<Tally.codes where tally[code] != 0 {
                let n = tally[code]
                if code & Tally.hit != 0 { c[Counter.hits] += n }
                if code & Tally.overshoot != 0 { c[Counter.overshoots] += n }
                if code & Tally.undershoot != 0 { c[Counter.undershoots] += n }
                if code & Tally.missedChange != 0 { c[Counter.missedChanges] += n }
                if code & Tally.falseChange != 0 { c[Counter.falseChanges] += n }
            }
        }
        }
        }
        }
        }
        }
        }
        corrections[k] = correction
        absoluteErrors[k] = absoluteError
        cellSums[k] = cellsReconfigured
        for i in 0..<errorsBeyond { errorOverflow[k][batchScratch[Scratch.errorsBeyond + i], default: 0] += 1 }
        for i in 0..<pagesBeyond { pagesOverflow[k][batchScratch[Scratch.pagesBeyond + i], default: 0] += 1 }
    }

    /// The yes/no outcomes of one labelled trace under one policy as a bit set: the index of
    /// its count in the tally of ``score(_:at:count:)``.
    enum Tally {
        static let hit = 1, overshoot = 2, undershoot = 4, missedChange = 8, falseChange = 16
        static let codes = 32

        /// The code of labelled trace `trace` resting on item `target`, `error` items from the
        /// intended one (``TraceOutcome``'s rules), without branches: the signs by shifts, the
        /// change bits chosen from the trace's ``Prepared/stayCode`` and ``Prepared/leaveCode``.
        @inline(__always)
        static func code(reached: Bool, error: Int, target: Int, of trace: Prepared) -> Int {
            // |error| ≤ 2^62 and the direction is −1, 0 or 1: no overflow, and −signed fits
            let signed = error &* trace.direction
            let over = Int(truncatingIfNeeded: UInt(bitPattern: 0 &- signed) >> 63)   // 1 when signed > 0
            let under = Int(truncatingIfNeeded: UInt(bitPattern: signed) >> 63)       // 1 when signed < 0
            let change = target == trace.startIndex ? trace.stayCode : trace.leaveCode
            return (reached ? hit : 0) | over &* overshoot | under &* undershoot | change
        }
    }

    /// Regions of ``batchScratch``: values beyond the bins noted while scoring a batch (one
    /// per trace at most), traces left to score under ``HitCriterion/revealed``, the tally.
    enum Scratch {
        static let errorsBeyond = 0
        static let pagesBeyond = batchSize
        static let revealed = 2 * batchSize
        static let tally = 3 * batchSize
        static let size = tally + Tally.codes
    }
}
