import Foundation
import Testing
@testable import SnapSwipeModel

@Suite struct ModelCalibrationSettlingTests {
    static let fitted = ModelCalibration.fittedParameters(task: .reveal).map { ($0, $0.statistic) }

    /// The misfit sums (deviation / tolerance)² over the fitted statistics: a relative tolerance
    /// scales with the target, an absolute one does not; a statistic with no target adds nothing
    /// and one the simulation has no value for adds 100.
    @Test func misfitCountsDeviationsInTolerances() throws {
        let travel = try #require(Self.fitted.first { $0.1 == .travelLocation })
        let held = try #require(Self.fitted.first { $0.0.isProbability })
        guard case .relative(let r) = travel.1.tolerance, case .absolute(let a) = held.1.tolerance else {
            Issue.record("expected a relative travel tolerance and an absolute share tolerance")
            return
        }
        let targets: [StatisticKind: Double] = [.travelLocation: 2, held.1: 0.3]
        let misfit = ModelCalibration.misfit(fitted: [travel, held], targets: targets,
                                             simulated: [.travelLocation: 2 * (1 + 2 * r), held.1: 0.3 - 3 * a])
        #expect(abs(misfit - 13) < 1e-9)  // 2² + 3²
        #expect(ModelCalibration.misfit(fitted: [travel, held], targets: targets, simulated: targets) == 0)
        #expect(ModelCalibration.misfit(fitted: [travel, held], targets: [.travelLocation: 2], simulated: [held.1: 0.9]) == 100)
    }

    /// The kept round is the one with the smallest misfit (the later of equals), not the last.
    @Test func bestRoundIsTheSmallestMisfit() {
        #expect(ModelCalibration.bestRound([542.8, 102.7, 705.2, 17.5, 63.1, 26.6]) == 3)
        #expect(ModelCalibration.bestRound([5, 3, 3, 4]) == 2)
        #expect(ModelCalibration.bestRound([.nan, 2, .infinity]) == 1)
        #expect(ModelCalibration.bestRound([.nan, .nan]) == 1)
    }

    /// A round worse than the last accepted one is rejected: the search goes back to the accepted
    /// parameters and their step at half the damping; a better round is accepted and raises the
    /// damping again, up to its maximum, except on the round that returned to the accepted point.
    @Test func stepControlRejectsAWorseRoundAndHalvesTheDamping() {
        var control = ModelCalibration.StepControl()
        var a = SwipeModelParameters(), b = SwipeModelParameters()
        a.gainLogSD = 0.1
        b.gainLogSD = 0.2
        let max = ModelCalibration.StepControl.maximumDamping
        var (from, step) = control.control(a, misfit: 10, step: [1])
        #expect(from.gainLogSD == 0.1 && step == [1] && control.damping == max && !control.rejected)
        (from, step) = control.control(b, misfit: 20, step: [2])
        #expect(from.gainLogSD == 0.1 && step == [1] && control.damping == max / 2 && control.rejected)
        (from, step) = control.control(b, misfit: 30, step: [3])
        #expect(from.gainLogSD == 0.1 && control.damping == max / 4 && control.rejected)
        (from, step) = control.control(b, misfit: 10, step: [4])  // no worse: accepted, the damping kept on a return
        #expect(from.gainLogSD == 0.2 && step == [4] && control.damping == max / 4 && !control.rejected)
        (from, _) = control.control(a, misfit: 5, step: [5])
        #expect(from.gainLogSD == 0.1 && abs(control.damping - max / 4 * 1.5) < 1e-12)
        for _ in 0..<20 { _ = control.control(a, misfit: 5, step: [5]) }
        #expect(control.damping == max)
        for _ in 0..<20 { _ = control.control(b, misfit: 50, step: [5]) }
        #expect(control.damping == ModelCalibration.StepControl.minimumDamping)
    }
}
