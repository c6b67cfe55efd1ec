import Foundation
import SnapStrategies
import Testing
@testable import SnapSwipeModel

@Suite struct SwipeModelDeliveryTests {
    func deliveredSwipes(_ edit: (inout SwipeModelParameters) -> Void = { _ in }) throws -> [SyntheticSwipe] {
        var p = SwipeModelParameters()
        p.task = .browse
        p.delivery.isEnabled = true
        p.delivery.frameRates = [60]
        p.delivery.frameRateWeights = [1]
        p.cancelledShare = 0
        edit(&p)
        let g = try TraceGenerator(model: SwipeModel(parameters: p, layout: benchLayout()), traceCount: 4000,
                                   userCount: 20, seed: 3, livePolicy: PolicyCatalog.policy(id: "nearest"))
        return try allSwipes(g)
    }

    /// Moves come once per frame; the first move is late (dwell + slop crossing + the wait for a
    /// frame) and already displaced by the travel beyond the slop.
    @Test func movesArePerFrameAndTheFirstIsLate() throws {
        let swipes = try deliveredSwipes { $0.delivery.stallProbability = 0 }
        var intervals: [Double] = [], delays: [Double] = []
        for s in swipes where s.times.count >= 4 {
            delays.append(s.times[1] - s.times[0])
            intervals += zip(s.times.dropFirst(), s.times.dropFirst(2).dropLast()).map { $1 - $0 }
        }
        let sorted = intervals.sorted()
        #expect(abs(sorted[sorted.count / 2] - 1000 / 60.0) < 0.5)
        #expect(sorted[sorted.count / 100] > 1000 / 60.0 - 2.1 && sorted[sorted.count * 99 / 100] < 1000 / 60.0 + 2.1)
        let d = delays.sorted()
        #expect(d[d.count / 2] > 40)   // dwell median 30 ms + slop crossing + up to a frame
    }

    /// Withheld moves (issue 32): no move before the first delivery time, and the first move then
    /// carries much of the travel; without the key the swipes are those of before (no extra draw).
    @Test func withheldMovesComeLateAndCarryTheTravel() throws {
        func firstMoves(_ swipes: [SyntheticSwipe]) -> (delay: Double, share: Double) {
            var delays: [Double] = [], shares: [Double] = []
            for s in swipes where s.times.count >= 3 && s.releaseOffset != s.startOffset {
                delays.append(s.times[1] - s.times[0])
                shares.append(abs(s.offsets[1] - s.startOffset) / abs(s.releaseOffset - s.startOffset))
            }
            return (delays.sorted()[delays.count / 2], shares.sorted()[shares.count / 2])
        }
        let plain = try deliveredSwipes { $0.delivery.stallProbability = 0; $0.delivery.touchDownDwellMedian = 5 }
        let withheld = try deliveredSwipes {
            $0.delivery.stallProbability = 0
            $0.delivery.touchDownDwellMedian = 5
            $0.delivery.firstDeliveryMedian = 90
            $0.delivery.touchDownDwellLogSD = 0
        }
        let (d0, s0) = firstMoves(plain), (d1, s1) = firstMoves(withheld)
        #expect(d1 >= 90 && d1 < 90 + 1000 / 60.0 + 2.1, "\(d1)")
        #expect(d0 < 60, "\(d0)")
        #expect(s1 > s0 + 0.2, "\(s0) → \(s1)")
        #expect(withheld.allSatisfy { $0.times.count < 2 || $0.times[1] - $0.times[0] >= 90 - 2.1 || $0.times.count == 2 })
        // the fit's parameters: the first delivery time answers to the first-move delay, the dwell
        // (hidden behind it) is not fitted
        let fitted = ModelCalibration.withWithheldMoves(ModelCalibration.fittedParameters(task: .reveal))
        #expect(!fitted.contains { $0.key == "delivery.touchDownDwellMedian" })
        #expect(fitted.count == ModelCalibration.fittedParameters(task: .reveal).count)
        #expect(fitted.last?.key == "delivery.firstDeliveryMedian" && fitted.last?.statistic == StatisticKind.firstMoveLocation)
    }

