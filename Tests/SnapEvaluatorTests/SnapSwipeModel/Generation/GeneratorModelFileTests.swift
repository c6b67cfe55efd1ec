import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapSwipeModel

@Suite struct GeneratorModelFileTests {
    func scratch() throws -> String {
        try TestScratch.directory("gmf").path
    }

    @Test func roundTripsEveryParameter() throws {
        var p = SwipeModelParameters()
        p.task = .reveal
        p.delivery.isEnabled = true
        p.delivery.touchDownDwellMedian = 55.5
        p.stroke.goalDistances = [2, 7]
        p.stroke.goalDistanceWeights = [0.25, 0.75]
        p.flickReleaseRange = 0.5...0.9
        let file = GeneratorModelFile(parameters: p, livePolicy: "embla", layout: try benchLayout(), seed: 9, traces: 10, users: 2)
        let path = try scratch() + "/m.json"
        try file.write(to: path)
        let back = try GeneratorModelFile.read(path: path)
        #expect(back == file)
        #expect(try back.layout?.layout() == benchLayout())
    }

    /// Trials (issue 32) round-trip under `parameters.trials`; a file without the key (every file
    /// before issue 32) reads as no trials, and a bad start offset is named by its key.
    @Test func trialsAreOptionalAndChecked() throws {
        var p = SwipeModelParameters()
        p.trials = TrialParameters(startOffsets: [0, 1.25], startOffsetWeights: [3, 1], targetIndex: 4)
        let path = try scratch() + "/t.json"
        let file = GeneratorModelFile(parameters: p, livePolicy: nil, layout: nil)
        try file.write(to: path)
        #expect(try GeneratorModelFile.read(path: path) == file)
        try GeneratorModelFile(parameters: SwipeModelParameters(), livePolicy: nil, layout: nil).write(to: path)
        #expect(try GeneratorModelFile.read(path: path).parameters.trials == nil)
        p.trials?.startOffsets = [-1, 1.25]
        try GeneratorModelFile(parameters: p, livePolicy: nil, layout: nil).write(to: path)
        #expect {
            try GeneratorModelFile.read(path: path)
        } throws: { error in
            "\(error)".contains("parameters.trials.startOffsets")
        }
    }

    /// `generate --like`'s intervals ride in the model file under `uncertainty`; a file without them
    /// (every other `generate`) has no such key, so those files' bytes are as before.
    @Test func carriesTheIntervalsOnlyWhenGiven() throws {
        let p = SwipeModelParameters()
        let plain = GeneratorModelFile(parameters: p, livePolicy: nil, layout: nil)
        #expect(!String(decoding: try plain.encoded(), as: UTF8.self).contains("uncertainty"))
        let u = ParameterUncertainty(parameter: "stall probability", key: "delivery.stallProbability", estimate: 0.12,
                                     standardError: 0.01, isLogScale: false)
        let marked = GeneratorModelFile(parameters: p, livePolicy: nil, layout: nil, uncertainty: [u])
        let text = String(decoding: try marked.encoded(), as: UTF8.self)
        #expect(text.contains("\"data_limited\" : true") && text.contains("\"standard_error\""))
        let path = try scratch() + "/u.json"
        try marked.write(to: path)
        #expect(try GeneratorModelFile.read(path: path) == marked)
        // an unknown error is written as null (JSON has no NaN) and read back as NaN, still marked
        let unknown = ParameterUncertainty(parameter: "gain", key: "gainLogSD", estimate: 0.3, standardError: .nan, isLogScale: true)
        try GeneratorModelFile(parameters: p, livePolicy: nil, layout: nil, uncertainty: [unknown]).write(to: path)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self).contains("\"standard_error\" : null"))
        let back = try #require(try GeneratorModelFile.read(path: path).uncertainty?.first)
        #expect(back.standardError.isNaN && back.low.isNaN && back.isDataLimited && back.estimate == 0.3)
    }

    @Test func namesTheMissingKey() throws {
        let path = try scratch() + "/bad.json"
        try Data(#"{"generator": "snaplab generate", "task": "paging"}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try GeneratorModelFile.read(path: path)
        } throws: { error in
            "\(error)".contains("bad.json") && "\(error)".contains("parameters")
        }
    }

    @Test func noticeOnlyForMarkedFiles() throws {
        let dir = try scratch()
        let csv = dir + "/t.csv"
        try Data("trace_id\n".utf8).write(to: URL(fileURLWithPath: csv))
        #expect(GeneratorModelFile.notice(forTraceFile: csv) == nil)
        try GeneratorModelFile(parameters: SwipeModelParameters(), livePolicy: nil, layout: nil, seed: 4)
            .write(to: GeneratorModelFile.sidecarPath(forTraceFile: csv))
        let notice = try #require(GeneratorModelFile.notice(forTraceFile: csv))
        #expect(notice.contains("synthetic") && notice.contains("task paging") && notice.contains("seed 4")
                && notice.contains("example, not advice"))
        #expect(!notice.contains("\n"))
    }
}
