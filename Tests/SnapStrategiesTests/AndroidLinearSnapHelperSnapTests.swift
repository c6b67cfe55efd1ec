import SnapLabTestSupport
import Testing
@testable import SnapStrategies

/// Spec examples: ρ = 2.625, 300-px items (and 1080-px full-width items), centre alignment;
/// reproduced with the spline's `density = 2.625` and pixels as points (velocities in px/ms).
private let items = try! CarouselLayout(itemWidth: 300, viewportWidth: 1080, itemCount: 60, alignment: .center)
private let fullWidth = try! CarouselLayout(itemWidth: 1080, viewportWidth: 1080, itemCount: 40, alignment: .center)

@Suite("Android LinearSnapHelper")
struct AndroidLinearSnapHelperSnapTests {
    let dense = AndroidLinearSnapHelperSnap(spline: AndroidSplineDeceleration(density: 2.625))

    @Test("policies.md §1.4 worked examples (from item 10 at rest)", arguments: [
        // (v px/s, expected item, rule)
        (2000.0, 11, "spline-jump-forward"),        // D 318.1 → +1
        (6000, 17, "spline-jump-forward"),          // D 2142.8 → +7
        (-1200, 10, "free-fling-nearest"),          // D −131.0 → round(−0.437) = 0 → free fling → nearest
    ] as [(Double, Int, String)])
    func workedExamples(speed: Double, item: Int, rule: String) {
        let x = items.snapOffset(ofSlot: 10)
        let d = dense.decide(Release(offset: x, velocity: speed / 1000), in: items)
        #expect(d.targetIndex == item)
        #expect(d.rule == rule)
    }

    @Test("full-width items at the maximum fling 21 000 px/s jump +17")
    func fullWidthMaximum() {
        let x = fullWidth.snapOffset(ofSlot: 5)
        #expect(dense.decide(Release(offset: x, velocity: 21), in: fullWidth).targetIndex == 22)
        // Faster releases are clamped to the tracker's maximum: the same jump.
        #expect(dense.decide(Release(offset: x, velocity: 60), in: fullWidth).targetIndex == 22)
    }

    @Test("a free fling that ends past an item boundary snaps there; slow releases snap nearest")
    func freeFling() {
        let x = items.snapOffset(ofSlot: 10) + 100  // p = 10.33
        // −1.2 px/ms: D = −131 → jump 0 → end p = 9.90 → item 10
        #expect(dense.decide(Release(offset: x, velocity: -1.2), in: items).targetIndex == 10)
        // From p = 9.9 (nearest item 10): end p = 9.46 → item 9.
        let d = dense.decide(Release(offset: x - 130, velocity: -1.2), in: items)
        #expect(d.targetIndex == 9 && d.rule == "free-fling-nearest")
        #expect(dense.decide(Release(offset: x, velocity: 0.1), in: items).rule == "slow-nearest")
    }

    @Test("parameters: spline values follow the policy's own")
    func parameters() throws {
        var p = AndroidLinearSnapHelperSnap()
        #expect(p.parameterSpecs.count == p.parameterValues.count)
        try p.setParameter(named: "friction", to: 0.03)
        #expect(p.spline.friction == 0.03)
        try p.setParameter(named: "density", to: 2)
        #expect(p.spline.density == 2)
    }

    /// Mirror symmetry holds for continuous distances; with whole pixels (the platform) the
    /// distance is a whole number of pixels and `Math.round(distance / perChild)` meets exact
    /// halves, where Java rounds up (`Math.round(0.5)` = 1, `Math.round(−0.5)` = 0): asymmetric.
    @Test("invariants: deterministic, rest, loop shift, mirror, bounded, total")
    func invariants() {
        PlatformPolicyInvariants.checkAll(AndroidLinearSnapHelperSnap(), mirror: false)
        PlatformPolicyInvariants.checkAll(dense, mirror: false, seed: 11)
        PlatformPolicyInvariants.checkAll(AndroidLinearSnapHelperSnap(wholePixels: 0))
        PlatformPolicyInvariants.checkAll(AndroidLinearSnapHelperSnap(spline: AndroidSplineDeceleration(density: 2.625),
                                                                      wholePixels: 0), seed: 11)
    }

