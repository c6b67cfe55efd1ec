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

    /// Checks that `recommend` run with `arguments` on `fixture` chose `policy` fitted and that its
    /// held-out hit rate is `compare`'s with each fold's printed `--param` values on that fold's
    /// held-out users (`compareArguments` added to every `compare`, e.g. `--hit revealed`).
    static func expectHeldOutEqualsCompare(fixture: String, arguments: [String], policy: String,
                                           compareArguments: [String] = []) throws -> (chosen: [String: Any], traces: Int) {
        let path = try CommandFixtures.write(fixture, name: "heldout.csv")
        let doc = try Self.json(["recommend", path] + arguments + ["--format", "json"])
        let chosen = try #require(doc["chosen"] as? [String: Any])
        #expect(chosen["policy"] as? String == policy && chosen["variant"] as? String == "fitted")
        let heldOut = try #require(chosen["held_out_hit_rate"] as? Double)
        let ranking = try #require(doc["ranking"] as? [[String: Any]])
        let row = try #require(ranking.first { $0["policy"] as? String == policy && $0["variant"] as? String == "fitted" })
        let foldParameters = try #require(row["fold_parameters"] as? [[[String: Any]]])
        let foldUsers = try #require(doc["fold_users"] as? [[String]])
        #expect(foldParameters.count == foldUsers.count)
        let lines = fixture.split(separator: "\n").map(String.init)
        var hits = 0, n = 0
        for (f, users) in foldUsers.enumerated() {
            let rows = lines.dropFirst().filter { line in users.contains(String(line.split(separator: ",")[1])) }
            let foldPath = try CommandFixtures.write(([lines[0]] + rows).joined(separator: "\n") + "\n", name: "fold\(f).csv")
            var args = ["compare", foldPath, "--policies", policy, "--format", "json", "--bootstrap", "10"] + compareArguments
            for p in foldParameters[f] {
                let value = try #require(p["value"] as? Double)
                args += ["--param", "\(try #require(p["name"] as? String))=\(value)"]
            }
            let compared = try #require((try Self.json(args))["policies"] as? [[String: Any]])
            hits += try #require(compared[0]["hits"] as? Int)
            n += try #require(compared[0]["n"] as? Int)
        }
        #expect(n == lines.count - 1)
        #expect(abs(Double(hits) / Double(n) - heldOut) < 1e-12)
        #expect(chosen["held_out_traces"] as? Int == n)
        return (chosen, n)
    }

    @Test("the chosen configuration's held-out hit rate equals compare with each fold's --param values on its held-out users")
    func verdictEqualsCompare() throws {
        let (chosen, n) = try Self.expectHeldOutEqualsCompare(
            fixture: Self.spreadFixture(), arguments: ["--policies", "nearest,android-pagersnap", "--folds", "3", "--seed", "4"],
            policy: "android-pagersnap")
        #expect((chosen["held_out_hit_rate"] as? Double ?? 1) < 1, "users differ, so no fold's gate fits the held-out users exactly")
        #expect(n == 240)
        #expect((chosen["held_out_interval"] as? [Double])?.count == 2)
    }

    /// Release-level swipes from offset 0, released at 30 pt, in a row of ten 100-pt items seen
    /// through a 230-pt viewport: `rn-android-paging` pages by the view's width, so a fling rests at
    /// 230 pt, between slots, where item 3 is wholly in view and item 2 (200–300 pt) is not —
    /// though the nearest slot's snap offset (200 pt) would show it. Every user means to move
    /// when faster than 1.2 pt/ms, to item 3 or 2 (even or odd `k`), and else to see item 1 or 0.
    static func betweenSlotsFixture(users: Int = 6) -> String {
        var text = "trace_id,user_id,release_offset,release_velocity,start_offset,intended_index,item_width,item_spacing,leading_inset,viewport_width,item_count\n"
        for u in 0..<users {
            for k in 1...40 {
                let v = 0.05 * Double(k)
                let intended = v > 1.2 ? (k % 2 == 0 ? 3 : 2) : (k % 2 == 0 ? 1 : 0)
                text += "u\(u)-\(k),user\(u),30,\(String(format: "%.2f", v)),0,\(intended),100,0,0,230,10\n"
            }
        }
        return text
    }

    @Test("--hit revealed with a policy that rests between slots: fit's and recommend's scores are compare's with the printed values")
    func revealedBetweenSlotsEqualsCompare() throws {
        let fixture = Self.betweenSlotsFixture()
        // recommend: the fitted gate's held-out hit rate is compare's with each fold's values
        let (chosen, n) = try Self.expectHeldOutEqualsCompare(
            fixture: fixture, arguments: ["--policies", "nearest,rn-android-paging", "--folds", "3", "--seed", "4", "--hit", "revealed"],
            policy: "rn-android-paging", compareArguments: ["--hit", "revealed"])
        // judged at the nearest slot's snap offset, the flings meant for item 2 would count as hits (0.9)
        #expect(n == 240)
        #expect(abs((chosen["held_out_hit_rate"] as? Double ?? 0) - 0.8) < 1e-12)
        // fit: the all-traces score is compare's with the printed --param values
        let path = try CommandFixtures.write(fixture, name: "between.csv")
        let parsed = try SnapLab.parseAsRoot(["fit", path, "--policy", "rn-android-paging", "--hit", "revealed", "--folds", "3",
                                              "--bootstrap", "0", "--format", "json"])
        let fit = try #require(parsed as? SnapLab.Fit)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(try fit.output().text.utf8)) as? [String: Any])
        let all = try #require(doc["all_traces_score"] as? Double)
        let arguments = try #require(doc["param_arguments"] as? String).split(separator: " ").map(String.init)
        #expect(arguments.first == "--param")
        let compared = try #require((try Self.json(["compare", path, "--policies", "rn-android-paging", "--hit", "revealed",
                                                    "--format", "json", "--bootstrap", "10"] + arguments))["policies"] as? [[String: Any]])
        #expect(abs(all - (try #require(compared[0]["hit_rate"] as? Double))) < 1e-12)
        #expect(abs(all - 0.8) < 1e-12)
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
