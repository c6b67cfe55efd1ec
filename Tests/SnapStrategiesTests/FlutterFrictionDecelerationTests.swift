import Testing
@testable import SnapStrategies

@Suite("Flutter FrictionSimulation (drag 0.135)")
struct FlutterFrictionDecelerationTests {
    @Test("policies.md §3.4 distances", arguments: [
        (1000.0, 499.4), (3000, 1498.1), (8000, 3995.0), (-1000, -499.4),
    ] as [(Double, Double)])
    func distances(speed: Double, distance: Double) {
        #expect(PlatformPolicyInvariants.close(FlutterFrictionDeceleration().coastDistance(velocity: speed / 1000),
                                               distance, absolute: 0.06))
    }

    @Test("degenerate drag and NaN coast nowhere")
    func specials() {
        #expect(FlutterFrictionDeceleration(drag: 1).coastDistance(velocity: 1) == 0)
        #expect(FlutterFrictionDeceleration(drag: 0).coastDistance(velocity: 1) == 0)
        #expect(FlutterFrictionDeceleration().coastDistance(velocity: .nan) == 0)
        #expect(FlutterFrictionDeceleration().coastDistance(velocity: 0) == 0)
    }
}
