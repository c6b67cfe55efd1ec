import SnapLabTestSupport
import Testing
@testable import SnapStrategies

/// Releases over the velocities that take every path of the spline (zero, NaN, infinite, past
/// the 8 pt/ms clamp, tiny) at offsets inside, between and beyond the items, with and without a
/// finger travel, in a bounded, an inset and a looping layout.
private let layouts = [
    try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40),
    try! CarouselLayout(itemWidth: 300, viewportWidth: 1080, itemCount: 12, alignment: .center),
    try! CarouselLayout(itemWidth: 120, spacing: 8, viewportWidth: 390, itemCount: 7, isLooping: true),
]
private let velocities: [Double] = [0, -0.0, 1e-9, 0.05, -0.3, 0.4, 1.37, -2.5, 7.999, 8, 12, -30, .infinity,
                                    -.infinity, .nan, 1e300]
private let offsets: [Double] = [-400, 0, 85, 170.5, 1234.25, 6500, 9e4]

private func releases() -> [Release] {
    var out: [Release] = []
    for v in velocities {
        for x in offsets {
            out.append(Release(offset: x, velocity: v, startOffset: x - 37, startTime: 0, time: 140))
            out.append(Release(offset: x, velocity: v, startOffset: x + 90, startTime: 0, time: 60, fingerTravel: -99))
        }
    }
    return out
}

/// Every policy's decisions, each batch deciding through the kinematics the policies before it
/// filled (as the evaluator calls them), and each alone.
private func decisions(of policies: [any SnapPolicy], in layout: CarouselLayout) -> (shared: [[SnapDecision]], alone: [[SnapDecision]]) {
    let rs = releases()
    let ls = [CarouselLayout](repeating: layout, count: rs.count)
    var kinematics = [ReleaseKinematics](repeating: ReleaseKinematics(), count: rs.count)
    var shared: [[SnapDecision]] = [], alone: [[SnapDecision]] = []
    for policy in policies {
        shared.append(BatchDecisions.decide(policy, rs, in: ls, sharing: &kinematics))
        alone.append(rs.map { policy.decide($0, in: layout) })
    }
    return (shared, alone)
}

@Suite("Release kinematics shared by policies")
struct ReleaseKinematicsTests {
    @Test("the shared distance is the standard spline's of the clamped velocity, computed once")
    func memo() {
        let spline = AndroidSplineDeceleration.standard
        for v in velocities {
            var k = ReleaseKinematics()
            let release = Release(offset: 0, velocity: v)
            let d = k.standardAndroidCoast(of: release)
            let expected = spline.coastDistance(velocity: spline.clampedFlingVelocity(v))
            #expect(d.bitPattern == expected.bitPattern, "v = \(v)")
            // Kept: a later call for the same release reads it (another velocity would not be seen).
            #expect(k.standardAndroidCoast(of: Release(offset: 0, velocity: 3)).bitPattern == expected.bitPattern)
        }
    }

