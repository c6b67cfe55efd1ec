import SnapLabTestSupport
import Testing
@testable import SnapStrategies

/// Spec values are in px/s at density ρ; with `density = ρ` and pixels as points the velocity is
/// `v/1000` px per ms and distances come out in pixels.
@Suite("Android spline deceleration")
struct AndroidSplineDecelerationTests {
    @Test("policies.md §0bis table: distance and duration", arguments: [
        // (v px/s, ρ, D px, T ms)
        (131.0, 1.0, 5.7, 124.0), (500, 1, 58.3, 333), (1000, 1, 194.3, 555), (2000, 1, 647.4, 925),
        (4000, 1, 2157.0, 1541), (8000, 1, 7186.4, 2567),
        (131, 2.625, 2.8, 61), (500, 2.625, 28.7, 164), (1000, 2.625, 95.5, 273), (2000, 2.625, 318.1, 454),
        (4000, 2.625, 1059.9, 757), (8000, 2.625, 3531.2, 1261), (21000, 2.625, 18864, 2567),
    ] as [(Double, Double, Double, Double)])
    func table(speed: Double, density: Double, distance: Double, duration: Double) {
        let model = AndroidSplineDeceleration(density: density)
        let v = speed / 1000
        #expect(PlatformPolicyInvariants.close(model.coastDistance(velocity: v), distance, absolute: 0.06, relative: 1e-4))
        #expect(PlatformPolicyInvariants.close(model.coastDistance(velocity: -v), -distance, absolute: 0.06, relative: 1e-4))
        #expect(PlatformPolicyInvariants.close(model.duration(velocity: v), duration, absolute: 0.6))
    }

    @Test("human-swipes C.5 table (dp at density 1)", arguments: [
        (0.4, 40.0, 280.0), (1.0, 194.0, 560.0), (3.0, 1309.0, 1250.0), (8.0, 7186.0, 2570.0),
    ] as [(Double, Double, Double)])
    func humanSwipesTable(velocity: Double, distance: Double, duration: Double) {
        let model = AndroidSplineDeceleration()
        #expect(PlatformPolicyInvariants.close(model.coastDistance(velocity: velocity), distance, absolute: 0.6))
        #expect(PlatformPolicyInvariants.close(model.duration(velocity: velocity), duration, absolute: 5))
    }

