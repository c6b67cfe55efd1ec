import Testing
import SnapLabTestSupport
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

    @Test("selection gives the sorted quantiles: seeded random values, ties, runs, every level")
    func selectionEqualsSort() {
        var rng = SplitMix64(seed: 2811)
        for trial in 0..<400 {
            let n = trial < 20 ? trial + 1 : rng.int(in: 1...1200)
            let values: [Double] = (0..<n).map { _ in
                switch trial % 4 {
                case 0: rng.double(in: -1...1)
                case 1: Double(rng.int(in: 0...5)) / 7          // many ties
                case 2: 0.25                                     // all equal
                default: Double(rng.int(in: 0...n)) / Double(n)  // bootstrap-like rates
                }
            }
            let sorted = values.sorted()
            var scratch = values
            for q in [0, 0.025, 0.1, 0.5, 0.9, 0.975, 1, rng.double(in: 0...1)] {
                let selected = Percentile.ofUnsorted(&scratch, q)
                #expect(selected.bitPattern == Percentile.ofSorted(sorted, q).bitPattern, "n \(n) q \(q)")
            }
            #expect(scratch.sorted() == sorted)   // reordered, nothing lost
        }
        var empty: [Double] = []
        #expect(Percentile.ofUnsorted(&empty, 0.5).isNaN)
        var increasing = Array(stride(from: 0.0, through: 999, by: 1)), decreasing = Array(increasing.reversed())
        let grid = increasing
        #expect(Percentile.ofUnsorted(&increasing, 0.025) == Percentile.ofSorted(grid, 0.025))
        #expect(Percentile.ofUnsorted(&decreasing, 0.975) == Percentile.ofSorted(grid, 0.975))
        #expect(Percentile.ofUnsorted(&decreasing, 0.5) == 499.5)
    }
}
