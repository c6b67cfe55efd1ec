import Foundation
import Testing
@testable import SnapLabCommands

/// `--frames auto|rebuild|as-logged`: the estimator replayed on the input samples rebuilt between
/// logged frames, by default on files whose first traces look frame-logged, said wherever the
/// estimator is named.
@Suite struct FramesOptionTests {
    static func velocity(_ args: [String]) throws -> CommandOutput { try SnapLab.Velocity.parse(args).output() }

    static func velocities(_ out: CommandOutput) -> [Double] {
        out.text.split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[1])! }
    }

    @Test("auto rebuilds a frame-logged file, says so once, counted, and reads what --frames rebuild reads")
    func autoRebuildsAFrameLoggedFile() throws {
        let frames = try FrameLoggedTests.fixture(frameLogged: true)
        let auto = try Self.velocity([frames])
        let rebuilt = try Self.velocity([frames, "--frames", "rebuild"])
        let logged = try Self.velocity([frames, "--frames", "as-logged"])
        #expect(auto.standardOutput == rebuilt.standardOutput && auto.standardError == rebuilt.standardError)
        #expect(auto.standardError.contains("velocity: lsq2 (frames rebuilt)\n"), "\(auto.standardError)")
        let note = "note: frames rebuilt: lsq2 was replayed on the input samples rebuilt between logged frames (120 Hz, "
            + "FrameInputReconstruction), not on the rows as logged; 20 of 20 sample-level traces look logged one row per display frame"
        #expect(auto.standardError.components(separatedBy: note).count == 2, "said once: \(auto.standardError)")
        #expect(auto.standardError.contains("this run's velocities come from the input samples rebuilt between frames, by --frames; --frames as-logged reads the rows as logged"))
        // as logged, lsq2 sees the two moves only (the down is 90 ms older): their chord, 34 pt in 17 ms;
        // rebuilt, the fit over the samples between frames too
        #expect(Self.velocities(logged).allSatisfy { $0 == 2 }, "\(logged.text)")
        #expect(Self.velocities(auto) != Self.velocities(logged))
        #expect(Self.velocities(auto).count == 20 && Self.velocities(auto).allSatisfy { $0 > 0.5 && $0 < 4 }, "\(auto.text)")
        #expect(logged.standardError.contains("velocity: lsq2\n") && !logged.standardError.contains("frames rebuilt"))
        // parts read in parallel decide once, before the read: the same bytes
        let parallel = try Self.velocity([frames, "--jobs", "3"])
        #expect(parallel.standardOutput == auto.standardOutput && parallel.standardError == auto.standardError)
        // JSON names the estimator with it
        #expect(try Self.velocity([frames, "--format", "json"]).text.contains("\"estimator\": \"lsq2 (frames rebuilt)\""))
        // recorded and compose-frames are never rebuilt again
        let composeFrames = try Self.velocity([frames, "--velocity", "compose-frames"])
        #expect(composeFrames.standardError.contains("velocity: compose-frames\n") && !composeFrames.standardError.contains("frames rebuilt"))
        #expect(composeFrames.standardOutput == (try Self.velocity([frames, "--velocity", "compose-frames", "--frames", "rebuild"])).standardOutput)
    }

    @Test("auto leaves a touchscreen-rate file as logged: the same bytes as --frames as-logged")
    func autoLeavesTouchscreenRateAlone() throws {
        let touch = try FrameLoggedTests.fixture(frameLogged: false)
        let auto = try Self.velocity([touch])
        let logged = try Self.velocity([touch, "--frames", "as-logged"])
        #expect(auto.standardOutput == logged.standardOutput && auto.standardError == logged.standardError)
        #expect(!auto.standardError.contains("frames rebuilt") && auto.standardError.contains("velocity: lsq2\n"))
        // asked for, it is rebuilt (and said) even there
        #expect(try Self.velocity([touch, "--frames", "rebuild"]).standardError.contains("velocity: lsq2 (frames rebuilt)"))
    }

    @Test("compare, recommend and report name it in the run header, JSON, the Assumes line and the export header")
    func saidWhereTheEstimatorIsNamed() throws {
        let path = try EstimatorReadsZeroTests.fixture(zeros: 20)
        let layout = EstimatorReadsZeroTests.layout
        let compare = try #require(try SnapLab.parseAsRoot(["compare", path, "--policies", "nearest,tag99", "--format", "json"] + layout)
                                   as? SnapLab.Compare).output()
        #expect(compare.text.contains("\"velocity\": \"lsq2 (frames rebuilt)\""), "\(compare.text)")
        #expect(compare.standardError.contains("note: frames rebuilt: lsq2"))
        let json = try EstimatorReadsZeroTests.recommend([path, "--format", "json", "--export", "swift"], frames: "auto").text
        #expect(json.contains("\"velocity\": \"lsq2 (frames rebuilt)\""))
        #expect(json.contains("Assumes: velocity estimator lsq2 (frames rebuilt);"))
        #expect(json.contains("frames rebuilt: the estimator was replayed on the input samples rebuilt between logged frames"))
        #expect(json.contains("Velocity: lsq2 (frames rebuilt)") || json.contains("velocity: lsq2 (frames rebuilt)"))
        #expect(!json.contains("estimator_warning\": {"), "rebuilt: lsq2 reads the strokes")
        // as logged: today's run (no word of rebuilding, the warning as before)
        let logged = try EstimatorReadsZeroTests.recommend([path, "--format", "json"]).text
        #expect(!logged.contains("frames rebuilt") && logged.contains("\"velocity\": \"lsq2\""))
        #expect(logged.contains("\"id\": \"estimator-reads-zero\""))
    }

    @Test("a summary of a rebuilt run says so and does not merge with one read as logged")
    func summariesCarryIt() throws {
        let path = try EstimatorReadsZeroTests.fixture(zeros: 20)
        let layout = EstimatorReadsZeroTests.layout
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent()
        let rebuilt = dir.appendingPathComponent("rebuilt.jsonl").path, logged = dir.appendingPathComponent("logged.jsonl").path
        for (out, frames) in [(rebuilt, "auto"), (logged, "as-logged")] {
            _ = try #require(try SnapLab.parseAsRoot(["compare", path, "--policies", "nearest", "--emit-summary", out, "--frames", frames]
                                                     + layout) as? SnapLab.Compare).output()
        }
        #expect(try String(contentsOfFile: rebuilt, encoding: .utf8).contains("\"frames\":\"rebuilt\""))
        #expect(!(try String(contentsOfFile: logged, encoding: .utf8).contains("\"frames\"")))
        let merged = try #require(try SnapLab.parseAsRoot(["merge", rebuilt, "--format", "json"]) as? SnapLab.Merge).output()
        #expect(merged.text.contains("\"velocity\": \"lsq2 (frames rebuilt)\""), "\(merged.text)")
        #expect(throws: (any Error).self) {
            _ = try #require(try SnapLab.parseAsRoot(["merge", rebuilt, logged]) as? SnapLab.Merge).output()
        }
    }

    @Test("standard input is not pre-scanned: auto reads it as logged; --frames rebuild still rebuilds")
    func standardInputStaysAsLogged() throws {
        #expect(try !SnapLab.Velocity.parse(["-"]).input.rebuildsFrames())
        #expect(try SnapLab.Velocity.parse(["-", "--frames", "rebuild"]).input.rebuildsFrames())
        #expect(try !SnapLab.Velocity.parse(["-", "--frames", "rebuild", "--velocity", "recorded"]).input.rebuildsFrames())
    }

    @Test("standard input through the binary: as logged, and the warning names --frames rebuild",
          .enabled(if: ExitCodeTests.binary != nil, "the snaplab binary is not built: run `swift build` first"))
    func standardInputWarns() throws {
        let text = try String(contentsOfFile: try FrameLoggedTests.fixture(frameLogged: true), encoding: .utf8)
        let r = try ReaderIOTests().run(["velocity", "-"], stdin: text)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("velocity: lsq2\n") && !r.stderr.contains("frames rebuilt"), "\(r.stderr)")
        #expect(r.stderr.contains("--frames rebuild replays lsq2 on the input samples rebuilt between frames (the default --frames auto "
                                  + "does so when a file's first traces look like this; standard input and pipes are not pre-scanned)"), "\(r.stderr)")
        // a pipe, `<(…)`, can be read only once too: not pre-scanned, read whole, as logged
        var env = ProcessInfo.processInfo.environment
        let binary: String = try #require(ExitCodeTests.binary)
        env["S"] = binary
        let frames = try FrameLoggedTests.fixture(frameLogged: true)
        let piped = try ExitCodeTests.runProcess("/bin/bash", ["-c", "$S velocity <(cat '\(frames)')"], environment: env)
        #expect(piped.status == 0 && piped.stdout.split(separator: "\n").count == 21, "\(piped.stderr)")
        #expect(piped.stderr.contains("velocity: lsq2\n") && !piped.stderr.contains("frames rebuilt"), "\(piped.stderr)")
    }
}
