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
        /// Of a labelled trace: its user and file (indices of ``userCounts`` and ``fileNames``).
        var user = 0, file = 0
        var startSlot: Int
        var startIndex: Int
        var direction: Int
        /// Where UIKit's normal deceleration would come to rest, points.
        var natural: Double
        var departure: ReusePool.Departure
        /// The last two settle offsets whose cell reconfigurations were counted, most recent
        /// first, with their counts (policies often agree, and the same settle reconfigures the
        /// same cells: a count depends on nothing else).
        var cells: (offset: Double, count: Int) = (.nan, 0)
        var earlierCells: (offset: Double, count: Int) = (.nan, 0)
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
        for t in 0..<count {
            if batch[t].labelled {
                labelled += 1
                userCounts[batch[t].user] += 1
                fileCounts[batch[t].file] += 1
            } else {
                unlabelled += 1
            }
        }
        for w in 0..<(count * words) { batchPatterns[w] = 0 }
        for k in 0..<p {
            let policy = policies[k]   // one copy of the existential per batch, opened below
            score(policy, at: k, count: count)
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
        // Hits per file, likewise.
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
    /// inlined). The loop reads the batch and writes the counters through pointers (no copies
    /// of a trace, no bounds or uniqueness checks per access), keeps the policy's counts in
    /// locals, and adds the yes/no outcomes (hit, overshoot, …) without branching on them: they
    /// vary from trace to trace, and a branch on each would be mispredicted often.
    private mutating func score<P: SnapPolicy>(_ policy: P, at k: Int, count: Int) {
        let p = policies.count, words = wordsPerTrace
        let word = k / 64, bit: UInt64 = 1 << UInt64(k % 64)
        // Sums in trace order, as one by one.
        var correction = corrections[k], absoluteError = absoluteErrors[k], cellsReconfigured = cellSums[k]
        var errorOverflow = self.errorOverflow[k], pagesOverflow = self.pagesOverflow[k]
        var hits = 0, overshoots = 0, undershoots = 0, labelledTraces = 0
        var intendedChanges = 0, missedChanges = 0, falseChanges = 0
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
        batchDecisions.withUnsafeBufferPointer { decisions in
        batchLayouts.withUnsafeBufferPointer { layouts in
        batch.withUnsafeMutableBufferPointer { traces in
        counters.withUnsafeMutableBufferPointer { counters in
        batchPatterns.withUnsafeMutableBufferPointer { patterns in
        batchTargets.withUnsafeMutableBufferPointer { targets in
            guard let first = traces.baseAddress, let decided = decisions.baseAddress, let layouts = layouts.baseAddress,
                  let c = counters.baseAddress.map({ $0 + k * Counter.stride }),
                  let patterns = patterns.baseAddress, let targets = targets.baseAddress else { return }
            for t in 0..<count {
                let r = first + t, d = decided + t
                let targetOffset = d.pointee.targetOffset, targetIndex = d.pointee.targetIndex
                correction += TraceOutcome.snapCorrection(targetOffset: targetOffset, naturalRest: r.pointee.natural)
                let cells: Int
                if targetOffset == r.pointee.cells.offset {
                    cells = r.pointee.cells.count
                } else if targetOffset == r.pointee.earlierCells.offset {
                    cells = r.pointee.earlierCells.count
                    swap(&r.pointee.cells, &r.pointee.earlierCells)
                } else {
                    cells = r.pointee.departure.reconfigurations(to: targetOffset)
                    r.pointee.earlierCells = r.pointee.cells
                    r.pointee.cells = (targetOffset, cells)
                }
                cellsReconfigured += Double(cells)
                guard r.pointee.labelled else {
                    targets[t * p + k] = targetIndex
                    let moved = TraceOutcome.saturatingDifference(d.pointee.targetSlot, r.pointee.startSlot)
                    if let bin = Histogram.bin(moved) { c[Counter.pagesBins + bin] += 1 } else {
                        pagesOverflow[moved, default: 0] += 1
                    }
                    continue
                }
                let intended = r.pointee.intended
                let e = TraceOutcome.itemError(target: targetIndex, intended: intended, in: layouts[t])
                absoluteError += Double(abs(e))
                if let bin = Histogram.bin(e) { c[Counter.errorBins + bin] += 1 } else {
                    errorOverflow[e, default: 0] += 1
                }
                let reached = r.pointee.exact ? e == 0
                    : HitCriterion.isRevealed(item: intended, atOffset: targetOffset, in: layouts[t])
                hits &+= reached ? 1 : 0
                patterns[t * words + word] |= reached ? bit : 0
                // |e| ≤ 2^62 and the direction is −1, 0 or 1: no overflow
                let signed = e &* r.pointee.direction
                overshoots &+= signed > 0 ? 1 : 0
                undershoots &+= signed < 0 ? 1 : 0
                let changes = r.pointee.changes, stayed = targetIndex == r.pointee.startIndex
                labelledTraces &+= 1
                intendedChanges &+= changes ? 1 : 0
                missedChanges &+= changes && stayed ? 1 : 0
                falseChanges &+= !changes && !stayed ? 1 : 0
            }
            c[Counter.hits] += hits
            c[Counter.overshoots] += overshoots
            c[Counter.undershoots] += undershoots
            c[Counter.intendedChanges] += intendedChanges
            c[Counter.missedChanges] += missedChanges
            c[Counter.intendedStays] += labelledTraces - intendedChanges
            c[Counter.falseChanges] += falseChanges
        }
        }
        }
        }
        }
        }
        corrections[k] = correction
        absoluteErrors[k] = absoluteError
        cellSums[k] = cellsReconfigured
        self.errorOverflow[k] = errorOverflow
        self.pagesOverflow[k] = pagesOverflow
    }
}
