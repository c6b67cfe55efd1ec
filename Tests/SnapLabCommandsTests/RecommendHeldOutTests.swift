import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands

/// The verdict's number is the recommended configuration's held-out hit rate: what `compare`
/// gives with each fold's printed `--param` values on that fold's held-out users.
@Suite("snaplab recommend: held-out scores")
struct RecommendHeldOutTests {
    /// Like ``flingFixture(users:labelled:)``, but user `u` means the next item only when faster
    /// than `0.5 + 0.1·u` pt/ms, so each fold's fit of a speed gate differs and misses on held-out users.
    static func spreadFixture(users: Int = 6) -> String {
        var text = "trace_id,user_id,release_offset,release_velocity,start_offset,intended_index,item_width,item_spacing,leading_inset,viewport_width,item_count\n"
        for u in 0..<users {
            for k in 1...40 {
                let v = 0.05 * Double(k)
                let intended = v > 0.5 + 0.1 * Double(u) ? 3 : 2
                text += "u\(u)-\(k),user\(u),220,\(String(format: "%.2f", v)),200,\(intended),100,0,0,100,10\n"
            }
        }
        return text
    }

    static func json(_ command: [String]) throws -> [String: Any] {
        let parsed = try SnapLab.parseAsRoot(command)
        let text: String
        if let r = parsed as? SnapLab.Recommend { text = try r.output().text }
        else if let c = parsed as? SnapLab.Compare { text = try c.output().text }
        else { throw ValidationError("unexpected command") }
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("the chosen configuration's held-out hit rate equals compare with each fold's --param values on its held-out users")
    func verdictEqualsCompare() throws {
        let fixture = Self.spreadFixture()
        let path = try CommandFixtures.write(fixture, name: "spread.csv")
        let doc = try Self.json(["recommend", path, "--policies", "nearest,android-pagersnap", "--folds", "3", "--seed", "4",
                                 "--format", "json"])
        let chosen = try #require(doc["chosen"] as? [String: Any])
        #expect(chosen["policy"] as? String == "android-pagersnap" && chosen["variant"] as? String == "fitted")
        let heldOut = try #require(chosen["held_out_hit_rate"] as? Double)
        #expect(heldOut < 1, "users differ, so no fold's gate fits the held-out users exactly")
        let ranking = try #require(doc["ranking"] as? [[String: Any]])
        let row = try #require(ranking.first { $0["policy"] as? String == "android-pagersnap" && $0["variant"] as? String == "fitted" })
        let foldParameters = try #require(row["fold_parameters"] as? [[[String: Any]]])
        let foldUsers = try #require(doc["fold_users"] as? [[String]])
        #expect(foldParameters.count == 3 && foldUsers.count == 3)
        let lines = fixture.split(separator: "\n").map(String.init)
        var hits = 0, n = 0
        for (f, users) in foldUsers.enumerated() {
            let rows = lines.dropFirst().filter { line in users.contains(String(line.split(separator: ",")[1])) }
            let foldPath = try CommandFixtures.write(([lines[0]] + rows).joined(separator: "\n") + "\n", name: "fold\(f).csv")
            var args = ["compare", foldPath, "--policies", "android-pagersnap", "--format", "json", "--bootstrap", "10"]
            for p in foldParameters[f] {
                let value = try #require(p["value"] as? Double)
                args += ["--param", "\(try #require(p["name"] as? String))=\(value)"]
            }
            let compared = try #require((try Self.json(args))["policies"] as? [[String: Any]])
            hits += try #require(compared[0]["hits"] as? Int)
            n += try #require(compared[0]["n"] as? Int)
        }
        #expect(n == 240)
        #expect(abs(Double(hits) / Double(n) - heldOut) < 1e-12)
        #expect(chosen["held_out_traces"] as? Int == 240)
        #expect((chosen["held_out_interval"] as? [Double])?.count == 2)
    }

    @Test("defaults are held out as they are: their held-out hit rate is compare's on every trace")
    func defaultsEqualCompare() throws {
        let path = try CommandFixtures.write(Self.spreadFixture(), name: "spread.csv")
        let doc = try Self.json(["recommend", path, "--policies", "nearest,tag99", "--folds", "3", "--format", "json",
                                 "--max-fitted-parameters", "0"])
        let ranking = try #require(doc["ranking"] as? [[String: Any]])
        let compared = try #require((try Self.json(["compare", path, "--policies", "nearest,tag99", "--format", "json",
                                                    "--bootstrap", "10"]))["policies"] as? [[String: Any]])
        for row in ranking {
            let id = try #require(row["policy"] as? String)
            let rate = try #require(compared.first { $0["policy"] as? String == id }?["hit_rate"] as? Double)
            #expect(abs((row["held_out_hit_rate"] as? Double ?? -1) - rate) < 1e-12, "\(id)")
            #expect((row["fold_parameters"] as? [Any])?.isEmpty == true)
        }
    }
}
