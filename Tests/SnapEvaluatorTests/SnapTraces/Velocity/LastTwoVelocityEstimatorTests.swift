import Testing
@testable import SnapTraces
@testable import SnapReports

@Suite struct LastTwoVelocityEstimatorTests {
    @Test func slopeOfTheTwoNewestMoveSamples() {
        let e = LastTwoVelocityEstimator().estimate(time: [0, 10, 20, 20, 500], offset: [0, 10, 15, 30, 99])
        // equal times: the newer (30) counts; the older distinct time is 10
        #expect(e.velocity == 2)
        #expect(e.samplesUsed == 2)
        #expect(LastTwoVelocityEstimator().estimate(time: [0, 1], offset: [0, 5]).velocity == 0)
    }
}