    /// The `ended` row repeats the last move's position with the repeat probability (always after a hold).
    @Test(arguments: [0.0, 0.5, 0.9])
    func liftRepeatShareFollowsItsProbability(p: Double) throws {
        let swipes = try deliveredSwipes {
            $0.delivery.liftRepeatProbability = p
            $0.delivery.stallProbability = 0
            $0.stroke.holdProbability = 0
        }
        let moved = swipes.filter { $0.times.count >= 3 }
        let repeats = moved.filter { $0.offsets[$0.offsets.count - 1] == $0.offsets[$0.offsets.count - 2] }
        #expect(shareMatches(repeats.count, of: moved.count, p) || (p == 0 && repeats.count < moved.count / 50))
        // a lift-off that repeats by chance (the finger moved less than a pixel) may come later
        let late = repeats.filter { s in
            let delay = s.times[s.times.count - 1] - s.times[s.times.count - 2]
            return !(delay >= 0 && delay <= 1.5 * 6 + 0.001)
        }
        #expect(late.count <= repeats.count / 50)
    }

    /// Stalls make gaps of more than 40 ms in about their share of traces.
    @Test func stallsMakeGaps() throws {
        let swipes = try deliveredSwipes {
            $0.delivery.stallProbability = 0.3
            $0.stroke.holdProbability = 0
            $0.delivery.liftRepeatProbability = 1
        }
        let long = swipes.filter { $0.times.count >= 3 }
        let gapped = long.filter { s in zip(s.times.dropFirst(), s.times.dropFirst(2)).contains { $1 - $0 > 40 } }
        #expect(Double(gapped.count) / Double(long.count) > 0.1)
        #expect(Double(gapped.count) / Double(long.count) < 0.4)
        let none = try deliveredSwipes { $0.delivery.stallProbability = 0; $0.stroke.holdProbability = 0 }
        #expect(none.allSatisfy { s in !zip(s.times.dropFirst(), s.times.dropFirst(2).dropLast()).contains { $1 - $0 > 40 } })
    }

    /// With ``InputDeliveryParameters/stallsBetweenMoves`` a stall makes a gap between two moves,
    /// never a late lift-off; without it (the old models) some stalls hold back the lift-off.
    @Test func stallsBetweenMovesNeverDelayTheLiftOff() throws {
        func edit(_ p: inout SwipeModelParameters) {
            p.delivery.stallProbability = 0.5
            p.stroke.holdProbability = 0
            p.delivery.liftRepeatProbability = 1
            p.stroke.durationMedian = 300
        }
        let between = try deliveredSwipes { edit(&$0); $0.delivery.stallsBetweenMoves = true }
        let before = try deliveredSwipes(edit)
        func lateLifts(_ s: [SyntheticSwipe]) -> Int { s.filter { $0.times.count >= 3 && $0.times[$0.times.count - 1] - $0.times[$0.times.count - 2] > 40 }.count }
        func moveGaps(_ s: [SyntheticSwipe]) -> Int {
            s.filter { s in s.times.count >= 4 && zip(s.times.dropFirst(), s.times.dropFirst(2).dropLast()).contains { $1 - $0 > 40 } }.count
        }
        #expect(lateLifts(between) == 0)
        #expect(lateLifts(before) > between.count / 50)
        #expect(moveGaps(between) > between.count / 10)
    }

    @Test func invalidDeliveryParametersAreRefused() throws {
        var p = SwipeModelParameters()
        p.delivery.frameRates = []
        #expect(throws: SwipeModelError.self) { try SwipeModel(parameters: p, layout: benchLayout()) }
        p = SwipeModelParameters()
        p.delivery.liftRepeatProbability = 1.5
        #expect(throws: SwipeModelError.self) { try SwipeModel(parameters: p, layout: benchLayout()) }
        p = SwipeModelParameters()
        p.stroke.goalDistances = [0]
        #expect(throws: SwipeModelError.self) { try SwipeModel(parameters: p, layout: benchLayout()) }
    }
}
