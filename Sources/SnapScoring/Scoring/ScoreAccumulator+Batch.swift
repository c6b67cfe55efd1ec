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
        /// Whether its layout loops (its item errors are reduced modulo the count).
        var looping = false
        /// Whether the intended item differs from the start item (an intended change).
        var changes: Bool
        /// The ``Tally`` bits of a decision that stays on the start item (a missed change when
        /// the trace changes) and of one that leaves it (a false change when it does not).
        var stayCode = 0, leaveCode = 0
        /// The ``Tally`` bits of an item error above 0 and of one below 0: an overshoot or an
        /// undershoot as the swipe's ``direction`` goes (neither when it is 0).
        var aboveCode = 0, belowCode = 0
        /// Where the lean loop counts its errors in a policy's outcome classes: the class's bin of
        /// an error of −radius (``OutcomeClass/base(direction:delta:)`` − radius: by direction and
        /// intended − start item); a target's bin `e + radius` is its item − `binOrigin`
        /// (intended − radius, wrapping as `e` does).
        var outcomeClass = 0, binOrigin = 0
        /// Of a labelled trace: its user and file (indices of ``userCounts`` and ``fileNames``).
        var user = 0, file = 0
        var startSlot: Int
        var startIndex: Int
        var direction: Int
        /// Where UIKit's normal deceleration would come to rest, points.
        var natural: Double
        var departure: ReusePool.Departure
        /// Entries of ``slotEdges`` this trace may use (``slotTableCount(for:at:)``): its layout's
        /// item count when the table is its layout's, else 0. Set when the batch is scored
        /// (``scoreBatch(count:)``), not when the trace is prepared.
        var tableCount = 0
        /// The lean loop's hit pattern of the trace (one word; no trace index or patterns' base in
        /// the loop): emptied, and copied to ``batchPatterns`` after the policies, by ``scoreBatch(count:)``.
        var hitWord: UInt64 = 0

        /// Whether the lean loop may score it (``scoreDecisions(at:count:lean:)``): labelled,
        /// exact, bounded, its intended item within ±2^62, its layout the slot table's.
        var isLean: Bool {
            labelled && exact && !looping && intended >= -(1 << 62) && intended <= 1 << 62 && tableCount > 0
        }
    }

    /// The cell reconfigurations counted for one trace's settles (``batchCells``, ``ways``
    /// entries a trace): a settle offset and its count, at entry `targetSlot & (ways − 1)`.
    /// Policies often agree, and the same settle reconfigures the same cells (a count depends
    /// on the offset only); the slot only picks the entry (the neighbours of the start item each
    /// get their own), the offset is the key (NaN never matches: such settles count 0 anyway).
    struct CellEntry {
        var offset: Double = .nan
        var count = 0
        static let ways = 8
    }

    /// Stores what scoring `trace` needs at `batch[slot]` (its user's and file's rows made; its
    /// counts are added when the batch is scored, ``scoreBatch(count:)``, which also empties its
    /// ``ReleaseKinematics`` and sets its slot-table count for the whole batch). Written in place,
    /// through pointers: the batch arrays hold a batch's slots from the first batch on
    /// (``addBatchSlot(for:)``), and a trace's values are not built apart and copied in.
    @inline(__always)
    mutating func prepare(_ trace: TraceRelease, into slot: Int) {
        if slot >= batch.count { addBatchSlot(for: trace) }
        var user = 0, file = 0
        if trace.intendedIndex != nil {
            user = trace.user
            if userCounts.count <= user { addUsers(upTo: user) }
            file = fileIndex(trace.location.file)
        }
        batch.withUnsafeMutableBufferPointer { prepared in
        batchReleases.withUnsafeMutableBufferPointer { releases in
        batchLayouts.withUnsafeMutableBufferPointer { layouts in
            let layout = layouts.baseAddress! + slot, release = releases.baseAddress! + slot
            layout.pointee = trace.layout
            release.pointee = trace.release
            let startSlot = release.pointee.startSlot(in: layout.pointee)
            // Resolved once for every policy: `nil` means the slot nearest the start offset, which
            // each policy would otherwise look for again (Release.startIndex).
            if release.pointee.startIndex == nil { release.pointee.startIndex = startSlot }
            let startIndex = layout.pointee.itemIndex(ofSlot: startSlot)
            let changes = trace.intendedIndex.map { $0 != startIndex } ?? false
            let direction = TraceOutcome.swipeDirection(of: release.pointee)
            let p = prepared.baseAddress! + slot
            p.pointee.labelled = trace.intendedIndex != nil
            p.pointee.intended = trace.intendedIndex ?? 0
            p.pointee.exact = trace.criterion == .exact
            p.pointee.looping = layout.pointee.isLooping
            p.pointee.changes = changes
            p.pointee.stayCode = changes ? Tally.missedChange : 0
            p.pointee.leaveCode = changes ? 0 : Tally.falseChange
            p.pointee.aboveCode = direction > 0 ? Tally.overshoot : direction < 0 ? Tally.undershoot : 0
            p.pointee.belowCode = direction > 0 ? Tally.undershoot : direction < 0 ? Tally.overshoot : 0
            p.pointee.outcomeClass = OutcomeClass.base(direction: direction, delta: p.pointee.intended &- startIndex) &- OutcomeClass.radius
            p.pointee.binOrigin = p.pointee.intended &- OutcomeClass.radius
            p.pointee.user = user
            p.pointee.file = file
            p.pointee.startSlot = startSlot
            p.pointee.startIndex = startIndex
            p.pointee.direction = direction
            p.pointee.natural = UIKitDeceleration.normal.restingOffset(of: release.pointee, in: layout.pointee)
            p.pointee.departure = ReusePool(layout: layout.pointee).departure(from: release.pointee.offset)
        }
        }
        }
    }

    /// ``prepare(_:into:)`` of `record.release`, read where it is in the record. The reader's
    /// consumer (``ComparisonRun``'s closure) passing `record.release` itself would copy the
    /// 280-byte release to a temporary first (one `memcpy` a trace); the record is passed by
    /// address, and the release's fields are read from it here.
    @inline(never)
    mutating func prepare(_ record: TraceRecord, into slot: Int) {
        prepare(record.release, into: slot)
    }

    /// Adds a slot to each batch array (the first batch only), its values `trace`'s until
    /// ``prepare(_:into:)`` writes them.
    @inline(never)
    mutating func addBatchSlot(for trace: TraceRelease) {
        let layout = trace.layout, release = trace.release
        batch.append(Prepared(labelled: false, intended: 0, exact: true, changes: false, startSlot: 0, startIndex: 0,
                              direction: 0, natural: 0, departure: ReusePool(layout: layout).departure(from: release.offset)))
        batchReleases.append(release)
        batchKinematics.append(ReleaseKinematics())
        batchLayouts.append(layout)
        batchDecisions.append(SnapDecision(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: ""))
        pairedDecisions.append(SnapDecision(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: ""))
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
        // Every trace in the first one's layout, bit for bit: decided in it (``SnapPolicy/decide(_:inOneLayout:sharing:into:)``),
        // and its slot-table count the first one's.
        let oneLayout = batchLayouts.withUnsafeBufferPointer { l in (0..<count).allSatisfy { l[$0].hasSameBits(as: l[0]) } }
        // The first trace's slot-table count (the table may adopt its layout), then the table.
        let firstTableCount = slotTableCount(for: batchLayouts[0], at: 0), table = slotLayout
        // Whether the batch is scored by the lean loop (``scoreDecisions(at:count:lean:)``).
        var lean = allowsLean && words == 1, unlabelledHere = 0
        // One pass through pointers (one uniqueness check per array and batch, none per trace):
        // each trace's slot-table count (the first one's when `oneLayout`: `==` of layouts is a
        // function of their bits; else ``slotTableCount(of:table:)`` of its own layout), its
        // ``ReleaseKinematics`` emptied before the first policy decides, and its counts.
        batch.withUnsafeMutableBufferPointer { traces in
        batchLayouts.withUnsafeBufferPointer { layouts in
        batchKinematics.withUnsafeMutableBufferPointer { kinematics in
        userCounts.withUnsafeMutableBufferPointer { userCounts in
        fileCounts.withUnsafeMutableBufferPointer { fileCounts in
            for t in 0..<count {
                kinematics[t] = ReleaseKinematics()
                traces[t].hitWord = 0
                traces[t].tableCount = oneLayout || t == 0 ? firstTableCount : Self.slotTableCount(of: layouts[t], table: table)
                lean = lean && traces[t].isLean
                if traces[t].labelled {
                    labelledHere += 1
                    changesHere += traces[t].changes ? 1 : 0
                    userCounts[traces[t].user] += 1
                    fileCounts[traces[t].file] += 1
                    if file != traces[t].file { oneFile = file < 0; file = traces[t].file }
                } else {
                    unlabelledHere += 1
                }
            }
        }
        }
        }
        }
        }
        unlabelled += unlabelledHere
        labelled += labelledHere
        leanBatches += lean ? 1 : 0
        for w in 0..<(count * words) { batchPatterns[w] = 0 }
        // No cell count known yet for the batch's traces (a NaN offset matches no settle); the
        // lean loop counts by ``slotEdges`` instead.
        if !lean {
            batchCells.withUnsafeMutableBufferPointer { cells in
                for i in 0..<(count * CellEntry.ways) { cells[i].offset = .nan }
            }
        }
        var decidedAhead = -1   // the policy whose decisions ``pairedDecisions`` holds
        for k in 0..<p {
            let policy = policies[k]   // one copy of the existential per batch, opened below
            let hits = counters[k * Counter.stride + Counter.hits]
            score(policy, at: k, count: count, lean: lean, oneLayout: oneLayout, decidedAhead: &decidedAhead)
            // Intended changes and stays are the trace's, the same for every policy.
            counters[k * Counter.stride + Counter.intendedChanges] += changesHere
            counters[k * Counter.stride + Counter.intendedStays] += labelledHere - changesHere
            // The batch's labelled traces of one file: its hits by this policy at once (whole
            // numbers: the same sum as one by one).
            if oneFile && file >= 0 {
                fileHitCounts[file * p + k] += Double(counters[k * Counter.stride + Counter.hits] - hits)
            }
        }
        // A lean batch's hit patterns, from its traces (``Prepared/hitWord``: one word a trace).
        if lean {
            batch.withUnsafeBufferPointer { traces in
                batchPatterns.withUnsafeMutableBufferPointer { for t in 0..<count { $0[t] = traces[t].hitWord } }
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
            // The trace's hit pattern, and its user's hits from it (``UserHitTable/add(hits:words:user:)``).
            batchPatterns.withUnsafeBufferPointer { patterns in
                patternTable.add(patterns.baseAddress! + t * words, traces: 1)
                userHitCounts.add(hits: patterns.baseAddress! + t * words, words: words, user: batch[t].user)
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

    /// Policy `k` (`policy`) decides `batch[0..<count]` (``decide(_:at:count:oneLayout:decidedAhead:)``);
    /// adds its outcomes to the policy's counters, sets its bit in each labelled trace's hit
    /// pattern and records its targets of unlabelled traces. Generic, so the existential is opened
    /// once; the decisions are scored by ``scoreDecisions(at:count:lean:)``, in its lean form when
    /// every trace of the batch allows it (`lean`, ``Prepared/isLean``). `oneLayout`: every trace of
    /// the batch has the first one's layout, bit for bit.
    private mutating func score<P: SnapPolicy>(_ policy: P, at k: Int, count: Int, lean: Bool, oneLayout: Bool,
                                               decidedAhead: inout Int) {
        decide(policy, at: k, count: count, oneLayout: oneLayout, decidedAhead: &decidedAhead)
        if lean { scoreLean(at: k, count: count) } else { scoreGeneral(at: k, count: count) }
    }

    /// ``scoreDecisions(at:count:lean:)`` of a batch of labelled traces, all scored under
    /// ``HitCriterion/exact``, none looping, every intended item within ±2^62.
    @inline(never)
    mutating func scoreLean(at k: Int, count: Int) { scoreDecisions(at: k, count: count, lean: true) }

    /// ``scoreDecisions(at:count:lean:)`` of any batch.
    @inline(never)
    mutating func scoreGeneral(at k: Int, count: Int) { scoreDecisions(at: k, count: count, lean: false) }

    /// Scores the decisions of policy `k` in ``batchDecisions`` for `batch[0..<count]`. One
    /// scoring loop over the batch (one pass for all of a trace's outcomes) reads the batch and
    /// writes the counters through pointers (no copies of a trace, no bounds or uniqueness checks
    /// per access) and calls nothing: what is rare (a value beyond the histograms' bins, a trace
    /// scored under ``HitCriterion/revealed``) is noted in ``batchScratch`` and finished after it,
    /// so that the loop keeps its sums in registers. The yes/no outcomes of a labelled trace (hit,
    /// overshoot, undershoot, missed and false change) are added as one code into ``Tally`` (32
    /// counts: one increment per trace instead of five sums); the policy's counters are derived
    /// from it after the loop.
    ///
    /// `lean` (a constant in each caller, so that each gets its own loop): the batch is all
    /// labelled, exact and bounded, intended items within ±2^62, layouts the slot table's
    /// (``Prepared/isLean``), and the policies fit one word of hit pattern, so the loop tests
    /// none of these per trace; the item error is a plain subtraction (saturated only when beyond
    /// the bins: it cannot wrap into them); an error within ±``OutcomeClass/radius`` is counted in
    /// the trace's outcome class and nothing else (no tally code: the yes/no outcomes are derived
    /// from the classes when read, ``outcomeCounters``; the hits, errors of 0 under `exact`, from
    /// the classes after the loop; their absolute errors when read, ``outcomeAbsoluteErrors``);
    /// and the cells reconfigured are counted from the window ends kept by slot (``slotEdges``)
    /// instead of the per-trace ``batchCells``, and summed as an integer. The same outcomes, the
    /// same sums: in the same order, or of integers whose every partial sum is exact.
    @inline(__always)
    private mutating func scoreDecisions(at k: Int, count: Int, lean: Bool) {
        let p = policies.count, words = wordsPerTrace
        let word = k / 64, bit: UInt64 = 1 << UInt64(k % 64)
        // The pool of the slot table's layout (the traces that use the table have this layout).
        let slotPool = ReusePool(layout: slotLayout ?? batchLayouts[0])
        // Sums in trace order, as one by one. The snap corrections are summed without testing each
        // for a finite value: all of them are finite exactly when the sum is (they are ≥ 0 or NaN);
        // otherwise the batch's corrections are summed again, as ``TraceOutcome`` counts them.
        var correction = corrections[k], absoluteError = absoluteErrors[k], cellsReconfigured = cellSums[k]
        var errorsBeyond = 0, pagesBeyond = 0, revealed = 0, binnedErrors = 0
        // Lean: the cells summed as an integer (``cellSums(from:adding:count:)``).
        var cellCount = 0
        // Decisions added to the tally; lean: the hits counted in the policy's outcome classes.
        var tallied = 0, classHits = 0
        batchDecisions.withUnsafeBufferPointer { decisions in
        batchLayouts.withUnsafeBufferPointer { layouts in
        batch.withUnsafeMutableBufferPointer { traces in
        batchCells.withUnsafeMutableBufferPointer { cellEntries in
        slotEdges.withUnsafeMutableBufferPointer { slotEdges in
        counters.withUnsafeMutableBufferPointer { counters in
        batchPatterns.withUnsafeMutableBufferPointer { patterns in
        batchTargets.withUnsafeMutableBufferPointer { targets in
        batchScratch.withUnsafeMutableBufferPointer { scratch in
        classCounts.withUnsafeMutableBufferPointer { classTable in
            guard let first = traces.baseAddress, let decided = decisions.baseAddress, let layouts = layouts.baseAddress,
                  let c = counters.baseAddress.map({ $0 + k * Counter.stride }),
                  let patterns = patterns.baseAddress, let targets = targets.baseAddress,
                  let scratch = scratch.baseAddress, let cellEntries = cellEntries.baseAddress,
                  let slotTable = slotEdges.baseAddress, let classTable = classTable.baseAddress else { return }
            let tally = scratch + Scratch.tally
            // this policy's word of each trace's hit pattern, and its column of the targets
            let patternWord = patterns + word, target = targets + k
            // Lean: this policy's outcome classes (its hit patterns are the traces', ``Prepared/hitWord``).
            let classes = classTable + k &* OutcomeClass.size
            for t in 0..<count {
                let r = first + t, d = decided + t
                // What every decided trace adds: snap correction and cells reconfigured.
                let targetOffset = d.pointee.targetOffset
                correction += abs(targetOffset - r.pointee.natural)
                let cells: Int
                if lean {
                    let slot = d.pointee.targetSlot
                    if UInt(bitPattern: slot) < UInt(bitPattern: r.pointee.tableCount) {
                        let entry = slotTable + slot
                        if entry.pointee.offset.bitPattern != targetOffset.bitPattern {
                            entry.pointee = SlotEdges(offset: targetOffset, edges: slotPool.edges(atOffset: targetOffset))
                        }
                        cells = r.pointee.departure.reconfigurations(to: targetOffset, arriving: entry.pointee.edges)
                    } else {
                        cells = r.pointee.departure.reconfigurations(to: targetOffset)
                    }
                } else {
                    let entry = cellEntries + (t &* CellEntry.ways &+ (d.pointee.targetSlot & (CellEntry.ways &- 1)))
                    if targetOffset == entry.pointee.offset {
                        cells = entry.pointee.count
                    } else {
                        cells = r.pointee.departure.reconfigurations(to: targetOffset)
                        entry.pointee = CellEntry(offset: targetOffset, count: cells)
                    }
                }
                if lean { cellCount &+= cells } else { cellsReconfigured += Double(cells) }
                let targetIndex = d.pointee.targetIndex
                guard lean || r.pointee.labelled else {
                    target[t &* p] = targetIndex
                    let moved = TraceOutcome.saturatingDifference(d.pointee.targetSlot, r.pointee.startSlot)
                    if let bin = Histogram.bin(moved) { c[Counter.pagesBins + bin] &+= 1 } else {
                        scratch[Scratch.pagesBeyond + pagesBeyond] = moved
                        pagesBeyond &+= 1
                    }
                    continue
                }
                // Lean: |intended| ≤ 2^62, so a wrapped difference within the bins is the true one;
                // an error within ±radius is counted in its bin of the trace's outcome class, nothing
                // else (``OutcomeClass``): the bin `e + radius` is one subtraction (``Prepared/binOrigin``).
                let bin = targetIndex &- r.pointee.binOrigin
                if lean && UInt(bitPattern: bin) <= UInt(2 * OutcomeClass.radius) {
                    classes[r.pointee.outcomeClass &+ bin] &+= 1
                    r.pointee.hitWord |= bin == OutcomeClass.radius ? bit : 0
                    continue
                }
                var e = lean ? targetIndex &- r.pointee.intended
                    : r.pointee.looping
                    ? TraceOutcome.itemError(target: targetIndex, intended: r.pointee.intended, in: layouts[t])
                    : TraceOutcome.saturatingDifference(targetIndex, r.pointee.intended)
                // |e| within the bins is summed as an integer (``absoluteErrors(at:from:binned:beyond:count:lean:)``).
                if let bin = Histogram.bin(e) {
                    c[Counter.errorBins + bin] &+= 1
                    binnedErrors &+= e < 0 ? 0 &- e : e
                } else {
                    if lean { e = Self.outOfLineDifference(targetIndex, r.pointee.intended) }
                    scratch[Scratch.errorsBeyond + errorsBeyond] = e
                    errorsBeyond &+= 1
                }
                // Lean: an error beyond the classes' bins (never 0) goes to the tally as below.
                tallied &+= 1
                // Under `revealed` the hit is decided after the loop (`reached` false here).
                let exact = lean || r.pointee.exact
                if !exact {
                    scratch[Scratch.revealed + revealed] = t
                    revealed &+= 1
                }
                let reached = exact && e == 0
                if lean { r.pointee.hitWord |= reached ? bit : 0 } else { patternWord[t &* words] |= reached ? bit : 0 }
                tally[Tally.code(reached: reached, error: e, target: targetIndex, of: r.pointee)] &+= 1
            }
            if lean { classHits = OutcomeClass.hits(in: classes) }
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
            // The tally is zero before each policy's batch: its scan clears it.
            for code in 0..<(tallied > 0 ? Tally.codes : 0) where tally[code] != 0 {
                let n = tally[code]
                tally[code] = 0
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
        }
        }
        }
        if lean {
            counters[k * Counter.stride + Counter.hits] += classHits - leanHits[k]
            leanHits[k] = classHits
        }
        if !correction.isFinite { correction = snapCorrections(from: corrections[k], of: count) }
        absoluteError = absoluteErrors(at: k, from: absoluteError, binned: binnedErrors, beyond: errorsBeyond, count: count, lean: lean)
        if lean { cellsReconfigured = cellSums(from: cellsReconfigured, adding: cellCount, count: count) }
        corrections[k] = correction
        absoluteErrors[k] = absoluteError
        cellSums[k] = cellsReconfigured
        for i in 0..<errorsBeyond { errorOverflow[k][batchScratch[Scratch.errorsBeyond + i], default: 0] += 1 }
        for i in 0..<pagesBeyond { pagesOverflow[k][batchScratch[Scratch.pagesBeyond + i], default: 0] += 1 }
    }

    /// ``TraceOutcome/saturatingDifference(_:_:)`` called, not inlined: the lean loop's error
    /// beyond the classes, so that the loop does not keep the overflow flag of its plain difference.
    @inline(never)
    static func outOfLineDifference(_ a: Int, _ b: Int) -> Int { TraceOutcome.saturatingDifference(a, b) }

    /// 2^53: integers up to it are exact in a `Double`.
    static let exactSumLimit = 9_007_199_254_740_992.0

    /// `start` plus the snap corrections of the decisions in ``batchDecisions`` for
    /// `batch[0..<count]`, in trace order, each as ``TraceOutcome/snapCorrection(targetOffset:naturalRest:)``
    /// counts it (0 when not finite): the batch scorer's sum when some correction is not finite.
    @inline(never)
    private func snapCorrections(from start: Double, of count: Int) -> Double {
        var sum = start
        for t in 0..<count {
            sum += TraceOutcome.snapCorrection(targetOffset: batchDecisions[t].targetOffset, naturalRest: batch[t].natural)
        }
        return sum
    }
}
