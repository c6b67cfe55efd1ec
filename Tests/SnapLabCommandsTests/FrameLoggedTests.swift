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
        let out = try SnapLab.Velocity.parse([frames, "--velocity", "compose"]).output()
        #expect(out.standardError.contains("warning: 20 of 20 traces look logged one row per display frame: the first move comes a median 92 ms"))
        // parts read in parallel merge to the same counts and median
        let parallel = try SnapLab.Velocity.parse([frames, "--velocity", "compose", "--jobs", "3"]).output()
        #expect(parallel.standardError == out.standardError, "\(parallel.standardError)")
        #expect(out.standardError.contains("--velocity compose-frames"))
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

    @Test func aGlitchReadAtTheClampIsCounted() throws {
        let text = "trace_id,user_id,t_ms,offset\ng,u,0,0\ng,u,8,8\ng,u,16,16\ng,u,17,490.6\ng,u,20,490.6\n"
        let out = try SnapLab.Velocity.parse([try CommandFixtures.write(text, name: "glitch.csv")]).output()
        #expect(out.text.contains("g,8,4"), "\(out.text)")
        #expect(out.standardError.contains("1 release velocities reached the 8 pt/ms fling clamp"))
    }
}
