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

    @Test("invariants: deterministic, rest, loop shift, mirror, bounded, total", arguments: [
        FlutterPageViewSnap.Physics.clamping, .bouncing,
    ])
    func invariants(physics: FlutterPageViewSnap.Physics) {
        PlatformPolicyInvariants.checkAll(FlutterPageViewSnap(physics: physics))
    }
}
