import Foundation
import Testing
@testable import SnapLabCommands

/// One-pass import of a log of several devices and screens (issue 31): per-row scale, per-row
/// layout from a layout map, telemetry columns, ids unique across files, full-precision times,
/// and errors instead of silent defaults.
@Suite struct ImportMultiDeviceTests {
    /// Two strokes per screen, on two devices: the same finger travel (0, 60, 120, 180 pt; the
    /// up repeats the last position) written in each device's pixels. Times: epoch µs read as ms.
    static func log() -> String {
        var text = "device,screen,user,trial,phase,x,y,t,target,start_offset,settled,tap\n"
        var t = 1_700_000_000_000_000
        for (k, (device, screen)) in [("A", "home"), ("B", "pix"), ("B", "home"), ("A", "pix")].enumerated() {
            let density = device == "A" ? 1.75 : 2.625
            let target = screen == "home" ? 6 : 4
            for (i, travel) in [0.0, 60, 120, 180, 180].enumerated() {
                let phase = i == 0 ? 1 : (i == 4 ? 2 : 3)
                let x = (400 - travel) * density
                let first = i == 0
                text += "\(device),\(screen),u\(k % 2),tr\(k / 2),\(phase),\(x),300,\(t + [0, 90, 107, 124, 132][i]),"
                    + (first ? "\(target),\(k == 2 ? "" : "100")," : ",,") + (i == 4 ? "\(target - 1),\(k == 0 ? "6" : "")" : ",") + "\n"
            }
            t += 1000
        }
        return text
    }

    static let columns = "user=user,trial=trial,phase=phase,x=x,y=y,t=t,start_offset=start_offset,device=device,layout=screen,"
        + "settled_index=settled,tap_index=tap"
    static let layoutOptions = ["--item-width", "160", "--spacing", "0", "--leading-inset", "0", "--trailing-inset", "0",
                                "--viewport", "411.4286", "--alignment", "trailing"]

    func files() throws -> (log: String, scales: String, layouts: String, out: String) {
        let log = try CommandFixtures.write(Self.log(), name: "multi.csv")
        let dir = URL(fileURLWithPath: log).deletingLastPathComponent()
        let scales = dir.appendingPathComponent("scales.json").path
        try Data(#"{"A": 1.75, "B": 2.625}"#.utf8).write(to: URL(fileURLWithPath: scales))
        let layouts = dir.appendingPathComponent("layouts.json").path
        try Data(#"{"home": {"item_count": 7}, "pix": {"item_count": 6, "leading_inset": 4, "trailing_inset": 0}}"#.utf8).write(to: URL(fileURLWithPath: layouts))
        return (log, scales, layouts, dir.appendingPathComponent("multi-out.csv").path)
    }

    @Test func importsEveryDeviceAndScreenInOnePass() throws {
        guard ExitCodeTests.binary != nil else { return }
        let f = try files()
        let r = try ExitCodeTests.run(["import", f.log, "--from", "pointer-csv", "--columns", Self.columns, "--phase-map", "down=1,move=3,up=2",
                                       "--target-column", "target", "--device-scales", f.scales, "--layout-map", f.layouts,
                                       "--touch-slop", "compose", "--out", f.out] + Self.layoutOptions)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("start offsets from the log's start_offset column; strokes without one start at 0"))
        #expect(r.stderr.contains("layouts: home 2, pix 2 traces"))
        let lines = try String(contentsOfFile: f.out, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines[0].hasSuffix(",settled_index,tap_index"))
        let firsts = lines.filter { $0.contains(",began,") }
        // ids: file stem + stroke; session from trial (per screen); each stroke's own layout (7 or 6 items, pix's 4-pt inset)
        #expect(firsts.map { $0.split(separator: ",", omittingEmptySubsequences: false)[0] } == ["multi:1", "multi:2", "multi:3", "multi:4"])
        #expect(firsts[0].contains(",100,u0,tr0/home,6,180,160,0,0,0,411.429,7,trailing,false,5,6"), "\(firsts[0])")
        #expect(firsts[1].contains(",100,u1,tr0/pix,4,180,160,0,4,0,411.429,6,trailing,false,3,"), "\(firsts[1])")
        // the same finger travel on both densities: 180 pt of finger, 172 pt of content after the 8-pt slop
        let ends = lines.filter { $0.contains(",ended,") }
        #expect(ends.map { $0.split(separator: ",")[2] } == ["272", "272", "172", "272"])
        // times in full (epoch µs read as ms): 1700000000000132, not 1.7e+15
        #expect(ends[0].hasPrefix("multi:1,1700000000000132,"), "\(ends[0])")
        let velocity = try ExitCodeTests.run(["velocity", f.out, "--velocity", "lsq2"])
        #expect(velocity.stdout.contains("multi:1,3.5294"), "\(velocity.stdout)")
    }

    @Test func aMissingScaleOrLayoutIsAnErrorNamingTheRow() throws {
        guard ExitCodeTests.binary != nil else { return }
        let f = try files()
        let common = ["import", f.log, "--from", "pointer-csv", "--phase-map", "down=1,move=3,up=2", "--out", f.out]
        let noScale = try ExitCodeTests.run(common + ["--columns", "user=user,trial=trial,phase=phase,x=x,t=t"] + Self.layoutOptions + ["--count", "7"])
        #expect(noScale.status == 65 && noScale.stderr.contains("multi.csv:2: found no scale for this event"), "\(noScale.stderr)")
        let noLayout = try ExitCodeTests.run(common + ["--columns", "user=user,trial=trial,phase=phase,x=x,t=t", "--scale", "1.75"])
        #expect(noLayout.status == 65 && noLayout.stderr.contains("found no layout, expected --layout FILE or --item-width"), "\(noLayout.stderr)")
        #expect(!FileManager.default.fileExists(atPath: f.out))
        let dir = URL(fileURLWithPath: f.layouts).deletingLastPathComponent()
        let onlyHome = dir.appendingPathComponent("home-only.json").path
        try Data(#"{"home": {"item_count": 7}}"#.utf8).write(to: URL(fileURLWithPath: onlyHome))
        let unknown = try ExitCodeTests.run(common + ["--columns", Self.columns, "--device-scales", f.scales, "--layout-map", onlyHome] + Self.layoutOptions)
        #expect(unknown.status == 65 && unknown.stderr.contains("found layout \"pix\", expected one of --layout-map: home"), "\(unknown.stderr)")
        let usage = try ExitCodeTests.run(common + ["--columns", Self.columns, "--device-scales", f.scales] + Self.layoutOptions)
        #expect(usage.status == 64 && usage.stderr.contains("--layout-map"))
    }

    @Test func idsStayUniqueAcrossFilesOfTheSameStem() throws {
        guard ExitCodeTests.binary != nil else { return }
        let a = try CommandFixtures.write("stroke,t,x\ns,0,500\ns,16,450\ns,33,400\n", name: "log.csv")
        let dir = try TestScratch.directory("cli-ids")
        let b = dir.appendingPathComponent("log.csv").path
        try Data("stroke,t,x\ns,0,500\ns,16,450\ns,33,400\n".utf8).write(to: URL(fileURLWithPath: b))
        let out = dir.appendingPathComponent("ids.csv").path
        let r = try ExitCodeTests.run(["import", a, b, "--from", "pointer-csv", "--columns", "stroke=stroke,t=t,x=x", "--scale", "1",
                                       "--out", out, "--item-width", "160", "--viewport", "375", "--count", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        let ids = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").filter { $0.contains(",began,") }
            .map { $0.split(separator: ",")[0] }
        #expect(ids == ["log:s", "log:s#2"])
    }
}
