import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapScoring
@testable import SnapSwipeModel

@Suite struct ModelCalibrationTrialsTests {
    /// Measures generated swipes as `--like` measures a recording, without a hit column.
    func summary(_ generator: TraceGenerator) throws -> RecordingSummary {
        let layout = generator.model.layout
        let features = try allSwipes(generator).map { TraceFeatures($0, pitch: layout.stride, estimator: LSQ2VelocityEstimator()) }
        return RecordingSummary(features: features, layout: layout)
    }

    /// Trials toward one far target read as a reveal task and give back their structure: the
    /// opening offsets, the fixed target, and the session statistics.
    @Test func readsTheTrialsBack() throws {
        let generator = try trialGenerator(starts: [0, 1], traces: 1500)
        let recording = try summary(generator)
        #expect(ModelCalibration.inferredTask(recording).task == .reveal)
        let (trials, note) = try #require(ModelCalibration.trialStructure(recording.features, layout: recording.layout))
        #expect(trials.startOffsets == [0, 1])
        #expect(abs(trials.startOffsetWeights[0] / trials.startOffsetWeights.reduce(0, +) - 0.5) < 0.1)
        #expect(trials.targetIndex == 6)
        #expect(note.contains("item 6"))
        let values = recording.statisticValues
        let opening = try #require(values[StatisticKind.openingShare])
        #expect(opening > 0.2 && opening < 1)
        #expect(try #require(values[StatisticKind.startAtZeroShare]) < opening)
        #expect(try #require(values[StatisticKind.goalDistanceMedian]) > 1)
    }

    /// A paging recording (goals that change within a session) is neither a reveal task nor trials.
    @Test func chainedPagingGoalsAreNotTrials() throws {
        let recording = try summary(liveGenerator(task: .paging, traces: 1500))
        #expect(ModelCalibration.inferredTask(recording).task == .paging)
        #expect(ModelCalibration.trialStructure(recording.features, layout: recording.layout) == nil)
        var unlabelled = recording
        unlabelled.features = recording.features.map { f in
            var f = f
            f.intendedIndex = nil
            f.intent = nil
            return f
        }
        #expect(ModelCalibration.inferredTask(unlabelled).task == .browse)
    }

    /// Traces without session ids (each a session of one, as `bench/gen_traces.py` writes them)
    /// show no trials.
    @Test func singleStrokeSessionsAreNotTrials() throws {
        let recording = try summary(trialGenerator(traces: 600))
        let alone = recording.features.map { f in
            var f = f
            f.session = nil
            return f
        }
        #expect(ModelCalibration.trialStructure(alone, layout: recording.layout) == nil)
    }

    /// A stroke of five rows 20 ms apart moving at `speed` pt/ms from offset 0 (160-pt pitch).
    func steady(_ speed: Double, user: Int, session: String?) -> TraceFeatures {
        let t: [Double] = [0, 20, 40, 60, 80], x = t.map { $0 * speed }
        return t.withUnsafeBufferPointer { tb in x.withUnsafeBufferPointer { xb in
            TraceFeatures(time: tb, offset: xb, startOffset: 0, pitch: 160, velocity: speed, user: user, session: session,
                          intendedIndex: 6, startIndex: 0)
        } }
    }

    /// The opening-stroke rows, worked by hand: sessions are consecutive traces of one user and
    /// session id (the same id under another user is another session; a trace without one is in none).
    @Test func openingStatisticsCountSessionsByHand() throws {
        let features = [
            steady(2, user: 0, session: "a"), steady(1, user: 0, session: "a"), steady(0.5, user: 0, session: "a"),
            steady(3, user: 0, session: "b"),
            steady(1.5, user: 1, session: "a"),
            steady(9, user: 1, session: nil),
        ]
        #expect(features.map(\.lateSpeed) == [2, 1, 0.5, 3, 1.5, 9])
        let values = RecordingSummary(features: features, layout: try homeLayout()).statisticValues
        // three sessions, two of one stroke; openings 2, 3, 1.5 pt/ms; later strokes 1 and 0.5
        #expect(abs(try #require(values[.oneStrokeTrialShare]) - 2.0 / 3) < 1e-12)
        #expect(abs(try #require(values[.openingLateSpeedP50]) - 2) < 1e-12)
        #expect(abs(try #require(values[.laterLateSpeedP50]) - 0.75) < 1e-12)
        // the later strokes' release speed (each stroke's own velocity: 1 and 0.5 pt/ms), not the
        // openings' (2, 3 and 1.5)
        #expect(abs(try #require(values[.laterReleaseSpeedP50]) - 0.75) < 1e-12)
        // and the openings' own (2, 3 and 1.5 pt/ms), not the later strokes'
        #expect(abs(try #require(values[.openingReleaseSpeedP50]) - 2) < 1e-12)
        // fewer than 20 opening strokes: no trimmed geometric mean
        #expect(values[.openingTravelLocation]?.isNaN == true)
        let many = (0..<20).map { steady(1, user: 0, session: "s\($0)") }
        let travel = RecordingSummary(features: many, layout: try homeLayout()).statisticValues
        #expect(abs(try #require(travel[.openingTravelLocation]) - 0.5) < 1e-12) // 80 pt of 160
        #expect(travel[.oneStrokeTrialShare] == 1 && travel[.laterLateSpeedP50]?.isNaN == true && travel[.laterReleaseSpeedP50]?.isNaN == true)
        // without session ids the rows say nothing
        let none = RecordingSummary(features: features.map { f in
            var f = f
            f.session = nil
            return f
        }, layout: try homeLayout()).statisticValues
        #expect(none[.oneStrokeTrialShare]?.isNaN == true && none[.openingLateSpeedP50]?.isNaN == true)
        #expect(none[.laterReleaseSpeedP50]?.isNaN == true && none[.openingReleaseSpeedP50]?.isNaN == true)
        #expect(none[.insideTravelSpread]?.isNaN == true)
    }