    @Test("the shared Chromium first delta is the fling curve's for its interval, kept per interval")
    func chromiumMemo() {
        for v in velocities {
            var k = ReleaseKinematics()
            let release = Release(offset: 0, velocity: v)
            for interval in [CSSScrollSnap.desktopFrameInterval, 16, CSSScrollSnap.desktopFrameInterval] {
                let expected = ChromiumFlingEstimate(distanceScalar: 25, frameInterval: interval).firstInertialDelta(velocity: v)
                #expect(k.chromiumFirstInertialDelta(of: release, frameInterval: interval).bitPattern == expected.bitPattern,
                        "v = \(v), interval \(interval)")
            }
            // Kept: a later call at the same interval reads it (another velocity would not be seen).
            let kept = k.chromiumFirstInertialDelta(of: Release(offset: 0, velocity: 3), frameInterval: CSSScrollSnap.desktopFrameInterval)
            let expected = ChromiumFlingEstimate(distanceScalar: 25, frameInterval: CSSScrollSnap.desktopFrameInterval)
                .firstInertialDelta(velocity: v)
            #expect(kept.bitPattern == expected.bitPattern, "v = \(v)")
        }
    }

    @Test("CSS policies at other intervals and scalars share only what is theirs", arguments: layouts.indices)
    func cssVariants(layout: Int) {
        let policies: [any SnapPolicy] = [
            CSSScrollSnap(strictness: .mandatory),   // fills the kinematics at the default interval
            CSSScrollSnap(strictness: .proximity, distanceScalar: 40),
            CSSScrollSnap(strictness: .proximity, frameInterval: 16, scrollEndSnap: 1),
            CSSScrollSnap(strictness: .mandatory, minFlingVelocity: 0.5, stopAlways: 1),
            CSSScrollSnap(strictness: .proximity, frameInterval: -0.0),
            CSSScrollSnap(strictness: .mandatory, frameInterval: 0),
            CSSScrollSnap(strictness: .proximity, decayPrediction: 1),   // the decay path decides each alone
            CSSScrollSnap(strictness: .mandatory, decayPrediction: 1, decayFirstUpdate: 12),
        ]
        let (shared, alone) = decisions(of: policies, in: layouts[layout])
        for k in policies.indices { #expect(shared[k] == alone[k], "policy \(k)") }
    }

    @Test("every catalogue policy decides alike with and without the shared kinematics", arguments: layouts.indices)
    func catalogue(layout: Int) {
        let (shared, alone) = decisions(of: PolicyCatalog.all, in: layouts[layout])
        for (k, policy) in PolicyCatalog.all.enumerated() {
            #expect(shared[k] == alone[k], "\(policy.id)")
        }
    }

    @Test("a policy off the platform's spline computes its own decay", arguments: layouts.indices)
    func ownSpline(layout: Int) {
        let policies: [any SnapPolicy] = [
            ComposeLazyRowSnap(),   // fills the kinematics at the platform's spline
            ComposeLazyRowSnap(spline: AndroidSplineDeceleration(friction: 0.03)),
            ComposePagerSnap(spline: AndroidSplineDeceleration(density: 2.625)),
            ComposePagerSnap(maxPages: 3),
            LearnedThresholdSnap(weights: [0.5, 1, 0, 2, 0, 10, 0.1, 0.01], cutpoints: [-7, 0.5, 6]),
        ]
        let (shared, alone) = decisions(of: policies, in: layouts[layout])
        for k in policies.indices { #expect(shared[k] == alone[k], "policy \(k)") }
        // The decays differ: the friction doubles no decision only if the releases did not move.
        #expect(alone[0] != alone[1])
    }
}

/// The CSS policies' closest-snap search kept with a release
/// (``ReleaseKinematics/closestSnap(to:from:direction:truncating:in:search:)``).
@Suite("CSS closest-snap search shared by the CSS policies")
struct ReleaseKinematicsClosestSnapTests {
    /// Slot, item, offset bits and rule: equal decisions to the last bit (`==` takes −0 for +0).
    private func same(_ a: SnapDecision, _ b: SnapDecision) -> Bool {
        a.targetSlot == b.targetSlot && a.targetIndex == b.targetIndex
            && a.targetOffset.bitPattern == b.targetOffset.bitPattern && a.rule == b.rule
    }

    @Test("kept only for the same inputs, bit for bit; anything else searches again")
    func keyed() throws {
        let a = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
        let b = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 39)
        let c = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 12, viewportWidth: 375, itemCount: 40)
        let d = try CarouselLayout(itemWidth: 160, spacing: 12, leadingInset: 10, viewportWidth: 375, itemCount: 40)
        var k = ReleaseKinematics()
        var searches = 0
        func ask(_ base: Double, _ current: Double, _ direction: Int, _ truncating: Bool, _ layout: CarouselLayout,
                 answer: Int) -> Int? {
            k.closestSnap(to: base, from: current, direction: direction, truncating: truncating, in: layout) {
                searches += 1
                return (answer, Double(answer))
            }?.index
        }
        #expect(ask(500, 300, 1, false, a, answer: 3) == 3 && searches == 1)
        #expect(ask(500, 300, 1, false, a, answer: 9) == 3 && searches == 1)     // kept
        let variants: [(Double, Double, Int, Bool, CarouselLayout)] = [
            (500.0000000000001, 300, 1, false, a), (500, 300.00000000000006, 1, false, a), (500, 300, -1, false, a),
            (500, 300, 0, false, a), (500, 300, 1, true, a), (500, 300, 1, false, b), (500, 300, 1, false, c),
            (500, 300, 1, false, d), (-0.0, 300, 1, false, a), (0.0, 300, 1, false, a),
        ]
        for (i, v) in variants.enumerated() {
            #expect(ask(v.0, v.1, v.2, v.3, v.4, answer: 10 + i) == 10 + i, "variant \(i)")
            #expect(searches == 2 + i, "variant \(i)")
        }
        // No valid item is kept too.
        var none = ReleaseKinematics(), noneSearches = 0
        for _ in 0..<2 {
            let found = none.closestSnap(to: 1, from: 2, direction: 1, truncating: false, in: a) {
                noneSearches += 1
                return nil
            }
            #expect(found == nil)
        }
        #expect(noneSearches == 1)
    }

    /// Seeded releases and layouts (inset, centred, trailing, wide items that cover the snapport,
    /// one item, an empty range of content); the CSS policies decide each batch through the
    /// kinematics the earlier ones filled, and each release alone: the same decisions to the last bit,
    /// also when the kinematics were filled in another layout.
    @Test("dense grid: every CSS variant decides alike shared and alone", arguments: [1, 2, 3] as [UInt64])
    func denseGrid(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let policies: [CSSScrollSnap] = [
            CSSScrollSnap(strictness: .mandatory), CSSScrollSnap(strictness: .proximity),
            CSSScrollSnap(strictness: .proximity, scrollEndSnap: 1), CSSScrollSnap(strictness: .mandatory, stopAlways: 1),
            CSSScrollSnap(strictness: .proximity, distanceScalar: 40), CSSScrollSnap(strictness: .mandatory, minFlingVelocity: 0.4),
            CSSScrollSnap(strictness: .proximity, proximityRatio: 2),
        ]
        for _ in 0..<60 {
            let width = rng.double(in: 20...400)
            func layout() throws -> CarouselLayout {
                try CarouselLayout(itemWidth: width, spacing: rng.double(in: 0...40), leadingInset: rng.double(in: 0...60),
                                   viewportWidth: width * rng.double(in: 0.5...5), itemCount: rng.int(in: 1...60),
                                   alignment: rng.pick([SnapAlignment.leading, .center, .trailing]))
            }
            let first = try layout(), second = rng.chance(0.3) ? try layout() : first
            var releases: [Release] = []
            for _ in 0..<200 {
                let slot = Double(rng.int(in: -2...(first.itemCount + 2)))
                let x = rng.chance(0.3) ? first.alignmentOrigin + (slot + Double(rng.int(in: 0...1)) / 2) * first.stride
                                        : rng.double(in: -200...(first.maxOffset + 200))
                let v = rng.chance(0.1) ? rng.pick([0, -0.0, .nan, .infinity, 0.03, -0.03, 1e-9] as [Double])
                                        : rng.double(in: -6...6) * (rng.chance(0.5) ? 0.05 : 1)
                releases.append(Release(offset: x, velocity: v, startOffset: x - rng.double(in: -300...300), startTime: 0,
                                        time: 120))
            }
            var kinematics = [ReleaseKinematics](repeating: ReleaseKinematics(), count: releases.count)
            for (n, policy) in policies.enumerated() {
                let layouts = [CarouselLayout](repeating: n % 2 == 0 ? first : second, count: releases.count)
                let out = BatchDecisions.decide(policy, releases, in: layouts, sharing: &kinematics)
                for i in releases.indices {
                    let alone = policy.decide(releases[i], in: layouts[i])
                    #expect(same(out[i], alone), "\(policy.id) #\(n), release \(releases[i]) in \(layouts[i])")
                }
            }
        }
    }
}
