import SnapStrategies

/// Streaming per-policy totals over traces: memory grows with users, files and policies, plus one
/// bit per policy per labelled trace (for the paired McNemar test), never with samples.
///
/// Accumulate with ``add(_:)``; combine the accumulators of parallel chunks with
/// ``merge(_:userRemap:)``; turn into a ``Comparison`` with ``Comparison/init(_:userNames:bootstrap:)``.
public struct ScoreAccumulator: Sendable {
    /// Totals of one policy.
    public struct Totals: Sendable {
        public var hits = 0
        public var absoluteError = 0
        public var overshoots = 0
        public var undershoots = 0
        public var intendedChanges = 0
        public var missedChanges = 0
        public var intendedStays = 0
        public var falseChanges = 0
        /// Sum over every decided trace (labelled or not), points.
        public var snapCorrection = 0.0
        /// Sum over every decided trace (labelled or not).
        public var cellsReconfigured = 0
        /// Signed error (target − intended, items) → traces.
        public var signedErrors: [Int: Int] = [:]
        /// Pages moved → traces, over unlabelled traces.
        public var unlabelledPagesMoved: [Int: Int] = [:]
    }

    public let policies: [any SnapPolicy]
    /// Labelled traces scored.
    public private(set) var labelled = 0
    /// Unlabelled traces (decided, not scored).
    public private(set) var unlabelled = 0
    public private(set) var totals: [Totals]
    /// `userHits[u][p]` and `userCounts[u]` for the user bootstrap (indices of the reader's user table).
    public private(set) var userHits: [[Double]] = []
    public private(set) var userCounts: [Double] = []
    /// Per file (in order of first appearance): hits per policy and scored traces.
    public private(set) var fileNames: [String] = []
    public private(set) var fileHits: [[Double]] = []
    public private(set) var fileCounts: [Double] = []
    /// One bit per policy per labelled trace: bit p of trace t is at word `t·wordsPerTrace + p/64`.
    public private(set) var hitBits: [UInt64] = []
    public let wordsPerTrace: Int
    /// `agreements[i·P + j]`: unlabelled traces on which policies i and j chose the same item.
    public private(set) var agreements: [Int]

    private var decisions: [SnapDecision]

    public init(policies: [any SnapPolicy]) {
        self.policies = policies
        totals = Array(repeating: Totals(), count: policies.count)
        wordsPerTrace = max(1, (policies.count + 63) / 64)
        agreements = Array(repeating: 0, count: policies.count * policies.count)
        decisions = []
        decisions.reserveCapacity(policies.count)
    }

    /// Decides `trace` with every policy and adds the outcomes.
    public mutating func add(_ trace: TraceRelease) {
        let layout = trace.layout
        let release = trace.release
        let natural = UIKitDeceleration.normal.restingOffset(of: release, in: layout)
        let startSlot = release.startSlot(in: layout)
        let labelledTrace = trace.intendedIndex != nil
        let p = policies.count
        if labelledTrace {
            labelled += 1
            while userCounts.count <= trace.user {
                userCounts.append(0)
                userHits.append(Array(repeating: 0, count: p))
            }
            userCounts[trace.user] += 1
            let file = fileIndex(trace.location.file)
            fileCounts[file] += 1
            hitBits.append(contentsOf: repeatElement(0, count: wordsPerTrace))
            let base = hitBits.count - wordsPerTrace
            for k in 0..<p {
                let d = policies[k].decide(release, in: layout)
                let o = TraceOutcome(decision: d, trace: trace, naturalRest: natural, startSlot: startSlot)
                let e = o.error ?? 0
                totals[k].absoluteError += abs(e)
                totals[k].signedErrors[e, default: 0] += 1
                if e == 0 {
                    totals[k].hits += 1
                    userHits[trace.user][k] += 1
                    fileHits[file][k] += 1
                    hitBits[base + k / 64] |= 1 << UInt64(k % 64)
                }
                if o.isOvershoot { totals[k].overshoots += 1 }
                if o.isUndershoot { totals[k].undershoots += 1 }
                if o.intendedIndex != o.startIndex {
                    totals[k].intendedChanges += 1
                    if o.isMissedChange { totals[k].missedChanges += 1 }
                } else {
                    totals[k].intendedStays += 1
                    if o.isFalseChange { totals[k].falseChanges += 1 }
                }
                totals[k].snapCorrection += o.snapCorrection
                totals[k].cellsReconfigured += o.cellsReconfigured
            }
        } else {
            unlabelled += 1
            decisions.removeAll(keepingCapacity: true)
            for k in 0..<p {
                let d = policies[k].decide(release, in: layout)
                decisions.append(d)
                totals[k].unlabelledPagesMoved[d.targetSlot - startSlot, default: 0] += 1
                let o = TraceOutcome(decision: d, trace: trace, naturalRest: natural, startSlot: startSlot)
                totals[k].snapCorrection += o.snapCorrection
                totals[k].cellsReconfigured += o.cellsReconfigured
            }
            for i in 0..<p {
                for j in (i + 1)..<max(i + 1, p) where decisions[i].targetIndex == decisions[j].targetIndex {
                    agreements[i * p + j] += 1
                    agreements[j * p + i] += 1
                }
            }
        }
    }

    private mutating func fileIndex(_ name: String) -> Int {
        if let last = fileNames.last, last == name { return fileNames.count - 1 }
        if let i = fileNames.firstIndex(of: name) { return i }
        fileNames.append(name)
        fileHits.append(Array(repeating: 0, count: policies.count))
        fileCounts.append(0)
        return fileNames.count - 1
    }

    /// Adds `other` (a later chunk over the same policies). `userRemap[u]` is the index in this
    /// accumulator's user table of `other`'s user `u`.
    public mutating func merge(_ other: ScoreAccumulator, userRemap: [Int]) {
        labelled += other.labelled
        unlabelled += other.unlabelled
        for k in totals.indices {
            let o = other.totals[k]
            totals[k].hits += o.hits
            totals[k].absoluteError += o.absoluteError
            totals[k].overshoots += o.overshoots
            totals[k].undershoots += o.undershoots
            totals[k].intendedChanges += o.intendedChanges
            totals[k].missedChanges += o.missedChanges
            totals[k].intendedStays += o.intendedStays
            totals[k].falseChanges += o.falseChanges
            totals[k].snapCorrection += o.snapCorrection
            totals[k].cellsReconfigured += o.cellsReconfigured
            totals[k].signedErrors.merge(o.signedErrors, uniquingKeysWith: +)
            totals[k].unlabelledPagesMoved.merge(o.unlabelledPagesMoved, uniquingKeysWith: +)
        }
        for (u, count) in other.userCounts.enumerated() where count > 0 {
            let target = u < userRemap.count ? userRemap[u] : u
            while userCounts.count <= target {
                userCounts.append(0)
                userHits.append(Array(repeating: 0, count: policies.count))
            }
            userCounts[target] += count
            for k in 0..<policies.count { userHits[target][k] += other.userHits[u][k] }
        }
        for (f, name) in other.fileNames.enumerated() {
            let i = fileIndex(name)
            fileCounts[i] += other.fileCounts[f]
            for k in 0..<policies.count { fileHits[i][k] += other.fileHits[f][k] }
        }
        hitBits.append(contentsOf: other.hitBits)
        for i in agreements.indices { agreements[i] += other.agreements[i] }
    }

    /// Whether policy `k` hit labelled trace `t`.
    @inlinable
    public func hit(trace t: Int, policy k: Int) -> Bool {
        hitBits[t * wordsPerTrace + k / 64] & (1 << UInt64(k % 64)) != 0
    }
}
