import Foundation
import Testing
@testable import SnapLabCommands

/// The per-fling cap (`ID@max<n>`, `all@max<n>`) on the commands that take policies. The fixture's
/// swipes start on item 2 and mean item 3 from 0.85 pt/ms up: CSS mandatory snapping flings far
/// past item 3, so only one-at-a-time CSS fits them.
@Suite("per-fling cap on the commands")
struct FlingCapCommandTests {
    @Test("compare scores ID@max<n> next to its base; all@max1 lists every policy capped")
    func compare() throws {
        let path = try CommandFixtures.write(flingFixture(users: 3))
        let command = try SnapLab.parseAsRoot(["compare", path, "--policies", "css-snap-mandatory,css-snap-mandatory@max1",
                                               "--format", "json", "--bootstrap", "10"])
        let text = try #require(command as? SnapLab.Compare).output().text
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let rows = try #require(doc["policies"] as? [[String: Any]])
        let rate = Dictionary(uniqueKeysWithValues: rows.map { ($0["policy"] as? String ?? "", $0["hit_rate"] as? Double ?? -1) })
        let capped = try #require(rate["css-snap-mandatory@max1"]), free = try #require(rate["css-snap-mandatory"])
        #expect(capped > free, "capped \(capped), free \(free)")
        let all = try SnapLab.parseAsRoot(["compare", path, "--policies", "all@max1", "--format", "json", "--bootstrap", "10"])
        let allText = try #require(all as? SnapLab.Compare).output().text
        #expect(allText.contains("\"compose-pager@max1\"") && allText.contains("\"embla@max1\""))
    }

    @Test("fit tunes the base's parameters under the cap")
    func fit() throws {
        let path = try CommandFixtures.write(flingFixture())
        let command = try SnapLab.parseAsRoot(["fit", path, "--policy", "css-snap-mandatory@max1", "--params", "minFlingVelocity",
                                               "--format", "json", "--bootstrap", "0", "--seed", "3"])
        let text = try #require(command as? SnapLab.Fit).output().text
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(doc["policy"] as? String == "css-snap-mandatory@max1")
        let score = try #require(doc["test_score"] as? Double)
        #expect(score > 0.95, "test score \(score)")
    }

    @Test("recommend answers 'which policy, one at a time?' and its code rebuilds the capped policy")
    func recommend() throws {
        let path = try CommandFixtures.write(flingFixture())
        let command = try SnapLab.parseAsRoot(["recommend", path, "--policies", "css-snap-mandatory,css-snap-mandatory@max1",
                                               "--seed", "4"])
        let (report, _) = try #require(command as? SnapLab.Recommend).recommendation()
        #expect(report.recommendation.chosen.policyID == "css-snap-mandatory@max1")
        #expect(report.recommendation.swiftCode.contains("PolicyCatalog.policy(id: \"css-snap-mandatory@max1\")"))
    }
}
