import SnapStrategies

// The yes/no outcomes of the batch scorer: the general loop's per-batch tally (``Tally``) and the
// lean loop's per-class error histograms (``OutcomeClass``), from which the counts of overshoots,
// undershoots, missed and false changes are derived when they are read (``outcomeCounters``).

extension ScoreAccumulator {
    /// The lean loop's outcome classes (``scoreDecisions(at:count:lean:)``): a labelled trace's
    /// item error `e` is counted in one histogram chosen by the trace's swipe direction and by
    /// `delta = intended − start item`, and nothing else is counted per decision. Every yes/no
    /// outcome of ``TraceOutcome`` follows from the class and `e`:
    /// - a hit (under ``HitCriterion/exact``): `e = 0`;
    /// - an overshoot: `e · direction > 0`, an undershoot: `e · direction < 0`;
    /// - a missed change: `delta ≠ 0` and the target is the start item, `e = −delta`;
    /// - a false change: `delta = 0` and `e ≠ 0`.
    ///
    /// Errors within ±``radius`` are binned (``bins`` a class); `delta` within ±``radius`` has a
    /// class of its own, beyond it the class ``far`` (its missed changes have `|e| = |delta| >
    /// radius`, never binned here). An error beyond ±``radius`` is counted as the general loop
    /// counts it (the signed-error histogram and ``Tally``), off the main path.
    ///
    /// The table (``classCounts``, ``size`` counts a policy) is kept for the whole run and merged
    /// as it is; the counters are derived when read (``outcomeCounters``), except the hits, added
    /// per batch (``leanHits``: the files' hits need them per batch).
    enum OutcomeClass {
        /// Errors and deltas binned: `−radius…radius`.
        static let radius = 7
        /// Bins a class (an error `e` at `radius + e`; one spare bin so that a class is 16 counts).
        static let bins = 16
        /// Delta classes a direction: `delta + radius` for `|delta| ≤ radius`, then ``far``.
        static let deltas = 16
        static let far = 2 * radius + 1
        /// Counts of one policy: 3 directions (−1, 0, 1) × ``deltas`` × ``bins``.
        static let size = 3 * deltas * bins

        /// Where a trace's errors are counted in a policy's table, bin `e = 0` (add `e`): from its
        /// swipe direction (−1, 0 or 1) and `delta = intended − start item` (wrapping: the lean
        /// loop's traces have `|intended| ≤ 2^62` and a start item of a bounded layout).
        @inline(__always)
        static func base(direction: Int, delta: Int) -> Int {
            let d = UInt(bitPattern: delta &+ radius) <= UInt(2 * radius) ? delta &+ radius : far
            return ((direction &+ 1) &* deltas &+ d) &* bins &+ radius
        }

        /// The counters that a table's counts add to (as in ``Counter``), the hits left out.
        static func add(table: UnsafePointer<Int>, to c: UnsafeMutablePointer<Int>) {
            for direction in -1...1 {
                for d in 0..<deltas {
                    let row = table + base(direction: direction, delta: d - radius) - radius
                    for bin in 0...(2 * radius) {
                        let n = row[bin], e = bin - radius
                        guard n != 0 else { continue }
                        c[Counter.errorBins + Histogram.radius + e] += n
                        if e * direction > 0 { c[Counter.overshoots] += n }
                        if e * direction < 0 { c[Counter.undershoots] += n }
                        guard d != far else { continue }
                        let delta = d - radius
                        if delta != 0 && e == -delta { c[Counter.missedChanges] += n }
                        if delta == 0 && e != 0 { c[Counter.falseChanges] += n }
                    }
                }
            }
        }

        /// The hits counted in a table: its counts of `e = 0`.
        @inline(__always)
        static func hits(in table: UnsafePointer<Int>) -> Int {
            var n = 0
            for c in 0..<(3 * deltas) { n &+= table[c &* bins &+ radius] }
            return n
        }
    }

    /// ``counters`` with the lean loop's outcome classes (``classCounts``) added: what the totals
    /// and the summary report.
    var outcomeCounters: [Int] {
        var out = counters
        out.withUnsafeMutableBufferPointer { c in
            classCounts.withUnsafeBufferPointer { table in
                for k in policies.indices {
                    OutcomeClass.add(table: table.baseAddress! + k * OutcomeClass.size, to: c.baseAddress! + k * Counter.stride)
                }
            }
        }
        return out
    }

    /// The absolute item errors counted in policy `k`'s outcome classes, summed: `|e|` times the
    /// count of each bin (integers: `7 ×` the decisions counted at most).
    func classAbsoluteErrors(of k: Int) -> Int {
        classCounts.withUnsafeBufferPointer { counts in
            let table = counts.baseAddress! + k * OutcomeClass.size
            var sum = 0
            for c in 0..<(3 * OutcomeClass.deltas) {
                for bin in 0..<(2 * OutcomeClass.radius + 1) {
                    sum += abs(bin - OutcomeClass.radius) * table[c * OutcomeClass.bins + bin]
                }
            }
            return sum
        }
    }

