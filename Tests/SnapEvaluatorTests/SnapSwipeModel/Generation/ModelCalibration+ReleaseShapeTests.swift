import Foundation
import Testing
@testable import SnapSwipeModel

@Suite struct ModelCalibrationReleaseShapeTests {
    /// `ρ ~ U(1 − q − w, 1 − q)`: the end and the width move apart, each kept in its limits, and the
    /// earliest release stays at ≥ 0.05.
    @Test func theReleaseEndAndWidthAreIndependent() throws {
        let fitted = ModelCalibration.withReleaseShape(ModelCalibration.fittedParameters(task: .reveal), withheld: false)
        let end = try #require(fitted.first { $0.key == "stroke.releaseRange.end" })
        let width = try #require(fitted.first { $0.key == "stroke.releaseRange.width" })
        #expect(!fitted.contains { $0.key == "stroke.releaseRange" })
        var p = SwipeModelParameters()
        #expect(abs(end.get(p) - 0.15) < 1e-12 && abs(width.get(p) - 0.3) < 1e-12)
        end.set(&p, 0.02)
        #expect(abs(end.get(p) - 0.02) < 1e-12 && abs(width.get(p) - 0.3) < 1e-12)
        width.set(&p, 0.1)
        #expect(abs(end.get(p) - 0.02) < 1e-12 && abs(width.get(p) - 0.1) < 1e-12)
        end.set(&p, 0.0001)
        #expect(abs(end.get(p) - ModelCalibration.releaseEndLimits.lowerBound) < 1e-12)
        width.set(&p, 5)
        #expect(abs(width.get(p) - ModelCalibration.releaseWidthLimits.upperBound) < 1e-12)
        end.set(&p, 0.3)
        width.set(&p, 0.5)
        #expect(p.stroke.releaseRange.lowerBound >= ModelCalibration.earliestRelease)
        // the limits are declared with the parameters (their `limits`), which the convergence check reads
        #expect(end.limits == ModelCalibration.releaseEndLimits && width.limits == ModelCalibration.releaseWidthLimits)
        #expect(ModelCalibration.limitFinding(0.005, in: ModelCalibration.releaseEndLimits) != nil)
        #expect(ModelCalibration.limitFinding(0.1, in: ModelCalibration.releaseEndLimits) == nil)
        #expect(fitted.first { $0.key == "stroke.amplitudeLogSD" }?.limits == nil)
    }

    /// The hold mean answers to the late lift-offs; with withheld moves the dwell answers to the
    /// first move's share of the travel, with a negative sign.
    @Test func theHoldAndTheDwellHaveTheirStatistics() throws {
        let withheld = ModelCalibration.withReleaseShape(ModelCalibration.withWithheldMoves(ModelCalibration.fittedParameters(task: .reveal)),
                                                         withheld: true)
        let hold = try #require(withheld.first { $0.key == "stroke.holdMean" })
        #expect(hold.statistic == .liftedLate && hold.sign == 1)
        let dwell = try #require(withheld.first { $0.key == "delivery.touchDownDwellMedian" })
        #expect(dwell.statistic == .firstMoveShareMedian && dwell.sign == -1)
        #expect(withheld.filter { $0.key == "delivery.touchDownDwellMedian" }.count == 1)
        #expect(withheld.contains { $0.key == "delivery.firstDeliveryMedian" })
    }

    /// Motor noise is always taken out; stalls fall between moves when the recording's gaps between
    /// moves outnumber its late lift-offs on frame delivery (A30 home: 10.5% against 1.4%), and
    /// moves are never withheld by it.
    @Test func preparingTakesOutMotorNoiseAndPlacesStalls() {
        var p = SwipeModelParameters()
        p.delivery.isEnabled = true
        _ = ModelCalibration.prepareReleaseShape(&p, moveGaps: 0.01, lateLifts: 0.05)
        #expect(p.motorNoiseRange == 0...0 && p.delivery.stallsBetweenMoves == nil)
        let notes = ModelCalibration.prepareReleaseShape(&p, moveGaps: 0.105, lateLifts: 0.014)
        #expect(p.delivery.stallsBetweenMoves == true && notes.count == 2 && p.delivery.firstDeliveryMedian == nil)
        var scans = SwipeModelParameters()  // one row per touch scan, the default
        #expect(!scans.delivery.isEnabled)
        _ = ModelCalibration.prepareReleaseShape(&scans, moveGaps: 0.105, lateLifts: 0.014)
        #expect(scans.delivery.stallsBetweenMoves == nil)
    }

    /// A starting model with withheld moves and a moving start (``StrokeParameters/movingStartShare``)
    /// fits the share to the first move's share of the travel and the withheld time's log sd to
    /// the first-move delay's spread, and leaves the dwell unfitted; without the moving start the
    /// dwell answers to the share as before.
    @Test func aMovingStartAnswersToTheFirstMovesShare() throws {
        var p = SwipeModelParameters()
        p.delivery.isEnabled = true
        p.delivery.firstDeliveryMedian = 89
        p.stroke.movingStartShare = 0.5
        var shaped = ModelCalibration(task: .reveal, livePolicy: nil, seed: 1)
        shaped.fitsReleaseShape = true
        let targets: [StatisticKind: Double] = [.firstMoveShareMedian: 0.56, .firstMoveLocation: 89, .firstMoveSpread: 0.095]
        let candidates = shaped.candidates(from: p, targets: targets)
        let share = try #require(candidates.first { $0.0.key == "stroke.movingStartShare" })
        #expect(share.1 == .firstMoveShareMedian && share.0.isProbability && share.0.sign == 1)
        let spread = try #require(candidates.first { $0.0.key == "delivery.firstDeliveryLogSD" })
        #expect(spread.1 == .firstMoveSpread && spread.0.get(p) == p.delivery.touchDownDwellLogSD)
        #expect(!candidates.contains { $0.0.key == "delivery.touchDownDwellMedian" })
        #expect(candidates.first { $0.0.key == "delivery.firstDeliveryMedian" }?.1 == .firstMoveLocation)
        var q = p
        share.0.set(&q, 0.8)
        spread.0.set(&q, 0.1)
        #expect(q.stroke.movingStartShare == 0.8 && share.0.get(q) == 0.8 && q.delivery.firstDeliveryLogSD == 0.1)
        try SwipeModel.validate(q)
        p.stroke.movingStartShare = nil
        let bell = shaped.candidates(from: p, targets: targets)
        #expect(bell.first { $0.0.key == "delivery.touchDownDwellMedian" }?.1 == .firstMoveShareMedian)
        #expect(!bell.contains { $0.0.key == "stroke.movingStartShare" || $0.0.key == "delivery.firstDeliveryLogSD" })
    }
}
