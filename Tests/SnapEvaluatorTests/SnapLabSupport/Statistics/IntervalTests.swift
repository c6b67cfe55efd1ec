import Testing
@testable import SnapLabSupport

@Suite("Interval")
struct IntervalTests {
    @Test func widthMiddleAndNegation() {
        let i = Interval(lower: -0.25, upper: 0.75)
        #expect(i.width == 1 && i.middle == 0.25)
        #expect(i.negated == Interval(lower: -0.75, upper: 0.25))
        #expect(i.negated.negated == i)
    }

    @Test func aPointHasNoWidthAndNotEstimableIsNaN() {
        #expect(Interval(lower: 3, upper: 3).width == 0)
        let none = Interval(lower: .nan, upper: .nan)
        #expect(none.width.isNaN && none.negated.lower.isNaN)
        #expect(none != none)   // NaN bounds compare unequal, as the tuples they replace did
    }
}