    /// Per policy, the sum of absolute item errors (``Totals/absoluteError``): ``absoluteErrors``
    /// plus the errors counted in the outcome classes and not yet added to it
    /// (``classAbsoluteErrors(of:)`` − ``classErrorsAdded``). While any are not, every partial
    /// sum in trace order is an integer below 2^53 (``absoluteErrors(at:from:binned:beyond:count:lean:)``),
    /// so this is the sum in trace order, bit for bit.
    var outcomeAbsoluteErrors: [Double] {
        policies.indices.map { k in
            let pending = classAbsoluteErrors(of: k) - classErrorsAdded[k]
            return pending == 0 ? absoluteErrors[k] : absoluteErrors[k] + Double(pending)
        }
    }

    /// `start` (``absoluteErrors```[k]`) plus the absolute item errors of policy `k` on the labelled
    /// traces of `batch[0..<count]` (the decisions in ``batchDecisions``) that are not counted in
    /// the outcome classes: `binned` (their sum, as an integer: lean, the errors beyond
    /// ±``OutcomeClass/radius``; otherwise all) when none fell beyond the histogram's bins and every
    /// partial sum stays below 2^53 even with the classes' errors (every error counted so far, in
    /// ``labelled`` decisions, is at most ``Histogram/radius``): then each addition in trace order
    /// is exact, and the classes' errors may be added at any time. Otherwise the classes' errors
    /// not yet added are added first (exact: the condition held for them), then the batch's
    /// errors one by one, in trace order, as ``TraceOutcome`` counts them.
    mutating func absoluteErrors(at k: Int, from start: Double, binned: Int, beyond: Int, count: Int, lean: Bool) -> Double {
        if beyond == 0 && start <= Self.exactSumLimit - Double(Histogram.radius) * Double(labelled) { return start + Double(binned) }
        return absoluteErrorsOneByOne(at: k, from: start, count: count, lean: lean)
    }

    @inline(never)
    private mutating func absoluteErrorsOneByOne(at k: Int, from start: Double, count: Int, lean: Bool) -> Double {
        var errors: [Int] = []
        for t in 0..<count where batch[t].labelled {
            errors.append(TraceOutcome.itemError(target: batchDecisions[t].targetIndex, intended: batch[t].intended, in: batchLayouts[t]))
        }
        // The batch's errors counted in the classes (lean: those within the classes' bins).
        let inClasses = lean ? errors.reduce(0) { abs($1) <= OutcomeClass.radius ? $0 + abs($1) : $0 } : 0
        let all = classAbsoluteErrors(of: k), pending = all - classErrorsAdded[k] - inClasses
        var sum = pending == 0 ? start : start + Double(pending)
        for e in errors { sum += Double(abs(e)) }
        classErrorsAdded[k] = all
        return sum
    }

    /// The yes/no outcomes of one labelled trace under one policy as a bit set: the index of
    /// its count in the tally of ``scoreDecisions(at:count:lean:)`` (the general loop's, and the
    /// lean loop's errors beyond ±``OutcomeClass/radius``).
    enum Tally {
        static let hit = 1, overshoot = 2, undershoot = 4, missedChange = 8, falseChange = 16
        static let codes = 32

        /// The code of labelled trace `trace` resting on item `target`, `error` items from the
        /// intended one (``TraceOutcome``'s rules: an error in the swipe's direction is an
        /// overshoot, against it an undershoot), from the trace's codes chosen without branches:
        /// ``Prepared/aboveCode`` or ``Prepared/belowCode`` by the error's sign,
        /// ``Prepared/stayCode`` or ``Prepared/leaveCode`` by whether it stays on the start item.
        @inline(__always)
        static func code(reached: Bool, error: Int, target: Int, of trace: Prepared) -> Int {
            let side = (error > 0 ? trace.aboveCode : 0) | (error < 0 ? trace.belowCode : 0)
            let change = target == trace.startIndex ? trace.stayCode : trace.leaveCode
            return (reached ? hit : 0) | side | change
        }
    }

    /// Regions of ``batchScratch``: values beyond the bins noted while scoring a batch (one
    /// per trace at most), traces left to score under ``HitCriterion/revealed``, the tally
    /// (all zero between batches: its scan clears what it reads).
    enum Scratch {
        static let errorsBeyond = 0
        static let pagesBeyond = batchSize
        static let revealed = 2 * batchSize
        static let tally = 3 * batchSize
        static let size = tally + Tally.codes
    }
}
