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

    @Test("changing the drag changes the coast as a new model with that drag would")
    func dragChange() throws {
        var model = FlutterFrictionDeceleration()
        model.drag = 0.3
        #expect(model.coastDistance(velocity: 2) == FlutterFrictionDeceleration(drag: 0.3).coastDistance(velocity: 2))
        #expect(model.coastDistance(velocity: 2) != FlutterFrictionDeceleration().coastDistance(velocity: 2))
        #expect(model == FlutterFrictionDeceleration(drag: 0.3))
        // set as a policy parameter (as `fit` and `--param` do)
        let policy = FlutterFixedExtentSnap(physics: .bouncing)
        let fitted = try policy.withParameterValues(Array(policy.parameterValues.dropLast()) + [0.3])
        #expect(fitted.friction.coastDistance(velocity: 2) == model.coastDistance(velocity: 2))
    }
}
