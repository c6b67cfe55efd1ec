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
