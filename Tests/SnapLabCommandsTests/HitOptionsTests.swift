import Foundation
import Testing
@testable import SnapLabCommands

/// `--hit` on the scoring commands, and what they do with unlabelled traces (run as the built
/// binary: exit codes and both streams).
@Suite struct HitOptionsTests {
    /// Two users' releases in a 350-pt viewport of 100-pt items: `nearest` rests each on item 1
    /// while the person meant item 3 (revealed at rest, never the resting item).
    static func revealedFixture(labelled: Bool = true) -> String {
        var text = "trace_id,user_id,release_offset,release_velocity,start_offset,intended_index,item_width,item_spacing,leading_inset,viewport_width,item_count\n"
        for k in 0..<6 { text += "t\(k),u\(k % 2),60,0,0,\(labelled ? "3" : ""),100,0,0,350,10\n" }
        return text
    }

    @Test func revealedCountsAVisibleItemAsAHit() throws {
        guard ExitCodeTests.binary != nil else { return }
        let path = try CommandFixtures.write(Self.revealedFixture())
        let exact = try ExitCodeTests.run(["compare", path, "--policies", "nearest", "--format", "json"])
        let revealed = try ExitCodeTests.run(["compare", path, "--policies", "nearest", "--hit", "revealed"])
        #expect(exact.status == 0 && revealed.status == 0)
        #expect(exact.stdout.contains("\"hits\": 0"))
        #expect(revealed.stdout.contains("nearest  6  1.000"), "\(revealed.stdout)")
        #expect(revealed.stdout.contains("hit: revealed"))
        #expect(revealed.stdout.contains("velocity: recorded"))
        // two users: the intervals are flagged, and the warnings say why (few users, one label)
        #expect(revealed.stdout.contains("[1.000, 1.000] †"))
        #expect(revealed.stdout.contains("† from 2 users (fewer than 5): intervals and tests are not meaningful"))
        #expect(revealed.stdout.contains("intended item lies wholly in the viewport at rest (--hit revealed"))
        #expect(revealed.stderr.contains("warning: only 2 users"))
        #expect(revealed.stderr.contains("warning: all 6 labelled traces intend item 3"))
        let json = try ExitCodeTests.run(["compare", path, "--policies", "nearest", "--format", "json"])
        #expect(json.stdout.contains("\"id\": \"few-users\""))
    }

    @Test func unlabelledTracesCompareWithoutHitRatesAndCannotBeFitted() throws {
        guard ExitCodeTests.binary != nil else { return }
        let path = try CommandFixtures.write(Self.revealedFixture(labelled: false))
        let compare = try ExitCodeTests.run(["compare", path, "--policies", "nearest,tag99"])
        #expect(compare.status == 0)
        #expect(compare.stdout.contains("pages moved (share of unlabelled traces)"))
        #expect(compare.stdout.contains("agreement (share of unlabelled traces"))
        #expect(compare.stdout.contains("hit rates need intended_index"))
        #expect(!compare.stdout.contains("95% CI"))
        let svg = try CommandFixtures.write("", name: "out.svg")
        let plot = try ExitCodeTests.run(["plot", "hit-rate", path, "--policies", "nearest", "--out", svg])
        #expect(plot.status == 65)
        #expect(plot.stderr.contains("hit rates need intended_index"))
        let fit = try ExitCodeTests.run(["fit", path, "--policy", "android-pagersnap"])
        #expect(fit.status == 65)
        #expect(fit.stderr.contains("hit rates need intended_index"))
    }
}
