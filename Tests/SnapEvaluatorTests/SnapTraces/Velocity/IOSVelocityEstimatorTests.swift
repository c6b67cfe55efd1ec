import Testing
@testable import SnapTraces
@testable import SnapReports

@Suite struct IOSVelocityEstimatorTests {
    let ios = IOSVelocityEstimator()

    @Test func weightsTheLastThreeSegmentsOldestMost() {
        // segment slopes 1, 2, 4 (oldest to newest): 0.6·1 + 0.35·2 + 0.05·4 = 1.5
        let e = ios.estimate(time: [0, 10, 20, 30, 31], offset: [0, 10, 30, 70, 70])
        #expect(abs(e.velocity - 1.5) < 1e-12)
        #expect(e.samplesUsed == 4)
    }

    @Test func missingSegmentsCountAsZero() {
        // three samples: the oldest segment is missing: 0.35·v + 0.05·v
        let e = ios.estimate(time: [0, 10, 20, 21], offset: [0, 20, 40, 40])
        #expect(abs(e.velocity - 0.4 * 2) < 1e-12)
    }

    @Test func stoppedPointerGivesZero() {
        #expect(ios.estimate(time: [0, 10, 20, 30, 70.5], offset: [0, 10, 20, 30, 30]) == .zero)
    }
}
