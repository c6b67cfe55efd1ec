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

    /// The lift repeat delay's statistic is the 10%-trimmed geometric mean of the repeat delays of
    /// at most 40 ms (a later repeated lift-off is a hold's); the p50 stays in the table.
    @Test func repeatDelayLocationIsTheTenPercentTrimmedGeometricMean() throws {
        let delays = (0..<40).map { 4 + Double($0 % 13) * 0.7 } + [2, 25, 30, 38]
        var traces = delays.enumerated().map { i, d in
            RecordingSummaryStylesTests().stroke(moves: 3 + i % 4, rested: false, intent: 1, user: i % 5, liftDelay: d)
        }
        traces.append(RecordingSummaryStylesTests().stroke(moves: 3, rested: false, intent: 1, user: 0, liftDelay: 90))
        let sorted = delays.map { log($0) }.sorted()
        let k = sorted.count / 10
        let expected = exp(sorted[k..<(sorted.count - k)].reduce(0, +) / Double(sorted.count - 2 * k))
        #expect(abs(RecordingSummary.trimmedGeometricMean(delays, trimDivisor: 10) - expected) < 1e-12)
        let values = RecordingSummary(features: traces, layout: try benchLayout()).statisticValues
        let location = try #require(values[RecordingSummary.repeatDelayLocation])
        #expect(abs(location - expected) < 1e-12, "\(location) vs \(expected)")
        #expect(values["repeat delay p50 (ms)"].map { abs($0 - Percentile.of(delays, 0.5)) < 1e-12 } == true)
        // 5% trimming keeps the 25 ms lift-off (a hold's) of this sample, 10% drops it
        #expect(RecordingSummary.trimmedGeometricMean(delays) > location)
    }

    @Test func perUserValuesInKeyOrder() {
        var byUser: [Int: [Double]] = [:]
        for u in [907, 3, 512, 44, 1, 260, 77] { byUser[u] = [Double(u)] }
        #expect(RecordingSummary.inKeyOrder(byUser).map { $0[0] } == [1, 3, 44, 77, 260, 512, 907])
    }
}
