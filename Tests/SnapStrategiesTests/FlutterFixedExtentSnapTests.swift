import Testing
@testable import SnapStrategies

/// Spec examples: item extent 50, pixels 120 (item 2.4); logical pixels are points and px/s are
/// `v/1000` pt/ms. Releases move 40 points in 60 ms so that the fling gate passes.
private let wheel = try! CarouselLayout(itemWidth: 50, viewportWidth: 300, itemCount: 100)

private func release(speed: Double) -> Release {
    let travel: Double = speed > 0 ? 40 : (speed < 0 ? -40 : 0)
    return Release(offset: 120, velocity: speed / 1000, startOffset: 120 - travel, startTime: 0, time: 60)
}

@Suite("Flutter FixedExtentScrollPhysics")
struct FlutterFixedExtentSnapTests {
    @Test("policies.md §3.5 worked examples", arguments: [
        // (physics, v px/s, item)
        (FlutterFixedExtentSnap.Physics.clamping, 1000.0, 6),  // natural end 314.3
        (.bouncing, 1000, 12),                                  // 619.4
        (.clamping, 300, 3),                                    // 144.0
        (.clamping, -60, 2),                                    // 118.5
        (.bouncing, -60, 2),                                    // below the 100 px/s gate: 120 → 2
    ] as [(FlutterFixedExtentSnap.Physics, Double, Int)])
    func workedExamples(physics: FlutterFixedExtentSnap.Physics, speed: Double, item: Int) {
        let d = FlutterFixedExtentSnap(physics: physics).decide(release(speed: speed), in: wheel)
        #expect(d.targetIndex == item)
        #expect(d.targetOffset == Double(item) * 50)
    }

    @Test("ends: the parent stops at the extent")
    func ends() {
        let d = FlutterFixedExtentSnap().decide(Release(offset: 4000, velocity: 8, startOffset: 3900, startTime: 0, time: 60),
                                                in: wheel)
        #expect(d.rule == "edge-parent-physics")
        #expect(d.targetOffset == wheel.maxOffset)
        #expect(FlutterFixedExtentSnap(physics: .bouncing).id == "flutter-fixedextent-bouncing")
    }

    @Test("parameters reach the projection")
    func parameters() throws {
        var p = FlutterFixedExtentSnap(physics: .bouncing)
        try p.setParameter(named: "drag", to: 0.5)
        #expect(p.friction.drag == 0.5)
        var q = FlutterFixedExtentSnap()
        try q.setParameter(named: "friction", to: 0.03)
        #expect(q.clamping.friction == 0.03)
    }

    @Test("invariants: deterministic, rest, loop shift, mirror, bounded, total", arguments: [
        FlutterFixedExtentSnap.Physics.clamping, .bouncing,
    ])
    func invariants(physics: FlutterFixedExtentSnap.Physics) {
        PlatformPolicyInvariants.checkAll(FlutterFixedExtentSnap(physics: physics))
    }
}
