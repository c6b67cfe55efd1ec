import Foundation
import Testing
@testable import SnapLabCommands

/// `compare --per-trace` and `--meta`: files that load anywhere.
@Suite("snaplab compare: per-trace rows and run metadata")
struct CompareOutputFilesTests {
    @Test("one row per scored trace and policy (long form, issue 31); its hits add up to compare's hits; --meta lists every input file")
    func perTrace() throws {
        let first = try temporaryCSV(compareFixture, name: "one.csv")
        let second = try temporaryCSV(compareFixture.replacingOccurrences(of: "ann", with: "cat"), name: "two.csv")
        let dir = URL(fileURLWithPath: first).deletingLastPathComponent()
        let rows = dir.appendingPathComponent("rows.csv").path, meta = dir.appendingPathComponent("run.json").path
        let command = try SnapLab.parseAsRoot(["compare", first, second, "--policies", "nearest,tag99", "--bootstrap", "50",
                                               "--format", "json", "--per-trace", rows, "--meta", meta])
        let out = try #require(command as? SnapLab.Compare).output()
        let text = try String(contentsOfFile: rows, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "trace_id,user_id,session_id,file,line,policy,intended_index,target_index,hit,criterion,"
                + "start_index,start_offset_pt,release_offset_pt,velocity_pt_per_ms,travel_pt,finger_travel_pt,duration_ms")
        #expect(lines.count == 1 + 8 * 2)
        // the wide file's "a,ann,,FILE,2,1,0,0,30,0.5,30,,0,exact,0,0,1,1", one row per policy
        #expect(lines[1] == "a,ann,,\(first),2,nearest,1,0,0,exact,0,0,30,0.5,30,,0")
        #expect(lines[2] == "a,ann,,\(first),2,tag99,1,1,1,exact,0,0,30,0.5,30,,0")
        #expect(lines[9].hasPrefix("a,cat,,\(second),2,nearest,"))
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.standardOutput)) as? [String: Any])
        let policies = try #require(doc["policies"] as? [[String: Any]])
        for p in policies {
            let id = try #require(p["policy"] as? String)
            let hits = lines.dropFirst().filter {
                let cells = $0.split(separator: ",", omittingEmptySubsequences: false)
                return cells[5] == Substring(id) && cells[8] == "1"
            }.count
            #expect(p["hits"] as? Int == hits, "\(id)")
        }
        let run = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: meta))) as? [String: Any])
        let files = try #require(run["files"] as? [String])
        #expect(files.count == 2)
        #expect(files[0].hasPrefix(first) && files[1].hasPrefix(second))
        #expect(((doc["run"] as? [String: Any])?["files"] as? [String]) == files)
        #expect(out.standardError.contains("wrote 8 traces × 2 policies = 16 per-trace rows"))
    }

    @Test("--per-trace under --hit revealed: a hit is the intended item in view, as compare counts it")
    func perTraceRevealed() throws {
        let path = try CommandFixtures.write(HitOptionsTests.revealedFixture())
        let rows = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("rows.csv").path
        for (hit, expected) in [("exact", "0"), ("revealed", "1")] {
            let command = try SnapLab.parseAsRoot(["compare", path, "--policies", "nearest", "--bootstrap", "50",
                                                   "--hit", hit, "--per-trace", rows])
            let out = try #require(command as? SnapLab.Compare).output()
            let lines = try String(contentsOfFile: rows, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 7)
            for line in lines.dropFirst() {
                let cells = line.split(separator: ",", omittingEmptySubsequences: false)
                #expect(cells[9] == Substring(hit) && cells[8] == Substring(expected), "\(line)")
            }
            #expect(out.text.contains("nearest  6  \(expected == "1" ? "1.000" : "0.000")"), "\(out.text)")
        }
    }

    @Test("--format csv on unlabelled traces: one rectangular long table, no comment lines (issue 31)")
    func csvUnlabelled() throws {
        let unlabelled = compareFixture.split(separator: "\n").map { line -> String in
            var cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if let i = compareFixture.split(separator: "\n")[0].split(separator: ",").firstIndex(of: "intended_index") { cells.remove(at: i) }
            return cells.joined(separator: ",")
        }.joined(separator: "\n") + "\n"
        let path = try temporaryCSV(unlabelled, name: "unlabelled.csv")
        let command = try SnapLab.parseAsRoot(["compare", path, "--policies", "nearest,tag99", "--bootstrap", "10", "--format", "csv"])
        let out = try #require(command as? SnapLab.Compare).output()
        let lines = out.text.split(separator: "\n")
        #expect(lines[0] == "table,policy,column,value")
        #expect(!out.text.contains("#"))
        for line in lines { #expect(line.split(separator: ",", omittingEmptySubsequences: false).count == 4, "\(line)") }
        #expect(lines.contains("pages_moved,nearest,n,4") && lines.contains("agreement,nearest,nearest,1.000"), "\(out.text)")
        #expect(out.standardError.contains("hit rates: none"))
    }

    @Test("--format csv --by file: one header row, loadable, the per-file rows included")
    func csvByFile() throws {
        let first = try temporaryCSV(compareFixture, name: "one.csv")
        let command = try SnapLab.parseAsRoot(["compare", first, "--policies", "nearest,tag99", "--bootstrap", "50",
                                               "--format", "csv", "--by", "file"])
        let text = try #require(command as? SnapLab.Compare).output().text
        let lines = text.split(separator: "\n")
        #expect(lines[0].hasPrefix("file,policy,n,hits,hit_rate,"))
        #expect(!text.contains("#"))
        #expect(lines.filter { $0.hasPrefix("\(first),") }.count == 2)
        let width = lines[0].split(separator: ",", omittingEmptySubsequences: false).count
        for line in lines { #expect(line.split(separator: ",", omittingEmptySubsequences: false).count == width) }
    }
}
