@testable import SnapStrategies
import Testing
import SnapLabTestSupport

/// Test support: seeded batches of one layout each through a policy's
/// ``SnapPolicy/decide(_:inOneLayout:sharing:into:)``, every decision compared by bits with the
/// release decided alone (``SnapPolicy/decide(_:in:)``): the one-layout loops of the
/// layout-hoisting policies and of the policies that implement their own.
enum OneLayoutBatchCheck {
    /// Slot, item, offset bits and rule: equal decisions to the last bit (`==` takes −0 for +0).
    static func same(_ a: SnapDecision, _ b: SnapDecision) -> Bool {
        a.targetSlot == b.targetSlot && a.targetIndex == b.targetIndex
            && a.targetOffset.bitPattern == b.targetOffset.bitPattern && a.rule == b.rule
    }

    /// A seeded release of `layout` (``randomRelease(_:in:)``), sometimes without a start index,
    /// with a known finger travel, or with an offset or velocity that is not finite or huge.
    static func release(in layout: CarouselLayout, _ rng: inout SplitMix64) -> Release {
        var r = randomRelease(&rng, in: layout)
        if rng.chance(0.2) { r.fingerTravel = rng.double(in: -400...400) }
        if rng.chance(0.2) { r.startIndex = nil }
        if rng.chance(0.06) { r.offset = rng.pick([.nan, .infinity, -.infinity, 1e300, -1e300, -0.0]) }
        if rng.chance(0.06) { r.velocity = rng.pick([.nan, .infinity, -.infinity, -0.0, 1e300, -1e300]) }
        if rng.chance(0.1) { r.velocity = rng.double(in: -9...9) }   // beyond the tables' 8 pt/ms too
        return r
    }

    /// `batches` seeded batches (every fourth layout looping, 1–`maxReleases` releases each, made
    /// by `release`), each policy of `policies` in turn writing over the previous one's decisions
    /// (some with rules built at run time): returns the decisions that differ from
    /// `decide(_:in:)` of the release alone, as text (empty when every one is the same bit for
    /// bit), and the number compared.
    static func mismatches(_ policies: [any SnapPolicy], seed: UInt64, batches: Int = 120, maxReleases: Int = 150,
                           release: (CarouselLayout, inout SplitMix64) -> Release = OneLayoutBatchCheck.release(in:_:))
        throws -> (failures: [String], compared: Int) {
        var rng = SplitMix64(seed: seed)
        var failures: [String] = []
        var compared = 0
        for batch in 0..<batches {
            let layout = try randomLayout(&rng, looping: batch % 4 == 3)
            let releases = (0..<rng.int(in: 1...maxReleases)).map { _ in release(layout, &rng) }
            var kinematics = [ReleaseKinematics](repeating: ReleaseKinematics(), count: releases.count)
            var previous = releases.indices.map { i in
                SnapDecision(targetSlot: -i, targetIndex: -1, targetOffset: .nan, rule: "left-over \(i)")
            }
            for policy in policies {
                let out = BatchDecisions.decide(releases, in: [CarouselLayout](repeating: layout, count: releases.count),
                                                sharing: &kinematics, over: previous) {
                    policy.decide($0, inOneLayout: $1, sharing: $2, into: $3)
                }
                for i in releases.indices {
                    let alone = policy.decide(releases[i], in: layout)
                    compared += 1
                    if !same(out[i], alone), failures.count < 20 {
                        failures.append("\(policy.id): \(out[i]) vs \(alone), release \(releases[i]) in \(layout)")
                    }
                }
                previous = out
            }
        }
        return (failures, compared)
    }
}

extension OneLayoutBatchCheck {
    /// As ``mismatches(_:seed:batches:maxReleases:release:)`` for pairs of one type decided together
    /// (``SnapPolicy/decide(_:inOneLayout:sharing:into:pairedWith:into:)``; when it decides nothing,
    /// each policy's own one-layout batch, as an evaluator does): each pair of `pairs` in turn writes
    /// its two columns over the previous pair's, and both columns are compared by bits with each
    /// policy's `decide(_:in:)` of the release alone. `layout` makes each batch's layout (by default
    /// ``randomLayout(_:looping:)``, every fourth looping), `release` its releases. Returns the
    /// decisions that differ, as text, the number compared, how many compared releases the two
    /// policies of a pair decide differently (the pairs tell their variants apart), and the batches
    /// the pair path decided and the ones it left.
    static func pairMismatches<P: SnapPolicy>(
        _ pairs: [(P, P)], seed: UInt64, batches: Int = 120, maxReleases: Int = 150,
        layout makeLayout: (inout SplitMix64, Int) throws -> CarouselLayout = { try randomLayout(&$0, looping: $1 % 4 == 3) },
        release: (CarouselLayout, inout SplitMix64) -> Release = OneLayoutBatchCheck.release(in:_:)
    ) throws -> (failures: [String], compared: Int, differing: Int, paired: Int, unpaired: Int) {
        var rng = SplitMix64(seed: seed)
        var failures: [String] = []
        var compared = 0, differing = 0, paired = 0, unpaired = 0
        for batch in 0..<batches {
            let layout = try makeLayout(&rng, batch)
            let releases = (0..<rng.int(in: 1...maxReleases)).map { _ in release(layout, &rng) }
            let layouts = [CarouselLayout](repeating: layout, count: releases.count)
            var kinematics = [ReleaseKinematics](repeating: ReleaseKinematics(), count: releases.count)
            var first = releases.indices.map { i in
                SnapDecision(targetSlot: -i, targetIndex: -1, targetOffset: .nan, rule: "left-over \(i)")
            }
            var second = first
            for (a, b) in pairs {
                var column = second, decided = false
                first = BatchDecisions.decide(releases, in: layouts, sharing: &kinematics, over: first) { r, l, k, out in
                    decided = column.withUnsafeMutableBufferPointer {
                        a.decide(r, inOneLayout: l, sharing: k, into: out, pairedWith: b, into: $0)
                    }
                    if !decided { a.decide(r, inOneLayout: l, sharing: k, into: out) }
                }
                if decided {
                    second = column
                    paired += 1
                } else {
                    second = BatchDecisions.decide(releases, in: layouts, sharing: &kinematics, over: second) {
                        b.decide($0, inOneLayout: $1, sharing: $2, into: $3)
                    }
                    unpaired += 1
                }
                for i in releases.indices {
                    let alone = (a.decide(releases[i], in: layout), b.decide(releases[i], in: layout))
                    compared += 2
                    differing += same(alone.0, alone.1) ? 0 : 1
                    for (policy, out, expected) in [(a.id, first[i], alone.0), (b.id, second[i], alone.1)]
                    where !same(out, expected) && failures.count < 20 {
                        failures.append("\(policy) paired: \(out) vs \(expected), release \(releases[i]) in \(layout)")
                    }
                }
            }
        }
        return (failures, compared, differing, paired, unpaired)
    }
}