    /// The within-user travel spread of the strokes ending inside the content leaves out a stroke
    /// whose last row lies past the content's end (home: maxOffset 708.6 pt), which the spread of all
    /// moved strokes keeps.
    @Test func insideTravelSpreadLeavesOutStrokesPastTheEnd() throws {
        // ten users (the trimmed sd needs 20 values), each with travel 80, 160 and 320 pt (0.5, 1 and
        // 2 pitches) inside and 9.5 pt/ms × 80 ms = 760 pt past the end
        let users = 0..<10
        let features = users.flatMap { u in [1.0, 2, 4, 9.5].map { steady($0, user: u, session: "a") } }
        let layout = try homeLayout()
        #expect(layout.maxOffset < 760 && layout.maxOffset > 320)
        let values = RecordingSummary(features: features, layout: layout).statisticValues
        let want = RecordingSummary.withinUserLogSD(users.flatMap { u in [0.5, 1, 2].map { (u, $0) } })
        #expect(want.isFinite)
        #expect(abs(try #require(values[.insideTravelSpread]) - want) < 1e-12)
        // the spread of all moved strokes counts the fourth one too
        let all = RecordingSummary.withinUserLogSD(users.flatMap { u in [0.5, 1, 2, 4.75].map { (u, $0) } })
        #expect(abs(try #require(values[.movedTravelSpread]) - all) < 1e-12)
        #expect(abs(want - all) > 0.1)
        // on a looping row no stroke is past an end
        let loop = try CarouselLayout(itemWidth: 160, spacing: 0, leadingInset: 0, viewportWidth: 411.4286, itemCount: 7,
                                      alignment: .trailing, isLooping: true)
        let looped = RecordingSummary(features: features, layout: loop).statisticValues
        #expect(abs(try #require(looped[.insideTravelSpread]) - all) < 1e-12)
    }

    /// A trial's opening stroke lifts in `U(1 − q_o − w, 1 − q_o)`, the later ones in the stroke
    /// range; without the key the range is the stroke range, and the key is checked.
    @Test func theOpeningStrokeHasItsOwnReleaseRange() throws {
        var trials = TrialParameters()
        #expect(trials.openingReleaseRange(0.55...0.85) == 0.55...0.85)
        trials.openingReleaseEnd = 0.3
        let r = trials.openingReleaseRange(0.55...0.85)
        #expect(abs(r.lowerBound - 0.4) < 1e-12 && abs(r.upperBound - 0.7) < 1e-12)
        trials.openingReleaseEnd = 0.9
        #expect(trials.openingReleaseRange(0.55...0.85).lowerBound == 0.05)
        for bad in [0.0, 0.95, .nan] {
            trials.openingReleaseEnd = bad
            #expect(throws: SwipeModelError.self) { try TrialParameters.validate(trials) }
        }
        trials.openingReleaseEnd = nil
        for bad in [0.0, -1, 101, .nan] {
            trials.openingDurationScale = bad
            #expect(throws: SwipeModelError.self) { try TrialParameters.validate(trials) }
        }
    }

    /// `--like` on a study's trials keeps a stroke toward the content's end at its drawn size
    /// (``StrokeParameters/keepsSizeAtContentEnd``); the key is absent by default.
    @Test func aStudysTrialsKeepTheStrokeSizeAtTheContentEnd() throws {
        var p = SwipeModelParameters()
        p.task = .reveal
        p.trials = TrialParameters(targetIndex: 6)
        let notes = ModelCalibration.prepareReleaseShape(&p, moveGaps: nil, lateLifts: nil)
        #expect(p.stroke.keepsSizeAtContentEnd == true)
        #expect(notes.contains { $0.hasPrefix("content end:") })
        #expect(SwipeModelParameters().stroke.keepsSizeAtContentEnd == nil)
    }

