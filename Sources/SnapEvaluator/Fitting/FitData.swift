import Dispatch
import SnapStrategies

/// The labelled traces of a data set, reduced once to what scoring needs, so that a fit can
/// score thousands of parameter vectors without touching strings or allocating.
///
/// Per trace: the release, the layout, the intended item, the start item (the item at
/// ``Release/startSlot(in:)``), the drag direction (sign of `offset − startOffset`, else of the
/// velocity, as ``TraceOutcome``) and the user. Unlabelled traces are dropped.
///
/// Scores are over an index list (a fold, or a bootstrap resample with repeated indices):
/// ``score(_:objective:indices:)``. Large lists are split into chunks scored in parallel
/// (`DispatchQueue.concurrentPerform`, policies are `Sendable` values and the data is read-only).
public struct FitData: Sendable {
    /// One labelled trace, reduced.
    public struct Case: Sendable {
        public var release: Release
        public var layout: CarouselLayout
        public var intended: Int
        public var startIndex: Int
        public var direction: Int
        public var user: Int
        /// What counts as reaching `intended` (the trace's `hit`, else exact).
        public var hit: HitCriterion = .exact
    }

    /// The reduced labelled traces.
    public let cases: [Case]
    /// Traces dropped because they had no intended item.
    public let unlabelled: Int

    /// Traces scored per chunk when scoring in parallel; below twice this, scoring is serial.
    public static let parallelChunk = 8192

    public init(_ traces: [TraceRelease]) {
        var cases: [Case] = []
        cases.reserveCapacity(traces.count)
        var unlabelled = 0
        for t in traces {
            guard let intended = t.intendedIndex else {
                unlabelled += 1
                continue
            }
            let layout = t.layout
            let release = t.release
            let startSlot = release.startSlot(in: layout)
            cases.append(Case(release: release, layout: layout, intended: intended,
                              startIndex: layout.itemIndex(ofSlot: startSlot),
                              direction: TraceOutcome.swipeDirection(of: release), user: t.user, hit: t.hit ?? .exact))
        }
        self.cases = cases
        self.unlabelled = unlabelled
    }

    /// Number of labelled traces.
    public var count: Int { cases.count }

    /// Every index, `0..<count`.
    public var allIndices: [Int] { Array(cases.indices) }

    /// The loss of one case under `objective`: 1 − hit for hit rate, the weighted cost otherwise.
    @inlinable
    static func caseScore<P: SnapPolicy>(_ policy: P, _ c: Case, _ objective: FitObjective) -> Double {
        let d = policy.decide(c.release, in: c.layout)
        let e = TraceOutcome.itemError(target: d.targetIndex, intended: c.intended, in: c.layout)
        let reached = c.hit.reaches(intended: c.intended, targetIndex: d.targetIndex, targetOffset: d.targetOffset, in: c.layout)
        switch objective {
        case .hitRate:
            return reached ? 1 : 0
        case let .cost(over, under, falseChange):
            if reached { return 0 }
            let signed = e * c.direction
            var cost = signed > 0 ? over : under
            if c.intended == c.startIndex && d.targetIndex != c.startIndex { cost += falseChange }
            return cost
        }
    }

    /// The score of `policy` over `indices`: hit rate (share of hits) or mean cost. NaN when
    /// `indices` is empty.
    public func score(_ policy: any SnapPolicy, objective: FitObjective, indices: [Int]) -> Double {
        scoreOpened(policy, objective: objective, indices: indices)
    }

    private func scoreOpened<P: SnapPolicy>(_ policy: P, objective: FitObjective, indices: [Int]) -> Double {
        let n = indices.count
        guard n > 0 else { return .nan }
        let chunk = Self.parallelChunk
        if n < 2 * chunk {
            return sum(policy, objective, indices, 0..<n) / Double(n)
        }
        let chunks = (n + chunk - 1) / chunk
        var partial = [Double](repeating: 0, count: chunks)
        partial.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            let slots = ChunkSlots(base: base)
            DispatchQueue.concurrentPerform(iterations: chunks) { k in
                let lower = k * chunk
                slots.base[k] = sum(policy, objective, indices, lower..<Swift.min(n, lower + chunk))
            }
        }
        return partial.reduce(0, +) / Double(n)
    }

    private func sum<P: SnapPolicy>(_ policy: P, _ objective: FitObjective, _ indices: [Int], _ range: Range<Int>) -> Double {
        var total = 0.0
        cases.withUnsafeBufferPointer { cs in
            indices.withUnsafeBufferPointer { ix in
                for k in range {
                    let i = ix[k]
                    if i >= 0 && i < cs.count { total += Self.caseScore(policy, cs[i], objective) }
                }
            }
        }
        return total
    }

    /// The distinct users of `indices` with their trace counts, in order of first appearance.
    public func userCounts(_ indices: [Int]) -> [(user: Int, traces: Int)] {
        var order: [Int] = []
        var counts: [Int: Int] = [:]
        for i in indices where i >= 0 && i < cases.count {
            let u = cases[i].user
            if counts[u] == nil { order.append(u) }
            counts[u, default: 0] += 1
        }
        return order.map { ($0, counts[$0] ?? 0) }
    }
}

/// The per-chunk result slots of a parallel score: iteration `k` writes only `base[k]`, and the
/// buffer outlives `concurrentPerform` (which returns after every iteration has finished), so
/// sharing the pointer across the iterations is race-free.
private struct ChunkSlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<Double>
}
