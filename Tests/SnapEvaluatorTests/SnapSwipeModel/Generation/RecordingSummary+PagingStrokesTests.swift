import Foundation
import SnapStrategies
import Testing
@testable import SnapSwipeModel

/// The paging statistics by the strokes' goals (`RecordingSummary+PagingStrokes`) on hand-made
/// recordings whose values are worked out by hand.
@Suite struct RecordingSummaryPagingStrokesTests {
    /// A stroke labelled `intent` (`nil`: unlabelled) with the given finger travel (pitches), last-
    /// to-peak move speed ratio and late finger speed (pt/ms); the trace under it only gives it rows.
    func stroke(intent: Int?, travel: Double = 1, lastToPeak: Double? = 0.5, late: Double? = 0.3) -> TraceFeatures {
        var f = [0.0, 16.7, 33.4].withUnsafeBufferPointer { t in
            [0.0, 10, 20].withUnsafeBufferPointer { x in
                TraceFeatures(time: t, offset: x, startOffset: 0, pitch: 170, velocity: 0, user: 0, session: nil,
                              intendedIndex: nil, startIndex: 0)
            }
        }
        f.intent = intent
        f.travelPitches = travel
        f.lastToPeakSpeed = lastToPeak
        f.lateSpeed = late
        return f
    }

