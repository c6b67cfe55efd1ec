import Foundation
import Testing
@testable import SnapSwipeModel

@Suite struct ModelCalibrationNewtonTests {
    /// The coupled step solves the linear system; a singular system, or one whose solution moves a
    /// parameter far beyond its own residual, gives `nil` (the caller steps by the diagonal).
    @Test func newtonStepSolvesAndRefusesIllConditionedSystems() throws {
        let j = [[1.0, 0.5, 0], [0.2, 0.8, 0.1], [0, -0.3, 1.2]]
        let x = [0.1, -0.05, 0.02]
        let r = j.map { row in zip(row, x).reduce(0) { $0 + $1.0 * $1.1 } }
        let step = try #require(ModelCalibration.newtonStep(jacobian: j, residuals: r))
        for (a, b) in zip(step, x) { #expect(abs(a - b) < 1e-12) }
        #expect(ModelCalibration.newtonStep(jacobian: [[1, 1], [1, 1]], residuals: [0.1, 0.1]) == nil)
        // nearly singular: the solution is huge against the residuals
        #expect(ModelCalibration.newtonStep(jacobian: [[1, 0.999], [0.999, 1]], residuals: [0.1, -0.1]) == nil)
    }

    /// The cleaned Jacobian keeps the diagonal slopes in [0.25, 2.5] (1 when missing or not
    /// positive) and drops off-diagonal responses that are missing or too small to be more than noise.
    @Test func cleanJacobianBoundsTheSlopes() {
        let j = ModelCalibration.cleanJacobian([[0.1, 0.01, .nan], [3, -4, 0.3], [0.5, 9, 1]])
        #expect(j[0][0] == 0.25 && j[1][1] == 1 && j[2][2] == 1)
        #expect(j[0][1] == 0 && j[0][2] == 0)  // 0.01 < 0.05 · √(0.25·1); NaN
        #expect(j[1][0] == 2.5 && j[1][2] == 0.3 && j[2][0] == 0.5 && j[2][1] == 2.5)
    }

    /// A parameter whose statistic falls as it grows (``ModelCalibration/Fitted/sign`` −1): a
    /// measured slope of that sign keeps its size in [0.25, 2.5] and its sign, one of the other sign
    /// (noise) becomes −1, so the step never goes the wrong way; +1 rows are cleaned as before.
    @Test func cleanJacobianKeepsAKnownNegativeSlope() {
        let raw = [[-0.1, 0.01], [0.3, 0.8]]
        let j = ModelCalibration.cleanJacobian(raw, signs: [-1, 1])
        #expect(j[0][0] == -0.25 && j[1][1] == 0.8)
        #expect(ModelCalibration.cleanJacobian([[0.7]], signs: [-1])[0][0] == -1)
        #expect(ModelCalibration.cleanJacobian(raw) == ModelCalibration.cleanJacobian(raw, signs: [1, 1]))
        // the step of a negative slope moves the parameter against its residual
        let step = ModelCalibration.newtonStep(jacobian: [[-0.5]], residuals: [0.1])
        #expect(step == [-0.2])
    }

    /// A parameter held at a bound takes no step, and the others are solved without its row and
    /// column: here `J = [[1, 0.5], [0.4, 2]]`, residuals (0.3, 0.2); held 0, parameter 1 moves by
    /// 0.2/2 = 0.1 (the full system would move it by (0.2 − 0.4·x₀)/2 with x₀ = 0.2857…). Nothing
    /// held: the full step.
    @Test func aHeldParameterTakesNoStep() throws {
        let j = [[1, 0.5], [0.4, 2]], r = [0.3, 0.2]
        let held = try #require(ModelCalibration.newtonStep(jacobian: j, residuals: r, held: [0]))
        #expect(held[0] == 0 && abs(held[1] - 0.1) < 1e-12)
        #expect(ModelCalibration.newtonStep(jacobian: j, residuals: r, held: []) == ModelCalibration.newtonStep(jacobian: j, residuals: r))
        #expect(ModelCalibration.newtonStep(jacobian: j, residuals: r, held: [0, 1]) == [0, 0])
    }

    /// The end of its range a fitted parameter sits at: its declared limits, a probability's 0 and
    /// 1, a scale's floor 0.001.
    @Test func theBoundSideOfAFittedParameter() throws {
        let fitted = ModelCalibration.withReleaseShape(ModelCalibration.fittedParameters(task: .reveal), withheld: false)
        let end = try #require(fitted.first { $0.key == "stroke.releaseRange.end" })
        let hold = try #require(fitted.first { $0.key == "stroke.holdProbability" })
        let median = try #require(fitted.first { $0.key == "stroke.amplitudeMedian" })
        #expect(ModelCalibration.boundSide(of: end, at: 0.005) == -1 && ModelCalibration.boundSide(of: end, at: ModelCalibration.releaseEndLimits.upperBound) == 1)
        #expect(ModelCalibration.boundSide(of: end, at: 0.1) == 0)
        #expect(ModelCalibration.boundSide(of: hold, at: 0) == -1 && ModelCalibration.boundSide(of: hold, at: 1) == 1)
        #expect(ModelCalibration.boundSide(of: hold, at: 0.5) == 0)
        #expect(ModelCalibration.boundSide(of: median, at: 0.001) == -1 && ModelCalibration.boundSide(of: median, at: 80) == 0)
        let earliness = try #require(ModelCalibration.fittedParameters(task: .reveal).first { $0.role == .releaseEarliness })
        #expect(earliness.limits == ModelCalibration.earlinessLimits && ModelCalibration.boundSide(of: earliness, at: 0.02) == -1)
        // held: at a bound and pushed beyond it (q at its floor, step down); not when stepping back in
        var p = SwipeModelParameters()
        end.set(&p, 0.005)
        #expect(ModelCalibration.heldAtBounds([end, median], at: p, diagonal: [-0.1, 0.2]) == [0])
        #expect(ModelCalibration.heldAtBounds([end, median], at: p, diagonal: [0.1, 0.2]).isEmpty)
    }
}
