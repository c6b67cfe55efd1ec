import Testing
@testable import SnapGSL

@Suite struct SortedQuantilesTests {
    @Test func interpolatesBetweenOrderStatistics() {
        #expect(SortedQuantiles.quantile([1, 2, 3, 4], 0.5) == 2.5)
        #expect(SortedQuantiles.quantile([1, 2, 3, 4], 0) == 1)
        #expect(SortedQuantiles.quantile([1, 2, 3, 4], 1) == 4)
        #expect(SortedQuantiles.quantiles(of: [4, 1, 3, 2, .nan], [0.25]) == [1.75])
    }

    @Test func refusesWhatGSLWouldReadOutOfBounds() {
        #expect(SortedQuantiles.quantile([], 0.5) == nil)
        #expect(SortedQuantiles.quantile([1], 1.5) == nil)
        #expect(SortedQuantiles.quantile([1], -0.1) == nil)
    }
}
