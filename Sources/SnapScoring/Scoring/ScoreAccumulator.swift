import SnapStrategies
import SnapTraces

/// Streaming per-policy totals over traces: memory grows with users, files and policies, and with
/// the number of distinct hit patterns (for the paired McNemar test), never with traces or samples.
///
/// Accumulate with ``add(_:)``; combine the accumulators of parallel chunks with
/// ``merge(_:userRemap:)``; turn into a ``Comparison`` with ``Comparison/init(_:userNames:bootstrap:)``.
///
/// Every trace is decided by every policy, so ``add(_:)`` is the evaluator's inner loop. It keeps
/// its state in flat arrays (one row of counters per policy, histograms as arrays of bins around
/// 0 with a dictionary only for rare values beyond them, per-user and per-file hits as one array
/// each) and computes what depends only on the trace (start item, swipe direction, natural
/// resting offset, the reuse pool's window at the release) once per trace, as the policies do what
/// they compute alike (``ReleaseKinematics``: the Android spline's distance). The outcome of one
/// policy is exactly ``TraceOutcome``'s; the public views (``totals``, ``userHits``,
/// ``fileHits``) are assembled on demand.
public struct ScoreAccumulator: Sendable {
    /// Totals of one policy.
    public struct Totals: Sendable {
        /// Labelled traces whose intended item was reached under their hit criterion.
        public var hits = 0
        /// Sum of |target − intended|, items. A `Double` (exact below 2^53): labels are only
        /// checked to be whole numbers below 10^15, so with hostile labels the sum of a large
        /// file would not fit an `Int`.
        public var absoluteError = 0.0
        public var overshoots = 0
        public var undershoots = 0
        public var intendedChanges = 0
        public var missedChanges = 0
        public var intendedStays = 0
        public var falseChanges = 0
        /// Sum over every decided trace (labelled or not), points.
        public var snapCorrection = 0.0
        /// Sum over every decided trace (labelled or not). A `Double` (exact below 2^53) for the
        /// same reason as ``absoluteError``: one settle in a looping carousel may pass 2^52 cells.
        public var cellsReconfigured = 0.0
        /// Signed error (target − intended, items) → traces.
        public var signedErrors: [Int: Int] = [:]
        /// Pages moved → traces, over unlabelled traces.
        public var unlabelledPagesMoved: [Int: Int] = [:]
    }

    public let policies: [any SnapPolicy]
    /// Labelled traces scored.
    public internal(set) var labelled = 0
    /// Unlabelled traces (decided, not scored).
    public internal(set) var unlabelled = 0
    /// `userCounts[u]`: scored traces of user `u` (indices of the reader's user table).
    public internal(set) var userCounts: [Double] = []
    /// Per file (in order of first appearance): names and scored traces.
    public internal(set) var fileNames: [String] = []
    public internal(set) var fileCounts: [Double] = []
    /// Which policies hit a labelled trace, as a bit set (bit p at word `p/64`), and how many
    /// labelled traces had that set: all the paired McNemar tests need, in memory that grows with
    /// the number of distinct patterns (a few thousand at most in practice), not with traces.
    public internal(set) var hitPatterns: [[UInt64]: Int] = [:]
    public let wordsPerTrace: Int
    /// The pattern of the trace being added (reused, so a known pattern allocates nothing).
    private var pattern: [UInt64]
    /// `agreements[i·P + j]`: unlabelled traces on which policies i and j chose the same item.
    public internal(set) var agreements: [Int]

