import Testing
@testable import SnapEvaluator

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

    @Test("notes are shown escaped")
    func notes() {
        let v = ReportVerdict(policy: "x", basis: "b", row: nil, notes: ["No recommendation: <2 users>"])
        #expect(v.html(colour: "#000").contains("<p class=\"note\">No recommendation: &lt;2 users&gt;</p>"))
    }
}
