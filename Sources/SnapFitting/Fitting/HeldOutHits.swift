import SnapStrategies
import SnapScoring
import SnapLabSupport

/// The users of a ``FitData`` as dense slots `0..<count` (in order of first appearance), with
/// each user's number of traces: what the held-out hit rates of ``Recommendation`` are summed by.
public struct UserSlots: Sendable {
    /// `slot[i]`: the slot of trace `i`'s user.
    public let slot: [Int32]
    /// `user[s]`: the user id (``FitData/Label/user``) of slot `s`.
    public let user: [Int32]
    /// `traces[s]`: the traces of slot `s`'s user.
    public let traces: [Double]
    public var count: Int { user.count }

    public init(_ data: FitData) {
        var index: [Int32: Int32] = [:]
        var slot = [Int32](repeating: 0, count: data.count)
        var user: [Int32] = [], traces: [Double] = []
        for (i, label) in data.labels.enumerated() {
            if let s = index[label.user] {
                slot[i] = s
                traces[Int(s)] += 1
            } else {
                let s = Int32(user.count)
                index[label.user] = s
                slot[i] = s
                user.append(label.user)
                traces.append(1)
            }
        }
        self.slot = slot
        self.user = user
        self.traces = traces
    }
}

extension FitData {
    /// Adds to `hits[slot of user]` one for every trace of `indices` that `policy` brings to its
    /// intended item under the trace's own hit criterion (``HitCriterion``), whatever the fit's
    /// objective: the held-out hits of a candidate, summed by user.
    func addHits(_ policy: any SnapPolicy, indices: [Int], users: UserSlots, into hits: inout [Double]) {
        addHitsOpened(policy, indices: indices, users: users, into: &hits)
    }

    private func addHitsOpened<P: SnapPolicy>(_ policy: P, indices: [Int], users: UserSlots, into hits: inout [Double]) {
        var batch = DecisionBatch(capacity: ScoreAccumulator.batchSize)
        var start = 0
        while start < indices.count {
            let end = Swift.min(indices.count, start + ScoreAccumulator.batchSize)
            batch.gather(self, indices[start..<end])
            batch.decide(policy)
            for k in 0..<(end - start) {
                let i = indices[start + k]
                if loss(labels[i], decision: batch.decisions[k], layout: batch.layouts[k], objective: .hitRate) == 0 {
                    hits[Int(users.slot[i])] += 1
                }
            }
            start = end
        }
    }
}

/// A candidate's out-of-sample hit rate: every trace scored once, by the policy fitted without
/// its user (the fold's fit; defaults need no fit), summed by user. Its interval is
/// cluster-robust over users (``ClusterRobustInterval``); with one user it is **not estimable**
/// (`nil`), never a zero-width interval.
public struct HeldOutScore: Sendable {
    /// Σ hits / Σ traces over every held-out trace.
    public var rate: Double
    /// 95% user-clustered interval; `nil` when it cannot be estimated (fewer than two users).
    public var interval: Interval?
    public var traces: Int

    /// The score of per-user `hits` over per-user `traces`.
    public init(hits: [Double], traces: [Double]) {
        let total = traces.reduce(0, +)
        rate = total > 0 ? hits.reduce(0, +) / total : .nan
        let users = traces.filter { $0 > 0 }.count
        interval = users >= 2 ? ClusterRobustInterval.interval(hits: hits, counts: traces) : nil
        self.traces = Int(total)
    }

    /// The paired difference `a − b` of two candidates' held-out hits on the same traces (per
    /// user `h_u(a) − h_u(b)`), its 95% clustered interval (`nil`: not estimable) and the clustered
    /// McNemar p-value (``ClusteredMcNemarTest``).
    public static func difference(_ a: [Double], _ b: [Double], traces: [Double])
        -> (difference: Double, interval: Interval?, p: Double) {
        let d = zip(a, b).map { $0 - $1 }
        let score = HeldOutScore(hits: d, traces: traces)
        return (score.rate, score.interval, ClusteredMcNemarTest.pValue(differences: d))
    }
}