    /// `counters[k·Counter.stride + c]`: counter `c` of policy `k`, then the policy's signed-error
    /// bins, then its unlabelled pages-moved bins (``Histogram``).
    var counters: [Int]
    /// Snap correction sums per policy, points.
    var corrections: [Double]
    /// Per policy: sums of absolute item errors and of cells reconfigured (``Totals``).
    var absoluteErrors: [Double]
    var cellSums: [Double]
    /// Values beyond the bins: `errorOverflow[k]` and `pagesOverflow[k]` (value → traces).
    var errorOverflow: [[Int: Int]]
    var pagesOverflow: [[Int: Int]]
    /// `userHitCounts[u·P + k]` (one byte a count while they fit: with a million users and the
    /// whole catalogue this table is the accumulator's largest; ``UserHitTable``),
    /// `fileHitCounts[f·P + k]`.
    var userHitCounts: UserHitTable
    var fileHitCounts: [Double] = []
    /// Scratch of the batch being scored (``add(contentsOf:)``): per trace what scoring needs,
    /// its release and its layout (each in its own array, as ``SnapPolicy/decide(_:in:into:)``
    /// takes them), the decisions of the policy being scored, the hit patterns (`wordsPerTrace`
    /// words per trace) and the unlabelled traces' targets (`batchTargets[t·P + k]`); what the
    /// policies share of each release (``ReleaseKinematics``, emptied per trace).
    private var batch: [Prepared] = []
    private var batchReleases: [Release] = []
    private var batchKinematics: [ReleaseKinematics] = []
    private var batchLayouts: [CarouselLayout] = []
    private var batchDecisions: [SnapDecision] = []
    private var batchPatterns: [UInt64]
    private var batchTargets: [Int]

    /// Offsets of the per-policy counters in a row of ``counters``.
    enum Counter {
        static let hits = 0, overshoots = 1, undershoots = 2
        static let intendedChanges = 3, missedChanges = 4, intendedStays = 5, falseChanges = 6
        static let errorBins = 7
        static let pagesBins = errorBins + Histogram.binCount
        static let stride = pagesBins + Histogram.binCount
    }

    /// Histogram bins for values `−radius…radius` (bin `value + radius`); others overflow.
    enum Histogram {
        static let radius = 64
        static let binCount = 2 * radius + 1
        /// The bin of `value`, or `nil` when it is out of range.
        @inline(__always)
        static func bin(_ value: Int) -> Int? {
            value >= -radius && value <= radius ? value + radius : nil
        }
    }

    public init(policies: [any SnapPolicy]) {
        self.policies = policies
        let p = policies.count
        wordsPerTrace = max(1, (p + 63) / 64)
        pattern = Array(repeating: 0, count: wordsPerTrace)
        agreements = Array(repeating: 0, count: p * p)
        counters = Array(repeating: 0, count: p * Counter.stride)
        corrections = Array(repeating: 0, count: p)
        absoluteErrors = Array(repeating: 0, count: p)
        cellSums = Array(repeating: 0, count: p)
        errorOverflow = Array(repeating: [:], count: p)
        pagesOverflow = Array(repeating: [:], count: p)
        userHitCounts = UserHitTable(policies: p)
        batchPatterns = Array(repeating: 0, count: Self.batchSize * wordsPerTrace)
        batchTargets = Array(repeating: 0, count: Self.batchSize * p)
    }

    /// Totals per policy, in ``policies`` order.
    public var totals: [Totals] {
        policies.indices.map { k in
            let row = k * Counter.stride
            var t = Totals()
            t.hits = counters[row + Counter.hits]
            t.absoluteError = absoluteErrors[k]
            t.overshoots = counters[row + Counter.overshoots]
            t.undershoots = counters[row + Counter.undershoots]
            t.intendedChanges = counters[row + Counter.intendedChanges]
            t.missedChanges = counters[row + Counter.missedChanges]
            t.intendedStays = counters[row + Counter.intendedStays]
            t.falseChanges = counters[row + Counter.falseChanges]
            t.cellsReconfigured = cellSums[k]
            t.snapCorrection = corrections[k]
            t.signedErrors = histogram(row + Counter.errorBins, overflow: errorOverflow[k])
            t.unlabelledPagesMoved = histogram(row + Counter.pagesBins, overflow: pagesOverflow[k])
            return t
        }
    }

    /// `userHitsFlat[u·P + p]`: hits of policy `p` on user `u`'s traces, one flat array (for
    /// many users: no array per user).
    public var userHitsFlat: [UInt32] { userHitCounts.values }

    /// `userHits[u][p]` for the user bootstrap (indices of the reader's user table).
    public var userHits: [[Double]] { rows(of: userHitCounts.values.map { Double($0) }, count: userCounts.count) }

    /// `fileHits[f][p]`: hits per policy of file `f` (``fileNames`` order).
    public var fileHits: [[Double]] { rows(of: fileHitCounts, count: fileNames.count) }

    /// Decides `trace` with every policy and adds the outcomes.
    public mutating func add(_ trace: TraceRelease) {
        add(contentsOf: CollectionOfOne(trace))
    }

