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
}
