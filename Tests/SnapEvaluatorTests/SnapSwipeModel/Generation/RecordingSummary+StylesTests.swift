import Foundation
import SnapStrategies
import Testing
import SnapLabSupport
@testable import SnapScoring
@testable import SnapSwipeModel

/// Paging's per-style statistics: the flick spreads read off the one-item flicks released while
/// moving, the duration spread combined with the one-item drags' motion time.
@Suite struct RecordingSummaryStylesTests {
    /// A stroke with moves every 16.7 ms from 50 ms on, `moves` of them, that slows to rest
    /// (`rested`) or is still fast at its last move, labelled `intent` items from its start, lifted
    /// `liftDelay` ms after its last move (repeating it).
    func stroke(moves: Int, rested: Bool, intent: Int, user: Int, liftDelay: Double = 8) -> TraceFeatures {
        syntheticStroke(moves: moves, rested: rested, intent: intent, user: user, liftDelay: liftDelay)
    }

    /// Only strokes labelled ±1 that came to rest enter the drag motion-time spread: adding stays
    /// (labelled 0) and fast strokes of other lengths leaves it unchanged.
    @Test func dragMotionTimeSpreadCountsRestedOneItemStrokesOnly() throws {
        let layout = try benchLayout()
        var drags: [TraceFeatures] = []
        for user in 0..<4 {
            for k in 0..<8 { drags.append(stroke(moves: 8 + 2 * k + user, rested: true, intent: k % 2 == 0 ? 1 : -1, user: user)) }
        }
        let expected = RecordingSummary.withinUserLogSD(drags.map { ($0.user, $0.motionTime!) })
        #expect(expected.isFinite && expected > 0)
        var mixed = drags
        for user in 0..<4 {
            for k in 0..<8 {
                mixed.append(stroke(moves: 5 + 7 * k, rested: true, intent: 0, user: user))
                mixed.append(stroke(moves: 3 + k, rested: false, intent: 1, user: user))
            }
        }
        func spread(_ f: [TraceFeatures]) -> Double {
            RecordingSummary(features: f, layout: layout).statisticValues[StatisticKind.dragMotionTimeSpread]!
        }
        #expect(abs(spread(drags) - expected) < 1e-12)
        #expect(abs(spread(mixed) - expected) < 1e-12)
    }

    /// The statistics of 6,000 paging traces by 60 users (seed 9, `compose-pager` live) of the truth
    /// model with `change` applied.
    func pagingStatistics(_ change: (inout SwipeModelParameters) -> Void) throws -> [StatisticKind: Double] {
        var p = truthParameters()
        p.task = .paging
        change(&p)
        let live = try PolicyCatalog.policy(id: "compose-pager")
        return try ModelCalibration(task: .paging, livePolicy: live, seed: 9).statistics(p, layout: try benchLayout(), traces: 6000, users: 60)
    }

    /// The flick spreads count only one-item strokes released while moving with a prompt lift-off:
    /// adding drags (came to rest), stalled flicks (lifted 60 ms after a fast last move) and flicks
    /// labelled two items away leaves them unchanged; the duration spread is the drags' motion-time
    /// spread (2.5% trimmed) to the power 1/3 times the flicks' stroke-time spread to the power 2/3;
    /// the flick duration's location is the same flicks' 5%-trimmed geometric mean stroke time.
    @Test func flickSpreadsCountFlicksReleasedMovingPromptly() throws {
        let layout = try benchLayout()
        var flicks: [TraceFeatures] = [], drags: [TraceFeatures] = []
        for user in 0..<4 {
            for k in 0..<8 {
                flicks.append(stroke(moves: 2 + (k * 3 + user) % 7, rested: false, intent: k % 2 == 0 ? 1 : -1, user: user))
                drags.append(stroke(moves: 8 + 2 * k + user, rested: true, intent: k % 2 == 0 ? 1 : -1, user: user))
            }
        }
        let travel = RecordingSummary.withinUserLogWinsorizedSD(flicks.map { ($0.user, $0.travelPitches) })
        let time = RecordingSummary.withinUserLogSD(flicks.map { ($0.user, $0.strokeTime!) })
        let dragTime = RecordingSummary.withinUserLogSD(drags.map { ($0.user, $0.motionTime!) }, trimDivisor: 40)
        let timeLocation = RecordingSummary.trimmedGeometricMean(flicks.map { $0.strokeTime! })
        #expect(travel > 0 && time > 0 && dragTime > 0 && timeLocation > 0)
        var mixed = flicks + drags
        for user in 0..<4 {
            for k in 0..<8 {
                mixed.append(stroke(moves: 3 + k, rested: false, intent: 1, user: user, liftDelay: 60))
                mixed.append(stroke(moves: 2 + 2 * k, rested: false, intent: 2, user: user))
            }
        }
        for set in [flicks + drags, mixed] {
            let s = RecordingSummary(features: set, layout: layout).statisticValues
            #expect(abs(s[StatisticKind.flickTravelSpread]! - travel) < 1e-12)
            #expect(s[StatisticKind.flickTravelSpread]! != RecordingSummary.withinUserLogSD(flicks.map { ($0.user, $0.travelPitches) }, trimDivisor: 40))
            #expect(abs(s[StatisticKind.flickStrokeTimeSpread]! - time) < 1e-12)
            #expect(abs(s[StatisticKind.durationSpread]! - pow(dragTime, 1.0 / 3) * pow(time, 2.0 / 3)) < 1e-12)
            #expect(abs(s[StatisticKind.flickStrokeTimeLocation]! - timeLocation) < 1e-12)
        }
        // without drags the duration spread is missing (NaN), not the flicks' alone
        #expect(RecordingSummary(features: flicks, layout: layout).statisticValues[StatisticKind.durationSpread]!.isNaN)
    }

