import Foundation
import SnapStrategies
import SnapLabSupport
import SnapGSL
import Testing
@testable import SnapTraces
@testable import SnapScoring
@testable import SnapSwipeModel

/// Reveal trials on the A30 home row, with `screen` (frame delivery).
private func screenSwipes(_ screen: ScreenParameters?, traces: Int = 2000, seed: UInt64 = 5) throws -> [SyntheticSwipe] {
    var p = SwipeModelParameters()
    p.task = .reveal
    p.delivery.isEnabled = true
    p.trials = TrialParameters(targetIndex: 6)
    p.screen = screen
    let model = try SwipeModel(parameters: p, layout: homeLayout())
    return try allSwipes(TraceGenerator(model: model, traceCount: traces, userCount: 10, seed: seed, livePolicy: FreeScrollCarousel()))
}

/// A touch_x file of `count` forward strokes touching down at 300 pt, every third running off the
/// screen's left edge (last row at 0, one move there and the lift-off repeating it); with `offsets`
/// the same strokes as content offsets (`offset` = touch-down x − touch_x).
private func touchXFile(count: Int, offsets: Bool = false) throws -> String {
    var text = "trace_id,user_id,t_ms,\(offsets ? "offset" : "touch_x"),phase,start_offset,intended_index,item_width,item_spacing,leading_inset,viewport_width,item_count,alignment\n"
    for i in 0..<count {
        let down = 300.0 - Double(i % 5)
        let xs: [Double] = i % 3 == 0 ? [down, down - 150, 0, 0] : [down, down - 40, down - 90, down - 95]
        for (j, x) in xs.enumerated() {
            let phase = j == 0 ? "began" : j == xs.count - 1 ? "ended" : "moved"
            text += "t\(i),u\(i % 4),\(Double(j) * 16),\(offsets ? down - x : x),\(phase),0,6,160,0,0,411.4286,7,trailing\n"
        }
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID().uuidString).csv").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

@Suite struct ScreenParametersTests {
    /// With a screen the finger's travel stops at the edge ahead: no row carries the content further
    /// than the room less the touch slop (sensor noise included), the strokes that reach the edge
    /// end there (at the edge; mostly a frame caught the edge, the lift-off row repeats it and the
    /// true release velocity is 0), and the edge share is the table's statistic. Without the edge rule
    /// strokes of the default 1.2-pitch median amplitude travel far past a 120-pt room.
    @Test func aFingerPastTheEdgeIsReportedThereAndTheTraceEnds() throws {
        let room = 120.0, width = 411.4286
        let swipes = try screenSwipes(ScreenParameters(width: width, touchDownRoomQuantiles: [room / width, room / width]))
        let slop = SwipeModelParameters().delivery.touchSlop
        let ended = swipes.filter { $0.endsAtScreenEdge == true }
        #expect(swipes.allSatisfy { $0.endsAtScreenEdge != nil })
        let farthest = swipes.map { s in s.offsets.map { abs($0 - s.startOffset) }.max() ?? 0 }.max() ?? 0
        #expect(farthest <= room - slop + 0.25, "\(farthest)")
        #expect(ended.count > swipes.count / 4 && ended.count < swipes.count, "\(ended.count) of \(swipes.count)")
        let estimator = LSQ2VelocityEstimator()
        let maxOffset = try homeLayout().maxOffset
        var repeated = 0, stopped = 0
        for s in ended where s.times.count >= 3 {
            let n = s.offsets.count
            if s.offsets[n - 1] == s.offsets[n - 2] { repeated += 1 }
            if s.releaseVelocity == 0 { stopped += 1 }
            // the edge's row itself (not rubber-banded past the content's end): the room less the slop, to a device pixel
            if s.startOffset + room - slop <= maxOffset {
                #expect(abs(abs(s.releaseOffset - s.startOffset) - (room - slop)) <= 0.25)
            }
            #expect(TraceFeatures(s, pitch: 160, estimator: estimator).endsAtScreenEdge == true)
        }
        #expect(repeated > ended.count / 2 && stopped > ended.count / 2, "\(repeated), \(stopped) of \(ended.count)")
        let features = swipes.filter { !$0.isCancelled }.map { TraceFeatures($0, pitch: 160, estimator: estimator) }
        let summary = RecordingSummary(features: features, layout: try homeLayout())
        let share = try #require(summary.statisticValues[.screenEdgeShare])
        #expect(abs(share - Double(ended.filter { !$0.isCancelled }.count) / Double(features.count)) < 1e-12)
    }

    /// Without a screen (every model file before it) nothing changes: the same offsets and times as a
    /// model that never had the key, no `screen` key written, and the edge share unknown.
    @Test func aModelWithoutAScreenIsUnchanged() throws {
        let swipes = try screenSwipes(nil, traces: 600)
        #expect(swipes.allSatisfy { $0.endsAtScreenEdge == nil && $0.deliveryDraws?.touchDownRoom == nil })
        let wide = try screenSwipes(ScreenParameters(width: 411.4286, touchDownRoomQuantiles: [1, 1]), traces: 600)
        #expect(wide.map(\.offsets) != swipes.map(\.offsets))   // one more draw per stroke: the streams move
        var p = SwipeModelParameters()
        p.delivery.isEnabled = true
        let json = String(decoding: try GeneratorModelFile(parameters: p, livePolicy: nil, layout: nil).encoded(), as: UTF8.self)
        #expect(!json.contains("screen"))
        p.screen = ScreenParameters(width: 411.4286, touchDownRoomQuantiles: [0.2, 0.9])
        let decoded = try JSONDecoder().decode(SwipeModelParameters.self, from: try JSONEncoder().encode(p))
        #expect(decoded.screen == p.screen)
    }

    /// With `delivery.liveReadsFinger` the live row flings with the finger's velocity as the tracker
    /// last saw it: after a stroke that ran off the edge, at the edge crossing (the last sample on
    /// the screen), not the unclamped path's speed at the later lift-off nor 0. A 200-pt, 200-ms
    /// minimum-jerk stroke lifted at ρ = 0.95 with 120 pt of room crosses the edge at τ ≈ 0.55
    /// (1.83 pt/ms; at lift-off the path moves at 0.07); a 100-pt one stops short and reads its lift-off.
    @Test func theLiveRowFlingsAtTheEdgeCrossing() throws {
        let room = 120.0, width = 411.4286
        var p = SwipeModelParameters()
        p.task = .reveal
        p.delivery.isEnabled = true
        p.delivery.liveReadsFinger = true
        p.trials = TrialParameters(targetIndex: 19)
        p.screen = ScreenParameters(width: width, touchDownRoomQuantiles: [room / width, room / width])
        let layout = try homeLayout(count: 20)
        let simulator = try SessionSimulator(model: SwipeModel(parameters: p, layout: layout), livePolicy: FreeScrollCarousel())
        let user = SyntheticUser(index: 0, gain: 1, motorNoise: 0, projectorPreference: 0.5, habit: .android, rate: 60,
                                 pixelRatio: 2.625, activity: 1)
        func minimumJerk(_ t: Double) -> Double { t * t * t * (10 - 15 * t + 6 * t * t) }
        func speed(_ t: Double) -> Double { 30 * t * t * (1 - t) * (1 - t) }
        for amplitude in [200.0, 100] {
            let plan = SwipeModel.Plan(direction: 1, amplitude: amplitude, duration: 200, releaseFraction: 0.95, hold: 0,
                                       style: .flick, strategy: .stepper)
            var state = SessionSimulator.State(slot: 0, offset: 0, clock: 0, direction: 1)
            var out: [SyntheticSwipe] = [], scratch = SessionSimulator.Scratch()
            simulator.stroke(plan, label: 19, goal: 19, step: 0, user: user, state: &state,
                             numbering: .init(firstTraceID: 0, session: 0, chunk: 0), out: &out, scratch: &scratch,
                             rng: try GSLRandom(seed: 7))
            let swipe = try #require(out.first)
            var lo = 0.0, hi = 0.95
            for _ in 0..<60 where amplitude > room {
                let mid = (lo + hi) / 2
                if amplitude * minimumJerk(mid) < room { lo = mid } else { hi = mid }
            }
            let expected = amplitude / 200 * speed(hi)
            #expect(swipe.endsAtScreenEdge == (amplitude > room))
            #expect(abs(simulator.model.trackedFingerVelocity(plan, draws: swipe.deliveryDraws) - expected) < 1e-9)
            let flung = FreeScrollCarousel().decide(Release(offset: swipe.releaseOffset, velocity: expected, startOffset: 0, startIndex: 0),
                                                    in: layout)
            #expect(abs(try #require(swipe.settledOffset) - flung.targetOffset) < 1e-9, "\(swipe.settledOffset ?? .nan) against \(flung.targetOffset)")
        }
    }

    /// A screen is checked: a positive width, non-decreasing fractions in [0, 1], frame delivery.
    @Test func aScreenIsChecked() throws {
        var p = SwipeModelParameters()
        p.delivery.isEnabled = true
        func rejects(_ s: ScreenParameters, scans: Bool = false, key: String) {
            var q = p
            q.screen = s
            q.delivery.isEnabled = !scans
            #expect(throws: SwipeModelError.self) { try SwipeModel.validate(q) }
            do { try SwipeModel.validate(q) } catch {
                guard case let .invalidParameter(name, _, _) = error else { Issue.record("\(error)"); return }
                #expect(name == key)
            }
        }
        rejects(ScreenParameters(width: 0, touchDownRoomQuantiles: [0, 1]), key: "screen.width")
        rejects(ScreenParameters(width: 400, touchDownRoomQuantiles: [0.5]), key: "screen.touchDownRoomQuantiles")
        rejects(ScreenParameters(width: 400, touchDownRoomQuantiles: [0.6, 0.5]), key: "screen.touchDownRoomQuantiles")
        rejects(ScreenParameters(width: 400, touchDownRoomQuantiles: [0.5, 1.2]), key: "screen.touchDownRoomQuantiles")
        rejects(ScreenParameters(width: 400, touchDownRoomQuantiles: [0.2, 0.8]), scans: true, key: "screen")
        p.screen = ScreenParameters(width: 400, touchDownRoomQuantiles: [0.2, 0.8])
        try SwipeModel.validate(p)
    }

    /// `generate --like` reads the room off a touch_x recording's first rows (a forward stroke's
    /// room is its touch-down x), marks the strokes whose last row is at the edge, and reports
    /// their share; a file of content offsets has no finger positions, so no screen.
    @Test func theScreenIsReadOffARecordingsFingerPositions() throws {
        let path = try touchXFile(count: 30)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (recording, _) = try RecordingSummary.read(paths: [path], options: TraceReadOptions())
        #expect(recording.features.count == 30)
        #expect(recording.features.map(\.touchDownRoom) == (0..<30).map { 300.0 - Double($0 % 5) })
        #expect(recording.features.map(\.endsAtScreenEdge) == (0..<30).map { $0 % 3 == 0 })
        #expect(recording.statisticValues[.screenEdgeShare] == 10.0 / 30.0)
        let (screen, note) = ScreenParameters.inferred(from: recording, frameDelivery: true)
        let s = try #require(screen, "\(note)")
        #expect(s.width == 411.4286 && s.touchDownRoomQuantiles.count == ScreenParameters.quantileCount)
        #expect(abs(s.touchDownRoomQuantiles[0] * s.width - 296) < 1e-9 && abs(s.touchDownRoomQuantiles.last! * s.width - 300) < 1e-9)
        #expect(note.contains("10 of 30 strokes end at the edge"))
        #expect(ScreenParameters.inferred(from: recording, frameDelivery: false).screen == nil)
        // the same strokes as content offsets: the same travel, no finger positions
        let offsetPath = try touchXFile(count: 30, offsets: true)
        defer { try? FileManager.default.removeItem(atPath: offsetPath) }
        let (offsets, _) = try RecordingSummary.read(paths: [offsetPath], options: TraceReadOptions())
        #expect(offsets.features.map(\.travel) == recording.features.map(\.travel))
        #expect(offsets.features.allSatisfy { $0.touchDownRoom == nil && $0.endsAtScreenEdge == nil })
        let (none, why) = ScreenParameters.inferred(from: offsets, frameDelivery: true)
        #expect(none == nil && why.contains("content offsets, not finger positions"))
        #expect(offsets.statisticValues[.screenEdgeShare]?.isNaN == true)
        // the table compares the edge share with a model that has a screen, and says so for one without
        func edgeRow(_ screen: ScreenParameters?) throws -> CalibrationTable.Row {
            let f = try screenSwipes(screen, traces: 300).filter { !$0.isCancelled }
                .map { TraceFeatures($0, pitch: 160, estimator: LSQ2VelocityEstimator()) }
            let rows = CalibrationTable.rows(recording: recording, generated: RecordingSummary(features: f, layout: recording.layout), fitted: [])
            return try #require(rows.first { $0.id == StatisticKind.screenEdgeShare.id })
        }
        let without = try edgeRow(nil), with = try edgeRow(s)
        #expect(without.passes == nil && without.note == CalibrationTable.noScreenNote && without.recording == 10.0 / 30.0)
        #expect(with.passes != nil && with.generated.isFinite)
        // fewer than 20 strokes: too few to read the room from
        #expect(ScreenParameters.inferred(rooms: Array(repeating: 100, count: 19), width: 400) == nil)
    }
}
