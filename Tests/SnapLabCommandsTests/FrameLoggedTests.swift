import Foundation
import Testing
@testable import SnapLabCommands

/// Frame-logged recordings (issue 31): one row per display frame, the first move ~90 ms after
/// touch-down, a repeated lift-off 8 ms after the last move.
@Suite struct FrameLoggedTests {
    /// 20 such strokes of 4 rows (down, two moves 17 ms apart, the repeated lift-off), and 20
    /// strokes sampled at 8 ms from 8 ms on.
    static func fixture(frameLogged: Bool) throws -> String {
        var text = "trace_id,user_id,t_ms,touch_x,phase\n"
        for k in 0..<20 {
            var rows: [(Double, Double, String)] = []
            if frameLogged {
                let d = Double(k % 5)
                rows = [(0, 300, "began"), (90 + d, 260, "moved"), (107 + d, 226, "moved"), (115 + d, 226, "ended")]
            } else {
                for i in 0...8 { rows.append((Double(8 * i), 300 - 5 * Double(i), i == 0 ? "began" : "moved")) }
                rows.append((68, 260, "ended"))
            }
            for (t, x, phase) in rows { text += "s\(k),u\(k % 5),\(t),\(x),\(phase)\n" }
        }
        return try CommandFixtures.write(text, name: frameLogged ? "frames.csv" : "touch.csv")
    }

    static let layout = ["--item-width", "160", "--viewport", "375", "--count", "10"]

    @Test func theWarningNamesThePatternAndTheRemedyInVelocityAndDescribe() throws {
        let frames = try Self.fixture(frameLogged: true)
        // as logged (the default --frames auto rebuilds such a file: FramesOptionTests)
        let out = try SnapLab.Velocity.parse([frames, "--velocity", "compose", "--frames", "as-logged"]).output()
        #expect(out.standardError.contains("warning: 20 of 20 traces look logged one row per display frame: the first move comes a median 92 ms"))
        // parts read in parallel merge to the same counts and median
        let parallel = try SnapLab.Velocity.parse([frames, "--velocity", "compose", "--frames", "as-logged", "--jobs", "3"]).output()
        #expect(parallel.standardError == out.standardError, "\(parallel.standardError)")
        #expect(out.standardError.contains("--frames rebuild replays compose on the input samples rebuilt between frames"))
        #expect(out.text.contains("s0,0,2\n"), "compose reads 0 from the two moves")
        // no layout: describe still runs; the fields that need one say so
        let described = try SnapLab.Describe.parse([frames]).output()
        #expect(described.text.contains("frame-logged: 20 of 20 traces"))
        #expect(described.text.contains("travel in items, page deltas and releases outside the content: needs a layout"))
        #expect(described.standardError.contains("look logged one row per display frame"))
        let json = try SnapLab.Describe.parse([frames, "--format", "json"]).output().text
        #expect(json.contains("\"frame_logged_traces\": 20"))
        #expect(json.contains("\"page_deltas\": \"needs a layout"))
        #expect(!(try SnapLab.Describe.parse([frames, "--format", "json"] + Self.layout).output().text.contains("\"page_deltas\": \"needs")))
        // the remedy: no zeros, every velocity along the drag (content offset grows)
        let rebuilt = try SnapLab.Velocity.parse([frames, "--velocity", "compose-frames"]).output().text
        let velocities = rebuilt.split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[1])! }
        #expect(velocities.count == 20 && velocities.allSatisfy { $0 > 0.5 && $0 < 3 }, "\(velocities)")
    }

    @Test func touchscreenRateSamplesAreNotFrameLogged() throws {
        let touch = try Self.fixture(frameLogged: false)
        let out = try SnapLab.Velocity.parse([touch, "--velocity", "compose"]).output()
        #expect(!out.standardError.contains("display frame"))
        #expect(!(try SnapLab.Describe.parse([touch] + Self.layout).output().text.contains("frame-logged:")))
    }

    @Test func aGlitchIsCountedAtTheClamp() throws {
        let text = "trace_id,user_id,t_ms,offset\ng,u,0,0\ng,u,8,8\ng,u,16,16\ng,u,17,490.6\ng,u,20,490.6\n"
        let path = try CommandFixtures.write(text, name: "glitch.csv")
        // lsq2 is AOSP's tracker, which returns the fit: the glitch reads as it is, and is counted.
        let raw = try SnapLab.Velocity.parse([path]).output()
        let v = try #require(Double(raw.text.split(separator: "\n")[1].split(separator: ",")[1]))
        #expect(v > 40, "\(raw.text)")
        #expect(raw.standardError.contains("1 release velocities reached the 8 pt/ms fling clamp"))
        // Compose's Draggable clamps what the fling receives to 8000 dp/s.
        let compose = try SnapLab.Velocity.parse([path, "--velocity", "compose"]).output()
        #expect(compose.text.contains("\ng,8,"), "\(compose.text)")
    }
}

