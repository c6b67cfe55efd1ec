import Testing
@testable import SnapTraces

@Suite struct RecordedVelocityEstimatorTests {
    @Test func returnsTheRecordedValue() {
        let r = RecordedVelocityEstimator()
        #expect(r.estimate(time: [0, 8], offset: [0, 800], recordedVelocity: -1.25) == VelocityEstimate(velocity: -1.25, samplesUsed: 0))
        #expect(r.estimate(time: [0, 8], offset: [0, 800]) == .zero)
    }

    @Test func everyMethodNamesItsEstimator() {
        for m in VelocityMethod.allCases { #expect(m.estimator.id == m.rawValue) }
    }
}
