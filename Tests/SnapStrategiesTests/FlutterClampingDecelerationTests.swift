import Testing
@testable import SnapStrategies

/// Flutter logical pixels are points; spec velocities in px/s are `v/1000` pt/ms.
@Suite("Flutter ClampingScrollSimulation")
struct FlutterClampingDecelerationTests {
    @Test("policies.md §3.3 distances and durations", arguments: [
        (200.0, 11.9, 140.0), (1000, 194.3, 458), (3000, 1308.9, 1029), (8000, 7186.4, 2118),
    ] as [(Double, Double, Double)])
    func distances(speed: Double, distance: Double, duration: Double) {
        let model = FlutterClampingDeceleration()
        #expect(PlatformPolicyInvariants.close(model.coastDistance(velocity: speed / 1000), distance, absolute: 0.06))
        #expect(PlatformPolicyInvariants.close(model.coastDistance(velocity: -speed / 1000), -distance, absolute: 0.06))
        #expect(PlatformPolicyInvariants.close(model.duration(velocity: speed / 1000), duration, absolute: 0.6))
    }

    @Test("same distance as the Android spline at density 1; duration ≈ 0.825 × Android's")
    func sameAsSpline() {
        for v in [0.1, 0.7, 2.5, 7.0] {
            let spline = AndroidSplineDeceleration()
            let clamping = FlutterClampingDeceleration()
            #expect(PlatformPolicyInvariants.close(clamping.coastDistance(velocity: v), spline.coastDistance(velocity: v),
                                                   relative: 1e-12))
            #expect(PlatformPolicyInvariants.close(clamping.duration(velocity: v) / spline.duration(velocity: v), 0.825,
                                                   absolute: 0.001))
        }
    }

    @Test("trajectory reaches the distance at T and is monotone")
    func trajectory() {
        let model = FlutterClampingDeceleration()
        let t = model.duration(velocity: 2)
        #expect(model.distance(afterTime: t, velocity: 2) == model.coastDistance(velocity: 2))
        #expect(model.distance(afterTime: 0, velocity: 2) == 0)
        #expect(model.distance(afterTime: t / 2, velocity: 2) > model.distance(afterTime: t / 4, velocity: 2))
        #expect(model.coastDistance(velocity: .nan) == 0)
        #expect(model.coastDistance(velocity: 0) == 0)
        #expect(model.coastDistance(velocity: .infinity) == .infinity)
    }
}
