import SnapLabTestSupport
import Testing
@testable import SnapStrategies

/// The legacy estimate's bracket (``ChromiumFlingEstimate/DisplacementBracket``): the displacement
/// the estimate computes (``ChromiumFlingEstimate/coastDistance(velocity:)``, Aura's exponentials
/// and logarithm) lies inside the bounds at every speed tried, both signs, every frame interval
/// and scalar tried; no bounds where the affine form does not hold.
@Suite struct ChromiumFlingEstimateBracketTests {
    /// The frame intervals (ms) and distance scalars tried: the defaults, the parameters' ends, others.
    static let intervals: [Double] = [1, 1.5, 4.5, 4.500000000000001, 8, 16, 16.666666666666668, 18, 33, 50, 99.9, 100]
    static let scalars: [Double] = [25, 40, 1, 200, 0x1p-20, 3.3]

    /// `estimate.coastDistance(velocity: v)` inside the bounds, or no bounds; returns whether bounded.
    private func check(_ estimate: ChromiumFlingEstimate, _ bracket: ChromiumFlingEstimate.DisplacementBracket,
                       velocity v: Double) -> Bool {
        guard let b = bracket.bounds(velocity: v) else { return false }
        let d = estimate.coastDistance(velocity: v)
        #expect(b.lower <= d && d <= b.upper && b.lower.sign == b.upper.sign && b.lower != 0
                    && (b.lower > 0) == (v > 0),
                "v \(v) interval \(estimate.frameInterval) scalar \(estimate.distanceScalar): \(d) not in \(b)")
        return true
    }

    @Test("the computed displacement lies inside the bounds", arguments: [1, 2] as [UInt64])
    func insideTheBounds(seed: UInt64) {
        var rng = SplitMix64(seed: 0x3838_0b00 &+ seed)
        var bounded = 0, tried = 0
        for interval in Self.intervals {
            let estimate = ChromiumFlingEstimate(distanceScalar: rng.pick(Self.scalars), frameInterval: interval)
            guard let bracket = ChromiumFlingEstimate.DisplacementBracket(estimate) else {
                Issue.record("no bracket for \(estimate)")
                continue
            }
            var speeds: [Double] = [bracket.minimumSpeed / 1000, bracket.minimumSpeed.nextUp / 1000,
                                    bracket.fastestStart / 1000, bracket.fastestStart.nextDown / 1000,
                                    bracket.fastestStart.nextUp / 1000, 25, 1e300, .infinity,
                                    .greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.03, 0.0299]
            // Every whole px/s up to past the clamp, then seeded speeds over every binade in reach.
            for k in 0...21_000 { speeds.append(Double(k) / 1000) }
            for _ in 0..<6_000 { speeds.append(rng.double(in: 0...21)) }
            for _ in 0..<3_000 { speeds.append(Double(sign: .plus, exponent: rng.int(in: -12...6), significand: rng.double(in: 1...2))) }
            for speed in speeds {
                for v in [speed, -speed] {
                    tried += 1
                    if check(estimate, bracket, velocity: v) { bounded += 1 }
                }
            }
            // Below the bracket's minimum speed, NaN and zero: no bounds.
            for v in [bracket.minimumSpeed * 0.999 / 1000, 0, -0.0, .nan, -.nan, 1e-300] {
                #expect(bracket.bounds(velocity: v) == nil, "v \(v)")
                #expect(bracket.bounds(velocity: -v) == nil, "v \(-v)")
            }
        }
        #expect(tried > 700_000)
        #expect(bounded * 10 > tried * 9, "bounded \(bounded) of \(tried)")
    }

    @Test("no bracket outside the parameters' ranges")
    func noBracket() {
        for (scalar, interval) in [(0.0, 4.5), (-25.0, 4.5), (.infinity, 4.5), (.nan, 4.5), (25, 0.5), (25, 100.5),
                                   (25, .nan), (25, .infinity)] {
            #expect(ChromiumFlingEstimate.DisplacementBracket(
                ChromiumFlingEstimate(distanceScalar: scalar, frameInterval: interval)) == nil)
        }
    }
}
