import Testing
@testable import SnapLabSupport

@Suite("Percentile (Hyndman–Fan type 7)")
struct PercentileTests {
    @Test("linear-interpolation percentiles (numpy default)")
    func percentile() {
        #expect(Percentile.of([4, 1, 3, 2], 0.25) == 1.75)
        #expect(Percentile.of([4, 1, 3, 2], 1) == 4)
        #expect(Percentile.of([], 0.5).isNaN)
        #expect(Percentile.of([7], 0.975) == 7)
    }

    @Test func interpolatesBetweenOrderStatistics() {
        #expect(Percentile.ofSorted([1, 2, 3, 4], 0.5) == 2.5)
        #expect(Percentile.ofSorted([1, 2, 3, 4], 0) == 1)
        #expect(Percentile.ofSorted([1, 2, 3, 4], 1) == 4)
        #expect(Percentile.of([4, 1, 3, 2, .nan], [0.25]) == [1.75])
    }

    @Test func emptyDataHasNoQuantileAndLevelsAreClamped() {
        #expect(Percentile.of([], [0.5]) == [nil])
        #expect(Percentile.of([.nan], [0, 1]) == [nil, nil])
        // GSL read out of bounds beyond 0…1 (its wrapper refused); the levels are clamped here
        #expect(Percentile.ofSorted([1], 1.5) == 1)
        #expect(Percentile.ofSorted([1, 2], -0.1) == 1)
    }

    @Test func anEvenMedianIsTheMeanOfTheMiddleTwo() {
        // FrameLoggedPattern's median, once written as (x[m/2 − 1] + x[m/2]) / 2
        #expect(Percentile.of([16, 11, 33, 17], 0.5) == 16.5)
        #expect(Percentile.of([5, 12, 9], 0.5) == 9)
    }
}
