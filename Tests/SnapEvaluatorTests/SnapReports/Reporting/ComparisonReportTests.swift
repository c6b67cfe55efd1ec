import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapScoring
@testable import SnapReports

/// tag99 hits both traces (one page forward), nearest neither (it stays on item 0): every
/// bootstrap interval is degenerate and every number can be worked by hand.
/// Natural rests (0.998/ms): 30 + 0.5·499 = 279.5 and 20 + 249.5 = 269.5. Clustered McNemar:
/// d = (1, 1) over the two users, X² = 2²/2 = 2, p = erfc(1) = 0.1573.
func reportFixture() throws -> ComparisonReport {
    var acc = ScoreAccumulator(policies: [NearestPageSnap(), Tag99Snap()])
    acc.add(tinyTrace("a", user: 0, start: 0, offset: 30, velocity: 0.5, intended: 1))
    acc.add(tinyTrace("b", user: 1, start: 0, offset: 20, velocity: 0.5, intended: 1, file: "b.csv"))
    let c = try Comparison(acc, userNames: ["ann", "bob"], bootstrap: UserBootstrap(resamples: 50, seed: 9))
    return ComparisonReport(comparison: c, preamble: [("traces", "2 read, 2 scored, 0 skipped")], breakdown: .user)
}

@Suite("Comparison reporters")
struct ComparisonReportTests {
    @Test("terminal table, exact text")
    func table() throws {
        let text = try reportFixture().render(.table)
        let expected = """
            traces: 2 read, 2 scored, 0 skipped

            policy   n    hit            95% CI  vs best              95% CI  p (Holm)  sig   mean|err|   over  under  missed  false  snap pt  cells
            -------  -  -----  ----------------  -------  ------------------  --------  ----  ---------  -----  -----  ------  -----  -------  -----
            tag99    2  1.000  [1.000, 1.000] †    0.000    [0.000, 0.000] †         -  best      0.000  0.000  0.000   0.000    nan    174.5   0.00
            nearest  2  0.000  [0.000, 0.000] †   -1.000  [-1.000, -1.000] †    0.1573            1.000  0.000  1.000   1.000    nan    274.5   0.00

            """
        #expect(text.hasPrefix(expected))
        // two users: every interval is marked, and the footnote says why
        #expect(text.contains("\n† from 2 users (fewer than 5): intervals and tests are not meaningful"))
        #expect(text.contains("hit: share of labelled traces that rest on the intended item (--hit exact"))
        #expect(text.contains("hit rate by user:\nuser  n  tag99  nearest\n----  -  -----  -------\nann   1  1.000    0.000\nbob   1  1.000    0.000\n"))
    }

