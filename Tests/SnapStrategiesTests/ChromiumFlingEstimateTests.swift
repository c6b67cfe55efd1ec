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
        let frame = ChromiumFlingEstimate(distanceScalar: 25, frameInterval: ChromiumFlingEstimate.frameDelta)
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

    /// The fling's inertial updates played to the first that predicts (`FlingController::ProgressFling`,
    /// `SnapFlingController::HandleGestureScrollUpdate`). At 1 250 px/s with an 18-ms first update
    /// (`CSSScrollSnap.desktopFirstUpdate`): the updates are 21.666 (18 ms of the curve) then 18.636
    /// (the next 1/60 s), r = 0.8602 < 0.96, so the second predicts 18.636 / (1 − 0.8602) = 133.27
    /// after the first scrolled 21.666. With a 4.5-ms first update (5.572) the second (19.738) is
    /// longer, not decaying; the third (18.386, r = 0.9315) predicts 268.45 after 25.31.
    @Test func decayPredictionPlaysTheUpdates() throws {
        let alpha = -5707.62, beta = 172.0, gamma = 3.7
        func pos(_ t: Double) -> Double { alpha * Foundation.exp(-gamma * t) - beta * t - alpha }
        let t0 = -Foundation.log((1250 + beta) / (-alpha * gamma)) / gamma
        func covered(_ a: Double, _ b: Double) -> Double { pos(t0 + b / 1000) - pos(t0 + a / 1000) }
        let frame = 1000.0 / 60
        let late = try #require(ChromiumFlingEstimate.decayPrediction(velocity: 1.25, firstUpdate: 18))
        let d1 = covered(0, 18), d2 = covered(18, 18 + frame)
        #expect(late.update == 2)
        #expect(abs(late.scrolled - d1) < 1e-9 && abs(late.scrolled - 21.6663) < 1e-3)
        #expect(abs(late.displacement - d2 / (1 - d2 / d1)) < 1e-9 && abs(late.displacement - 133.272) < 1e-3)
        let early = try #require(ChromiumFlingEstimate.decayPrediction(velocity: 1.25, firstUpdate: 4.5))
        let e1 = covered(0, 4.5), e2 = covered(4.5, 4.5 + frame), e3 = covered(4.5 + frame, 4.5 + 2 * frame)
        #expect(e2 > e1)
        #expect(early.update == 3)
        #expect(abs(early.scrolled - (e1 + e2)) < 1e-9 && abs(early.scrolled - 25.3099) < 1e-3)
        #expect(abs(early.displacement - e3 / (1 - e3 / e2)) < 1e-9 && abs(early.displacement - 268.450) < 1e-3)
        // Backward: the mirror image.
        let back = try #require(ChromiumFlingEstimate.decayPrediction(velocity: -1.25, firstUpdate: 18))
        #expect(back.update == 2 && abs(back.scrolled + d1) < 1e-9 && abs(back.displacement + late.displacement) < 1e-9)
        // No fling, or a first update that covers the whole curve: nothing predicts.
        #expect(ChromiumFlingEstimate.decayPrediction(velocity: 0, firstUpdate: 18) == nil)
        #expect(ChromiumFlingEstimate.decayPrediction(velocity: .nan, firstUpdate: 18) == nil)
        #expect(ChromiumFlingEstimate.decayPrediction(velocity: 1.25, firstUpdate: 5000) == nil)
    }
}
