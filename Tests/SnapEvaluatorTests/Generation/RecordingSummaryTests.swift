import Foundation
import SnapStrategies
import Testing
@testable import SnapEvaluator

/// `RecordingSummary`'s statistics: the reveal amplitude spread's statistic.
@Suite struct RecordingSummaryTests {
    /// A stroke of `moves` moves (`RecordingSummaryStylesTests`'s, labelled one item ahead).
    func stroke(moves: Int, rested: Bool = false, user: Int) -> TraceFeatures {
        RecordingSummaryStylesTests().stroke(moves: moves, rested: rested, intent: 1, user: user)
    }

    /// Traces whose only move is the first (a travel cut short by the late first frame) do not
    /// enter the within-user travel spread of the traces with ≥ 2 moves; the all-traces spread
    /// (still in the table) takes them in.
    @Test func movedTravelSpreadLeavesOutSingleMoveTraces() throws {
        var moved: [TraceFeatures] = []
        for user in 0..<4 {
            for k in 0..<8 { moved.append(stroke(moves: 2 + k + user, user: user)) }
        }
        let expected = RecordingSummary.withinUserLogSD(moved.map { ($0.user, $0.travelPitches) })
        #expect(expected.isFinite && expected > 0)
        var mixed = moved
        for user in 0..<4 {
            for _ in 0..<4 { mixed.append(stroke(moves: 1, rested: true, user: user)) }
        }
        let summary = RecordingSummary(features: mixed, layout: try benchLayout()).statisticValues
        #expect(summary[RecordingSummary.movedTravelSpread] == expected)
        let all = try #require(summary["travel log sd within users (5% trimmed)"])
        #expect(all > expected * 1.2)
    }

    /// Per-user sums run in user order, not in the dictionary's (which changes from process to
    /// process and, with it, the last bits of a spread: `generate --like` gave model files that
    /// differed in the 16th digit from run to run with the same seed).
    /// The travel location is the 5%-trimmed geometric mean of every trace's travel in pitches.
    @Test func travelLocationIsTheTrimmedGeometricMeanOfTravel() throws {
        let traces = (0..<40).map { stroke(moves: 2 + $0 % 9, user: $0 % 4) }
        let expected = RecordingSummary.trimmedGeometricMean(traces.map(\.travelPitches))
        #expect(expected.isFinite && expected > 0)
        let value = RecordingSummary(features: traces, layout: try benchLayout()).statisticValues[RecordingSummary.travelLocation]
        #expect(value.map { abs($0 - expected) < 1e-12 } == true)
    }

    @Test func perUserValuesInKeyOrder() {
        var byUser: [Int: [Double]] = [:]
        for u in [907, 3, 512, 44, 1, 260, 77] { byUser[u] = [Double(u)] }
        #expect(RecordingSummary.inKeyOrder(byUser).map { $0[0] } == [1, 3, 44, 77, 260, 512, 907])
    }
}
