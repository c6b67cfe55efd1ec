import Testing
@testable import SnapReports

@Suite("Report verdict")
struct ReportVerdictTests {
    @Test("against a baseline: the difference and, for the best policy, the baseline's interval flipped")
    func baseline() throws {
        let comparison = try reportFixture().comparison
        var v = ReportVerdict(policy: "tag99", basis: "b", row: comparison.rows[0])
        v.compare(withBaseline: "nearest", in: comparison)
        let b = try #require(v.baseline)
        #expect(b.difference == 1)
        #expect(b.interval?.lower == 1 && b.interval?.upper == 1)
        let html = v.html(colour: "#0072B2")
        #expect(html.contains("Use <code>tag99</code>") && html.contains("+100.0 pts") && html.contains("than <code>nearest</code>"))
        var unknown = ReportVerdict(policy: "tag99", basis: "b", row: comparison.rows[0])
        unknown.compare(withBaseline: "embla", in: comparison)
        #expect(unknown.baseline == nil && unknown.notes.first?.contains("not among the compared") == true)
    }

    @Test("without a recommendation a tie is said as one: no 'Use', the tied group and the rule")
    func tieWithoutRecommendation() throws {
        var comparison = try reportFixture().comparison
        try #require(comparison.rows.count >= 2)
        comparison.rows[1].holmP = 0.58
        for k in comparison.rows.indices.dropFirst(2) { comparison.rows[k].holmP = 0.001 }
        let v = try #require(ReportPage().verdict(comparison: comparison, recommendation: nil, notes: []))
        #expect(v.undecided && v.tied == [comparison.rows[0].policy, comparison.rows[1].policy])
        let html = v.html(colour: "#000")
        #expect(!html.contains("Use <code>") && html.contains("No clear winner"))
        #expect(html.contains("prefer what your platform ships natively"))
        // Significantly better: the verdict names the one policy.
        comparison.rows[1].holmP = 0.01
        let clear = try #require(ReportPage().verdict(comparison: comparison, recommendation: nil, notes: []))
        #expect(!clear.undecided && clear.html(colour: "#000").contains("Use <code>"))
    }

    @Test("notes are shown escaped")
    func notes() {
        let v = ReportVerdict(policy: "x", basis: "b", row: nil, notes: ["No recommendation: <2 users>"])
        #expect(v.html(colour: "#000").contains("<p class=\"note\">No recommendation: &lt;2 users&gt;</p>"))
    }

    @Test("when the platform's own policies fall short, the headline says so before the best that ships, and the sentence follows")
    func platformShortfall() {
        var v = ReportVerdict(policy: "tag99", basis: "b", row: nil)
        v.shortfall = ("No policy compose runs natively fits this task", "No policy compose runs natively fits this task: <why>.")
        let html = v.html(colour: "#000")
        #expect(!html.contains("Use <code>"))
        #expect(html.contains("No policy compose runs natively fits this task; the best that ships: <code>tag99</code></h2>"))
        #expect(html.contains("<p class=\"note warning\" id=\"verdict-shortfall\">No policy compose runs natively fits this task: &lt;why&gt;.</p>"))
    }
}

extension ReportVerdictTests {
    @Test("options in a verdict warning are set as code that does not break, with their value and without trailing punctuation")
    func optionsAsCode() {
        #expect(ReportVerdict.optionsAsCode("give --velocity compose-frames (all), or --platform compose.")
                == "give <code class=\"option\">--velocity compose-frames</code> (all), or <code class=\"option\">--platform compose</code>.")
        #expect(ReportVerdict.optionsAsCode("replace --velocity compose with --velocity x; --lenient (skips)")
                == "replace <code class=\"option\">--velocity compose</code> with <code class=\"option\">--velocity x</code>; "
                    + "<code class=\"option\">--lenient</code> (skips)")
        #expect(ReportVerdict.optionsAsCode("no options -- here") == "no options -- here")
    }
}
