import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands

@Suite("snaplab validate-labels")
struct ValidateLabelsTests {
    @Test("prints accuracy per rule and both rank correlations; --strokes-out writes one row per stroke with its truth")
    func strokesOut() throws {
        let path = try CommandFixtures.write("", name: "strokes.csv")
        let args = ["validate-labels", "--strokes", "600", "--users", "10", "--seed", "3", "--live-policy", "android-pagersnap",
                    "--policies", "nearest,android-pagersnap,tag99", "--strokes-out", path]
        let command = try #require(try SnapLab.parseAsRoot(args) as? SnapLab.ValidateLabels)
        let text = try command.render()
        #expect(text.contains("live policy android-pagersnap; 600 strokes"))
        for rule in ["tap", "dwell", "correction"] { #expect(text.contains("  \(rule): "), "\(rule)") }
        #expect(text.contains("Spearman rho of policy hit rates, derived vs true labels: "))
        #expect(text.contains("without the 1 policies that pick the live policy's item on >= 99% of strokes: "))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 601)
        #expect(lines[0].hasSuffix("intended_index,label,rule,nearest,android-pagersnap,tag99"))
        // Every non-cancelled row's android-pagersnap item is where the live carousel settled.
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let settled = try #require(header.firstIndex(of: "settled_index")), live = try #require(header.firstIndex(of: "android-pagersnap"))
        let cancelled = try #require(header.firstIndex(of: "cancelled"))
        for line in lines.dropFirst() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            if f[cancelled] == "0" { #expect(f[live] == f[settled]) }
        }
        // An unwritable path is an error, not a silent skip.
        let bad = try #require(try SnapLab.parseAsRoot(Array(args.dropLast()) + ["/nonexistent-snaplab-dir/x.csv"]) as? SnapLab.ValidateLabels)
        #expect(throws: (any Error).self) { _ = try bad.render() }
    }
}
