import SnapStrategies
import SnapTraces
import SnapScoring

/// Hit rates of policies on generated swipes, in memory (for checking that a model fitted by
/// `generate --like` ranks policies as the data it was fitted to does; `Scripts/research/check-like.sh`).
///
/// Each labelled, uncancelled swipe becomes the release the reader would make of its rows
/// (LSQ2 velocity, the last row's offset and time); a policy hits as `compare` judges it
/// (``HitCriterion/reaches(intended:targetIndex:targetOffset:in:)``): its resting item is the label
/// (`exact`), or the label is wholly in the viewport at the policy's resting offset (`revealed`).
public enum PolicyHitRates {
    /// The share of hits of each policy, in `policies` order.
    public static func rates(of swipes: [SyntheticSwipe], policies: [any SnapPolicy], layout: CarouselLayout,
                             criterion: HitCriterion) throws -> [Double] {
        try userHits(of: swipes, policies: policies, layout: layout, criterion: criterion).rates(policyCount: policies.count)
    }

    /// The hits of each policy by user (users in order of first appearance), for the bootstrap of
    /// ``RankBootstrap``.
    public static func userHits(of swipes: [SyntheticSwipe], policies: [any SnapPolicy], layout: CarouselLayout,
                                criterion: HitCriterion) throws -> RankBootstrap.UserHits {
        let model = try SwipeModel(layout: layout)
        let visibility = try SessionSimulator(model: model, livePolicy: nil)
        var scratch = SessionSimulator.Scratch()
        var tally = Tally(policies: policies.count)
        for s in swipes where s.isLabelled && !s.isCancelled {
            let release = visibility.release(of: s, scratch: &scratch)
            let intended = layout.itemIndex(ofSlot: s.startSlot + s.intent)
            tally.add(user: s.user) { i in
                let d = policies[i].decide(release, in: layout)
                return criterion.reaches(intended: intended, targetIndex: d.targetIndex, targetOffset: d.targetOffset, in: layout)
            }
        }
        return tally.userHits
    }

    /// Each policy's hits by user on the labelled traces of `paths` (read with `options`; users in
    /// order of first appearance), by the same rule; `criterion` applies to traces without a `hit`
    /// column of their own. `observe` sees every trace read (the data checks, ``DataChecks``).
    public static func userHits(ofFiles paths: [String], options: TraceReadOptions, policies: [any SnapPolicy],
                                criterion: HitCriterion, observe: (TraceRecord) -> Void = { _ in }) throws -> RankBootstrap.UserHits {
        var tally = Tally(policies: policies.count)
        var options = options
        options.hit = criterion  // the reader gives it to traces without a hit column (TraceRelease.criterion)
        _ = try TraceReader.read(paths: paths, options: options) { record in
            observe(record)
            let r = record.release
            guard let label = r.intendedIndex else { return }
            tally.add(user: r.user) { i in
                let d = policies[i].decide(r.release, in: r.layout)
                return r.criterion.reaches(intended: label, targetIndex: d.targetIndex, targetOffset: d.targetOffset, in: r.layout)
            }
        }
        return tally.userHits
    }

    /// Hits by user and policy, users in order of first appearance.
    struct Tally {
        let policies: Int
        var row: [Int: Int] = [:]
        var userHits = RankBootstrap.UserHits(hits: [], counts: [])

        init(policies: Int) { self.policies = policies }

        /// Counts one trace of `user`: `hit(i)` says whether policy `i` got it right.
        mutating func add(user: Int, hit: (Int) throws -> Bool) rethrows {
            let u: Int
            if let known = row[user] { u = known } else {
                u = userHits.counts.count
                row[user] = u
                userHits.counts.append(0)
                userHits.hits.append([Int](repeating: 0, count: policies))
            }
            userHits.counts[u] += 1
            for i in 0..<policies where try hit(i) { userHits.hits[u][i] += 1 }
        }
    }
}