/// The verdict-level warning of `recommend` and `report` (issue 30 follow-up): on frame-logged
/// traces, the estimator in use reads 0 on many strokes that moved; it is counted, named, and
/// says which option reads them as the device did.
@Suite struct EstimatorReadsZeroTests {
    static let layout = ["--item-width", "160", "--viewport", "375", "--count", "10"]

    /// 40 labelled frame-logged strokes from 10 users (a first move 90–94 ms after touch-down and a
    /// repeated lift-off 8 ms after the last move): the first `zeros` have one move, 200 pt from the
    /// touch-down, so a tracker sees one sample in its window and reads 0; the next `rested` two moves
    /// 17 ms apart and a lift-off 93 ms later (the finger rested: every tracker reads 0, compose-frames
    /// too); the others two moves 17 ms apart and the lift-off 8 ms later.
    static func fixture(zeros: Int, rested: Int = 0) throws -> String {
        var text = "trace_id,user_id,t_ms,touch_x,phase,intended_index\n"
        for k in 0..<40 {
            let d = Double(k % 5)
            let rows: [(Double, Double, String)] = k < zeros
                ? [(0, 300, "began"), (90 + d, 100, "moved"), (98 + d, 100, "ended")]
                : [(0, 300, "began"), (90 + d, 260, "moved"), (107 + d, 226, "moved"), ((k < zeros + rested ? 200 : 115) + d, 226, "ended")]
            for (t, x, phase) in rows { text += "s\(k),u\(k % 10),\(t),\(x),\(phase),\(k % 2)\n" }
        }
        return try CommandFixtures.write(text, name: "lift-\(zeros)-\(rested).csv")
    }

