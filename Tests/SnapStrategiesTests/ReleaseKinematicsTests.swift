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
    let empty = SnapDecision(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: "")
    var shared: [[SnapDecision]] = [], alone: [[SnapDecision]] = []
    for policy in policies {
        var out = [SnapDecision](repeating: empty, count: rs.count)
        rs.withUnsafeBufferPointer { r in
            ls.withUnsafeBufferPointer { l in
                kinematics.withUnsafeMutableBufferPointer { k in
                    out.withUnsafeMutableBufferPointer { policy.decide(r, in: l, sharing: k, into: $0) }
                }
            }
        }
        shared.append(out)
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