    /// In simulation (paging, 6,000 traces by 60 users, spreads × 1.3 on common seeds) the flicks'
    /// travel spread follows the amplitude spread (log slope > 0.4; 0.53 over 190 truth samples of
    /// 2,000 traces) and hardly the duration spread (|slope| < 0.2; −0.03 there), and the combined
    /// duration spread follows the duration spread (> 0.45; 0.61 there) and hardly the amplitude
    /// spread (−0.02 there).
    @Test func flickSpreadsFollowTheirOwnParameters() throws {
        func spreads(_ change: (inout SwipeModelParameters) -> Void) throws -> (travel: Double, duration: Double) {
            let s = try pagingStatistics(change)
            return (s[StatisticKind.flickTravelSpread]!, s[StatisticKind.durationSpread]!)
        }
        let base = try spreads { _ in }
        let wideAmplitude = try spreads { $0.flickAmplitudeLogSD *= 1.3 }
        let wideDuration = try spreads { p in
            p.flickDurationLogSD *= 1.3
            p.dragDurationLogSD *= 1.3
        }
        func slope(_ a: Double, _ b: Double) -> Double { log(b / a) / log(1.3) }
        #expect(slope(base.travel, wideAmplitude.travel) > 0.4, "\(base) \(wideAmplitude)")
        #expect(abs(slope(base.travel, wideDuration.travel)) < 0.2, "\(base) \(wideDuration)")
        #expect(slope(base.duration, wideDuration.duration) > 0.45, "\(base) \(wideDuration)")
        #expect(abs(slope(base.duration, wideAmplitude.duration)) < 0.2, "\(base) \(wideAmplitude)")
    }

    /// In simulation (paging, 6,000 traces by 60 users) the drag motion-time spread follows the
    /// duration spread (log slope > 0.6 for × 1.3) and moves by less than 3% when stays travel
    /// twice as far; the rested strokes' stroke-time spread, which stays enter, moves more.
    @Test func dragMotionTimeSpreadFollowsTheDurationSpread() throws {
        func spreads(_ change: (inout SwipeModelParameters) -> Void) throws -> (drags: Double, rested: Double) {
            let s = try pagingStatistics(change)
            return (s[StatisticKind.dragMotionTimeSpread]!, s[StatisticKind.slowStrokeTimeSpread]!)
        }
        let base = try spreads { _ in }
        let wider = try spreads { p in
            p.flickDurationLogSD *= 1.3
            p.dragDurationLogSD *= 1.3
        }
        let longerStays = try spreads { $0.stayFractionMean = 0.4 }
        #expect(log(wider.drags / base.drags) / log(1.3) > 0.6, "\(base) \(wider)")
        #expect(abs(longerStays.drags / base.drags - 1) < 0.03, "\(base) \(longerStays)")
        #expect(abs(longerStays.rested / base.rested - 1) > abs(longerStays.drags / base.drags - 1), "\(base) \(longerStays)")
    }