    /// Decides every trace of `traces` with every policy and adds the outcomes, in order: the
    /// same totals as adding them one by one with ``add(_:)``, only faster for many traces.
    ///
    /// The traces are taken in batches of ``batchSize``. Per batch, what depends only on the
    /// trace (start item, direction, natural resting offset, the reuse pool's window) is
    /// computed once; then each policy decides the whole batch in one run
    /// (``score(_:at:count:)``, generic over the policy's concrete type). Deciding trace by
    /// trace through `[any SnapPolicy]` instead copies the existential for every call: an atomic
    /// retain and release of the policy's box per decision, on boxes that every thread shares.
    public mutating func add(contentsOf traces: some Collection<TraceRelease>) {
        var pending = 0
        for trace in traces {
            prepare(trace, into: pending)
            pending += 1
            if pending == Self.batchSize {
                scoreBatch(count: pending)
                pending = 0
            }
        }
        if pending > 0 { scoreBatch(count: pending) }
    }

    /// Traces decided together by ``add(contentsOf:)``: large enough that a policy's existential
    /// is opened once for many decisions, small enough that the batch's scratch stays in cache.
    public static let batchSize = 256

    /// What scoring one trace needs besides its release, layout and decisions, computed once
    /// per trace.
    private struct Prepared {
        /// The intended item, or `nil` for an unlabelled trace.
        var intended: Int?
        /// What counts as reaching it (the trace's `hit`, else exact).
        var hit: HitCriterion = .exact
        /// Of a labelled trace: its user and file (indices of ``userCounts`` and ``fileNames``).
        var user = 0, file = 0
        var startSlot: Int
        var startIndex: Int
        var direction: Int
        /// Where UIKit's normal deceleration would come to rest, points.
        var natural: Double
        var departure: ReusePool.Departure
        /// The last settle offset whose cell reconfigurations were counted, and that count
        /// (policies often agree, and the same settle reconfigures the same cells).
        var cells: (offset: Double, count: Int) = (.nan, 0)
    }

