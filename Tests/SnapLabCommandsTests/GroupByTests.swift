import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands
import SnapTraces

/// `--group-by COLUMN` and the automatic `screen`/`session_kind` groups of `recommend` and
/// `report` (issue 30: transfer, not only new users).
@Suite("recommend and report: groups by column")
struct GroupByTests {
    /// ``flingFixture`` with a `screen` column: users' first 20 swipes on `first`, the rest on `second`.
    static func screens(_ first: String = "home", _ second: String = "pix", column: String = "screen") -> String {
        var lines = flingFixture().split(separator: "\n").map(String.init)
        lines[0] += ",\(column)"
        for i in 1..<lines.count { lines[i] += "," + ((i - 1) % 40 < 20 ? first : second) }
        return lines.joined(separator: "\n") + "\n"
    }

    func json(_ args: [String]) throws -> (doc: [String: Any], notes: String) {
        let command = try #require(try SnapLab.parseAsRoot(["recommend"] + args + ["--format", "json"]) as? SnapLab.Recommend)
        let out = try command.output()
        return (try #require(try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any]), out.standardError)
    }

    @Test("a screen column groups the traces without being asked; --group-by names another column; each ranks by transfer")
    func automaticAndNamed() throws {
        let path = try CommandFixtures.write(Self.screens())
        let auto = try json([path, "--policies", "nearest,android-pagersnap", "--seed", "4"]).doc
        #expect(auto["ranked_by"] as? String == "transfer")
        #expect(auto["transfer_groups"] as? [String] == ["screen = home (120 traces)", "screen = pix (120 traces)"])
        let kinds = try CommandFixtures.write(Self.screens("a", "b", column: "task"), name: "task.csv")
        let plain = try json([kinds, "--policies", "nearest", "--seed", "4"]).doc
        #expect(plain["ranked_by"] as? String == "test")
        let named = try json([kinds, "--policies", "nearest", "--seed", "4", "--group-by", "task"]).doc
        #expect(named["transfer_groups"] as? [String] == ["task = a (120 traces)", "task = b (120 traces)"])
    }

    @Test("--group-by a column with one value: no transfer, and a note saying so")
    func oneValue() throws {
        let path = try CommandFixtures.write(Self.screens("home", "home"))
        let (doc, notes) = try json([path, "--policies", "nearest", "--seed", "4", "--group-by", "screen"])
        #expect(doc["ranked_by"] as? String == "test")
        let jsonNotes = try #require(doc["notes"] as? [String])
        #expect((jsonNotes + [notes]).contains { $0.contains("group column screen has one value (home)") })
    }

    @Test("--group-by an unknown column exits 65 naming the option, the column and the header")
    func unknownColumn() throws {
        let path = try CommandFixtures.write(Self.screens())
        for sub in ["recommend", "report"] {
            let command = try SnapLab.parseAsRoot([sub, path, "--policies", "nearest", "--group-by", "task"]
                                                  + (sub == "report" ? ["--out", try TestScratch.directory("group").appendingPathComponent("r.html").path] : []))
            do {
                // TraceCommand.run turns a TraceParseError into exit 65 after printing it
                try TraceCommand.run {
                    do {
                        if let recommend = command as? SnapLab.Recommend { _ = try recommend.output() }
                        if let report = command as? SnapLab.Report { _ = try report.render() }
                    } catch let error as TraceParseError {
                        #expect(error.description.contains("--group-by") && error.description.contains("'task'")
                                && error.description.contains("release_velocity"), "\(error.description)")
                        throw error
                    }
                }
                Issue.record("expected a data error")
            } catch {
                #expect(SnapLab.exitCode(for: error).rawValue == 65)
            }
        }
        #expect(throws: (any Error).self) { _ = try SnapLab.parseAsRoot(["recommend", path, "--group-by", ""]) }
    }

    @Test("report: the transfer scores of the groups are on the page")
    func report() throws {
        let path = try CommandFixtures.write(Self.screens())
        let out = try TestScratch.directory("group").appendingPathComponent("report.html").path
        let command = try #require(try SnapLab.parseAsRoot(
            ["report", path, "--out", out, "--policies", "nearest,android-pagersnap", "--bootstrap", "10", "--seed", "4"]) as? SnapLab.Report)
        _ = try command.render()
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.contains("screen = home (120 traces)") && html.contains("transfer"))
    }
}