    func values(_ f: [TraceFeatures]) throws -> [StatisticKind: Double] {
        let rows = RecordingSummary(features: f, layout: try benchLayout()).pagingStrokeStatistics
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.kind, $0.value) })
    }

    /// 20 one-item strokes travelling 1 pitch, 20 aimed 2–3 items away: 5 travelling 0.5 and 15
    /// travelling 3. The 5%-trimmed geometric means drop one stroke at each end (20 / 20): the near
    /// one is 1, the far one exp((4 ln 0.5 + 14 ln 3) / 18), and 5 of the 20 far strokes travel
    /// less than the one-item median 1.
    @Test func farStrokesAgainstOneItemStrokes() throws {
        var f = (0..<20).map { stroke(intent: $0.isMultiple(of: 2) ? 1 : -1, travel: 1) }
        f += (0..<5).map { stroke(intent: $0.isMultiple(of: 2) ? 2 : -3, travel: 0.5) }
        f += (0..<15).map { stroke(intent: $0.isMultiple(of: 2) ? 3 : -2, travel: 3) }
        let v = try values(f)
        let far = exp((4 * log(0.5) + 14 * log(3.0)) / 18)
        #expect(abs(try #require(v[.travelFarNearRatio]) - far) < 1e-12)
        #expect(try #require(v[.farShortShare]) == 0.25)
        // with 19 on a side neither is measured
        let fewNear = try values(Array(f.dropFirst()))
        #expect(fewNear[.travelFarNearRatio]?.isNaN == true && fewNear[.farShortShare]?.isNaN == true)
        let fewFar = try values(Array(f.dropLast()))
        #expect(fewFar[.travelFarNearRatio]?.isNaN == true && fewFar[.farShortShare]?.isNaN == true)
    }

    /// One-item strokes are those labelled ±1 and the unlabelled ones with a last-to-peak speed
    /// ratio; they came to rest below 0.2: 5 of 20 labelled and 4 of 4 unlabelled, so 9 / 24. A far
    /// stroke or a stay at rest, and a stroke without the ratio, are not counted.
    @Test func oneItemStrokesThatCameToRest() throws {
        var f = (0..<5).map { _ in stroke(intent: 1, lastToPeak: 0.1) }
        f += (0..<15).map { _ in stroke(intent: -1, lastToPeak: 0.5) }
        f += (0..<4).map { _ in stroke(intent: nil, lastToPeak: 0.1) }
        f += [stroke(intent: 1, lastToPeak: nil), stroke(intent: 2, lastToPeak: 0.1), stroke(intent: 0, lastToPeak: 0.1)]
        #expect(try #require(try values(f)[.oneItemCameToRestShare]) == 9.0 / 24)
        // 19 such strokes: not measured
        let few = Array(f.dropFirst(5))
        #expect(try values(few)[.oneItemCameToRestShare]?.isNaN == true)
    }

    /// Stays (intent 0) at rest over their last 50 ms: late speed below 0.05 pt/ms (0.05 itself is
    /// not at rest): 6 of 20; a stay without a late speed and one-item strokes at rest are not counted.
    @Test func staysAtRest() throws {
        var f = (0..<6).map { _ in stroke(intent: 0, late: 0.01) }
        f += [stroke(intent: 0, late: 0.05)]
        f += (0..<13).map { _ in stroke(intent: 0, late: 0.3) }
        f += [stroke(intent: 0, late: nil), stroke(intent: 1, late: 0.01), stroke(intent: nil, late: 0.01)]
        #expect(try #require(try values(f)[.stayRestedShare]) == 0.3)
        #expect(try values(Array(f.dropFirst()))[.stayRestedShare]?.isNaN == true)
    }

    /// A stroke with the given stroke time and motion time (ms) and travel (pitches).
    func timed(intent: Int?, strokeTime: Double?, motion: Double?, travel: Double = 1) -> TraceFeatures {
        var f = stroke(intent: intent, travel: travel)
        f.strokeTime = strokeTime
        f.motionTime = motion
        return f
    }

    /// Stroke times of 50 ms and 200 ms: the 2-means split lies between them. 25 fast and 20 slow
    /// strokes labelled ±1 (the slow ones travelling 0.8 pitch over 150 ms of motion), 20 stays (200
    /// ms, 250 ms of motion): the slow share is 20 / 45, the slow travel and motion times and the
    /// stays' motion time are their constant values. Far strokes, unlabelled strokes and one-item
    /// strokes without a stroke time are not counted; 19 slow one-item strokes or 19 stays are too few.
    @Test func oneItemStrokesSplitAtTheStrokeTimeSplit() throws {
        var f = (0..<25).map { timed(intent: $0.isMultiple(of: 2) ? 1 : -1, strokeTime: 50, motion: 60, travel: 0.4) }
        f += (0..<20).map { timed(intent: $0.isMultiple(of: 2) ? -1 : 1, strokeTime: 200, motion: 150, travel: 0.8) }
        f += (0..<20).map { _ in timed(intent: 0, strokeTime: 200, motion: 250, travel: 0.2) }
        f += [timed(intent: nil, strokeTime: 200, motion: 400, travel: 3), timed(intent: 2, strokeTime: 200, motion: 400, travel: 3),
              timed(intent: 1, strokeTime: nil, motion: 400, travel: 3)]
        let v = try values(f)
        #expect(try #require(v[.oneItemSlowShare]) == 20.0 / 45)
        #expect(abs(try #require(v[.oneItemSlowTravelLocation]) - 0.8) < 1e-12)
        #expect(abs(try #require(v[.oneItemSlowMotionTimeLocation]) - 150) < 1e-9)
        #expect(abs(try #require(v[.stayMotionTimeLocation]) - 250) < 1e-9)
        var fewSlow = f
        fewSlow.remove(at: 25)   // 19 slow one-item strokes left: their share is measured, their locations not
        let few = try values(fewSlow)
        #expect(few[.oneItemSlowTravelLocation]?.isNaN == true && few[.oneItemSlowMotionTimeLocation]?.isNaN == true)
        #expect(try #require(few[.oneItemSlowShare]) == 19.0 / 44)
        let fewStays = try values(Array(f.prefix(64)))  // 19 stays
        #expect(fewStays[.stayMotionTimeLocation]?.isNaN == true)
    }

    /// Far strokes (labelled ≥ 2 items from their start) split at the same stroke-time split: 6 slow
    /// and 14 fast give 6 / 20; a far stroke without a stroke time is not counted, and 19 far
    /// strokes are too few.
    @Test func farStrokesSplitAtTheStrokeTimeSplit() throws {
        var f = (0..<25).map { _ in timed(intent: 1, strokeTime: 50, motion: 60, travel: 0.4) }
        f += (0..<20).map { _ in timed(intent: -1, strokeTime: 200, motion: 150, travel: 0.8) }
        f += (0..<6).map { timed(intent: $0.isMultiple(of: 2) ? 2 : -3, strokeTime: 200, motion: 300, travel: 1.5) }
        f += (0..<14).map { timed(intent: $0.isMultiple(of: 2) ? 3 : -2, strokeTime: 50, motion: 80, travel: 1.8) }
        f += [timed(intent: 2, strokeTime: nil, motion: 300, travel: 1.5)]
        #expect(try #require(try values(f)[.farSlowShare]) == 0.3)
        #expect(try values(Array(f.dropLast(2)))[.farSlowShare]?.isNaN == true)
    }

    /// The reach ratio: 20 strokes aimed 2 items away travel 1.5 pitches, 20 aimed 3 or 4 away 1.8,
    /// so 1.2 (one-item strokes do not enter it); with 19 aimed 3+ away it is not measured.
    @Test func strokesAimedThreeOrMoreAgainstTwoItemsAway() throws {
        var f = (0..<20).map { stroke(intent: $0.isMultiple(of: 2) ? 1 : -1, travel: 0.7) }
        f += (0..<20).map { stroke(intent: $0.isMultiple(of: 2) ? 2 : -2, travel: 1.5) }
        f += (0..<20).map { stroke(intent: $0.isMultiple(of: 2) ? 3 : -4, travel: 1.8) }
        #expect(abs(try #require(try values(f)[.travelFarReachRatio]) - 1.2) < 1e-12)
        #expect(try values(Array(f.dropLast()))[.travelFarReachRatio]?.isNaN == true)
    }

    /// The exponent's ratio with a reach: 20 strokes aimed 2 items away travel 1.5 pitches and 20
    /// aimed 1 away 0.6, so 2.5 (the 20 aimed 3 or 4 away, 3.0, enter the pooled ratio only); with
    /// 19 aimed 2 away it is not measured.
    @Test func strokesAimedTwoAgainstOneItemAway() throws {
        var f = (0..<20).map { stroke(intent: $0.isMultiple(of: 2) ? 1 : -1, travel: 0.6) }
        f += (0..<20).map { stroke(intent: $0.isMultiple(of: 2) ? 3 : -4, travel: 3.0) }
        f += (0..<20).map { stroke(intent: $0.isMultiple(of: 2) ? 2 : -2, travel: 1.5) }
        let v = try values(f)
        #expect(abs(try #require(v[.travelFar2NearRatio]) - 2.5) < 1e-12)
        #expect(try #require(v[.travelFarNearRatio]) > 2.5 + 0.1)
        #expect(try values(Array(f.dropLast()))[.travelFar2NearRatio]?.isNaN == true)
    }
}
