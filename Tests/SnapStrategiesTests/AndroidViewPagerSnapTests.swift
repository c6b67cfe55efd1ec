import Testing
@testable import SnapStrategies

/// Spec examples are at ρ = 2.625 with 1080-px pages: reproduced with `density = 2.625` and pixels
/// as points (velocities in px/ms; the spec's finger velocity `v_f` is `−v`, `totalDelta` is `−travel`).
private let pages = try! CarouselLayout(itemWidth: 1080, viewportWidth: 1080, itemCount: 10)

@Suite("Android ViewPager")
struct AndroidViewPagerSnapTests {
    let dense = AndroidViewPagerSnap(density: 2.625)

    @Test("policies.md §1.2 worked examples (mCurItem 2)", arguments: [
        // (scrollX, v_f px/s, totalDelta px, expected page, rule)
        (2460.0, -2000.0, -300.0, 3, "fling-forward"),
        (2460, -500, -300, 2, "slow-stay"),
        (2860, -300, -700, 3, "slow-forward"),
        (1880, 300, 280, 2, "slow-stay"),
        (1404, 300, 756, 1, "slow-back"),
        (2200, -3000, -40, 2, "slow-stay"),
    ] as [(Double, Double, Double, Int, String)])
    func workedExamples(scrollX: Double, fingerVelocity: Double, totalDelta: Double, page: Int, rule: String) {
        let r = Release(offset: scrollX, velocity: -fingerVelocity / 1000, startOffset: scrollX + totalDelta,
                        startTime: 0, time: 200, startIndex: 2, fingerTravel: -totalDelta)
        let d = dense.decide(r, in: pages)
        #expect(d.targetIndex == page)
        #expect(d.rule == rule)
        #expect(d.targetOffset == Double(page) * 1080)
    }

    @Test("a backward fling picks the page under the leading edge, and needs both gates")
    func flingBack() {
        let r = Release(offset: 2460, velocity: -2, startOffset: 2860, startTime: 0, time: 100, startIndex: 3)
        #expect(dense.decide(r, in: pages).targetIndex == 2)
        #expect(dense.decide(r, in: pages).rule == "fling-back")
        // 400 dp/s exactly is not a fling (strict), at density 1.
        let slow = Release(offset: 2460, velocity: 0.4, startOffset: 2000, startTime: 0, time: 100, startIndex: 2)
        #expect(AndroidViewPagerSnap().decide(slow, in: pages).rule == "slow-stay")
    }

    @Test("the 0.6 hysteresis is around the page selected before the drag")
    func hysteresis() {
        let policy = AndroidViewPagerSnap()
        func target(_ p: Double) -> Int {
            policy.decide(Release(offset: p * 1080, velocity: 0, startIndex: 4), in: pages).targetIndex
        }
        #expect(target(4.59) == 4)
        #expect(target(4.61) == 5)
        #expect(target(3.41) == 4)
        #expect(target(3.39) == 3)
    }

    @Test("parameters validate and apply")
    func parameters() throws {
        var p = AndroidViewPagerSnap()
        #expect(p.parameterValues == p.defaultParameterValues)
        try p.setParameter(named: "truncator", to: 0.5)
        #expect(p.truncator == 0.5)
        #expect(throws: ParameterError.self) { try p.setParameter(named: "density", to: 0) }
    }

    @Test("invariants: deterministic, rest, loop shift, mirror, bounded, total")
    func invariants() {
        PlatformPolicyInvariants.checkAll(AndroidViewPagerSnap())
        PlatformPolicyInvariants.checkAll(dense, seed: 99)
    }
}

extension AndroidViewPagerSnapTests {
    /// The batch path for releases of one layout (the fling gate's thresholds computed once; whole pixels
    /// at two densities, continuous): every decision the release's alone, bit for bit, over seeded layouts
    /// and releases (`OneLayoutBatchCheck`).
    @Test("batches of one layout decide as each release alone, bit for bit", arguments: [0x5138_0071, 0x5138_0072] as [UInt64])
    func oneLayoutBatchesDecideAsAlone(seed: UInt64) throws {
        let policies: [any SnapPolicy] = [
            AndroidViewPagerSnap(), dense, AndroidViewPagerSnap(wholePixels: 0), AndroidViewPagerSnap(density: 1.5, touchSlop: 5),
        ]
        let (failures, compared) = try OneLayoutBatchCheck.mismatches(policies, seed: seed)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 20_000)
    }
}