    /// `--like` on a study's reveal trials on frame delivery lets the live row read the finger
    /// (``InputDeliveryParameters/liveReadsFinger``); not on scan delivery, not without trials, and
    /// the key is absent by default.
    @Test func aStudysTrialsOnFramesReadTheFingerLive() throws {
        var p = SwipeModelParameters()
        p.task = .reveal
        p.delivery.isEnabled = true
        var scans = p, alone = p
        p.trials = TrialParameters(targetIndex: 6)
        let notes = ModelCalibration.prepareReleaseShape(&p, moveGaps: nil, lateLifts: nil)
        #expect(p.delivery.liveReadsFinger == true && notes.contains { $0.hasPrefix("live row:") })
        scans.trials = TrialParameters(targetIndex: 6)
        scans.delivery.isEnabled = false
        _ = ModelCalibration.prepareReleaseShape(&scans, moveGaps: nil, lateLifts: nil)
        _ = ModelCalibration.prepareReleaseShape(&alone, moveGaps: nil, lateLifts: nil)
        #expect(scans.delivery.liveReadsFinger == nil && alone.delivery.liveReadsFinger == nil)
        #expect(SwipeModelParameters().delivery.liveReadsFinger == nil)
    }

    /// Released earlier, the opening stroke lifts faster, the free-scrolling row carries it further
    /// and more trials end with it; a longer opening stroke moves slower over its last 50 ms.
    @Test func theOpeningAndLaterStrokesFollowTheirOwnParameters() throws {
        func values(_ q: Double?, duration: Double? = nil) throws -> [StatisticKind: Double] {
            let base = try trialGenerator(traces: 3000)
            var p = base.model.parameters
            p.stroke.releaseRange = 0.985...0.995
            p.trials?.openingReleaseEnd = q
            p.trials?.openingDurationScale = duration
            let model = try SwipeModel(parameters: p, layout: base.model.layout)
            return try summary(TraceGenerator(model: model, traceCount: 3000, userCount: 10, seed: 5, livePolicy: FreeScrollCarousel()))
                .statisticValues
        }
        let late = try values(nil), same = try values(0.005), early = try values(0.4)
        #expect(same[.oneStrokeTrialShare] == late[.oneStrokeTrialShare]) // q_o = q: the same draws, the same strokes
        let one = try #require(late[.oneStrokeTrialShare]), oneEarly = try #require(early[.oneStrokeTrialShare])
        #expect(oneEarly > one + 0.1)
        #expect(try #require(early[.openingLateSpeedP50]) > 1.2 * (try #require(late[.openingLateSpeedP50])))
        #expect(try #require(early[.openingShare]) > (try #require(late[.openingShare])))
        // an opening stroke that takes twice its drawn time moves slower over its last 50 ms; at 1 the
        // same draws give the same strokes
        let slow = try values(nil, duration: 2), unit = try values(nil, duration: 1)
        #expect(unit[.openingLateSpeedP50] == late[.openingLateSpeedP50] && unit[.oneStrokeTrialShare] == late[.oneStrokeTrialShare])
        #expect(try #require(slow[.openingLateSpeedP50]) < 0.8 * (try #require(late[.openingLateSpeedP50])))
    }

