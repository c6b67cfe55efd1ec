import Testing
@testable import SnapTraces
@testable import SnapReports

@Suite struct ImpulseVelocityEstimatorTests {
    let impulse = ImpulseVelocityEstimator()

    @Test func constantVelocityIsRecovered() {
        let times = stride(from: 0.0, through: 64, by: 8).map { $0 } + [66]
        let e = impulse.estimate(time: times, offset: times.map { -2.5 * $0 })
        #expect(abs(e.velocity + 2.5) < 1e-12)
        #expect(e.samplesUsed == 9)
    }

    @Test func twoSamplesGiveTheirSlopeAndOneGivesZero() {
        #expect(impulse.estimate(time: [0, 10, 11], offset: [0, 30, 31]).velocity == 3)
        #expect(impulse.estimate(time: [0, 1], offset: [0, 30]).velocity == 0)
    }

    @Test func workFollowsAOSP() {
        // three samples: v1 = 1 (halved first step: W = 0.5), v2 = 3: W = 0.5 + (3 - 1)·3 = 6.5
        let e = impulse.estimate(time: [0, 10, 20, 21], offset: [0, 10, 40, 40])
        #expect(abs(e.velocity - (2 * 6.5).squareRoot()) < 1e-12)
    }

    @Test func stoppedPointerGivesZero() {
        #expect(impulse.estimate(time: [0, 10, 20, 61], offset: [0, 10, 20, 20]) == .zero)
    }
}
