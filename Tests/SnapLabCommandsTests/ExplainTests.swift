import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands

@Suite("snaplab explain")
struct ExplainTests {
    func render(_ args: [String]) throws -> String {
        let command = try SnapLab.parseAsRoot(["explain"] + args)
        guard let explain = command as? SnapLab.Explain else { throw ValidationError("not explain") }
        return try explain.render()
    }

    @Test("the table names every policy's target and rule")
    func table() throws {
        let out = try render(["--policy", "tag99,nearest", "--offset", "425", "--velocity", "-0.5"])
        #expect(out.contains("tag99         1       170.00     -2  one-page-back\n"))
        #expect(out.contains("nearest       3       510.00      0  nearest-to-release\n"))
        #expect(out.hasPrefix("layout: item 160.0 pt, spacing 10.0 pt, insets 10.0/10.0 pt, viewport 375.0 pt, 40 items, leading\n"))
    }

    @Test("JSON has one object per policy with policy, target_index, target_offset, rule")
    func json() throws {
        let out = try render(["--policy", "all", "--offset", "600", "--velocity", "2.5", "--format", "json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]]
        let objects = try #require(parsed)
        #expect(objects.count >= 4)
        let tag = try #require(objects.first { $0["policy"] as? String == "tag99" })
        #expect(tag["target_index"] as? Int == 5)
        #expect(tag["target_offset"] as? Double == 850)
        #expect(tag["rule"] as? String == "one-page-forward+low-tier")
    }

    @Test("parameter overrides apply; bad ones are usage errors (exit 64)")
    func overrides() throws {
        // p = 2.7: 0.7 > 0.6 counts from page 3 (→ 2); with 0.8 it does not (→ 1).
        let base = try render(["--policy", "tag99", "--offset", "459", "--velocity", "-0.5"])
        #expect(base.contains("tag99        2       340.00"))
        let out = try render(["--policy", "tag99", "--offset", "459", "--velocity", "-0.5", "--param", "backwardFraction=0.8"])
        #expect(out.contains("tag99        1       170.00"))
        for bad in [["--param", "nope=1"], ["--param", "tag99.lowTier=-1"], ["--param", "lowTier"],
                    ["--item-width", "0"], ["--policy", "unknown"]] {
            do {
                _ = try render(["--policy", "tag99", "--offset", "1", "--velocity", "1"] + bad)
                Issue.record("expected failure for \(bad)")
            } catch {
                #expect(SnapLab.exitCode(for: error).rawValue == 64, "\(bad)")
            }
        }
    }

    @Test("negative numbers parse as values")
    func negatives() throws {
        let out = try render(["--policy", "nearest", "--offset", "-10", "--velocity", "-1", "--start-offset", "-5"])
        #expect(out.contains("nearest"))
    }
}
