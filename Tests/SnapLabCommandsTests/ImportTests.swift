import Foundation
import Testing
@testable import SnapLabCommands

/// `snaplab import` end to end (the built binary): the report, atomic output, errors.
@Suite struct ImportTests {
    static let log = """
        user;trial;stroke;time_s;x_px;y_px;action;target
        u1;1;1;10.000;700;300;0;6
        u1;1;1;10.089;595;302;2;
        u1;1;1;10.106;490;303;2;
        u1;1;1;10.123;385;303;2;
        u1;1;1;10.131;385;303;1;
        u1;1;2;11.500;700;300;0;
        u1;1;2;11.600;690;300;3;

        """

    @Test func importsAPixelLogInSecondsAndReportsWhatItDropped() throws {
        guard ExitCodeTests.binary != nil else { return }
        let path = try CommandFixtures.write(Self.log, name: "log.csv")
        let out = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("traces.csv").path
        let r = try ExitCodeTests.run(["import", path, "--from", "pointer-csv", "--out", out,
                                       "--columns", "user=user,trial=trial,stroke=stroke,t=time_s,x=x_px,y=y_px,phase=action",
                                       "--target-column", "target", "--time-unit", "s", "--scale", "1.75", "--touch-slop", "compose",
                                       "--item-width", "160", "--spacing", "10", "--leading-inset", "10", "--viewport", "375", "--count", "40"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("2 strokes read, 1 written, 1 dropped (1 cancelled)"))
        let text = try String(contentsOfFile: out, encoding: .utf8)
        // 315 px / 1.75 = 180 pt of finger, 172 pt of content after the 8-pt slop
        // ids are the file stem + stroke and the session is the trial (issue 31)
        #expect(text.contains("\nlog:1,10000,0,began,0,u1,1,6,180,160,"))
        #expect(text.contains("\nlog:1,10131,172,ended,,"))
        let compare = try ExitCodeTests.run(["compare", out, "--policies", "nearest", "--velocity", "compose"])
        #expect(compare.status == 0)
    }

    @Test func malformedLogsFailWithFileLineColumnAndWriteNothing() throws {
        guard ExitCodeTests.binary != nil else { return }
        let path = try CommandFixtures.write("stroke,t,x\na,0,500\na,oops,400\n", name: "bad.csv")
        let out = path + ".out.csv"
        let r = try ExitCodeTests.run(["import", path, "--from", "pointer-csv", "--out", out, "--columns", "stroke=stroke,t=t,x=x"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("bad.csv:3:3: found \"oops\" in t"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let usage = try ExitCodeTests.run(["import", path, "--from", "pointer-csv", "--out", out])
        #expect(usage.status == 64)
    }
}