    /// Records `trace`'s per-trace counts and stores what its scoring needs at `batch[slot]`.
    private mutating func prepare(_ trace: TraceRelease, into slot: Int) {
        let layout = trace.layout
        var release = trace.release
        let startSlot = release.startSlot(in: layout)
        // Resolved once for every policy: `nil` means the slot nearest the start offset, which
        // each policy would otherwise look for again (Release.startIndex).
        if release.startIndex == nil { release.startIndex = startSlot }
        var prepared = Prepared(
            intended: trace.intendedIndex, startSlot: startSlot,
            startIndex: layout.itemIndex(ofSlot: startSlot), direction: TraceOutcome.swipeDirection(of: release),
            natural: UIKitDeceleration.normal.restingOffset(of: release, in: layout),
            departure: ReusePool(layout: layout).departure(from: release.offset))
        prepared.hit = trace.criterion
        if trace.intendedIndex == nil {
            unlabelled += 1
        } else {
            labelled += 1
            let user = trace.user
            if userCounts.count <= user { addUsers(upTo: user) }
            userCounts[user] += 1
            prepared.user = user
            prepared.file = fileIndex(trace.location.file)
            fileCounts[prepared.file] += 1
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
    /// that need all policies' decisions (hit patterns, per-user and per-file hits, agreements).
    private mutating func scoreBatch(count: Int) {
        let p = policies.count
        for w in 0..<(count * wordsPerTrace) { batchPatterns[w] = 0 }
        for k in 0..<p {
            let policy = policies[k]   // one copy of the existential per batch, opened below
            score(policy, at: k, count: count)
        }
        for t in 0..<count {
            let trace = batch[t]
            guard trace.intended != nil else {
                let row = t * p
                for i in 0..<p {
                    for j in (i + 1)..<max(i + 1, p) where batchTargets[row + i] == batchTargets[row + j] {
                        agreements[i * p + j] += 1
                        agreements[j * p + i] += 1
                    }
                }
                continue
            }
            for w in 0..<wordsPerTrace { pattern[w] = batchPatterns[t * wordsPerTrace + w] }
            hitPatterns[pattern, default: 0] += 1
            // Hits per user and per file, from the trace's hit bits.
            let userRow = trace.user * p, fileRow = trace.file * p
            for w in 0..<wordsPerTrace {
                var bits = pattern[w]
                while bits != 0 {
                    let k = w * 64 + bits.trailingZeroBitCount
                    userHitCounts.increment(userRow + k)
                    fileHitCounts[fileRow + k] += 1
                    bits &= bits - 1
                }
            }
        }
    }

    /// Policy `k` (`policy`) decides `batch[0..<count]`; adds its outcomes to the policy's
    /// counters, sets its bit in each labelled trace's hit pattern and records its targets of
    /// unlabelled traces. Generic, so the existential is opened once, and the policy decides the
    /// whole batch in its own loop (``SnapPolicy/decide(_:in:into:)``, the policy's `decide`
    /// inlined). The loop reads the batch and writes the counters through pointers (no copies
    /// of a trace, no bounds or uniqueness checks per access).
    private mutating func score<P: SnapPolicy>(_ policy: P, at k: Int, count: Int) {
        let p = policies.count, words = wordsPerTrace
        let word = k / 64, bit: UInt64 = 1 << UInt64(k % 64)
        // Sums in trace order, as one by one.
        var correction = corrections[k], absoluteError = absoluteErrors[k], cellsReconfigured = cellSums[k]
        var errorOverflow = self.errorOverflow[k], pagesOverflow = self.pagesOverflow[k]
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
                correction += TraceOutcome.snapCorrection(targetOffset: d.pointee.targetOffset, naturalRest: r.pointee.natural)
                if d.pointee.targetOffset != r.pointee.cells.offset {
                    r.pointee.cells = (d.pointee.targetOffset, r.pointee.departure.reconfigurations(to: d.pointee.targetOffset))
                }
                cellsReconfigured += Double(r.pointee.cells.count)
                guard let intended = r.pointee.intended else {
                    targets[t * p + k] = d.pointee.targetIndex
                    let moved = TraceOutcome.saturatingDifference(d.pointee.targetSlot, r.pointee.startSlot)
                    if let bin = Histogram.bin(moved) { c[Counter.pagesBins + bin] += 1 } else {
                        pagesOverflow[moved, default: 0] += 1
                    }
                    continue
                }
                let e = TraceOutcome.itemError(target: d.pointee.targetIndex, intended: intended, in: layouts[t])
                absoluteError += Double(abs(e))
                if let bin = Histogram.bin(e) { c[Counter.errorBins + bin] += 1 } else {
                    errorOverflow[e, default: 0] += 1
                }
                let direction = r.pointee.direction
                let reached = r.pointee.hit == .exact ? e == 0
                    : HitCriterion.isRevealed(item: intended, atOffset: d.pointee.targetOffset, in: layouts[t])
                if reached {
                    c[Counter.hits] += 1
                    patterns[t * words + word] |= bit
                }
                if e * direction > 0 {
                    c[Counter.overshoots] += 1
                } else if e * direction < 0 {
                    c[Counter.undershoots] += 1
                }
                let startIndex = r.pointee.startIndex
                if intended != startIndex {
                    c[Counter.intendedChanges] += 1
                    if d.pointee.targetIndex == startIndex { c[Counter.missedChanges] += 1 }
                } else {
                    c[Counter.intendedStays] += 1
                    if d.pointee.targetIndex != startIndex { c[Counter.falseChanges] += 1 }
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
        self.errorOverflow[k] = errorOverflow
        self.pagesOverflow[k] = pagesOverflow
    }

    mutating func fileIndex(_ name: String) -> Int {
        if let last = fileNames.last, last == name { return fileNames.count - 1 }
        if let i = fileNames.firstIndex(of: name) { return i }
        fileNames.append(name)
        fileHitCounts.append(contentsOf: repeatElement(0, count: policies.count))
        fileCounts.append(0)
        return fileNames.count - 1
    }

    /// Adds `other` (a later chunk over the same policies). `userRemap[u]` is the index in this
    /// accumulator's user table of `other`'s user `u`.
    ///
    /// Into an accumulator that has added nothing yet, with `userRemap` the identity (a file's first
    /// part), `other` is taken whole: the same totals as adding it to zeros (the sums only add
    /// non-negative values, so `0 + x` is `x` bit for bit; the user table may keep trailing users
    /// without scored traces, which every reader of it skips), without copying the user table.
    public mutating func merge(_ other: ScoreAccumulator, userRemap: [Int]) {
        let p = policies.count
        if isEmpty && Self.isIdentity(userRemap, users: other.userCounts.count) {
            self = other
            return
        }
        labelled += other.labelled
        unlabelled += other.unlabelled
        for i in counters.indices { counters[i] += other.counters[i] }
        for k in 0..<p {
            corrections[k] += other.corrections[k]
            absoluteErrors[k] += other.absoluteErrors[k]
            cellSums[k] += other.cellSums[k]
            errorOverflow[k].merge(other.errorOverflow[k], uniquingKeysWith: +)
            pagesOverflow[k].merge(other.pagesOverflow[k], uniquingKeysWith: +)
        }
        // The user table grows once, to exactly the users it needs (growing it user by user would
        // double its capacity: with a million users, hundreds of megabytes never used).
        var needed = userCounts.count
        for (u, count) in other.userCounts.enumerated() where count > 0 {
            needed = Swift.max(needed, (u < userRemap.count ? userRemap[u] : u) + 1)
        }
        if needed > userCounts.count {
            userCounts.reserveCapacity(needed)
            userHitCounts.reserveUsers(needed)
            userCounts.append(contentsOf: repeatElement(0, count: needed - userCounts.count))
            userHitCounts.addUsers(upTo: needed)
        }
        for (u, count) in other.userCounts.enumerated() where count > 0 {
            let target = u < userRemap.count ? userRemap[u] : u
            userCounts[target] += count
            for k in 0..<p { userHitCounts.add(other.userHitCounts[u * p + k], at: target * p + k) }
        }
        for (f, name) in other.fileNames.enumerated() {
            let i = fileIndex(name)
            fileCounts[i] += other.fileCounts[f]
            for k in 0..<p { fileHitCounts[i * p + k] += other.fileHitCounts[f * p + k] }
        }
        hitPatterns.merge(other.hitPatterns, uniquingKeysWith: +)
        for i in agreements.indices { agreements[i] += other.agreements[i] }
    }

    /// Nothing added or merged yet.
    private var isEmpty: Bool {
        labelled == 0 && unlabelled == 0 && userCounts.isEmpty && fileNames.isEmpty && hitPatterns.isEmpty
    }

    /// Whether `remap` maps each of `users` users to itself (users beyond it map to themselves).
    private static func isIdentity(_ remap: [Int], users: Int) -> Bool {
        remap.withUnsafeBufferPointer { r in
            for u in 0..<Swift.min(users, r.count) where r[u] != u { return false }
            return true
        }
    }

    /// Discordant labelled traces between each policy and `reference`: `onlyReference[k]` traces
    /// that only the reference hits, `onlyPolicy[k]` that only policy `k` hits (McNemar's b and c).
    public func discordance(against reference: Int) -> (onlyReference: [Int], onlyPolicy: [Int]) {
        let p = policies.count
        var onlyReference = Array(repeating: 0, count: p)
        var onlyPolicy = Array(repeating: 0, count: p)
        func bit(_ words: [UInt64], _ k: Int) -> Bool { words[k / 64] & (1 << UInt64(k % 64)) != 0 }
        for (words, count) in hitPatterns {
            let r = bit(words, reference)
            for k in 0..<p where k != reference {
                let h = bit(words, k)
                if r && !h { onlyReference[k] += count } else if h && !r { onlyPolicy[k] += count }
            }
        }
        return (onlyReference, onlyPolicy)
    }

    /// The non-empty bins starting at `counters[start]` plus `overflow`, as value → traces.
    private func histogram(_ start: Int, overflow: [Int: Int]) -> [Int: Int] {
        var out = overflow
        for b in 0..<Histogram.binCount where counters[start + b] > 0 {
            out[b - Histogram.radius, default: 0] += counters[start + b]
        }
        return out
    }

    /// A flat `[row·P + k]` array as `count` rows of P.
    private func rows(of flat: [Double], count: Int) -> [[Double]] {
        let p = policies.count
        return (0..<count).map { Array(flat[$0 * p..<($0 + 1) * p]) }
    }
}
