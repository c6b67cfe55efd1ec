import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapScoring
@testable import SnapSwipeModel

/// The A30 study's home row: 7 items of 160 pt, trailing, a 411.4 pt viewport.
func homeLayout(count: Int = 7, leadingInset: Double = 0) throws -> CarouselLayout {
    try CarouselLayout(itemWidth: 160, spacing: 0, leadingInset: leadingInset, viewportWidth: 411.4286, itemCount: count,
                       alignment: .trailing)
}

/// A reveal generator on a free-scrolling row with trials opening at `starts` (pitches) toward `target`.
func trialGenerator(target: Int? = 6, starts: [Double] = [0], layout: CarouselLayout? = nil, traces: Int = 2000,
                    seed: UInt64 = 5) throws -> TraceGenerator {
    var p = SwipeModelParameters()
    p.task = .reveal
    p.delivery.isEnabled = true
    p.trials = TrialParameters(startOffsets: starts, startOffsetWeights: starts.map { _ in 1 }, targetIndex: target)
    let model = try SwipeModel(parameters: p, layout: layout ?? homeLayout())
    return try TraceGenerator(model: model, traceCount: traces, userCount: 10, seed: seed, livePolicy: FreeScrollCarousel())
}

@Suite struct SessionSimulatorTrialsTests {
    /// The free-scrolling row rests where the Android spline fling ends (194.3 pt for 1 pt/ms, as
    /// `OverScroller` at 160 dpi), clamped to the content, on no particular item.
    @Test func freeScrollRestsWhereTheFlingEnds() throws {
        let layout = try homeLayout()
        let row = FreeScrollCarousel()
        func rest(_ offset: Double, _ v: Double) -> SnapDecision {
            row.decide(Release(offset: offset, velocity: v, startOffset: 0, startIndex: 0), in: layout)
        }
        #expect(abs(rest(100, 1).targetOffset - 294.3) < 0.5)
        #expect(abs(rest(300, -1).targetOffset - 105.7) < 0.5)
        #expect(rest(100, 0).targetOffset == 100)
        #expect(rest(600, 5).targetOffset == layout.maxOffset && rest(600, 5).targetIndex == 6)
        #expect(rest(50, -3).targetOffset == 0)
        #expect(rest(.nan, .nan).targetOffset == 0)
        #expect(try FreeScrollCarousel.livePolicy(id: "free-scroll") is FreeScrollCarousel)
        #expect(try FreeScrollCarousel.livePolicy(id: "nearest").id == "nearest")
    }

