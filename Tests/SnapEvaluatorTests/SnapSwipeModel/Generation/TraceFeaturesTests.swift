import Foundation
import SnapStrategies
import Testing
@testable import SnapSwipeModel

/// The per-trace measurements that separate holds from stalls and drive the spread fits.
@Suite struct TraceFeaturesTests {
    /// Rows `began, moved…, ended` at `times` with `offsets`, start offset 0, pitch 170.
    func features(_ times: [Double], _ offsets: [Double]) -> TraceFeatures {
        times.withUnsafeBufferPointer { t in
            offsets.withUnsafeBufferPointer { x in
                TraceFeatures(time: t, offset: x, startOffset: 0, pitch: 170, velocity: 0, user: 0, session: nil,
                              intendedIndex: nil, startIndex: 0)
            }
        }
    }

    /// The kit's release speed (`convert_gestureapp.py` `release_speed`): least squares over the rows
    /// within 50 ms of the last, touch-down included, the repeated lift-off left out; the last two
    /// rows when the window holds fewer.
    @Test func leastSquaresLateSpeedIsTheKits() {
        // touch-down, one move 89 ms later, a repeated lift-off: the last two rows (0 → 237 in 89 ms)
        let one = features([0, 89, 97], [0, 237, 237])
        #expect(abs(one.lateSpeedLSQ - 237 / 89.0) < 1e-12)
        #expect(one.lateSpeed == nil)
        // moves at 96, 129, 155 and a repeat at 163: the window [105, 155] holds 129 and 155
        let three = features([0, 96, 129, 155, 163], [0, 79, 150, 236, 236])
        #expect(abs(three.lateSpeedLSQ - 86 / 26.0) < 1e-12)
        // four rows in the window, no repeat: the least-squares slope of (0, 0), (10, 12), (20, 18), (30, 33)
        let fit = features([0, 10, 20, 30], [0, 12, 18, 33])
        #expect(abs(fit.lateSpeedLSQ - 1.05) < 1e-12)
        // leftward travel reads the same speed; a lift-off that does not repeat stays in the window
        let left = features([0, 10, 20, 30], [0, -12, -18, -33])
        #expect(abs(left.lateSpeedLSQ - 1.05) < 1e-12)
        #expect(features([0], [0]).lateSpeedLSQ == 0)
    }

    @Test func aFingerThatSlowedDownAndHeldIsAHoldNotAStall() {
        // moves at 20, 20, 10 pt per 16.7 ms frame, then a repeated lift-off 130 ms later
        let f = features([0, 50, 66.7, 83.4, 100.1, 230.1], [0, 10, 30, 50, 60, 60])
        #expect(f.liftGap.map { abs($0 - 130) < 1e-9 } == true)
        #expect(f.peakSpeed.map { abs($0 - 20 / 16.7) < 1e-9 } == true)
        #expect(f.lastToPeakSpeed.map { abs($0 - 0.5) < 1e-6 } == true)
        #expect(f.strokeTime.map { abs($0 - 60 / (20 / 16.7)) < 1e-9 } == true)
        #expect(f.heldBeforeLift)
        #expect(!f.stoppedWhileMoving)
    }

    @Test func aLateLiftOffAfterAFastMoveIsAStall() {
        // still at full speed at the last move; the lift-off comes 60 ms later (frames stopped)
        let f = features([0, 50, 66.7, 83.4, 100.1, 160.1], [0, 10, 30, 50, 70, 70])
        #expect(f.stoppedWhileMoving)
        #expect(!f.heldBeforeLift) // 60 ms: a stall's length, not a hold's tail
        // a hold of 25 ms after slowing down: held, and not late
        let g = features([0, 50, 66.7, 83.4, 100.1, 125.1], [0, 10, 30, 50, 55, 55])
        #expect(g.heldBeforeLift && !g.stoppedWhileMoving)
        // a few-ms delivery repeat is neither
        let h = features([0, 50, 66.7, 83.4, 100.1, 106.1], [0, 10, 30, 50, 70, 70])
        #expect(!h.heldBeforeLift && !h.stoppedWhileMoving)
        // a gap between moves is a stall whatever the lift-off does
        let k = features([0, 50, 66.7, 140, 156.7, 160], [0, 10, 30, 80, 90, 95])
        #expect(k.hasMoveGap && k.stoppedWhileMoving)
    }

    @Test func aSlowedFingerHeldForAStallsLengthIsAHold() {
        // slowed to 0.25 of its peak speed, then a repeated lift-off 70 ms later: a hold (a stall
        // at lift-off cuts a finger still moving fast)
        let f = features([0, 50, 66.7, 83.4, 100.1, 170.1], [0, 10, 30, 50, 55, 55])
        #expect(f.lastToPeakSpeed.map { abs($0 - 0.25) < 1e-6 } == true)
        #expect(f.heldBeforeLift && !f.stoppedWhileMoving)
    }

