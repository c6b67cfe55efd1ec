import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands

/// Writes `text` to a fresh temporary file and returns its path.
func temporaryCSV(_ text: String, name: String = "traces.csv") throws -> String {
    let dir = try TestScratch.directory("compare")
    let url = dir.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}

/// Four release-level swipes by two users in a 100-pt carousel of ten 100-pt items:
/// tag99 goes one page in the velocity's direction, nearest rounds the release offset.
let compareFixture = """
    trace_id,user_id,release_offset,release_velocity,start_offset,intended_index,item_width,item_spacing,leading_inset,viewport_width,item_count
    a,ann,30,0.5,0,1,100,0,0,100,10
    b,ann,20,0.5,0,1,100,0,0,100,10
    c,bob,140,0.5,100,2,100,0,0,100,10
    d,bob,110,0.3,100,1,100,0,0,100,10

    """

@Suite("snaplab compare")
struct CompareTests {
    func output(_ args: [String]) throws -> CommandOutput {
        let command = try SnapLab.parseAsRoot(["compare"] + args)
        return try #require(command as? SnapLab.Compare).output()
    }

    @Test("the table ranks policies by hit rate and reports what was read")
    func table() throws {
        let path = try temporaryCSV(compareFixture)
        let out = try output([path, "--policies", "nearest,tag99", "--bootstrap", "200", "--seed", "5"])
        let text = out.text
        #expect(text.contains("traces: 4 read, 4 scored, 0 unlabelled, 0 skipped, 0 cancelled"))
        #expect(text.contains("bootstrap: 200 user resamples, seed 5"))
        let tag = try #require(text.range(of: "\ntag99 "))
        let nearest = try #require(text.range(of: "\nnearest "))
        #expect(tag.lowerBound < nearest.lowerBound)
        #expect(text.contains("tag99    4  0.750"))
        #expect(out.standardError.contains("seed: 5"))
        #expect(out.standardError.contains("release-level file, 4 traces"))
    }

    @Test("JSON carries the keys the issue names, and parses")
    func json() throws {
        let path = try temporaryCSV(compareFixture)
        let text = try output([path, "--policies", "nearest,tag99", "--format", "json", "--bootstrap", "100", "--by", "user"]).text
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let policies = try #require(doc["policies"] as? [[String: Any]])
        #expect(policies.count == 2)
        for p in policies {
            for key in ["policy", "n", "hit_rate", "hit_rate_ci", "mean_abs_error", "overshoot_rate", "undershoot_rate"] {
                #expect(p[key] != nil, "\(key)")
            }
            #expect((p["hit_rate_ci"] as? [Double])?.count == 2)
        }
        #expect(policies[0]["policy"] as? String == "tag99" && policies[0]["hit_rate"] as? Double == 0.75)
        #expect((doc["by_user"] as? [[String: Any]])?.map { $0["name"] as? String } == ["ann", "bob"])
    }

    @Test("CSV and Markdown formats")
    func otherFormats() throws {
        let path = try temporaryCSV(compareFixture)
        let csv = try output([path, "--policies", "tag99", "--format", "csv", "--bootstrap", "50"]).text
        #expect(csv.contains("\ntag99,4,3,0.75,"))
        let md = try output([path, "--policies", "tag99", "--format", "markdown", "--bootstrap", "50"]).text
        #expect(md.contains("| tag99 | 4 | 0.750 |"))
    }

    @Test("bad data stops with file, line and column, exit 65, and no output; lenient skips and counts")
    func badData() throws {
        let bad = compareFixture.replacingOccurrences(of: "c,bob,140,0.5", with: "c,bob,abc,0.5")
        let path = try temporaryCSV(bad)
        do {
            var command = try SnapLab.parseAsRoot(["compare", path, "--bootstrap", "10"])
            try command.run()
            Issue.record("expected a failure")
        } catch {
            #expect(SnapLab.exitCode(for: error).rawValue == 65)
        }
        do {
            _ = try output([path, "--bootstrap", "10"])
            Issue.record("expected a failure")
        } catch {
            let text = String(describing: error)
            #expect(text.contains(path) && text.contains(":4"), "\(text)")
        }
        let lenient = try output([path, "--lenient", "--policies", "tag99", "--bootstrap", "10"])
        #expect(lenient.text.contains("traces: 4 read, 3 scored, 0 unlabelled, 1 skipped"))
        #expect(lenient.standardError.contains("skipped"))
    }

    @Test("usage errors exit 64")
    func usage() throws {
        let path = try temporaryCSV(compareFixture)
        for args in [[path, "--policies", "nope"], [path, "--bootstrap", "0"], [path, "--param", "nope=1"], [String]()] {
            do {
                _ = try output(args)
                Issue.record("expected a usage error for \(args)")
            } catch {
                #expect(SnapLab.exitCode(for: error).rawValue == 64, "\(args)")
            }
        }
    }
}
