import Testing
@testable import SnapStrategies

/// Flutter logical pixels are points; spec velocities in px/s are `v/1000` pt/ms. Releases that
/// should fling move 100 points in 80 ms so that the estimate window passes the 18-px gate.
private let pages = try! CarouselLayout(itemWidth: 400, viewportWidth: 400, itemCount: 10)

private func release(p: Double, speed: Double) -> Release {
    let x = p * 400
    let travel: Double = speed > 0 ? 100 : (speed < 0 ? -100 : 0)
    return Release(offset: x, velocity: speed / 1000, startOffset: x - travel, startTime: 0, time: 80)
}

@Suite("Flutter PageView")
struct FlutterPageViewSnapTests {
    @Test("policies.md §3.2 worked examples", arguments: [
        (0.30, 0.0, 0), (0.30, 200, 1), (0.30, -200, 0), (1.60, -1000, 1), (1.60, 5000, 2), (0.501, 0, 1),
    ] as [(Double, Double, Int)])
    func workedExamples(p: Double, speed: Double, page: Int) {
        #expect(FlutterPageViewSnap().decide(release(p: p, speed: speed), in: pages).targetIndex == page)
        #expect(FlutterPageViewSnap(physics: .bouncing).decide(release(p: p, speed: speed), in: pages).targetIndex == page)
    }

    @Test("the gate: 50 px/s (Clamping) or 100 px/s (Bouncing), and 18 px in the window")
    func gate() {
        let r = release(p: 1.3, speed: 80)
        #expect(FlutterPageViewSnap().decide(r, in: pages).targetIndex == 2)
        #expect(FlutterPageViewSnap(physics: .bouncing).decide(r, in: pages).targetIndex == 1)
        let short = Release(offset: 1.3 * 400, velocity: 2, startOffset: 1.3 * 400 - 10, startTime: 0, time: 30)
        #expect(FlutterPageViewSnap().decide(short, in: pages).rule == "round-page")
        #expect(FlutterPageViewSnap().id == "flutter-pageview")
        #expect(FlutterPageViewSnap(physics: .bouncing).id == "flutter-pageview-bouncing")
    }

    @Test("a backward fling from an exact page stays; edges defer to the parent physics")
    func edges() {
        #expect(FlutterPageViewSnap().decide(release(p: 3, speed: -1000), in: pages).targetIndex == 3)
        let start = FlutterPageViewSnap().decide(release(p: 0, speed: -1000), in: pages)
        #expect(start.targetIndex == 0 && start.rule == "edge-parent-physics")
        let end = FlutterPageViewSnap().decide(release(p: 9, speed: 1000), in: pages)
        #expect(end.targetIndex == 9 && end.rule == "edge-parent-physics")
    }

    /// `page_view.dart` `_PagePosition.page`: `getPageFromPixels(clampDouble(pixels, minScrollExtent,
    /// maxScrollExtent), viewportDimension)`, read by `PageScrollPhysics._getPage` before
    /// `_getTargetPixels` adds ±0.5. Overscrolled 40 px before the start with a forward fling:
    /// page 0 + 0.5 rounds to page 1 (unclamped, −0.1 + 0.5 would round to 0).
    @Test("the page position is clamped to the scroll range before ±0.5", arguments: [
        FlutterPageViewSnap.Physics.clamping, .bouncing,
    ])
    func overscrolledStart(physics: FlutterPageViewSnap.Physics) throws {
        let policy = FlutterPageViewSnap(physics: physics)
        let forward = Release(offset: -40, velocity: 1, startOffset: -140, startTime: 0, time: 80)
        #expect(policy.decide(forward, in: pages).targetIndex == 1)
        #expect(policy.decide(forward, in: pages).rule == "fling-forward")
        // Overscrolled past the end (max 3600 = page 9) with a backward fling: 9 − 0.5 rounds to 9.
        let back = Release(offset: 3640, velocity: -1, startOffset: 3740, startTime: 0, time: 80)
        #expect(policy.decide(back, in: pages).targetIndex == 9)
        // Overscrolled at the start without a fling: round(0) = 0; a backward fling there is the parent's edge.
        #expect(policy.decide(Release(offset: -40, velocity: 0), in: pages).targetIndex == 0)
        #expect(policy.decide(Release(offset: -40, velocity: -1, startOffset: 60, startTime: 0, time: 80), in: pages).rule
                == "edge-parent-physics")
        // Neighbours: insets and centred wide items (the clamped offset 0 is page −alignmentOrigin/stride).
        let inset = try CarouselLayout(itemWidth: 300, spacing: 20, leadingInset: 30, viewportWidth: 390, itemCount: 6,
                                       alignment: .center)
        // Offset 0 is page (0 − (30 + 150 − 195))/320 = 0.047; forward fling: round(0.547) = 1.
        #expect(policy.decide(Release(offset: -25, velocity: 1, startOffset: -125, startTime: 0, time: 80), in: inset).targetIndex == 1)
        let wide = try CarouselLayout(itemWidth: 600, viewportWidth: 400, itemCount: 4)
        #expect(policy.decide(Release(offset: -40, velocity: 1, startOffset: -140, startTime: 0, time: 80), in: wide).targetIndex == 1)
    }

    @Test("invariants: deterministic, rest, loop shift, mirror, bounded, total", arguments: [
        FlutterPageViewSnap.Physics.clamping, .bouncing,
    ])
    func invariants(physics: FlutterPageViewSnap.Physics) {
        PlatformPolicyInvariants.checkAll(FlutterPageViewSnap(physics: physics))
    }
}
