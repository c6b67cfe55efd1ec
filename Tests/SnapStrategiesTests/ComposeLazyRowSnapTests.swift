import Testing
@testable import SnapStrategies

/// Spec example: ρ = 2.625, 300-px items, centre snap; reproduced with the spline's
/// `density = 2.625` and pixels as points.
private let items = try! CarouselLayout(itemWidth: 300, viewportWidth: 1080, itemCount: 40, alignment: .center)

@Suite("Compose LazyRow snap")
struct ComposeLazyRowSnapTests {
    let dense = ComposeLazyRowSnap(spline: AndroidSplineDeceleration(density: 2.625))

    @Test("policies.md §2.2 example and neighbours", arguments: [
        // (start offset past item 5, v px/s, item)
        (50.0, 3000.0, 7),   // decay 643 px → 693 px past item 5 → 2.31 items → 7
        (50, -3000, 3),      // −593 px → −1.98 → 3
        (50, 0, 5),
        (160, 0, 6),
    ] as [(Double, Double, Int)])
    func examples(past: Double, speed: Double, item: Int) {
        let d = dense.decide(Release(offset: items.snapOffset(ofSlot: 5) + past, velocity: speed / 1000), in: items)
        #expect(d.targetIndex == item)
        #expect(d.rule == "nearest-to-decay-end")
    }

    @Test("ends clamp the decay")
    func ends() {
        // The decay ends past the content; the end offset 10 920 is nearest slot 38 (p = 37.7),
        // whose snap offset is clamped to the end as well.
        let d = ComposeLazyRowSnap().decide(Release(offset: items.snapOffset(ofSlot: 37), velocity: 8), in: items)
        #expect(d.targetOffset == items.maxOffset)
        #expect(d.targetIndex == 38)
        let back = ComposeLazyRowSnap().decide(Release(offset: 500, velocity: -8), in: items)
        #expect(back.targetOffset == 0)
    }

    @Test("invariants: deterministic, rest, loop shift, mirror, bounded, total")
    func invariants() {
        PlatformPolicyInvariants.checkAll(ComposeLazyRowSnap())
        PlatformPolicyInvariants.checkAll(dense, seed: 13)
    }
}

@Suite("Compose LazyRow snap: parameter extremes and huge velocities")
struct ComposeLazyRowSnapRangeTests {
    /// Regression: with the old ranges (exponent 1.05, friction 0.001, …) a 0.34 pt/ms release
    /// coasted ~10¹⁸ points, the slot saturated at −2⁵² and a loop shifted by whole cycles no
    /// longer decided the same slot. Every corner of the ranges now coasts a sane distance, even
    /// at the clamped maximum fling velocity.
    @Test("every corner of the parameter ranges coasts a finite, sane distance at 8000 dp/s")
    func cornersAreSane() throws {
        let specs = AndroidSplineDeceleration.parameterSpecs
        for mask in 0..<(1 << specs.count) {
            let values = specs.enumerated().map { i, s in mask & (1 << i) != 0 ? s.maximum : s.minimum }
            var policy = ComposeLazyRowSnap()
            try policy.setParameterValues(values)
            let v = policy.spline.clampedFlingVelocity(1e300)
            let d = policy.spline.coastDistance(velocity: v)
            #expect(d.isFinite && d > 0 && d < 1e7, "\(values): D = \(d)")
        }
    }

    @Test("the release velocity is clamped to ±8000 dp/s (times density) before the decay")
    func velocityIsClamped() throws {
        let layout = try CarouselLayout(itemWidth: 100, viewportWidth: 300, itemCount: 10, isLooping: true)
        for spline in [AndroidSplineDeceleration(), AndroidSplineDeceleration(density: 2.625)] {
            let policy = ComposeLazyRowSnap(spline: spline)
            let limit = 8 * spline.density
            for sign in [1.0, -1.0] {
                let atLimit = policy.decide(Release(offset: 0, velocity: sign * limit), in: layout)
                for v in [2 * limit, 1e6, 1e300, .infinity] {
                    #expect(policy.decide(Release(offset: 0, velocity: sign * v), in: layout) == atLimit)
                }
            }
        }
        #expect(AndroidSplineDeceleration().clampedFlingVelocity(.nan) == 0)
        #expect(AndroidSplineDeceleration().clampedFlingVelocity(-3) == -3)
    }

    /// The failing case of the invariant test: all parameters at their minima, a looping layout.
    @Test("at the parameter minima a loop shifted by whole cycles decides the same slot")
    func shiftInvarianceAtMinima() throws {
        var policy = ComposeLazyRowSnap()
        try policy.setParameterValues(policy.parameterSpecs.map(\.minimum))
        let layout = try CarouselLayout(itemWidth: 358.57, spacing: 33.53, leadingInset: 14.12, viewportWidth: 571.51,
                                        itemCount: 64, alignment: .trailing, isLooping: true)
        for release in [Release(offset: -49197.66, velocity: -0.3376), Release(offset: 55565.76, velocity: -2.136),
                        Release(offset: 123.4, velocity: 6)] {
            let d = policy.decide(release, in: layout)
            #expect(abs(d.targetSlot) < 1_000_000)
            for k in [1, -1, 3] {
                let shifted = policy.decide(release.shifted(by: Double(k) * layout.cycleLength), in: layout)
                #expect(shifted.targetSlot == d.targetSlot + k * layout.itemCount)
            }
        }
    }
}

extension ComposeLazyRowSnapTests {
    /// The batch path for releases of one layout (the layout snapped to the policy's origin once; the
    /// standard spline, another density and friction): every decision the release's alone, bit for bit,
    /// over seeded layouts and releases (`OneLayoutBatchCheck`).
    @Test("batches of one layout decide as each release alone, bit for bit", arguments: [0x5138_0041, 0x5138_0042] as [UInt64])
    func oneLayoutBatchesDecideAsAlone(seed: UInt64) throws {
        let policies: [any SnapPolicy] = [
            ComposeLazyRowSnap(), ComposeLazyRowSnap(snapOrigin: .layout), dense,
            ComposeLazyRowSnap(spline: AndroidSplineDeceleration(friction: 0.02), snapOrigin: .start),
        ]
        let (failures, compared) = try OneLayoutBatchCheck.mismatches(policies, seed: seed)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 20_000)
    }
}