    /// Java's `Math.round` at an exact half, reached by whole-pixel distances: 160 pt items, a fling
    /// whose spline distance rounds to exactly 80 px jumps one item forward; the mirrored fling
    /// (−80 px) jumps none (a free fling, then the nearest item).
    @Test("whole-pixel distances meet Math.round's halves")
    func roundingHalves() throws {
        let items = try CarouselLayout(itemWidth: 160, viewportWidth: 360, itemCount: 30, alignment: .center)
        let spline = AndroidSplineDeceleration()
        // Find a velocity whose distance rounds to 80 px.
        var v = 0.5
        while SnapMath.roundedHalfAway(spline.coastDistance(velocity: AndroidPixels.trackedVelocity(v) / 1000)) < 80 { v += 0.001 }
        #expect(SnapMath.roundedHalfAway(spline.coastDistance(velocity: AndroidPixels.trackedVelocity(v) / 1000)) == 80)
        let x = items.snapOffset(ofSlot: 10)
        let policy = AndroidLinearSnapHelperSnap()
        #expect(policy.decide(Release(offset: x, velocity: v), in: items).targetIndex == 11)
        #expect(policy.decide(Release(offset: x, velocity: -v), in: items).rule == "free-fling-nearest")
    }

    /// The platform spline's whole-pixel distance read from its table
    /// (``AndroidSplineDeceleration/standardWholePixelDistances``) against the distance computed for
    /// each release, as before the table: every whole px/s from −8100 to 8100 (past the clamp),
    /// each at a seeded fraction of a px/s and a seeded offset, in bounded, centred and looping
    /// layouts; decisions compared field by field (the offset by its bits), one at a time and by batch.
    @Test("the tabulated distance decides as the computed one, every whole px/s")
    func tableDecidesAsComputed() throws {
        let policy = AndroidLinearSnapHelperSnap()
        #expect(policy.readsDistanceTable)
        #expect(!AndroidLinearSnapHelperSnap(wholePixels: 0).readsDistanceTable)
        #expect(!dense.readsDistanceTable)
        let layouts = [
            try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40),
            try CarouselLayout(itemWidth: 300, viewportWidth: 1080, itemCount: 12, alignment: .center),
            try CarouselLayout(itemWidth: 120, spacing: 8, viewportWidth: 390, itemCount: 7, isLooping: true),
        ]
        var rng = SplitMix64(seed: 0x3636_0002)
        for layout in layouts {
            var releases: [Release] = []
            for k in -8100...8100 {
                let v = (Double(k) + rng.double(in: 0...0.999)) / 1000
                releases.append(Release(offset: rng.double(in: -200...(layout.maxOffset + 200)), velocity: v))
            }
            releases += [.nan, .infinity, -.infinity, 0, -0.0, 1e300].map { Release(offset: 500, velocity: $0) }
            let batch = BatchDecisions.decide(policy, releases, in: layout)
            for (i, release) in releases.enumerated() {
                let computed = policy.decide(release, in: layout, tabulated: false)
                for d in [policy.decide(release, in: layout), batch[i]] {
                    #expect(d.targetSlot == computed.targetSlot && d.targetIndex == computed.targetIndex
                                && d.targetOffset.bitPattern == computed.targetOffset.bitPattern && d.rule == computed.rule,
                            "v = \(release.velocity), offset \(release.offset)")
                }
            }
        }
    }

    /// The batch path for releases of one layout (the layout snapped to the policy's origin once):
    /// every decision the release's alone, bit for bit, over seeded layouts and releases, with the
    /// platform table, continuous pixels, another density and the layout's own snap origin.
    @Test("batches of one layout decide as each release alone, bit for bit", arguments: [0x5138_0021, 0x5138_0022] as [UInt64])
    func oneLayoutBatchesDecideAsAlone(seed: UInt64) throws {
        let policies: [any SnapPolicy] = [
            AndroidLinearSnapHelperSnap(), AndroidLinearSnapHelperSnap(wholePixels: 0), dense,
            AndroidLinearSnapHelperSnap(snapOrigin: .layout),
        ]
        let (failures, compared) = try OneLayoutBatchCheck.mismatches(policies, seed: seed)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 30_000)
    }
}
