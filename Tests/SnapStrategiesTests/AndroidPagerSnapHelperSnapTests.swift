import Testing
@testable import SnapStrategies

/// Spec examples: ρ = 2.625, full-width 1080-px pages aligned at the centre; reproduced with
/// `density = 2.625` and pixels as points (velocities in px/ms).
private let pages = try! CarouselLayout(itemWidth: 1080, viewportWidth: 1080, itemCount: 10, alignment: .center)

@Suite("Android PagerSnapHelper")
struct AndroidPagerSnapHelperSnapTests {
    let dense = AndroidPagerSnapHelperSnap(density: 2.625)

    @Test("policies.md §1.3 worked examples", arguments: [
        // (p, v px/s, page)
        (2.30, 500.0, 3), (2.30, -500, 2), (2.70, -200, 2), (2.30, 100, 2), (2.70, 50, 3), (2.30, 21000, 3),
    ] as [(Double, Double, Int)])
    func workedExamples(p: Double, speed: Double, page: Int) {
        let d = dense.decide(Release(offset: p * 1080, velocity: speed / 1000), in: pages)
        #expect(d.targetIndex == page)
    }

    @Test("the gate is strict and a centred page keeps its place on a fling")
    func gateAndCentre() {
        let policy = AndroidPagerSnapHelperSnap()
        #expect(policy.decide(Release(offset: 2.3 * 1080, velocity: 0.05), in: pages).rule == "slow-nearest")
        // Whole pixels: 50.1 px/s is the int 50, not above the 50 px/s gate; 51 px/s is.
        #expect(policy.decide(Release(offset: 2.3 * 1080, velocity: 0.0501), in: pages).rule == "slow-nearest")
        #expect(policy.decide(Release(offset: 2.3 * 1080, velocity: 0.051), in: pages).rule == "fling-forward")
        let continuous = AndroidPagerSnapHelperSnap(wholePixels: 0)
        #expect(continuous.decide(Release(offset: 2.3 * 1080, velocity: 0.0501), in: pages).rule == "fling-forward")
        #expect(policy.decide(Release(offset: 3 * 1080, velocity: 5), in: pages).targetIndex == 3)
        #expect(policy.decide(Release(offset: 3 * 1080, velocity: -5), in: pages).targetIndex == 3)
    }

    @Test("centre alignment with peeking neighbours uses the layout's alignment")
    func peeks() throws {
        let peek = try CarouselLayout(itemWidth: 300, spacing: 10, leadingInset: 37.5, viewportWidth: 375,
                                      itemCount: 20, alignment: .center)
        // origin = 37.5 + 150 − 187.5 = 0; p = 1000/310 = 3.23
        #expect(AndroidPagerSnapHelperSnap().decide(Release(offset: 1000, velocity: 1), in: peek).targetIndex == 4)
        #expect(AndroidPagerSnapHelperSnap().decide(Release(offset: 1000, velocity: 0), in: peek).targetIndex == 3)
    }

    /// androidx `PagerSnapHelperTest` (`ChildSize.LARGER`: 1 400 px children in a 1 000 px
    /// RecyclerView, centred on the middle item of 10, density 1): the scroll and fling tests.
    @Test("PagerSnapHelperTest, children larger than the viewport", arguments: [false, true])
    func largerChildren(reverseScroll: Bool) throws {
        let layout = try CarouselLayout(itemWidth: 1400, viewportWidth: 1000, itemCount: 10, alignment: .center)
        let policy = AndroidPagerSnapHelperSnap()
        let centre = layout.snapOffset(ofSlot: 5)
        let sign: Double = reverseScroll ? -1 : 1
        let next = reverseScroll ? 4 : 6
        func target(scrolledBy d: Double, velocity: Double) -> Int {
            policy.decide(Release(offset: centre + sign * d, velocity: sign * velocity, startOffset: centre), in: layout)
                .targetIndex
        }
        // snapOnScrollSameView / snapOnScrollNextView: a smooth scroll of half a child ∓ 1 px, then idle.
        #expect(target(scrolledBy: 699, velocity: 0) == 5)
        #expect(target(scrolledBy: 701, velocity: 0) == next)
        // snapOnFlingNextView / snapOnMaxFlingNextView: 1 px, then a fling at 0.2 × and 1 × the
        // maximum fling velocity (8 000 px/s): the next child, never further. The child in the
        // fling direction is not attached (it starts 1 199 px away in a 1 000 px view): the
        // "children larger than the viewport" branch extrapolates from the visible child, ±1.
        #expect(target(scrolledBy: 1, velocity: 1.6) == next)
        #expect(target(scrolledBy: 1, velocity: 8) == next)
        // snapOnFlingSameView: `(int)(1.000001 × minFling)` = 50 px/s is not above the gate; with
        // whole pixels the test's own velocity 50.00005 px/s truncates to 50 too.
        #expect(target(scrolledBy: 1, velocity: 0.05) == 5)
        #expect(target(scrolledBy: 1, velocity: 0.05000005) == 5)
    }

    @Test("invariants: deterministic, rest, loop shift, mirror, bounded, total")
    func invariants() {
        PlatformPolicyInvariants.checkAll(AndroidPagerSnapHelperSnap())
        PlatformPolicyInvariants.checkAll(dense, seed: 7)
    }
}
