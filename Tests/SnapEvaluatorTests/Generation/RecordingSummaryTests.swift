import Foundation
import SnapStrategies
import Testing
@testable import SnapEvaluator

/// `RecordingSummary`'s statistics: the reveal amplitude spread's statistic.
@Suite struct RecordingSummaryTests {
    /// A stroke of `moves` moves 16.7 ms apart from 50 ms on, `step` points each, then a repeated lift-off.
    func stroke(moves: Int, step: Double, user: Int) -> TraceFeatures {
        var times = [0.0], offsets = [0.0]
        for i in 0..<moves {
            times.append(50 + 16.7 * Double(i))
            offsets.append((offsets.last ?? 0) + step)
        }
        times.append(times[times.count - 1] + 8)
        offsets.append(offsets[offsets.count - 1])
        return times.withUnsafeBufferPointer { t in
            offsets.withUnsafeBufferPointer { x in
                TraceFeatures(time: t, offset: x, startOffset: 0, pitch: 170, velocity: 0, user: user, session: nil,
                              intendedIndex: nil, startIndex: 0)
            }
        }
    }

    /// Traces whose only move is the first (a travel cut short by the late first frame) do not
    /// enter the within-user travel spread of the traces with ≥ 2 moves; the all-traces spread
    /// (still in the table) takes them in.
    @Test func movedTravelSpreadLeavesOutSingleMoveTraces() throws {
        var moved: [TraceFeatures] = []
        for user in 0..<4 {
            for k in 0..<8 { moved.append(stroke(moves: 2 + k, step: 20 + 3 * Double(user), user: user)) }
        }
        let expected = RecordingSummary.withinUserLogSD(moved.map { ($0.user, $0.travelPitches) })
        #expect(expected.isFinite && expected > 0)
        var mixed = moved
        for user in 0..<4 {
            for k in 0..<4 { mixed.append(stroke(moves: 1, step: 2 + Double(k), user: user)) }
        }
        let summary = RecordingSummary(features: mixed, layout: try benchLayout()).statisticValues
        #expect(summary[RecordingSummary.movedTravelSpread] == expected)
        let all = try #require(summary["travel log sd within users (5% trimmed)"])
        #expect(all > expected * 1.2)
    }
}
