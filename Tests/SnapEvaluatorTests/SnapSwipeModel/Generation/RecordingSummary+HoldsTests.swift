import Foundation
import SnapStrategies
import Testing
@testable import SnapSwipeModel

/// The placed-stroke statistic: lift-off windows, the stall window's hold share, and that the
/// weighted held share answers to the placed strokes and not to the stroke durations.
@Suite struct RecordingSummaryHoldsTests {
    /// Rows `began`, three moves 16.7 ms apart, then the lift-off `gap` ms after the last move,
    /// repeating its position or not.
    func stroke(gap: Double, repeats: Bool, user: Int = 0) -> TraceFeatures {
        let times = [0, 50, 66.7, 83.4, 83.4 + gap]
        let offsets: [Double] = [0, 10, 30, 50, repeats ? 50 : 52]
        return times.withUnsafeBufferPointer { t in
            offsets.withUnsafeBufferPointer { x in
                TraceFeatures(time: t, offset: x, startOffset: 0, pitch: 170, velocity: 0, user: user, session: nil,
                              intendedIndex: nil, startIndex: 0)
            }
        }
    }

    @Test func liftOffsFallInTheirWindows() {
        #expect(stroke(gap: 10, repeats: true).liftWindow == .prompt)
        #expect(stroke(gap: 15, repeats: true).liftWindow == .prompt)
        #expect(stroke(gap: 30, repeats: true).liftWindow == .hold)
        #expect(stroke(gap: 40, repeats: true).liftWindow == .hold)
        #expect(stroke(gap: 60, repeats: true).liftWindow == .stall)
        #expect(stroke(gap: 110, repeats: false).liftWindow == .stall)
        #expect(stroke(gap: 150, repeats: true).liftWindow == .hold)
        let noMove = [0.0, 80].withUnsafeBufferPointer { t in
            [0.0, 0].withUnsafeBufferPointer { x in
                TraceFeatures(time: t, offset: x, startOffset: 0, pitch: 170, velocity: 0, user: 0, session: nil,
                              intendedIndex: nil, startIndex: 0)
            }
        }
        #expect(noMove.liftWindow == nil)
    }

    /// 60 prompt repeats and 30 prompt lift-offs without one (odds of a repeat 2); 5 stalled
    /// lift-offs without a repeat, so 10 stalled ones with; 40 repeats in the stall window, so 30 of
    /// them holds: weight 0.75. The held share counts 20 hold-window repeats fully and the 40 at 0.75.
    @Test func theStallWindowIsWeightedByItsShareOfHolds() throws {
        var f: [TraceFeatures] = []
        f += Array(repeating: stroke(gap: 8, repeats: true), count: 60)
        f += Array(repeating: stroke(gap: 12, repeats: false), count: 30)
        f += Array(repeating: stroke(gap: 70, repeats: false), count: 5)
        f += Array(repeating: stroke(gap: 70, repeats: true), count: 40)
        f += Array(repeating: stroke(gap: 30, repeats: true), count: 10)
        f += Array(repeating: stroke(gap: 200, repeats: true), count: 10)
        #expect(abs(RecordingSummary.stallWindowHoldShare(f) - 0.75) < 1e-12)
        var summary = RecordingSummary(features: f, layout: try benchLayout())
        #expect(abs(summary.weightedHeldShare - (20 + 0.75 * 40) / 155) < 1e-12)
        #expect(summary.statisticValues[StatisticKind.weightedHeld] == summary.weightedHeldShare)
        // a simulation is measured with the recording's weight
        summary.stallWindowWeight = 0.5
        #expect(abs(summary.weightedHeldShare - (20 + 0.5 * 40) / 155) < 1e-12)
        // more stalled lift-offs than repeats in the window: weight 0; too few prompt lift-offs: one half
        let stalled = f + Array(repeating: stroke(gap: 70, repeats: false), count: 30)
        #expect(RecordingSummary.stallWindowHoldShare(stalled) == 0)
        #expect(RecordingSummary.stallWindowHoldShare(Array(f.dropFirst(50))) == 0.5)
    }

    /// In simulation, measured with a fixed stall-window weight as in a fit, the weighted held share
    /// moves with the placed-stroke probability (slope > 0.5) and by less than 0.01 when the strokes
    /// are 30% longer, while the older held share (which tells holds from stalls by the last move's
    /// speed) moves more. Stalls two and a half times as common do move it with the weight fixed
    /// (the fit's stall probability answers for them); a recording's own weight takes them out.
    @Test func theWeightedHeldShareAnswersToPlacedStrokesOnly() throws {
        let layout = try benchLayout()
        let live = try PolicyCatalog.policy(id: "compose-lazyrow-snap")
        func shares(weight: Double? = 0.6, _ change: (inout SwipeModelParameters) -> Void) throws -> (weighted: Double, older: Double) {
            var p = truthParameters()
            change(&p)
            var calibration = ModelCalibration(task: .reveal, livePolicy: live, seed: 9)
            calibration.userSampling = .independent
            calibration.stallWindowWeight = weight
            let s = try calibration.statistics(p, layout: layout, traces: 6000, users: 60)
            return (s[StatisticKind.weightedHeld]!, s[StatisticKind.held]!)
        }
        let base = try shares { _ in }
        let placed = try shares { $0.stroke.holdProbability = 0.4 }
        let longer = try shares { $0.stroke.durationMedian = 130 }
        #expect((placed.weighted - base.weighted) / 0.1 > 0.5, "\(base) \(placed)")
        #expect(abs(longer.weighted - base.weighted) < 0.01, "\(base) \(longer)")
        #expect(abs(longer.older - base.older) > abs(longer.weighted - base.weighted), "\(base) \(longer)")
        let own = try shares(weight: nil) { _ in }
        let ownStalls = try shares(weight: nil) { $0.delivery.stallProbability = 0.3 }
        let fixedStalls = try shares { $0.delivery.stallProbability = 0.3 }
        #expect(abs(ownStalls.weighted - own.weighted) < 0.02, "\(own) \(ownStalls)")
        #expect(fixedStalls.weighted - base.weighted > abs(ownStalls.weighted - own.weighted), "\(base) \(fixedStalls)")
    }
}
