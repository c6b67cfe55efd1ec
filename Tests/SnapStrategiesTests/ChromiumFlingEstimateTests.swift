import Foundation
import SnapStrategies
import Testing

@Suite struct ChromiumFlingEstimateTests {
    /// policies.md §5.3 worked examples 2 and 3: a first inertial delta of 20 px.
    @Test func legacyEstimate() {
        #expect(ChromiumFlingEstimate.desktop.displacement(firstInertialDelta: 20) == 500)
        #expect(ChromiumFlingEstimate.android.displacement(firstInertialDelta: 20) == 800)
        #expect(ChromiumFlingEstimate.desktop.coastDistance(velocity: .nan) == 0)
    }

    /// The first inertial delta is what the desktop fling curve covers in `frameInterval` ms
    /// (`FlingController::ProgressFling` advances `ui/events/gestures/fling_curve.cc`'s curve;
    /// issue 34: it was `v × frameInterval`). At 1 250 px/s the curve starts at
    /// `t0 = −ln((1250 + 172)/(5707.62 × 3.7))/3.7` s and covers `pos(t0 + 0.016) − pos(t0)` =
    /// 19.34 px in 16 ms, a little under 1.25 × 16 = 20 as the fling decelerates.
    @Test func firstDeltaFollowsTheFlingCurve() {
        let alpha = -5707.62, beta = 172.0, gamma = 3.7
        func pos(_ t: Double) -> Double { alpha * Foundation.exp(-gamma * t) - beta * t - alpha }
        let t0 = -Foundation.log((1250 + beta) / (-alpha * gamma)) / gamma
        let expected = pos(t0 + 0.016) - pos(t0)
        #expect(abs(expected - 19.3396) < 1e-4)
        let delta = ChromiumFlingEstimate.desktop.firstInertialDelta(velocity: 1.25)
        #expect(abs(delta - expected) < 1e-9)
        #expect(abs(ChromiumFlingEstimate.desktop.coastDistance(velocity: 1.25) - 25 * expected) < 1e-8)
        #expect(abs(ChromiumFlingEstimate.android.coastDistance(velocity: -1.25) + 40 * expected) < 1e-8)
        // One whole frame (kFrameDelta, what the oracle's late lift-off gives): 20.12 px.
        let frame = ChromiumFlingEstimate(distanceScalar: 25, frameInterval: CSSScrollSnap.flingFrame)
        #expect(abs(frame.firstInertialDelta(velocity: 1.25) - (pos(t0 + 1.0 / 60) - pos(t0))) < 1e-9)
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
