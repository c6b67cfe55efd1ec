import SnapStrategies

// How ``ScoreAccumulator``'s batch scorer has a policy decide a batch: alone, or with the next
// policy when the two are of one type whose pair path decides both (a family of variants).

extension ScoreAccumulator {
    /// A pair path (``SnapPolicy/decide(_:inOneLayout:sharing:into:pairedWith:into:)``) of two
    /// policies of one type, built once: releases, layouts (all of the first one's bits),
    /// kinematics, the first and the second policy's decisions; `false` when it decided nothing.
    typealias PairDecider = @Sendable (UnsafeBufferPointer<Release>, UnsafeBufferPointer<CarouselLayout>,
                                       UnsafeMutableBufferPointer<ReleaseKinematics>,
                                       UnsafeMutableBufferPointer<SnapDecision>, UnsafeMutableBufferPointer<SnapDecision>) -> Bool

    /// For each policy `k` of `policies`, the pair path of `k` and `k + 1` when they are of one type
    /// (`icarousel` and `icarousel-paging`; only a type that implements the pair path, such as
    /// ``CSSScrollSnap``, then decides both), else `nil` (the last always). Built once, so that no
    /// batch casts a policy to its neighbour's type.
    static func pairDeciders(_ policies: [any SnapPolicy]) -> [PairDecider?] {
        policies.indices.map { k in k + 1 < policies.count ? pairDecider(policies[k], policies[k + 1]) : nil }
    }

    private static func pairDecider<P: SnapPolicy>(_ first: P, _ next: any SnapPolicy) -> PairDecider? {
        guard let second = next as? P else { return nil }
        return { first.decide($0, inOneLayout: $1, sharing: $2, into: $3, pairedWith: second, into: $4) }
    }

    /// Policy `k` (`policy`) decides `batch[0..<count]` into ``batchDecisions``. When the batch
    /// has one layout (`oneLayout`) and policy `k + 1` is of the same type, their pair path
    /// (``pairDeciders``) is tried first: when it decides, policy `k + 1`'s decisions are kept in
    /// ``pairedDecisions`` and `decidedAhead` set to `k + 1`; when policy `k` is `decidedAhead`,
    /// its decisions are already there, and the two columns are swapped instead. Each policy's
    /// decisions are those it makes alone, so the scores are the same in either order (what a
    /// policy shares with others through ``ReleaseKinematics`` is the same whoever computes it first).
    mutating func decide<P: SnapPolicy>(_ policy: P, at k: Int, count: Int, oneLayout: Bool, decidedAhead: inout Int) {
        if decidedAhead == k {
            swap(&batchDecisions, &pairedDecisions)
            decidedAhead = -1
            return
        }
        let pair = oneLayout ? pairDeciders[k] : nil
        var paired = false
        batchReleases.withUnsafeBufferPointer { releases in
        batchLayouts.withUnsafeBufferPointer { layouts in
        batchKinematics.withUnsafeMutableBufferPointer { kinematics in
        batchDecisions.withUnsafeMutableBufferPointer { decisions in
        pairedDecisions.withUnsafeMutableBufferPointer { pairedColumn in
            let releases = UnsafeBufferPointer(rebasing: releases[..<count]), into = UnsafeMutableBufferPointer(rebasing: decisions[..<count])
            if let pair { paired = pair(releases, layouts, kinematics, into, UnsafeMutableBufferPointer(rebasing: pairedColumn[..<count])) }
            guard !paired else { return }
            if oneLayout { policy.decide(releases, inOneLayout: layouts, sharing: kinematics, into: into) }
            else { policy.decide(releases, in: layouts, sharing: kinematics, into: into) }
        }
        }
        }
        }
        }
        if paired { decidedAhead = k + 1 }
    }
}
