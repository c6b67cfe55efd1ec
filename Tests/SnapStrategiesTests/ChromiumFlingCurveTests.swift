@testable import SnapStrategies
import SnapLabTestSupport
import Testing

@Suite struct ChromiumFlingCurveTests {
    /// policies.md §5.3: total distance of the Aura curve for 500, 1000, 3000, 8000 px/s.
    @Test(arguments: [(500.0, 71.8), (1000.0, 181.1), (3000.0, 675.3), (8000.0, 1982.7)])
    func distances(speed: Double, expected: Double) {
        #expect(abs(ChromiumFlingCurve.aura.coastDistance(velocity: speed / 1000) - expected) < 0.1)
        #expect(abs(ChromiumFlingCurve.aura.coastDistance(velocity: -speed / 1000) + expected) < 0.1)
    }

    @Test func constants() {
        #expect(abs(ChromiumFlingCurve.aura.maximumVelocity - 20_946) < 1)
        // Every fling ends 1.300 s into the curve; the fastest runs the whole curve.
        #expect(abs(ChromiumFlingCurve.aura.duration(speed: 30_000) - 1.300) < 0.001)
    }

    @Test func speedsAboveTheMaximumStartAtTheTop() {
        let top = ChromiumFlingCurve.aura.coastDistance(velocity: ChromiumFlingCurve.aura.maximumVelocity / 1000)
        #expect(ChromiumFlingCurve.aura.coastDistance(velocity: 50) == top)
        #expect(ChromiumFlingCurve.aura.coastDistance(velocity: .infinity) == top)
        #expect(ChromiumFlingCurve.aura.coastDistance(velocity: .nan) == 0)
        #expect(ChromiumFlingCurve.aura.coastDistance(velocity: 0) == 0)
    }
}

/// The Aura curve reads its end time from a constant computed once; every answer must be the one
/// the logarithm taken on each call gave (the code before the constant, kept here as the reference).
@Suite struct ChromiumFlingCurveEndTimeTests {
    private struct Reference {
        let alpha: Double, beta: Double, gamma: Double
        var maximumVelocity: Double { -alpha * gamma - beta }
        func position(_ t: Double) -> Double { alpha * SnapMath.exp(-gamma * t) - beta * t - alpha }
        func times(speed v0: Double) -> (Double, Double)? {
            let scale = -alpha * gamma
            guard scale > 0, beta > 0, gamma > 0, v0 > 0, v0.isFinite else { return nil }
            let start = Swift.min(v0, maximumVelocity)
            let t0 = -SnapMath.log((start + beta) / scale) / gamma
            let tEnd = -SnapMath.log(beta / scale) / gamma
            guard t0.isFinite, tEnd.isFinite, tEnd >= t0 else { return nil }
            return (Swift.max(0, t0), tEnd)
        }
        func offset(velocity: Double, elapsed: Double) -> Double {
            guard velocity == velocity, velocity != 0, elapsed > 0 else { return 0 }
            let speed = Swift.min(abs(velocity) * 1000, maximumVelocity)
            guard let (t0, tEnd) = times(speed: speed) else { return 0 }
            let d = position(Swift.min(t0 + elapsed / 1000, tEnd)) - position(t0)
            guard d.isFinite, d > 0 else { return 0 }
            return velocity > 0 ? d : -d
        }
        func coastDistance(velocity: Double) -> Double {
            guard velocity == velocity, velocity != 0 else { return 0 }
            let speed = Swift.min(abs(velocity) * 1000, maximumVelocity)
            guard let (t0, tEnd) = times(speed: speed) else { return 0 }
            let d = position(tEnd) - position(t0)
            guard d.isFinite, d > 0 else { return 0 }
            return velocity > 0 ? d : -d
        }
        func duration(speed v0: Double) -> Double {
            guard let (t0, tEnd) = times(speed: v0) else { return 0 }
            return tEnd - t0
        }
    }

    @Test func auraEndTimeIsTheLogarithmsBits() {
        let a = ChromiumFlingCurve.aura
        #expect((a.alpha, a.beta, a.gamma) == (-5707.62, 172.0, 3.7))
        let computed = -SnapMath.log(a.beta / (-a.alpha * a.gamma)) / a.gamma
        #expect(ChromiumFlingCurve.auraEndTime.bitPattern == computed.bitPattern)
        #expect(ChromiumFlingCurve.endTime(alpha: a.alpha, beta: a.beta, gamma: a.gamma).bitPattern == computed.bitPattern)
    }

    @Test("Aura and other constants: offset, coast distance and duration bit for bit", arguments: [
        (-5707.62, 172.0, 3.7), (-5707.62, 172.0, 3.7000000000000006), (-4000, 150, 2.5),
    ])
    func sameBits(alpha: Double, beta: Double, gamma: Double) {
        let curve = ChromiumFlingCurve(alpha: alpha, beta: beta, gamma: gamma)
        let reference = Reference(alpha: alpha, beta: beta, gamma: gamma)
        var rng = SplitMix64(seed: 36)
        var velocities: [Double] = [0, -0.0, .nan, .infinity, -.infinity, 1e-300, 20.946, -20.946, 50, 1e300]
        for _ in 0..<3000 { velocities.append(rng.double(in: -25...25)) }
        for _ in 0..<500 { velocities.append(rng.double(in: -0.05...0.05)) }
        let elapsed: [Double] = [0, -1, 1, 4.5, 16, 18, CSSScrollSnap.desktopFrameInterval, 1300, 5000, .infinity, .nan]
        for v in velocities {
            #expect(curve.coastDistance(velocity: v).bitPattern == reference.coastDistance(velocity: v).bitPattern, "v \(v)")
            #expect(curve.duration(speed: abs(v) * 1000).bitPattern == reference.duration(speed: abs(v) * 1000).bitPattern,
                    "v \(v)")
            for t in elapsed {
                #expect(curve.offset(velocity: v, elapsed: t).bitPattern == reference.offset(velocity: v, elapsed: t).bitPattern,
                        "v \(v), elapsed \(t)")
            }
        }
    }

    @Test("the Aura offset with its constants folded is the curve's offset bit for bit")
    func auraOffsetSameBits() {
        let reference = Reference(alpha: -5707.62, beta: 172, gamma: 3.7)
        var rng = SplitMix64(seed: 3636)
        var velocities: [Double] = [0, -0.0, .nan, .infinity, -.infinity, 1e-300, -1e-300, 20.946, -20.946, 20.9459, 50, 1e300]
        for _ in 0..<4000 { velocities.append(rng.double(in: -25...25)) }
        for _ in 0..<500 { velocities.append(rng.double(in: -0.05...0.05)) }
        let elapsed: [Double] = [0, -0.0, -1, 1e-9, 1, 4.5, 16, CSSScrollSnap.desktopFrameInterval, 1300, 1300.1069583748117,
                                 5000, .infinity, .nan]
        for v in velocities {
            for t in elapsed {
                let folded = ChromiumFlingCurve.auraOffset(velocity: v, elapsed: t)
                #expect(folded.bitPattern == ChromiumFlingCurve.aura.offset(velocity: v, elapsed: t).bitPattern, "v \(v), elapsed \(t)")
                #expect(folded.bitPattern == reference.offset(velocity: v, elapsed: t).bitPattern, "v \(v), elapsed \(t)")
            }
        }
    }
}