    @Test func withinUserSpreadIgnoresTheUsersLevels() {
        let spread = (0..<30).map { exp(Double($0 % 6) / 5) }
        let one = spread.map { (user: 0, value: $0) }
        // the same spread for three users at levels × 1, × 10, × 0.1: the pooled sd is unchanged,
        // the plain log sd is not
        let three = [1.0, 10, 0.1].enumerated().flatMap { u, level in spread.map { (user: u, value: $0 * level) } }
        #expect(abs(RecordingSummary.withinUserLogSD(three) - RecordingSummary.withinUserLogSD(one)) < 0.02)
        #expect(RecordingSummary.trimmedLogSD(three.map(\.value)) > 3 * RecordingSummary.withinUserLogSD(three))
        #expect(RecordingSummary.withinUserLogSD(Array(one.prefix(19))).isNaN)
    }

    /// A flick released while moving and delivered whole (last move ≥ 0.2 of the peak, lift-off
    /// ≤ 40 ms after it) is one the paging flick spreads count; a stroke that came to rest, a
    /// stall's late lift-off and a stroke of one move are not.
    @Test func releasedMovingPromptlyNeedsAMovingLastMoveAndAPromptLiftOff() {
        // still at full speed, a delivery repeat 6 ms later
        #expect(features([0, 50, 66.7, 83.4, 100.1, 106.1], [0, 10, 30, 50, 70, 70]).releasedMovingPromptly)
        // the lift-off carries a new position 12 ms after the last move (no repeat)
        #expect(features([0, 50, 66.7, 83.4, 100.1, 112.1], [0, 10, 30, 50, 70, 80]).releasedMovingPromptly)
        // the same stroke, lifted 60 ms after its last move: a stall cut it short
        #expect(!features([0, 50, 66.7, 83.4, 100.1, 160.1], [0, 10, 30, 50, 70, 70]).releasedMovingPromptly)
        // slowed to 0.1 of its peak speed: came to rest (a drag), however prompt the lift-off
        #expect(!features([0, 50, 66.7, 83.4, 100.1, 106.1], [0, 10, 30, 50, 52, 52]).releasedMovingPromptly)
        // exactly 0.2 of the peak counts; one move has no speed to compare
        #expect(features([0, 50, 66.7, 83.4, 100.1, 106.1], [0, 10, 30, 50, 54, 54]).releasedMovingPromptly)
        #expect(!features([0, 50, 56], [0, 10, 10]).releasedMovingPromptly)
    }

    /// The trim divisor: 40 trims 2.5% at each end (2 of 80 values), 20 trims 5% (4 of 80); with three
    /// outliers at each end, 2.5% keeps one of them on each side.
    @Test func trimmedSDTrimsCountOverTheDivisorAtEachEnd() {
        let core = (0..<74).map { Double($0 % 4) }
        let values = core + [-50, 50, -60, 60, -70, 70]
        let sorted = values.sorted()
        func sd(_ x: ArraySlice<Double>) -> Double {
            let m = x.reduce(0, +) / Double(x.count)
            return (x.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(x.count - 1)).squareRoot()
        }
        #expect(abs(RecordingSummary.trimmedSD(values) - sd(sorted[4..<76])) < 1e-12)
        #expect(abs(RecordingSummary.trimmedSD(values, trimDivisor: 40) - sd(sorted[2..<78])) < 1e-12)
        #expect(RecordingSummary.trimmedSD(values, trimDivisor: 40) > 5 * RecordingSummary.trimmedSD(values))
    }

    @Test func twoMeansSplitFallsBetweenTwoClusters() {
        let fast = (0..<60).map { log(40.0) + Double($0 % 7 - 3) * 0.05 }
        let slow = (0..<30).map { log(160.0) + Double($0 % 5 - 2) * 0.05 }
        let split = RecordingSummary.twoMeansSplit(fast + slow)
        #expect(split > fast.max()! && split < slow.min()!)
        #expect(RecordingSummary.twoMeansSplit(Array(fast.prefix(39))).isNaN)
    }

    @Test func trimmedLogSDIgnoresOutliersAndNeedsTwentyValues() {
        let values = (0..<100).map { exp(Double($0 % 10) / 10) }
        let base = RecordingSummary.trimmedLogSD(values)
        #expect(abs(RecordingSummary.trimmedLogSD(values.dropLast(5) + [1e9, 1e9, 1e-9, 1e-9, 1]) - base) < 0.05)
        #expect(RecordingSummary.trimmedLogSD(Array(values.prefix(19))).isNaN)
    }
}
