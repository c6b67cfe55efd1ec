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
    /// Assembled on each access from ``patternTable``.
    public var hitPatterns: [[UInt64]: Int] { patternTable.dictionary }
    /// The store of ``hitPatterns`` (``HitPatternTable``: no array hashed per trace).
    var patternTable: HitPatternTable
    public let wordsPerTrace: Int
    /// `agreements[i·P + j]`: unlabelled traces on which policies i and j chose the same item.
    public internal(set) var agreements: [Int]

    /// `counters[k·Counter.stride + c]`: counter `c` of policy `k`, then the policy's signed-error
    /// bins, then its unlabelled pages-moved bins (``Histogram``).
    var counters: [Int]
    /// `classCounts[k·OutcomeClass.size + …]`: the lean loop's item errors of policy `k` by
    /// outcome class (``OutcomeClass``; read through ``outcomeCounters``), and `leanHits[k]` the
    /// hits among them, already in ``counters``; `classErrorsAdded[k]` the absolute errors among
    /// them already added to ``absoluteErrors`` (``outcomeAbsoluteErrors``).
    var classCounts: [Int]
    var leanHits: [Int]
    var classErrorsAdded: [Int]
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
    var batch: [Prepared] = []
    var batchReleases: [Release] = []
    var batchKinematics: [ReleaseKinematics] = []
    var batchLayouts: [CarouselLayout] = []
    var batchDecisions: [SnapDecision] = []
    /// The decisions of the policy decided with the one being scored (``decide(_:at:count:oneLayout:decidedAhead:)``),
    /// as long as ``batchDecisions``; and for each policy of the next one's type, its pair path
    /// (``pairDeciders(_:)``).
    var pairedDecisions: [SnapDecision] = []
    let pairDeciders: [PairDecider?]
    /// Cell reconfigurations counted per trace of the batch (``CellEntry``).
    var batchCells: [CellEntry]
    /// The reuse pool's window ends by slot of the layout ``slotLayout`` (``SlotEdges``; one
    /// unused entry until a layout is adopted, so that the table always has an address).
    var slotEdges = [SlotEdges()]
    var slotLayout: CarouselLayout?
    /// Batches scored by the lean loop (``scoreDecisions(at:count:lean:)``), and whether it may be
    /// used (the tests compare it with the general loop on the same batches).
    var leanBatches = 0
    var allowsLean = true
    var batchPatterns: [UInt64]
    var batchTargets: [Int]
    /// Scratch of one policy's scoring of a batch (``Scratch``).
    var batchScratch: [Int]

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
        pairDeciders = Self.pairDeciders(policies)
        let p = policies.count
        wordsPerTrace = max(1, (p + 63) / 64)
        patternTable = HitPatternTable(words: wordsPerTrace)
        agreements = Array(repeating: 0, count: p * p)
        counters = Array(repeating: 0, count: p * Counter.stride)
        classCounts = Array(repeating: 0, count: p * OutcomeClass.size)
        leanHits = Array(repeating: 0, count: p)
        classErrorsAdded = Array(repeating: 0, count: p)
        corrections = Array(repeating: 0, count: p)
        absoluteErrors = Array(repeating: 0, count: p)
        cellSums = Array(repeating: 0, count: p)
        errorOverflow = Array(repeating: [:], count: p)
        pagesOverflow = Array(repeating: [:], count: p)
        userHitCounts = UserHitTable(policies: p)
        batchPatterns = Array(repeating: 0, count: Self.batchSize * wordsPerTrace)
        batchTargets = Array(repeating: 0, count: Self.batchSize * p)
        batchScratch = Array(repeating: 0, count: Scratch.size)
        batchCells = Array(repeating: CellEntry(), count: Self.batchSize * CellEntry.ways)
    }

    /// Totals per policy, in ``policies`` order.
    public var totals: [Totals] {
        let counters = outcomeCounters, absoluteErrors = outcomeAbsoluteErrors
        return policies.indices.map { k in
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
            t.signedErrors = Self.histogram(counters, start: row + Counter.errorBins, overflow: errorOverflow[k])
            t.unlabelledPagesMoved = Self.histogram(counters, start: row + Counter.pagesBins, overflow: pagesOverflow[k])
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
        userHitCounts.settle()
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
        leanBatches += other.leanBatches
        // Each part's absolute errors with its classes' added (exact), then the two added as before.
        let mine = outcomeAbsoluteErrors, theirs = other.outcomeAbsoluteErrors
        for i in counters.indices { counters[i] += other.counters[i] }
        for i in classCounts.indices { classCounts[i] += other.classCounts[i] }
        for k in 0..<p {
            leanHits[k] += other.leanHits[k]
            absoluteErrors[k] = mine[k] + theirs[k]
            classErrorsAdded[k] = classAbsoluteErrors(of: k)
        }
        for k in 0..<p {
            corrections[k] += other.corrections[k]
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
        patternTable.merge(other.patternTable)
        for i in agreements.indices { agreements[i] += other.agreements[i] }
    }

    /// Nothing added or merged yet.
    private var isEmpty: Bool {
        labelled == 0 && unlabelled == 0 && userCounts.isEmpty && fileNames.isEmpty && patternTable.count == 0
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
        func bit(_ words: UnsafePointer<UInt64>, _ k: Int) -> Bool { words[k / 64] & (1 << UInt64(k % 64)) != 0 }
        patternTable.forEach { words, count in
            let r = bit(words, reference)
            for k in 0..<p where k != reference {
                let h = bit(words, k)
                if r && !h { onlyReference[k] += count } else if h && !r { onlyPolicy[k] += count }
            }
        }
        return (onlyReference, onlyPolicy)
    }

    /// The non-empty bins starting at `counters[start]` plus `overflow`, as value → traces.
    private static func histogram(_ counters: [Int], start: Int, overflow: [Int: Int]) -> [Int: Int] {
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
