import Foundation
import SnapStrategies
import SnapLabSupport
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
        p.delivery.stallsBetweenMoves = true
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

    /// Each fitted parameter's entry names the id of the statistic it was fitted to; an id the
    /// catalogue does not have is refused, naming the entry.
    @Test func intervalsNameTheirStatisticById() throws {
        let path = try scratch() + "/s.json"
        let u = ParameterUncertainty(parameter: "stall probability", key: "delivery.stallProbability", statistic: StatisticKind.stopped.id,
                                     estimate: 0.12, standardError: 0.01, isLogScale: false)
        let file = GeneratorModelFile(parameters: SwipeModelParameters(), livePolicy: nil, layout: nil, uncertainty: [u])
        try file.write(to: path)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            .contains("\"statistic\" : \"share_stopped_while_moving\""))
        #expect(try GeneratorModelFile.read(path: path) == file)
        var wrong = u
        wrong.statistic = "share stopped while moving (gap > 40 ms after a fast move)"
        try GeneratorModelFile(parameters: SwipeModelParameters(), livePolicy: nil, layout: nil, uncertainty: [wrong]).write(to: path)
        #expect(throws: DataFileError(file: path, key: "uncertainty[0].statistic",
                                      found: "\"share stopped while moving (gap > 40 ms after a fast move)\"",
                                      expected: "a statistic id of the --like table's id column")) {
            try GeneratorModelFile.read(path: path)
        }
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

    /// ``SwipeModel``'s validation names the file's own key (issue 29 follow-up: no table of English
    /// names to keep in step): each broken parameter is reported under a key the model file has, and
    /// reading such a file names `parameters.<key>`.
    @Test func validationNamesTheFilesKeys() throws {
        let breakers: [(String, (inout SwipeModelParameters) -> Void)] = [
            ("gainLogSD", { $0.gainLogSD = -1 }), ("motorNoiseRange", { $0.motorNoiseRange = -1...0.4 }),
            ("projectorPreferenceA", { $0.projectorPreferenceA = 0 }), ("projectorPreferenceB", { $0.projectorPreferenceB = 0 }),
            ("iOSHabitShare", { $0.iOSHabitShare = 2 }), ("rates", { $0.rates = [] }), ("fixedRate", { $0.fixedRate = -1 }),
            ("pixelRatios", { $0.pixelRatios = [] }), ("activityLogSD", { $0.activityLogSD = -1 }), ("intents", { $0.intents = [] }),
            ("flickShare", { $0.flickShare = 2 }), ("flickAmplitudeMedian", { $0.flickAmplitudeMedian = 0 }),
            ("holdMean", { $0.holdMean = 0 }), ("timeJitterSD", { $0.timeJitterSD = -1 }),
            ("flickReleaseRange", { $0.flickReleaseRange = 0...0.5 }), ("dragFractionMean", { $0.dragFractionMean = 2 }),
            ("cancelledShare", { $0.cancelledShare = 2 }), ("iOSDecelerationRate", { $0.iOSDecelerationRate = 2 }),
            ("liftTailSpeedRange", { $0.liftTailSpeedRange = -1...0.7 }), ("delivery.frameRates", { $0.delivery.frameRates = [] }),
            ("delivery.touchSlop", { $0.delivery.touchSlop = -1 }), ("delivery.touchDownDwellMedian", { $0.delivery.touchDownDwellMedian = 0 }),
            ("delivery.stallProbability", { $0.delivery.stallProbability = 2 }), ("delivery.stallRange", { $0.delivery.stallRange = 0...20_000 }),
            ("stroke.releaseRange", { $0.stroke.releaseRange = 0...0.5 }), ("stroke.goalDistances", { $0.stroke.goalDistances = [] }),
            ("stroke.maxStrokesPerGoal", { $0.stroke.maxStrokesPerGoal = 0 }), ("stroke.amplitudeMedian", { $0.stroke.amplitudeMedian = 0 }),
            ("stroke.forwardShare", { $0.stroke.forwardShare = 2 }),
        ]
        let encoded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(SwipeModelParameters())) as? [String: Any])
        func has(_ path: String) -> Bool {
            var node: Any? = encoded
            for part in path.split(separator: ".") { node = (node as? [String: Any])?[String(part)] }
            return node != nil
        }
        let dir = try scratch()
        for (key, breakIt) in breakers {
            var p = SwipeModelParameters()
            breakIt(&p)
            #expect(throws: SwipeModelError.self) { try SwipeModel.validate(p) }
            do { try SwipeModel.validate(p) } catch {
                guard case let .invalidParameter(name, _, _) = error else { continue }
                #expect(name == key && (has(key) || key == "fixedRate"), "\(key): reported as \(name)")
            }
            let path = dir + "/broken.json"
            try GeneratorModelFile(parameters: p, livePolicy: nil, layout: nil).write(to: path)
            #expect(throws: DataFileError.self) { try GeneratorModelFile.read(path: path) }
            do { _ = try GeneratorModelFile.read(path: path) } catch let error as DataFileError {
                #expect(error.key == "parameters." + key, "\(error)")
            }
        }
    }
}
