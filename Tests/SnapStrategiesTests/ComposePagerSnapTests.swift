import Testing
@testable import SnapStrategies

/// Spec examples: ρ = 2.625, 1080-px pages, no spacing (min fling 1050 px/s, position threshold
/// 147 px = 0.136 page); reproduced with the spline's `density = 2.625` and pixels as points. A
/// drag of `+d` pages is content travel `+d·1080` (finger moved left, forward).
private let pages = try! CarouselLayout(itemWidth: 1080, viewportWidth: 1080, itemCount: 10)

@Suite("Compose HorizontalPager")
struct ComposePagerSnapTests {
    static func dense(maxPages: Double) -> ComposePagerSnap {
        ComposePagerSnap(maxPages: maxPages, spline: AndroidSplineDeceleration(density: 2.625))
    }

    @Test("policies.md §2.1 worked examples", arguments: [
        // (start page, drag pages, v px/s, atMost n, page, rule)
        (5, 0.30, 500.0, 1.0, 5, "drag-below-threshold"),
        (5, 0.55, 500, 1, 6, "drag-past-threshold"),
        (5, 0.10, 0, 1, 5, "dead-zone-nearest"),
        (5, 0.20, 1500, 1, 6, "fling-next"),
        (3, 0.20, 8000, 1, 4, "fling-next"),
        (3, 0.20, 8000, 3, 6, "fling-next-after-approach"),
        (3, 0.20, 5000, 3, 4, "fling-next"),
    ] as [(Int, Double, Double, Double, Int, String)])
    func workedExamples(start: Int, drag: Double, speed: Double, n: Double, page: Int, rule: String) {
        let x0 = Double(start) * 1080
        let r = Release(offset: x0 + drag * 1080, velocity: speed / 1000, startOffset: x0, startTime: 0, time: 150,
                        fingerTravel: drag * 1080)
        let d = Self.dense(maxPages: n).decide(r, in: pages)
        #expect(d.targetIndex == page)
        #expect(d.rule == rule)
    }

    @Test("backward mirror of the slow examples")
    func backward() {
        let policy = Self.dense(maxPages: 1)
        func target(_ drag: Double, _ v: Double) -> Int {
            let r = Release(offset: (5 - drag) * 1080, velocity: v, startOffset: 5 * 1080, startTime: 0, time: 150)
            return policy.decide(r, in: pages).targetIndex
        }
        #expect(target(0.30, -0.5) == 5)
        #expect(target(0.55, -0.5) == 4)
        #expect(target(0.20, -1.5) == 4)
        #expect(target(1.30, -0.5) == 4)  // whole pages of drag are kept, the overflow 0.3 snaps back
    }

    @Test("no drag counts as forward; the dead zone snaps to the nearer page (tie: upper)")
    func deadZone() {
        let policy = ComposePagerSnap()
        #expect(policy.decide(Release(offset: 5.4 * 1080, velocity: 0), in: pages).targetIndex == 5)
        #expect(policy.decide(Release(offset: 5.6 * 1080, velocity: 0), in: pages).targetIndex == 6)
        #expect(policy.decide(Release(offset: 5.5 * 1080, velocity: 0), in: pages).targetIndex == 6)
    }

    /// `pager/Pager.kt`: `HorizontalPager(…, snapPosition: SnapPosition = SnapPosition.Start, …)`;
    /// `SnapPosition.Start.position(…)` is 0, so a page rests with its leading edge at the leading
    /// content padding whatever the app's alignment. 300-pt pages in a 390-pt viewport, centred
    /// layout (alignment origin −45): at rest at 130 pt the page position from the start is 0.43
    /// (page 0 at offset 0), from the centre 0.58 (page 1).
    @Test("pages rest at SnapPosition.Start by default")
    func snapPositionStart() throws {
        let centred = try CarouselLayout(itemWidth: 300, viewportWidth: 390, itemCount: 6, alignment: .center)
        let d = ComposePagerSnap().decide(Release(offset: 130, velocity: 0), in: centred)
        #expect(ComposePagerSnap().snapOrigin == .start)
        #expect(d.targetIndex == 0 && d.targetOffset == 0)
        #expect(ComposePagerSnap(snapOrigin: .layout).decide(Release(offset: 130, velocity: 0), in: centred).targetIndex == 1)
        // A fling forward from there goes to page 1 at 300 pt (its leading edge at the viewport's).
        let f = ComposePagerSnap().decide(Release(offset: 130, velocity: 1, startOffset: 100, startTime: 0, time: 80), in: centred)
        #expect(f.targetIndex == 1 && f.targetOffset == 300)
        // Insets: the leading content padding is where page 0 rests (offset 0); the last page rests at the end.
        let inset = try CarouselLayout(itemWidth: 300, spacing: 10, leadingInset: 20, trailingInset: 40, viewportWidth: 390,
                                       itemCount: 4, alignment: .center)
        #expect(ComposePagerSnap().decide(Release(offset: 5, velocity: 0), in: inset).targetOffset == 0)
        let end = ComposePagerSnap().decide(Release(offset: inset.maxOffset, velocity: 2, startOffset: 800, startTime: 0, time: 80), in: inset)
        #expect(end.targetIndex == 3 && end.targetOffset == inset.maxOffset)
        // Wide pages (wider than the viewport) rest at their leading edge too.
        let wide = try CarouselLayout(itemWidth: 600, viewportWidth: 390, itemCount: 4, alignment: .center)
        #expect(ComposePagerSnap().decide(Release(offset: 650, velocity: 0), in: wide).targetOffset == 600)
    }

    @Test("atMost(n) bounds the pages per fling")
    func atMost() {
        for n in [1.0, 2, 4] {
            let policy = Self.dense(maxPages: n)
            let r = Release(offset: 1.1 * 1080, velocity: 21, startOffset: 1080, startTime: 0, time: 100)
            let moved = policy.decide(r, in: pages).targetIndex - 1
            #expect(moved >= 1 && moved <= Int(n))
        }
    }

    @Test("invariants: deterministic, rest, loop shift, mirror, bounded, total")
    func invariants() {
        PlatformPolicyInvariants.checkAll(ComposePagerSnap())
        PlatformPolicyInvariants.checkAll(Self.dense(maxPages: 3), seed: 17)
    }
}

extension ComposePagerSnapTests {
    /// The batch path for releases of one layout (the layout snapped to the pager's origin once; the
    /// standard spline, another density and friction, every origin): every decision the release's alone,
    /// bit for bit, over seeded layouts and releases (`OneLayoutBatchCheck`).
    @Test("batches of one layout decide as each release alone, bit for bit", arguments: [0x5138_0031, 0x5138_0032] as [UInt64])
    func oneLayoutBatchesDecideAsAlone(seed: UInt64) throws {
        let policies: [any SnapPolicy] = [
            ComposePagerSnap(), ComposePagerSnap(snapOrigin: .paddedCenter), ComposePagerSnap(maxPages: 3, snapOrigin: .layout),
            Self.dense(maxPages: 2),
            ComposePagerSnap(spline: AndroidSplineDeceleration(friction: 0.02), snapOrigin: .end),
        ]
        let (failures, compared) = try OneLayoutBatchCheck.mismatches(policies, seed: seed)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 20_000)
    }
}