    /// The stepper flicks' travel location is the 5%-trimmed geometric mean of the travel of the
    /// strokes below the 2-means stroke-time split labelled ±1 (the same strokes as their p50).
    @Test func stepperTravelLocationIsTheTrimmedGeometricMeanOfTheStepperFlicks() throws {
        var strokes: [TraceFeatures] = []
        for user in 0..<4 {
            for k in 0..<12 {
                strokes.append(stroke(moves: 2 + (k + user) % 4, rested: false, intent: k % 3 == 0 ? 2 : 1, user: user))
                strokes.append(stroke(moves: 20 + 3 * k, rested: true, intent: 1, user: user))
            }
        }
        let summary = RecordingSummary(features: strokes, layout: try benchLayout())
        let split = summary.strokeTimeSplit
        let steppers = strokes.filter { log($0.strokeTime!) < split && abs($0.intent!) == 1 }
        #expect(steppers.count >= 20 && steppers.count < strokes.count / 2)
        let values = summary.statisticValues
        #expect(abs(values[StatisticKind.stepperTravelLocation]! - RecordingSummary.trimmedGeometricMean(steppers.map(\.travelPitches))) < 1e-12)
        #expect(abs(values[StatisticKind.stepperTravelMedian]! - Percentile.of(steppers.map(\.travelPitches), 0.5)) < 1e-12)
    }

    /// In simulation (paging, 6,000 traces by 60 users, × 1.3 on common seeds) each location follows
    /// its own parameter (log slope 0.8–1.2; over 80 truth samples of 2,000 traces 1.00, 0.94 and
    /// 0.99) and the others' much less (|slope| < 0.3: over 40 truth samples the stepper travel moves
    /// 0.15 with the durations — a longer stroke loses less of its travel to the slop and the last
    /// frame — and the flicks' stroke time 0.09 with the amplitude; the Jacobian carries both).
    @Test func locationsFollowTheirOwnParameters() throws {
        let names = [StatisticKind.stepperTravelLocation, StatisticKind.flickStrokeTimeLocation, StatisticKind.repeatDelayLocation]
        let base = try pagingStatistics { _ in }
        let changes: [(inout SwipeModelParameters) -> Void] = [
            { $0.flickAmplitudeMedian *= 1.3 },
            { p in
                p.flickDurationMedian *= 1.3
                p.dragDurationMedian *= 1.3
                p.stayDurationMedian *= 1.3
            },
            { $0.delivery.liftRepeatDelayMedian *= 1.3 },
        ]
        for (j, change) in changes.enumerated() {
            let moved = try pagingStatistics(change)
            for (i, name) in names.enumerated() {
                let slope = log(moved[name]! / base[name]!) / log(1.3)
                if i == j {
                    #expect(slope > 0.8 && slope < 1.2, "\(name): \(slope)")
                } else {
                    #expect(abs(slope) < 0.3, "\(name) to parameter \(j): \(slope)")
                }
            }
        }
    }

    /// A summary with ``RecordingSummary/fixedStrokeTimeSplit`` splits its strokes there, not at its
    /// own 2-means split. A paging fit with fitted one-item strokes measures every simulation at the
    /// recording's split (``ModelCalibration/sharedStrokeTimeSplit(_:model:task:)``; other fits keep
    /// each data set's own), because a data set's own split moves with its mix of flicks and drags:
    /// with it, more drags raise the one-item slow share less than at a split held fixed.
    @Test func aFixedStrokeTimeSplitIsTheRecordingsForFittedOneItemStrokes() throws {
        let layout = try benchLayout()
        let calibration = ModelCalibration(task: .paging, livePolicy: nil, seed: 3)
        var p = SwipeModelParameters()
        p.delivery.isEnabled = false
        p.dragReleaseEarliness = 0.3
        p.flickDistanceExponent = 1
        p.flickShare = 0.5
        let recording = try calibration.simulate(p, layout: layout, traces: 3000, users: 50, seed: 11)
        let split = try #require(ModelCalibration.sharedStrokeTimeSplit(recording, model: p, task: .paging))
        #expect(split == recording.strokeTimeSplit && split.isFinite)
        #expect(ModelCalibration.sharedStrokeTimeSplit(recording, model: SwipeModelParameters(), task: .paging) == nil)
        #expect(ModelCalibration.sharedStrokeTimeSplit(recording, model: p, task: .reveal) == nil)
        var everySlow = recording
        everySlow.fixedStrokeTimeSplit = -10
        #expect(everySlow.strokeTimeSplit == -10 && everySlow.statisticValues[.oneItemSlowShare] == 1)
        var moreDrags = p
        moreDrags.flickShare = 0.2
        var own = try calibration.simulate(moreDrags, layout: layout, traces: 3000, users: 50, seed: 11)
        let ownShare = try #require(own.statisticValues[.oneItemSlowShare])
        own.fixedStrokeTimeSplit = split
        let fixedShare = try #require(own.statisticValues[.oneItemSlowShare])
        let before = try #require(recording.statisticValues[.oneItemSlowShare])
        // measured: 0.494 → own split 0.704, fixed 0.754
        #expect(fixedShare - before > 1.15 * (ownShare - before), "\(before) → own split \(ownShare), fixed \(fixedShare)")
    }
}