    @Test("distance = 0.35·v·T and density scaling D_px(v; ρ) = ρ·D_dp(v/ρ)")
    func identities() {
        let model = AndroidSplineDeceleration()
        for v in [0.05, 0.3, 1.7, 6.0] {
            let d = model.coastDistance(velocity: v)
            #expect(PlatformPolicyInvariants.close(d, 0.35 * v * model.duration(velocity: v), relative: 1e-12))
            let dense = AndroidSplineDeceleration(density: 2.625)
            #expect(PlatformPolicyInvariants.close(dense.coastDistance(velocity: v * 2.625),
                                                   2.625 * d, relative: 1e-12))
        }
    }

    @Test("zero, NaN and infinite velocities")
    func specials() {
        let model = AndroidSplineDeceleration()
        #expect(model.coastDistance(velocity: 0) == 0)
        #expect(model.coastDistance(velocity: .nan) == 0)
        #expect(model.coastDistance(velocity: .infinity) == .infinity)
        #expect(model.coastDistance(velocity: -.infinity) == -.infinity)
        #expect(model.duration(velocity: 0) == 0)
        #expect(model.velocity(afterTravelling: 10, from: .infinity) == 0)
        #expect(model.velocity(afterTravelling: .nan, from: 1) == 0)
    }

    @Test("spline table: monotone from 0 to 1, initial slope ≈ 2.854")
    func splineTable() {
        let t = AndroidSplineDeceleration.splinePositions
        #expect(t.count == 101 && t[0] >= 0 && t[0] < 1e-4 && t[100] == 1)  // bisection stops within 1e-5 of α = 0
        #expect(zip(t, t.dropFirst()).allSatisfy { $0 < $1 })
        #expect(PlatformPolicyInvariants.close(AndroidSplineDeceleration.splineSlope(atPositionFraction: 0), 2.854,
                                               absolute: 0.01))
        #expect(AndroidSplineDeceleration.splinePosition(atTimeFraction: 0.5) > 0.5)
    }

    @Test("velocity after an approach: Compose example v' ≈ 4325 px/s (8000 px/s, ρ 2.625, 2160 px)")
    func velocityAfterApproach() {
        let model = AndroidSplineDeceleration(density: 2.625)
        let left = model.velocity(afterTravelling: 2160, from: 8)
        #expect(PlatformPolicyInvariants.close(left, 4.325, relative: 0.001))  // measured 4324.9 px/s
        #expect(PlatformPolicyInvariants.close(model.velocity(afterTravelling: 2160, from: -8), -left, relative: 1e-15))
        #expect(model.velocity(afterTravelling: 4000, from: 8) == 0)
        #expect(PlatformPolicyInvariants.close(model.velocity(afterTravelling: 0, from: 8), 8, relative: 0.01))
    }

    @Test("parameter vector round-trips")
    func parameters() {
        let model = AndroidSplineDeceleration(friction: 0.02, inflexion: 0.3, decelerationExponent: 2, physicalCoefficient: 50000,
                                              density: 2)
        #expect(AndroidSplineDeceleration(parameterValues: model.parameterValues) == model)
        #expect(AndroidSplineDeceleration.parameterSpecs.map(\.defaultValue) == AndroidSplineDeceleration().parameterValues)
    }

    /// ``AndroidSplineDeceleration/platform(friction:)`` writes the platform constants as literals
    /// for the compiler to fold: they must be ``AndroidSplineDeceleration/standard``'s bits, and its
    /// distances those of the spline built from `standard`'s defaults (the shared decay at friction
    /// 0.015, `rn-android-paging`'s at `1 − 0.985`), over seeded velocities and the special ones.
    @Test("the platform spline with literal constants is the standard one, bit for bit")
    func platformLiterals() {
        let standard = AndroidSplineDeceleration.standard, literal = AndroidSplineDeceleration.platform(friction: 0.015)
        #expect(literal.parameterValues.map(\.bitPattern) == standard.parameterValues.map(\.bitPattern))
        #expect(literal.physicalCoefficient.bitPattern == AndroidSplineDeceleration.platformPhysicalCoefficient.bitPattern)
        #expect(literal.decelerationExponent.bitPattern == AndroidSplineDeceleration.platformDecelerationRate.bitPattern)
        var rng = SplitMix64(seed: 0x3636_0003)
        var velocities: [Double] = [0, -0.0, .nan, .infinity, -.infinity, 1e-300, 8, -8, 8.000000000000002, 1e300]
        for _ in 0..<5000 { velocities.append(rng.double(in: -12...12)) }
        for friction in [0.015, 1 - 0.985, 0.005, 0.2] {
            let built = AndroidSplineDeceleration(friction: friction)
            let folded = AndroidSplineDeceleration.platform(friction: friction)
            for v in velocities {
                #expect(folded.coastDistance(velocity: v).bitPattern == built.coastDistance(velocity: v).bitPattern,
                        "friction \(friction), v \(v)")
                #expect(RNAndroidPagingSnap.splineFlingDistance(velocity: v, friction: friction).bitPattern
                            == built.coastDistance(velocity: v).bitPattern, "friction \(friction), v \(v)")
            }
        }
        for v in velocities {
            var k = ReleaseKinematics()
            #expect(k.standardAndroidCoast(of: Release(offset: 0, velocity: v)).bitPattern
                        == standard.clampedCoastDistance(velocity: v).bitPattern, "v \(v)")
        }
    }
}
