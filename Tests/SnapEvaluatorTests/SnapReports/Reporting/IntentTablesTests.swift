import SnapStrategies
import Testing
@testable import SnapReports

@Suite("Intent tables")
struct IntentTablesTests {
    /// In the 100-pt tiny layout: a stay (start 1, meant 1), a one-item move (0 → 1) and a
    /// two-item move (0 → 2); `nearest` rests each release on the item under it.
    @Test("hits per intent and the meant-vs-moved matrix, hand-computed")
    func handComputed() {
        let traces = [tinyTrace("stay", user: 0, start: 100, offset: 110, intended: 1),
                      tinyTrace("one", user: 0, start: 0, offset: 60, intended: 1),
                      tinyTrace("two", user: 1, start: 0, offset: 120, intended: 2),
                      tinyTrace("unlabelled", user: 1, start: 0, offset: 60, intended: nil)]
        let t = IntentTables(policies: [NearestPageSnap()], traces: traces)
        #expect(t.counts == [1, 1, 1])
        #expect(t.hits == [[1, 1, 0]], "the two-item swipe rests one item short")
        let m = t.confusion[0]
        let l = IntentTables.limit
        #expect(m[l][l] == 1 && m[l + 1][l + 1] == 1 && m[l + 2][l + 1] == 1)
        #expect(m.flatMap { $0 }.reduce(0, +) == 3)
        #expect(IntentTables.label(0) == "\u{2264} \u{2212}3" && IntentTables.label(4) == "+1")
    }
}
