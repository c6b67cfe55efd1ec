import Foundation
import SnapStrategies
import Testing
@testable import SnapEvaluator

/// Paging's per-style statistics: the duration spread read off the one-item drags' motion time.
@Suite struct RecordingSummaryStylesTests {
    /// A stroke with moves every 16.7 ms from 50 ms on, `moves` of them, that slows to rest
    /// (`rested`) or is still fast at its last move, labelled `intent` items from its start.
    func stroke(moves: Int, rested: Bool, intent: Int, user: Int) -> TraceFeatures {
        var times = [0.0], offsets = [0.0]
        for i in 0..<moves {
            times.append(50 + 16.7 * Double(i))
            // 10 pt a frame, the last step 1 pt when the stroke came to rest
            offsets.append((offsets.last ?? 0) + (rested && i == moves - 1 ? 1 : 10))
        }
        times.append(times[times.count - 1] + 8)
        offsets.append(offsets[offsets.count - 1])
        return times.withUnsafeBufferPointer { t in
            offsets.withUnsafeBufferPointer { x in
                TraceFeatures(time: t, offset: x, startOffset: 0, pitch: 170, velocity: 0, user: user, session: nil,
                              intendedIndex: intent, startIndex: 0)
            }
        }
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
            RecordingSummary(features: f, layout: layout).statisticValues[RecordingSummary.dragMotionTimeSpread]!
        }
        #expect(abs(spread(drags) - expected) < 1e-12)
        #expect(abs(spread(mixed) - expected) < 1e-12)
    }

    /// In simulation (paging, 6,000 traces by 60 users) the drag motion-time spread follows the
    /// duration spread (log slope > 0.6 for × 1.3) and moves by less than 3% when stays travel
    /// twice as far; the rested strokes' stroke-time spread, which stays enter, moves more.
    @Test func dragMotionTimeSpreadFollowsTheDurationSpread() throws {
        let layout = try benchLayout()
        let live = try PolicyCatalog.policy(id: "compose-pager")
        func spreads(_ change: (inout SwipeModelParameters) -> Void) throws -> (drags: Double, rested: Double) {
            var p = truthParameters()
            p.task = .paging
            change(&p)
            let s = try ModelCalibration(task: .paging, livePolicy: live, seed: 9).statistics(p, layout: layout, traces: 6000, users: 60)
            return (s[RecordingSummary.dragMotionTimeSpread]!, s[RecordingSummary.slowStrokeTimeSpread]!)
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
}