    @Test("Markdown, exact text")
    func markdown() throws {
        let text = try reportFixture().render(.markdown)
        #expect(text.hasPrefix("""
            - **traces**: 2 read, 2 scored, 0 skipped

            | policy | n | hit | 95% CI | vs best | 95% CI | p (Holm) | sig | mean\\|err\\| | over | under | missed | false | snap pt | cells |
            | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
            | tag99 | 2 | 1.000 | [1.000, 1.000] † | 0.000 | [0.000, 0.000] † | - | best | 0.000 | 0.000 | 0.000 | 0.000 | nan | 174.5 | 0.00 |
            | nearest | 2 | 0.000 | [0.000, 0.000] † | -1.000 | [-1.000, -1.000] † | 0.1573 |  | 1.000 | 0.000 | 1.000 | 1.000 | nan | 274.5 | 0.00 |

            † from 2 users (fewer than 5): intervals and tests are not meaningful (they cannot say how other people would fare)

            """))
    }

    /// Full precision: the same shortest round-trip text JSON prints (so `174.49999999999977`,
    /// the natural rest computed in floating point, not a rounded `174.5`).
    @Test("CSV: one header row, no comments, full precision, the by-user rows in the same table")
    func csv() throws {
        let text = try reportFixture().render(.csv)
        #expect(text == """
            user,policy,n,hits,hit_rate,hit_rate_ci_low,hit_rate_ci_high,diff_to_best,diff_ci_low,diff_ci_high,mcnemar_p,holm_p,mcnemar_log10_p,holm_log10_p,mean_abs_error,overshoot_rate,undershoot_rate,missed_change_rate,false_change_rate,mean_snap_correction_pt,mean_cells_reconfigured,intervals_from_few_users
            ,tag99,2,2,1,1,1,0,0,0,,,,,0,0,0,0,,174.49999999999977,0,true
            ,nearest,2,0,0,0,0,-1,-1,-1,0.15729920705028513,0.15729920705028513,-0.80327346666186,-0.80327346666186,1,0,1,1,,274.4999999999998,0,true
            ann,tag99,1,1,1,,,,,,,,,,,,,,,,,
            ann,nearest,1,0,0,,,,,,,,,,,,,,,,,
            bob,tag99,1,1,1,,,,,,,,,,,,,,,,,
            bob,nearest,1,0,0,,,,,,,,,,,,,,,,,

            """)
        var plain = try reportFixture()
        plain.breakdown = .none
        #expect(plain.render(.csv).hasPrefix("policy,n,hits,"))
    }

    @Test("five users: no mark, no footnote, the JSON flag false; two users: marked everywhere")
    func fewUsersMark() throws {
        var acc = ScoreAccumulator(policies: [NearestPageSnap(), Tag99Snap()])
        for u in 0..<5 { acc.add(tinyTrace("t\(u)", user: u, start: 0, offset: 30, velocity: 0.5, intended: 1)) }
        let c = try Comparison(acc, userNames: (0..<5).map { "u\($0)" }, bootstrap: UserBootstrap(resamples: 50, seed: 9))
        let five = ComparisonReport(comparison: c)
        for format in [ReportFormat.table, .markdown, .csv] { #expect(!five.render(format).contains("†")) }
        #expect(!five.html().contains("†"))
        #expect(five.render(.csv).contains(",false\n"))
        #expect(five.render(.json).contains("\"intervals_from_few_users\": false"))
        let two = try reportFixture()
        #expect(two.render(.json).contains("\"intervals_from_few_users\": true"))
        #expect(two.html().contains("1.000 †") && two.html().contains("† from 2 users"))
    }

    @Test("--hit revealed: the legend says a hit is the intended item in view, not the resting item")
    func revealedLegend() throws {
        var report = try reportFixture()
        report.hit = .revealed
        let text = report.render(.table)
        #expect(text.contains("hit: share of labelled traces whose intended item lies wholly in the viewport at rest (--hit revealed"))
        #expect(!text.contains("rest on the intended item"))
        #expect(report.html().contains("wholly in view at rest"))
        #expect(report.render(.json).contains("\"hit\": \"revealed\""))
    }

    @Test("JSON run: every input file in run.files")
    func runFiles() throws {
        var report = try reportFixture()
        report.preamble = [("file", "a.csv"), ("file", "b.csv"), ("users", "2")]
        #expect(report.runJSON().rendered() == #"{"files":["a.csv","b.csv"],"users":"2"}"#)
    }

    @Test("JSON parses and carries the required keys")
    func json() throws {
        let text = try reportFixture().render(.json)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let policies = try #require(doc["policies"] as? [[String: Any]])
        #expect(policies.map { $0["policy"] as? String } == ["tag99", "nearest"])
        let nearest = policies[1]
        #expect(nearest["n"] as? Int == 2)
        #expect(nearest["hit_rate"] as? Double == 0)
        #expect(nearest["hit_rate_ci"] as? [Double] == [0, 0])
        #expect(nearest["mean_abs_error"] as? Double == 1)
        #expect(nearest["overshoot_rate"] as? Double == 0)
        #expect(nearest["undershoot_rate"] as? Double == 1)
        #expect(abs((nearest["holm_p"] as? Double ?? 0) - 0.15729920705028513) < 1e-12)
        #expect((doc["by_user"] as? [[String: Any]])?.count == 2)
    }
}