    /// `recommend` with the rows as logged (`--frames as-logged`): the default `--frames auto`
    /// rebuilds these frame-logged fixtures, and then nothing reads 0 (FramesOptionTests).
    static func recommend(_ args: [String], frames: String = "as-logged") throws -> CommandOutput {
        try #require(try SnapLab.parseAsRoot(["recommend"] + args + ["--policies", "nearest,tag99", "--max-fitted-parameters", "0",
                                                                     "--frames", frames] + layout) as? SnapLab.Recommend).output()
    }

    static func warning(_ out: CommandOutput) throws -> [String: Any]? {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.standardOutput)) as? [String: Any])
        return doc["estimator_warning"] as? [String: Any]
    }

    @Test("recommend: counted and named next to the chosen line, in JSON and on standard error, with the option to use")
    func recommendSaysIt() throws {
        let path = try Self.fixture(zeros: 20)
        let out = try Self.recommend([path])
        let expected = "WARNING (estimator-reads-zero): lsq2 reads exactly 0 pt/ms on 20 of the 40 labelled strokes whose finger "
            + "moved (50.0%; moved: at least 8 pt), 20 of which compose-frames reads as moving; the traces look logged one row "
            + "per display frame (40 of 40, data check frame-logged)"
        let table = out.text
        let at = try #require(table.range(of: expected), "\(table)")
        let chosen = try #require(table.range(of: "\nchosen: "))
        #expect(at.lowerBound < chosen.lowerBound, "said before the chosen line")
        #expect(table.contains("give --velocity compose-frames (Compose's tracker on the input samples rebuilt between frames; "
                               + "every candidate kept), or --platform compose (which reads frame-logged files with compose-frames too"))
        #expect(out.standardError.contains("warning: lsq2 reads exactly 0 pt/ms on 20 of the 40 labelled strokes"))
        let json = try #require(try Self.warning(try Self.recommend([path, "--format", "json"])))
        #expect(json["id"] as? String == "estimator-reads-zero" && json["count"] as? Int == 20 && json["total"] as? Int == 40)
        #expect((json["examples"] as? [String])?.first?.hasSuffix("lift-20-0.csv:2") == true)
        // another estimator given by hand: the remedy replaces it (--platform compose would keep it)
        let compose = try Self.recommend([path, "--velocity", "compose"]).text
        #expect(compose.contains("WARNING (estimator-reads-zero): compose reads exactly 0 pt/ms on "))
        #expect(compose.contains("To read them as the device did, give --frames rebuild (compose replayed on the input samples rebuilt "
                                 + "between frames; the default --frames auto does so when a file's first traces look like this), "
                                 + "or replace --velocity compose with --velocity compose-frames (Compose's"))
        #expect(!compose.contains("or --platform compose"))
    }

    @Test("recommend: not said with the device's estimator, under --platform, or when the estimator reads the strokes")
    func recommendStaysQuiet() throws {
        let path = try Self.fixture(zeros: 20)
        for args in [["--velocity", "compose-frames"], ["--platform", "compose"]] {
            let out = try Self.recommend([path] + args)
            #expect(!out.text.contains("estimator-reads-zero") && !out.standardError.contains("reads exactly 0 pt/ms"), "\(args)")
            #expect(try Self.warning(try Self.recommend([path, "--format", "json"] + args)) == nil)
        }
        // frame-logged, but lsq2 reads every stroke (two moves in its window): nothing to say
        let read = try Self.recommend([try Self.fixture(zeros: 0)])
        #expect(!read.text.contains("estimator-reads-zero"), "\(read.text)")
        // 2 of 40 (5%) is not over the 5% share
        #expect(!(try Self.recommend([try Self.fixture(zeros: 2)]).text.contains("estimator-reads-zero")))
        #expect(try Self.recommend([try Self.fixture(zeros: 3)]).text.contains("on 3 of the 40 labelled strokes"))
        // strokes whose finger rested before lift-off read 0 on the device too: counted, but no reason to warn
        let rested = try Self.recommend([try Self.fixture(zeros: 2, rested: 20)])
        #expect(!rested.text.contains("estimator-reads-zero"), "\(rested.text)")
        // the default --frames auto rebuilds a frame-logged file: the estimator reads the strokes
        let auto = try Self.recommend([path], frames: "auto")
        #expect(!auto.text.contains("estimator-reads-zero") && auto.text.contains("velocity: lsq2 (frames rebuilt)"), "\(auto.text)")
        #expect(try Self.recommend([try Self.fixture(zeros: 3, rested: 20)]).text
                    .contains("lsq2 reads exactly 0 pt/ms on 23 of the 40 labelled strokes whose finger moved (57.5%; moved: at least 8 pt), "
                              + "3 of which compose-frames reads as moving"))
    }

    @Test("report: the verdict card says it, counted; not without the pattern")
    func reportSaysIt() throws {
        func page(_ zeros: Int, _ extra: [String] = []) throws -> String {
            let path = try Self.fixture(zeros: zeros)
            let out = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("lift-\(zeros).html").path
            let command = try #require(try SnapLab.parseAsRoot(["report", path, "--out", out, "--policies", "nearest,tag99",
                                                                "--bootstrap", "20", "--max-fitted-parameters", "0", "--frames", "as-logged"]
                                                               + Self.layout + extra)
                                       as? SnapLab.Report)
            let notes = try command.render()
            #expect(notes.contains("reads exactly 0 pt/ms") == (zeros > 2 && extra.isEmpty), "\(notes)")
            return try String(contentsOfFile: out, encoding: .utf8)
        }
        let html = try page(20)
        let verdict = try #require(html.range(of: "<section id=\"verdict\"")).lowerBound
        let end = try #require(html.range(of: "</section>", range: verdict..<html.endIndex)).lowerBound
        let card = String(html[verdict..<end])
        #expect(card.contains("<p class=\"note warning\" id=\"verdict-estimator\" data-count=\"20\">Estimator warning (estimator-reads-zero): "
                              + "lsq2 reads exactly 0 pt/ms on 20 of the 40 labelled strokes"), "\(card)")
        #expect(card.contains("give <code class=\"option\">--velocity compose-frames</code> (Compose&apos;s tracker"))
        #expect(card.contains("or <code class=\"option\">--platform compose</code> (which reads"))
        #expect(!(try page(0)).contains("verdict-estimator"))
        #expect(!(try page(20, ["--velocity", "compose-frames"])).contains("verdict-estimator"))
    }
}