    /// A study's reveal trials fit the opening release end to the share of one-stroke sessions (from
    /// the strokes' release end) and the opening duration scale to the opening strokes' late speed
    /// (from 1, sign −1), each kept in its declared limits, the duration median to the later strokes'
    /// late speed and the release end to the release speed; browse trials fit none of them.
    @Test func theTrialParametersAreFittedToTheirOwnStatistics() throws {
        var p = SwipeModelParameters()
        p.task = .reveal
        #expect(ModelCalibration.prepareOpeningRelease(&p) == nil && p.trials == nil)
        p.trials = TrialParameters(targetIndex: 6)
        #expect(ModelCalibration.prepareOpeningRelease(&p) != nil)
        #expect(p.trials?.openingReleaseEnd == 1 - p.stroke.releaseRange.upperBound)
        var browse = p
        browse.task = .browse
        browse.trials?.openingReleaseEnd = nil
        #expect(ModelCalibration.prepareOpeningRelease(&browse) == nil && browse.trials?.openingReleaseEnd == nil)
        let plain = ModelCalibration.withReleaseShape(ModelCalibration.fittedParameters(task: .reveal), withheld: false)
        #expect(!plain.contains { $0.key == "trials.openingReleaseEnd" })
        let fitted = ModelCalibration.withReleaseShape(ModelCalibration.fittedParameters(task: .reveal), withheld: false, opening: true)
        let q = try #require(fitted.first { $0.key == "trials.openingReleaseEnd" })
        #expect(q.statistic == .oneStrokeTrialShare && q.limits == ModelCalibration.openingReleaseEndLimits && !q.isProbability)
        q.set(&p, 0.25)
        #expect(q.get(p) == 0.25)
        q.set(&p, 2)
        #expect(q.get(p) == ModelCalibration.openingReleaseEndLimits.upperBound)
        q.set(&p, 0)
        #expect(q.get(p) == ModelCalibration.openingReleaseEndLimits.lowerBound)
        #expect(ModelCalibration.limitFinding(q.get(p), in: ModelCalibration.openingReleaseEndLimits) != nil)
        #expect(p.trials?.openingDurationScale == 1)
        let s = try #require(fitted.first { $0.key == "trials.openingDurationScale" })
        #expect(s.statistic == .openingLateSpeedP50 && s.sign == -1 && s.limits == ModelCalibration.openingDurationScaleLimits)
        s.set(&p, 100)
        #expect(s.get(p) == ModelCalibration.openingDurationScaleLimits.upperBound)
        #expect(!plain.contains { $0.key == "trials.openingDurationScale" })
        // with the opening stroke fitted apart, the release end q answers to the LSQ2 release speed and
        // the duration median to the later strokes' late speed (longer, slower: sign −1)
        #expect(fitted.first { $0.key == "stroke.releaseRange.end" }?.statistic == .releaseSpeedP50)
        #expect(plain.first { $0.key == "stroke.releaseRange.end" }?.statistic == .lateSpeedP50)
        let duration = try #require(fitted.first { $0.key == "stroke.durationMedian" })
        #expect(duration.statistic == .laterLateSpeedP50 && duration.sign == -1)
        #expect(plain.first { $0.key == "stroke.durationMedian" }?.statistic == .motionTimeLocation)
    }

    /// A trial's opening stroke travels `a_o` times its drawn amplitude (the later strokes keep
    /// theirs); at 1 or without the key the same draws give the same strokes; `--like` starts it at 1
    /// and fits it to the opening strokes' travel; the key is checked.
    @Test func theOpeningStrokeHasItsOwnAmplitude() throws {
        func values(_ scale: Double?) throws -> [StatisticKind: Double] {
            let base = try trialGenerator(traces: 3000)
            var p = base.model.parameters
            p.trials?.openingReleaseEnd = 0.3
            p.trials?.openingAmplitudeScale = scale
            let model = try SwipeModel(parameters: p, layout: base.model.layout)
            return try summary(TraceGenerator(model: model, traceCount: 3000, userCount: 10, seed: 5, livePolicy: FreeScrollCarousel()))
                .statisticValues
        }
        let none = try values(nil), unit = try values(1), far = try values(1.5)
        // bit for bit (a statistic the model cannot measure is NaN in both, and NaN != NaN)
        #expect(unit.mapValues(\.bitPattern) == none.mapValues(\.bitPattern))
        let travel = try #require(none[.openingTravelLocation]), farTravel = try #require(far[.openingTravelLocation])
        #expect(farTravel > 1.25 * travel)
        // flung from farther, more trials end with their opening stroke
        #expect(try #require(far[.oneStrokeTrialShare]) > (try #require(none[.oneStrokeTrialShare])))
        var trials = TrialParameters()
        for bad in [0.0, -1, 101, .nan] {
            trials.openingAmplitudeScale = bad
            #expect(throws: SwipeModelError.self) { try TrialParameters.validate(trials) }
        }
        var p = SwipeModelParameters()
        p.task = .reveal
        p.trials = TrialParameters(targetIndex: 6)
        _ = ModelCalibration.prepareOpeningRelease(&p)
        #expect(p.trials?.openingAmplitudeScale == 1)
        let fitted = ModelCalibration.withReleaseShape(ModelCalibration.fittedParameters(task: .reveal), withheld: false, opening: true)
        let a = try #require(fitted.first { $0.key == "trials.openingAmplitudeScale" })
        #expect(a.statistic == .openingTravelLocation && a.sign == 1 && a.limits == ModelCalibration.openingAmplitudeScaleLimits)
        a.set(&p, 100)
        #expect(a.get(p) == ModelCalibration.openingAmplitudeScaleLimits.upperBound)
        let plain = ModelCalibration.withReleaseShape(ModelCalibration.fittedParameters(task: .reveal), withheld: false)
        #expect(!plain.contains { $0.key == "trials.openingAmplitudeScale" })
    }
}
