import Testing
@testable import SnapStrategies

@Suite("Flutter fling gate")
struct FlutterFlingGateTests {
    @Test("fling iff |v| > 50 px/s and the window moved > 18 px", arguments: [
        // (velocity pt/ms, travel pt, duration ms, fling)
        (0.06, 30.0, 80.0, true), (0.05, 30, 80, false), (-0.06, -30, 80, true), (1.0, 18, 50, false),
        (1.0, 19, 50, true), (0.1, 500, 1000, false),  // long drag: window ≈ 0.1 × 100 = 10 pt
        (0.2, 500, 1000, true), (3.0, 0, 0, false),
    ] as [(Double, Double, Double, Bool)])
    func gate(velocity: Double, travel: Double, duration: Double, fling: Bool) {
        let r = Release(offset: 1000, velocity: velocity, startOffset: 1000 - travel, startTime: 0, time: duration)
        let gate = FlutterFlingGate()
        #expect(gate.isFling(r) == fling)
        #expect(gate.gatedVelocity(of: r) == (fling ? velocity : 0))
    }

    @Test("bouncing gate is 100 px/s; velocity clamped to 8000 px/s; NaN gives 0")
    func variants() {
        let r = Release(offset: 0, velocity: 0.08, startOffset: -40, startTime: 0, time: 60)
        #expect(FlutterFlingGate().isFling(r))
        #expect(!FlutterFlingGate(minFlingVelocity: 0.1).isFling(r))
        let fast = Release(offset: 0, velocity: -20, startOffset: 400, startTime: 0, time: 60)
        #expect(FlutterFlingGate().gatedVelocity(of: fast) == -8)
        #expect(FlutterFlingGate().gatedVelocity(of: Release(offset: .nan, velocity: .nan)) == 0)
    }
}