    /// Every trial opens at offset 0, holds its one target, chains its strokes through the live
    /// policy, and ends once the target is in view (or the strokes per goal are spent).
    @Test func trialsOpenAtTheirOffsetAndEndWhenTheTargetIsRevealed() throws {
        let generator = try trialGenerator()
        let swipes = try allSwipes(generator)
        var sessions: [[SyntheticSwipe]] = []
        for s in swipes {
            if let last = sessions.last?.last, last.chunk == s.chunk, last.session == s.session {
                sessions[sessions.count - 1].append(s)
            } else {
                sessions.append([s])
            }
        }
        #expect(sessions.count > 300)
        let cap = SwipeModelParameters().stroke.maxStrokesPerGoal
        for (i, trial) in sessions.enumerated() {
            #expect(trial[0].startOffset == 0)
            #expect(trial.allSatisfy { $0.intendedIndex == 6 && $0.task == .reveal })
            for (a, b) in zip(trial, trial.dropFirst()) {
                #expect(b.startOffset == a.settledOffset)
                #expect(a.liveHit == false)
            }
            let complete = i + 1 < sessions.count && sessions[i + 1][0].chunk == trial[0].chunk
            if complete { #expect(trial.last!.liveHit == true || trial.count == cap) }
        }
        // one clock per chunk: the next trial begins after the previous one's final tap
        for (a, b) in zip(sessions, sessions.dropFirst()) where a[0].chunk == b[0].chunk {
            #expect(b[0].times[0] > a.last!.times.last! + SwipeModelParameters().interSwipePauseMinimum)
        }
        // the row's end is only reached, never pushed far past: no release a whole item outside
        let outside = swipes.filter { $0.releaseOffset > generator.model.layout.maxOffset + 160 || $0.releaseOffset < -160 }
        #expect(Double(outside.count) < 0.01 * Double(swipes.count), "\(outside.count) of \(swipes.count)")
    }

    /// With `stroke.keepsSizeAtContentEnd` a stroke toward a target revealed at the content's end
    /// keeps its drawn size (the row's end stops it) where without it the person places a stroke of
    /// the distance still to go. A stroke placed by that rule is a drag with no hold (a drag drawn as
    /// placed holds, `Exp(80 ms)`): toward the last item (the end) they are about an eighth of the later
    /// strokes without the key and none with it, and the releases stay within an item of the content.
    /// Toward a target inside the content (item 3 of 7) the key changes no byte.
    @Test func aStrokeTowardTheContentEndKeepsItsSize() throws {
        func swipes(target: Int, keeps: Bool?) throws -> [SyntheticSwipe] {
            var p = SwipeModelParameters()
            p.task = .reveal
            p.delivery.isEnabled = true
            p.trials = TrialParameters(targetIndex: target)
            p.stroke.keepsSizeAtContentEnd = keeps
            let model = try SwipeModel(parameters: p, layout: homeLayout())
            return try allSwipes(TraceGenerator(model: model, traceCount: 3000, userCount: 10, seed: 5, livePolicy: FreeScrollCarousel()))
        }
        /// Share of the strokes after a trial's first that were placed to the distance still to go.
        func placedToTheDistance(_ s: [SyntheticSwipe]) -> Double {
            let later = s.filter { $0.stepInGoal > 0 }
            return Double(later.filter { $0.style == .drag && $0.hold == 0 }.count) / Double(later.count)
        }
        let placed = try swipes(target: 6, keeps: nil), kept = try swipes(target: 6, keeps: true)
        #expect(placedToTheDistance(placed) > 0.08, "\(placedToTheDistance(placed))")
        #expect(placedToTheDistance(kept) == 0)
        #expect(kept.filter { $0.stepInGoal > 0 }.count > 300)
        let layout = try homeLayout()
        let outside = kept.filter { $0.releaseOffset > layout.maxOffset + 160 || $0.releaseOffset < -160 }
        #expect(Double(outside.count) < 0.01 * Double(kept.count), "\(outside.count) of \(kept.count)")
        #expect(try swipes(target: 3, keeps: true).map(\.offsets) == swipes(target: 3, keeps: nil).map(\.offsets))
    }

    /// With `delivery.liveReadsFinger` the live row flings with the finger's own velocity at lift-off
    /// (a device's tracker has every input sample) instead of reading the logged rows through its
    /// estimator. With the moves withheld for 89 ms a quick stroke logs one move, which reads 0 on the
    /// rows, so without the key the row flings less and trials take more strokes (default model: 2.24
    /// against 2.00 strokes per trial, seed 5). The draws are
    /// the same either way (the first stroke's rows are identical); `false` is the key absent.
    @Test func theLiveRowReadsTheFinger() throws {
        func swipes(_ reads: Bool?) throws -> [SyntheticSwipe] {
            var p = SwipeModelParameters()
            p.task = .reveal
            p.delivery.isEnabled = true
            p.delivery.firstDeliveryMedian = 89
            p.delivery.firstDeliveryLogSD = 0.1
            p.trials = TrialParameters(targetIndex: 6)
            p.delivery.liveReadsFinger = reads
            let model = try SwipeModel(parameters: p, layout: homeLayout())
            return try allSwipes(TraceGenerator(model: model, traceCount: 3000, userCount: 10, seed: 5, livePolicy: FreeScrollCarousel()))
        }
        func strokesPerTrial(_ s: [SyntheticSwipe]) -> Double { Double(s.count) / Double(s.filter { $0.stepInGoal == 0 }.count) }
        let rows = try swipes(nil), off = try swipes(false), finger = try swipes(true)
        #expect(off.map(\.offsets) == rows.map(\.offsets) && off.map(\.settledOffset) == rows.map(\.settledOffset))
        #expect(finger[0].offsets == rows[0].offsets && finger[0].times == rows[0].times)
        #expect(strokesPerTrial(finger) < 0.95 * strokesPerTrial(rows), "\(strokesPerTrial(finger)) against \(strokesPerTrial(rows))")
    }

    /// Start offsets are drawn by weight, in pitches, and clamped to the layout's range.
    @Test func startOffsetsAreDrawnInPitchesAndClamped() throws {
        let layout = try homeLayout()
        let swipes = try allSwipes(trialGenerator(target: 3, starts: [0, 1, 40], traces: 3000))
        let openings = Set(swipes.filter { $0.stepInGoal == 0 }.map(\.startOffset))
        #expect(openings.isSubset(of: [0, 160, layout.maxOffset]))
        #expect(openings.count >= 2)
    }

    /// A paging trial toward a fixed item labels its strokes with that item (one goal per session).
    @Test func pagingTrialsAimAtTheFixedTarget() throws {
        var p = SwipeModelParameters()
        p.trials = TrialParameters(targetIndex: 5)
        let model = try SwipeModel(parameters: p, layout: benchLayout())
        let swipes = try allSwipes(TraceGenerator(model: model, traceCount: 500, userCount: 5, seed: 2))
        let firsts = swipes.filter { $0.stepInGoal == 0 }
        #expect(firsts.count > 50)
        #expect(firsts.allSatisfy { $0.startIndex == 0 && $0.startOffset == 0 && $0.goalIntent == 5 })
        #expect(swipes.allSatisfy { $0.goalIntent == 5 })
    }

    /// Without trials (every model file before issue 32) the generator's bytes do not change:
    /// the trials key is absent and a session still chains goals from a random item.
    @Test func aModelWithoutTrialsIsUnchanged() throws {
        let generator = try liveGenerator(task: .reveal, traces: 400)
        let swipes = try allSwipes(generator)
        #expect(generator.model.parameters.trials == nil)
        #expect(Set(swipes.map(\.intendedIndex)).count > 5)
        let json = String(decoding: try GeneratorModelFile(parameters: generator.model.parameters, livePolicy: nil, layout: nil).encoded(),
                          as: UTF8.self)
        #expect(!json.contains("trials"))
    }
}
