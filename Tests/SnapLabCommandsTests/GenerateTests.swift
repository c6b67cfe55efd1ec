import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands
@testable import SnapSwipeModel

@Suite struct GenerateTests {
    func scratch() throws -> String {
        let dir = try TestScratch.directory("generate").path
        return dir
    }

    func run(_ arguments: [String]) throws {
        let command = try SnapLab.Generate.parse(arguments)
        try command.run()
    }

    @Test func sameArgumentsWriteTheSameBytes() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try run(["--traces", "300", "--seed", "5", "--users", "7", "--threads", "1", "--out", dir + "/a.csv"])
        try run(["--traces", "300", "--seed", "5", "--users", "7", "--threads", "2", "--out", dir + "/b.csv"])
        try run(["--traces", "300", "--seed", "6", "--users", "7", "--out", dir + "/c.csv"])
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.csv"))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: dir + "/b.csv"))))
        #expect(a != (try Data(contentsOf: URL(fileURLWithPath: dir + "/c.csv"))))
        let text = String(decoding: a, as: UTF8.self)
        #expect(text.hasPrefix("trace_id,user_id,session_id,t_ms,offset,phase,"))
        let ids = Set(text.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "," } })
        #expect(ids.count == 300)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
                == ["a.csv", "a.csv.json", "b.csv", "b.csv.json", "c.csv", "c.csv.json"])
    }

    @Test func usesALayoutFileAndFixedRate() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"item_width": 300, "item_spacing": 8, "leading_inset": 20, "viewport_width": 390, "item_count": 7, "alignment": "center"}"#
            .write(toFile: dir + "/layout.json", atomically: true, encoding: .utf8)
        try run(["--traces", "50", "--seed", "1", "--rate", "240", "--layout", dir + "/layout.json",
                 "--kind", "releases", "--offset-decimals", "2", "--out", dir + "/r.csv"])
        let lines = try String(contentsOfFile: dir + "/r.csv", encoding: .utf8).split(separator: "\n")
        #expect(lines[0].hasSuffix("item_width,item_spacing,leading_inset,viewport_width,item_count,alignment"))
        #expect(lines.count >= 45 && lines.count <= 51)
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(",300,8,20,390,7,center") })
    }

    @Test("a release-level file says how many swipes it wrote and warns about the cancelled ones it left out")
    func releaseFileCountsWhatItLeavesOut() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try ExitCodeTests.run(["generate", "--traces", "800", "--users", "10", "--seed", "1", "--kind", "releases",
                                         "--out", dir + "/r.csv"])
        #expect(run.status == 0)
        let rows = try String(contentsOfFile: dir + "/r.csv", encoding: .utf8).split(separator: "\n").count - 1
        #expect(rows < 800, "the default model cancels some swipes")
        #expect(run.stderr.contains("wrote \(rows) traces (releases"), "\(run.stderr)")
        #expect(run.stderr.contains("warning: \(800 - rows) of 800 generated swipes were cancelled"), "\(run.stderr)")
    }

    @Test func refusesBadOptions() throws {
        #expect(throws: (any Error).self) { try SnapLab.Generate.parse(["--traces", "-3", "--out", "x.csv"]) }
        #expect(throws: (any Error).self) { try SnapLab.Generate.parse(["--traces", "3", "--users", "0", "--out", "x.csv"]) }
        #expect(throws: (any Error).self) { try SnapLab.Generate.parse(["--traces", "3", "--rate", "90", "--out", "x.csv"]) }
        #expect(throws: (any Error).self) { try SnapLab.Generate.parse(["--traces", "3", "--time-decimals", "12", "--out", "x.csv"]) }
        #expect(throws: (any Error).self) { try SnapLab.Generate.parse(["--traces", "3"]) }
    }

    /// `--model FILE --layout L --target INDEX` (issue 32): the model's people on another row, every
    /// session one trial from offset 0 toward the target; a model aimed at an item the new row does
    /// not have is refused without --target.
    @Test func generatesAModelOnAnotherLayoutAndTarget() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try run(["--traces", "300", "--seed", "3", "--users", "5", "--task", "reveal", "--live-policy", "compose-lazyrow-snap",
                 "--delivery", "frames", "--target", "9", "--save-model", dir + "/m.json", "--out", dir + "/a.csv"])
        try #"{"item_width": 160, "item_spacing": 0, "leading_inset": 4, "viewport_width": 411.4286, "item_count": 6, "alignment": "trailing"}"#
            .write(toFile: dir + "/pix.json", atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) {
            try run(["--traces", "50", "--seed", "1", "--model", dir + "/m.json", "--layout", dir + "/pix.json", "--out", dir + "/x.csv"])
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.csv"))
        try run(["--traces", "300", "--seed", "1", "--model", dir + "/m.json", "--layout", dir + "/pix.json", "--target", "4",
                 "--out", dir + "/b.csv"])
        let rows = try String(contentsOfFile: dir + "/b.csv", encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = rows[0].map(String.init)
        let label = try #require(header.firstIndex(of: "intended_index")), start = try #require(header.firstIndex(of: "start_offset"))
        let session = try #require(header.firstIndex(of: "session_id")), phase = try #require(header.firstIndex(of: "phase"))
        let firsts = rows.dropFirst().filter { $0[phase] == "began" }
        #expect(firsts.count == 300)
        #expect(firsts.allSatisfy { $0[label] == "4" && $0[header.firstIndex(of: "item_count")!] == "6" })
        var seen: Set<Substring> = []
        for row in firsts where !seen.contains(row[session]) {
            seen.insert(row[session])
            #expect(Double(row[start]) == 0, "a trial opens at offset 0")
        }
        #expect(seen.count > 60)
        #expect(throws: (any Error).self) { try SnapLab.Generate.parse(["--traces", "3", "--target", "-1", "--out", "x.csv"]) }
        #expect(throws: (any Error).self) {
            try run(["--traces", "5", "--model", dir + "/m.json", "--layout", dir + "/pix.json", "--target", "6", "--out", dir + "/y.csv"])
        }
    }

    /// `--model FILE` with layout options: the options given apply over the model file's layout
    /// (they were ignored, silently, before); the fields not given keep the model's values.
    @Test func layoutOptionsApplyOverAModelsLayout() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try run(["--traces", "40", "--seed", "3", "--users", "4", "--item-width", "120", "--count", "12",
                 "--save-model", dir + "/m.json", "--out", dir + "/a.csv"])
        try run(["--traces", "40", "--seed", "3", "--model", dir + "/m.json", "--count", "9", "--out", dir + "/b.csv"])
        let rows = try String(contentsOfFile: dir + "/b.csv", encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = rows[0].map(String.init)
        let count = try #require(header.firstIndex(of: "item_count")), width = try #require(header.firstIndex(of: "item_width"))
        let first = rows[1]
        #expect(first[count] == "9", "--count given over the model's 12")
        #expect(first[width] == "120", "the model's item width, not the option default 160")
    }

    @Test func failureLeavesNoOutput() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"item_width": -300, "viewport_width": 200, "item_count": 7}"#
            .write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) {
            try run(["--traces", "10", "--seed", "1", "--layout", dir + "/bad.json", "--out", dir + "/x.csv"])
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.csv"))
    }

    /// A generated file carries the marker: compare's notices say it is synthetic; a file without
    /// the sidecar gets no such line.
    @Test func compareSaysAGeneratedFileIsSynthetic() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try run(["--traces", "200", "--seed", "3", "--users", "5", "--task", "reveal", "--live-policy", "nearest",
                 "--delivery", "frames", "--first-row-only", "--out", dir + "/r.csv"])
        let marked = try SnapLab.Compare.parse([dir + "/r.csv", "--policies", "nearest"]).output()
        #expect(marked.standardError.contains("note: \(dir)/r.csv is synthetic (snaplab generate"))
        #expect(marked.standardError.contains("task reveal, live policy nearest, seed 3"))
        #expect(marked.standardError.contains("its ranking is an example, not advice"))
        try FileManager.default.removeItem(atPath: dir + "/r.csv.json")
        let plain = try SnapLab.Compare.parse([dir + "/r.csv", "--policies", "nearest"]).output()
        #expect(!plain.standardError.contains("synthetic"))
    }

    /// The reveal file's columns: hit and settled_index, per-trace values on the first row only.
    @Test func revealFilesCarryTelemetry() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try run(["--traces", "50", "--seed", "3", "--users", "2", "--task", "reveal", "--live-policy", "nearest",
                 "--delivery", "frames", "--first-row-only", "--out", dir + "/r.csv"])
        let lines = try String(contentsOfFile: dir + "/r.csv", encoding: .utf8).split(separator: "\n")
        #expect(lines[0] == "trace_id,user_id,session_id,t_ms,offset,phase,start_offset,start_index,intended_index,hit,"
                + "settled_index,item_width,item_spacing,leading_inset,viewport_width,item_count")
        #expect(lines[1].contains(",began,") && lines[1].contains(",revealed,"))
        #expect(lines[2].hasSuffix(",,,,,,,,,,"))
        #expect(throws: (any Error).self) { try run(["--traces", "5", "--task", "browse", "--out", dir + "/b.csv"]) }
    }

    /// Generated releases more than one item outside the content on over 1% of swipes: exit 65 and
    /// nothing written (no trace file, no sidecar, no --save-model file).
    @Test func outputThatFailsTheOutsideContentCheckIsNotWritten() throws {
        guard ExitCodeTests.binary != nil else { return }
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try ExitCodeTests.run(["generate", "--traces", "5", "--seed", "1", "-q", "--task", "reveal", "--live-policy", "nearest",
                                       "--delivery", "frames", "--out", dir + "/m.csv", "--save-model", dir + "/m.json"]).status == 0)
        var model = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/m.json"))) as? [String: Any])
        var layout = try #require(model["layout"] as? [String: Any]), parameters = try #require(model["parameters"] as? [String: Any])
        var stroke = try #require(parameters["stroke"] as? [String: Any])
        layout["viewportWidth"] = 3000   // the rubber band lets a release overshoot by up to a viewport
        layout["itemCount"] = 20
        stroke["amplitudeMedian"] = 200
        parameters["stroke"] = stroke
        model["layout"] = layout
        model["parameters"] = parameters
        try JSONSerialization.data(withJSONObject: model).write(to: URL(fileURLWithPath: dir + "/far.json"))
        let run = try ExitCodeTests.run(["generate", "--traces", "300", "--seed", "1", "--model", dir + "/far.json",
                                         "--out", dir + "/far.csv", "--save-model", dir + "/saved.json"])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("generated releases") && run.stderr.contains("lie more than one item outside the content"))
        #expect(run.stderr.contains("expected at most 1%") && run.stderr.contains("Nothing was written to \(dir)/far.csv"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["far.json", "m.csv", "m.csv.json", "m.json"])
        // a stream has received the traces by then: the message says so, and no model file is written
        let streamed = try ExitCodeTests.run(["generate", "--traces", "300", "--seed", "1", "--model", dir + "/far.json", "--out", "-",
                                              "--save-model", dir + "/saved.json"])
        #expect(streamed.status == 65 && streamed.stderr.contains("- is a stream and has received them; no model file was written"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/saved.json"))
    }

    /// `--match` reads statistic ids; a label still reads, with a counted warning naming the file,
    /// the line and the id; an unknown key is exit 65 naming the key and the ids, with nothing written.
    @Test func matchReadsIdsAndWarnsAboutLabels() throws {
        guard ExitCodeTests.binary != nil else { return }
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "{\n  \"touch-down to first move p50 (ms)\": 89,\n  \"move_interval_p50\": 17\n}\n"
            .write(toFile: dir + "/facts.json", atomically: true, encoding: .utf8)
        let run = try ExitCodeTests.run(["generate", "--match", dir + "/facts.json", "--task", "paging", "--frame-rate", "60",
                                         "--traces", "50", "--users", "5", "--seed", "1", "--allow-unconverged", "-q", "--out", dir + "/m.csv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: \(dir)/facts.json: 1 key is a statistic label, read for this release only; write the id instead: "
                                    + "line 2 'touch-down to first move p50 (ms)' → 'first_move_p50'"), "\(run.stderr)")
        #expect(run.stdout.contains(" first_move_p50 ") && run.stdout.contains(" move_interval_p50 "))
        // the same one verdict line as --like, naming what it was fitted to
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.last?.hasPrefix("verdict: ") == true && lines.filter { $0.hasPrefix("verdict: ") }.count == 1, "\(run.stdout)")
        #expect(lines.last?.contains("usable for ranking") == true)
        #expect(throws: (any Error).self) { try SnapLab.Generate.parse(["--traces", "1", "--rank-against", "x.csv", "--out", "o.csv"]) }
        try #"{"first move": 89}"#.write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try ExitCodeTests.run(["generate", "--match", dir + "/bad.json", "--traces", "5", "--seed", "1", "--out", dir + "/b.csv"])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("\(dir)/bad.json: key 'first move': found an unknown statistic on line 1; expected a statistic id"))
        #expect(bad.stderr.contains("first_move_p50") && !FileManager.default.fileExists(atPath: dir + "/b.csv"))
    }

    /// `--like` ends with one verdict line, and `--rank-against` prints ρ with its bootstrap interval
    /// over users and the seed; `--allow-unconverged` turns a fit's problems into a counted warning.
    @Test func likeEndsWithAVerdictAndRanksWithAnInterval() throws {
        guard ExitCodeTests.binary != nil else { return }
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try ExitCodeTests.run(["generate", "--traces", "300", "--users", "10", "--seed", "4", "-q", "--out", dir + "/rec.csv"]).status == 0)
        let run = try ExitCodeTests.run(["generate", "--like", dir + "/rec.csv", "--traces", "300", "--seed", "1", "--rank-against",
                                         dir + "/rec.csv", "--allow-unconverged", "--out", dir + "/like.csv"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.last?.hasPrefix("verdict: ") == true, "\(run.stdout)")
        #expect(lines.filter { $0.hasPrefix("verdict: ") }.count == 1)
        #expect(run.stdout.contains("Spearman rank correlation: ") && run.stdout.contains(", 95% interval ")
                && run.stdout.contains("(bootstrap over users: 10 reference and 10 generated users, 1000 resamples, seed 1)"), "\(run.stdout)")
        if run.stderr.contains("did not converge") {
            #expect(run.stderr.contains("warning: ") && lines.last?.contains("NOT usable for ranking") == true)
        }
    }

    /// Model files without the scan rest and the delivery inference (every one written before them)
    /// read and generate the same bytes, sidecar included, as the starting point's build (main
    /// 1b2f894): the default model (one row per scan, paging) and `Data/synthetic.csv.json` (frames,
    /// trials, reveal under free-scroll).
    @Test func oldModelsGenerateTheSameBytes() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func fnv(_ path: String) throws -> UInt64 {
            try Data(contentsOf: URL(fileURLWithPath: path)).reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        try run(["--traces", "300", "--seed", "5", "--users", "7", "--threads", "1", "-q", "--out", dir + "/a.csv"])
        let model = ReadmeTests.root.appendingPathComponent("Data/synthetic.csv.json").path
        try run(["--model", model, "--traces", "300", "--users", "7", "--seed", "5", "--threads", "1", "-q", "--out", dir + "/b.csv"])
        #expect(try fnv(dir + "/a.csv") == 0x4dc1_12aa_79b8_e682 && fnv(dir + "/a.csv.json") == 0x9aba_635b_c22c_e8b1)
        #expect(try fnv(dir + "/b.csv") == 0x46ae_88c6_2959_8709 && fnv(dir + "/b.csv.json") == 0x032f_b153_4acb_c18e)
    }

    /// A model with the recording's people (`parameters.recordedUsers`) generates them: without
    /// `--users`, as many users as the block (`u000`, `u001` in its order), their traces by their
    /// shares; `--users` with another count draws new users and says so in one line on stderr; a
    /// malformed block is exit 65 naming the file and its key.
    @Test func aModelsRecordedUsersAreGenerated() throws {
        guard ExitCodeTests.binary != nil else { return }
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var p = SwipeModelParameters()
        p.recordedUsers = [RecordedUser(id: "49", logGain: 0.3, traceShare: 0.75), RecordedUser(id: "50", logGain: -0.3, traceShare: 0.25)]
        try GeneratorModelFile(parameters: p, livePolicy: nil, layout: nil).write(to: dir + "/m.json")
        let same = try ExitCodeTests.run(["generate", "--model", dir + "/m.json", "--traces", "200", "--seed", "2", "--out", dir + "/a.csv"])
        #expect(same.status == 0 && !same.stderr.contains("recorded users"), "\(same.stderr)")
        var traces: [Substring: Int] = [:]
        for row in try String(contentsOfFile: dir + "/a.csv", encoding: .utf8).split(separator: "\n").dropFirst() {
            let cells = row.split(separator: ",", omittingEmptySubsequences: false)
            if cells[5] == "began" { traces[cells[1], default: 0] += 1 }
        }
        #expect(traces == ["u000": 150, "u001": 50])
        let other = try ExitCodeTests.run(["generate", "--model", dir + "/m.json", "--users", "5", "--traces", "200", "--seed", "2", "--out", dir + "/b.csv"])
        #expect(other.status == 0)
        #expect(other.stderr.split(separator: "\n").filter { $0.contains("is not the model's 2 recorded users") }.count == 1, "\(other.stderr)")
        p.recordedUsers?[0].traceShare = -0.75
        try GeneratorModelFile(parameters: p, livePolicy: nil, layout: nil).write(to: dir + "/bad.json")
        let bad = try ExitCodeTests.run(["generate", "--model", dir + "/bad.json", "--traces", "20", "--seed", "2", "--out", dir + "/c.csv"])
        #expect(bad.status == 65 && bad.stderr.contains("parameters.recordedUsers[0].traceShare") && bad.stderr.contains("-0.75"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/c.csv"))
    }

    /// A fit with problems is exit 65 naming them, unless --allow-unconverged (then the caller goes on).
    @Test func anUnconvergedFitIsBadData() throws {
        let problem = CalibrationProblem(kind: .atLimit, parameter: "stroke amplitude median (pitches)", key: "stroke.amplitudeMedian",
                                         value: 80, finding: "still moving at the search's largest step", statistic: .travelLocation,
                                         target: 1.2, simulated: 0.17)
        var result = ModelCalibration.Result(parameters: SwipeModelParameters(), userCount: 1, rounds: 10, keptFrom: 6, notes: [])
        result.problems = [problem]
        let strict = try SnapLab.Generate.parse(["--traces", "1", "--like", "x.csv", "--out", "o.csv"])
        #expect(throws: CalibrationError.self) { try strict.checkConvergence(result, source: "generate --like x.csv") }
        #expect(throws: ExitCode(65)) { try TraceCommand.run { try strict.checkConvergence(result, source: "generate --like x.csv") } }
        let lenient = try SnapLab.Generate.parse(["--traces", "1", "--like", "x.csv", "--out", "o.csv", "--allow-unconverged"])
        try lenient.checkConvergence(result, source: "generate --like x.csv")
        let error = CalibrationError(problems: [problem], fittedCount: 10, source: "generate --like x.csv")
        #expect(error.description.contains("parameters.stroke.amplitudeMedian = 80 (stroke amplitude median (pitches)): at a limit of the search"))
        #expect(error.description.contains("pushed by 'travel_gmean'"))
    }

    /// `--screen-edge` reads the screen off a recording, so it needs `--like` (a saved model keeps its own screen).
    @Test func theScreenEdgeOptionNeedsARecording() throws {
        #expect(throws: (any Error).self) { try SnapLab.Generate.parse(["--traces", "1", "--screen-edge", "--out", "o.csv"]) }
        let off = try SnapLab.Generate.parse(["--traces", "1", "--no-screen-edge", "--out", "o.csv"])
        #expect(!off.screenEdge)
        #expect(try SnapLab.Generate.parse(["--traces", "1", "--like", "r.csv", "--screen-edge", "--out", "o.csv"]).screenEdge)
    }
}
