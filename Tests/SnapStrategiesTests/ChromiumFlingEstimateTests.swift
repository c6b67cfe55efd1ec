import SnapStrategies
import Testing

@Suite struct ChromiumFlingEstimateTests {
    /// policies.md §5.3 worked examples 2 and 3: a first inertial delta of 20 px.
    @Test func legacyEstimate() {
        #expect(ChromiumFlingEstimate.desktop.displacement(firstInertialDelta: 20) == 500)
        #expect(ChromiumFlingEstimate.android.displacement(firstInertialDelta: 20) == 800)
        #expect(ChromiumFlingEstimate.desktop.firstInertialDelta(velocity: 1.25) == 20)
        #expect(ChromiumFlingEstimate.desktop.coastDistance(velocity: 1.25) == 500)
        #expect(ChromiumFlingEstimate.android.coastDistance(velocity: -1.25) == -800)
        #expect(ChromiumFlingEstimate.desktop.coastDistance(velocity: .nan) == 0)
    }

    /// policies.md §5.3 worked example 4 and the wait rule.
    @Test func decayPrediction() throws {
        let d = try #require(ChromiumFlingEstimate.decayPredictedDisplacement(previousDelta: 20, currentDelta: 18))
        #expect(abs(d - 180) < 1e-9)
        let back = try #require(ChromiumFlingEstimate.decayPredictedDisplacement(previousDelta: -20, currentDelta: -18))
        #expect(abs(back + 180) < 1e-9)
        #expect(ChromiumFlingEstimate.decayPredictedDisplacement(previousDelta: 20, currentDelta: 19.5) == nil)
        let waited = try #require(ChromiumFlingEstimate.decayPredictedDisplacement(previousDelta: 20, currentDelta: 19.5,
                                                                                   framesWaited: 3))
        #expect(abs(waited - 780) < 1e-9)
        #expect(ChromiumFlingEstimate.decayPredictedDisplacement(previousDelta: 20, currentDelta: 21, framesWaited: 5) == nil)
        #expect(ChromiumFlingEstimate.decayPredictedDisplacement(previousDelta: 0, currentDelta: 1) == nil)
        #expect(ChromiumFlingEstimate.decayPredictedDisplacement(previousDelta: 20, currentDelta: -5) == nil)
        #expect(ChromiumFlingEstimate.decayPredictedDisplacement(previousDelta: .nan, currentDelta: 5) == nil)
    }
}
