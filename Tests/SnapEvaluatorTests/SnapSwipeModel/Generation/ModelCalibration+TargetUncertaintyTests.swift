import Foundation
import SnapStrategies
import Testing
@testable import SnapSwipeModel

/// The recording's own uncertainty of a fitted statistic's target (``TargetUncertainty``) and the
/// convergence judgement that widens a fixed tolerance to it.
@Suite struct ModelCalibrationTargetUncertaintyTests {
    /// A three-move trace of `user` whose release speed is `velocity`.
    func feature(user: Int, velocity: Double) -> TraceFeatures {
        let t = [0.0, 50, 67, 75], x = [0.0, 5, 15, 15]
        return t.withUnsafeBufferPointer { tb in
            x.withUnsafeBufferPointer { xb in
                TraceFeatures(time: tb, offset: xb, startOffset: 0, pitch: 170, velocity: velocity, user: user, session: nil,
                              intendedIndex: nil, startIndex: 0)
            }
        }
    }

    /// 40 users of 10 traces each: with `betweenUsers`, users 0–19 lift every stroke at speed 0 and
    /// the others none (the share of zero speeds, 0.5, is a mean of 0/1 user means); without, each
    /// user lifts half its strokes at 0 (every user mean is 0.5: nothing varies between users).
    func recording(betweenUsers: Bool) throws -> RecordingSummary {
        var features: [TraceFeatures] = []
        for user in 0..<40 {
            for i in 0..<10 {
                let zero = betweenUsers ? user < 20 : i % 2 == 0
                features.append(feature(user: user, velocity: zero ? 0 : 1))
            }
        }
        return RecordingSummary(features: features, layout: try benchLayout())
    }

    /// The delete-one-user jackknife of a share over equal users is the users' shares' variance over
    /// U: 40 users at 0 or 1 give se = √(0.25·40/39/40) = 0.0801, and Student's t with 39 degrees of
    /// freedom (2.0227) a half-width of 0.162, wider than the share's fixed ±0.03.
    @Test func aShareSpreadBetweenUsersHasTheKnownJackknifeInterval() throws {
        let u = try #require(ModelCalibration.targetUncertainties(of: [.zeroReleaseSpeedShare], recording: try recording(betweenUsers: true))[.zeroReleaseSpeedShare])
        #expect(u.groups == 40)
        #expect(abs(u.target - 0.5) < 1e-12)
        #expect(abs(u.standardError - (0.25 * 40 / 39 / 40).squareRoot()) < 1e-9, "\(u.standardError)")
        #expect(abs(u.criticalValue - 2.0227) < 1e-3, "\(u.criticalValue)")
        #expect(abs(u.halfWidth - 0.1620) < 1e-3 && u.isWidened && u.band == u.halfWidth)
        // inside the widened band passes, outside fails (the fixed ±0.03 alone would fail both)
        #expect(u.matches(0.5 + 0.15) && u.matches(0.5 - 0.15))
        #expect(!u.matches(0.5 + 0.17) && !u.matches(0.5 - 0.17))
        #expect(u.bandText == "±0.03 widened to the recording's own uncertainty ±0.162", "\(u.bandText)")
    }

    /// Nothing varies between the users: the jackknife's half-width is 0 and the fixed tolerance rules.
    @Test func aTargetKnownMoreTightlyThanItsToleranceKeepsTheFixedTolerance() throws {
        let u = try #require(ModelCalibration.targetUncertainties(of: [.zeroReleaseSpeedShare], recording: try recording(betweenUsers: false))[.zeroReleaseSpeedShare])
        #expect(u.halfWidth < 1e-9 && !u.isWidened && u.band == 0.03)
        #expect(u.matches(0.52) && !u.matches(0.54))
        #expect(u.bandText == "±0.03")
    }

    /// A relative tolerance's half-width is relative to the target; an unknown error keeps the fixed one.
    @Test func aRelativeHalfWidthIsRelativeToTheTarget() {
        let u = TargetUncertainty(statistic: .releaseSpeedP50, target: 0.6, standardError: 0.06, criticalValue: 2, groups: 25)
        #expect(abs(u.halfWidth - 0.2) < 1e-12 && u.isWidened)
        #expect(u.matches(0.71) && !u.matches(0.73) && u.matches(0.49) && !u.matches(0.47))
        let unknown = TargetUncertainty(statistic: .releaseSpeedP50, target: 0.6, standardError: .nan, criticalValue: 2, groups: 25)
        #expect(unknown.band == 0.15 && !unknown.isWidened && unknown.matches(0.68) && !unknown.matches(0.71))
    }

    /// The convergence judgement: a fitted statistic outside its fixed tolerance but inside the
    /// recording's own 95% interval of its target is converged; outside that too it is not, and
    /// the message says the band it was judged with.
    @Test func theJudgementUsesTheWiderOfTheFixedToleranceAndTheRecordingsUncertainty() throws {
        let x = try #require(ModelCalibration.fittedParameters(task: .reveal).first { $0.key == "stroke.amplitudeMedian" })
        let kind = x.statistic
        var p = truthParameters(), next = p
        x.set(&p, 1)
        x.set(&next, 1.01)
        func judged(_ simulated: Double, standardError: Double) -> [CalibrationProblem] {
            let round = ModelCalibration.Round(parameters: p, simulated: [kind: simulated], next: next)
            let precision = [kind: TargetUncertainty(statistic: kind, target: 10, standardError: standardError, criticalValue: 2, groups: 25)]
            return ModelCalibration.problems(fitted: [(x, kind)], targets: [kind: 10], history: [round, round],
                                             returned: .init(parameters: p, simulated: [kind: simulated], description: "round 2"),
                                             stoppedBy: nil, jacobian: nil, precision: precision)
        }
        // ±10% fixed; the recording's own: 2 × 1 / 10 = ±20%
        #expect(judged(11.9, standardError: 1).isEmpty)
        let off = judged(12.1, standardError: 1)
        #expect(off.count == 1 && off[0].kind == .notConverged)
        #expect(off[0].finding.hasSuffix("outside tolerance ±10% widened to the recording's own uncertainty ±20.0%"), "\(off[0].finding)")
        // a recording that pins the target down more tightly than ±10%: the fixed tolerance
        #expect(judged(10.9, standardError: 0.1).isEmpty)
        let fixed = judged(11.1, standardError: 0.1)
        #expect(fixed.count == 1 && fixed[0].finding.hasSuffix("outside tolerance ±10%"))
        // an uncertainty measured on another target is not used
        let round = ModelCalibration.Round(parameters: p, simulated: [kind: 11.9], next: next)
        let other = ModelCalibration.problems(fitted: [(x, kind)], targets: [kind: 10], history: [round, round],
                                              returned: .init(parameters: p, simulated: [kind: 11.9], description: "round 2"), stoppedBy: nil,
                                              jacobian: nil, precision: [kind: TargetUncertainty(statistic: kind, target: 9, standardError: 1,
                                                                                                 criticalValue: 2, groups: 25)])
        #expect(other.count == 1)
    }
}
