import Foundation
import SnapStrategies
import Testing
import SnapLabSupport
@testable import SnapScoring
@testable import SnapSwipeModel

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
        #expect(summary[StatisticKind.movedTravelSpread] == expected)
        let all = try #require(summary[StatisticKind.travelSpread])
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
        let value = RecordingSummary(features: traces, layout: try benchLayout()).statisticValues[StatisticKind.travelLocation]
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
        let location = try #require(values[StatisticKind.repeatDelayLocation])
        #expect(abs(location - expected) < 1e-12, "\(location) vs \(expected)")
        #expect(values[StatisticKind.repeatDelayP50].map { abs($0 - Percentile.of(delays, 0.5)) < 1e-12 } == true)
        // 5% trimming keeps the 25 ms lift-off (a hold's) of this sample, 10% drops it
        #expect(RecordingSummary.trimmedGeometricMean(delays) > location)
    }

    @Test func perUserValuesInKeyOrder() {
        var byUser: [Int: [Double]] = [:]
        for u in [907, 3, 512, 44, 1, 260, 77] { byUser[u] = [Double(u)] }
        #expect(RecordingSummary.inKeyOrder(byUser).map { $0[0] } == [1, 3, 44, 77, 260, 512, 907])
    }

    /// The winsorized scale of the paging spreads: the root mean square when no residual reaches
    /// 2.5 × √(π/2)·mean|r|; a far outlier counts as that cap, not its square; and it moves
    /// continuously as residuals are added (a 40th residual near the root mean square hardly moves it,
    /// while a 2.5%-trimmed sd then starts to drop one value at each end and jumps).
    @Test func winsorizedScaleIsRobustAndMovesContinuously() {
        // 39 residuals in ±1 (a symmetric spread, none near the cap)
        let base = (0..<39).map { Double($0 - 19) / 19 }
        let rms = (base.reduce(0) { $0 + $1 * $1 } / 39).squareRoot()
        #expect(abs(RecordingSummary.winsorizedRMS(base) - rms) < 1e-12)
        #expect(RecordingSummary.winsorizedRMS(Array(base.prefix(19))).isNaN)
        // an outlier 10 log units out (a travel 22,000 times the user's) moves it by less than a
        // fifth of what it moves the root mean square: the cap follows the mean |r|, so its pull is
        // linear in the outlier, not quadratic (nor bounded, as a trimmed sd's)
        let withOutlier = base + [10]
        let plainRMS = (withOutlier.reduce(0) { $0 + $1 * $1 } / 40).squareRoot()
        #expect(RecordingSummary.winsorizedRMS(withOutlier) - rms < 0.2 * (plainRMS - rms))
        // adding a 40th residual of 0.6 (about the rms): the winsorized scale barely moves; the 2.5%-trimmed one
        // (the paging spreads' statistic before) drops both extremes at once and jumps
        let added = base + [0.6]
        let winsorizedStep = abs(RecordingSummary.winsorizedRMS(added) - RecordingSummary.winsorizedRMS(base))
        let trimmedStep = abs(RecordingSummary.trimmedSD(added, trimDivisor: 40) - RecordingSummary.trimmedSD(base, trimDivisor: 40))
        #expect(winsorizedStep < 0.01 * rms)
        #expect(trimmedStep > 0.04 * rms)
        // the within-user version centres each user's logs first, as withinUserLogSD does
        var pairs: [(user: Int, value: Double)] = []
        for k in 0..<40 {
            let level = Double(k % 4), step = Double(k % 10) / 10
            pairs.append((user: k % 4, value: exp(level + step)))
        }
        let residuals = RecordingSummary.withinUserLogResiduals(pairs)
        #expect(residuals.count == 40)
        #expect(abs(RecordingSummary.withinUserLogWinsorizedSD(pairs) - RecordingSummary.winsorizedRMS(residuals)) < 1e-12)
        #expect(abs(RecordingSummary.withinUserLogSD(pairs, trimDivisor: 1_000) - RecordingSummary.trimmedSD(residuals, trimDivisor: 1_000)) < 1e-12)
    }
}
