import Testing
@testable import SnapLabSupport

@Suite("Text table")
struct TextTableTests {
    @Test("numeric columns are right-aligned, others left, trailing spaces trimmed")
    func layout() {
        let t = TextTable(header: ["policy", "hit"], rows: [["tag99", "0.5"], ["nearest", "10.25"]])
        #expect(t.rendered() == """
            policy     hit
            -------  -----
            tag99      0.5
            nearest  10.25

            """)
    }
}
