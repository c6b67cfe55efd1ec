import Testing
import SnapStrategies
@testable import SnapFitting
@testable import SnapReports

@Suite("Learned features (compact rows, standardized in place)")
struct LearnedFeaturesTests {
    static func data() throws -> FitData {
        FitData(try LearnedTraces.make(count: 300, users: 6, seed: 41, label: HeadroomTests.structured))
    }

    @Test("rows hold the policy's features in featureNames order, k clamped to a byte, a weight only when weighted")
    func rows() throws {
        let data = try Self.data()
        let indices = [4, 0, 17, 250]
        let features = LearnedFeatures(data: data, indices: indices)
        #expect(features.count == 4 && features.skipped == 0 && features.weights == nil)
        for (r, i) in indices.enumerated() {
            let x = LearnedThresholdSnap.features(of: data.releases[i], in: data.layout(i))
            let row = Array(features.values[(r * LearnedFeatures.width)..<((r + 1) * LearnedFeatures.width)])
            #expect(row.map(\.bitPattern) == x.vector.map(\.bitPattern))
            #expect(LearnedFeatures.value(x, 7) == x.quickness && LearnedFeatures.value(x, 0) == x.velocity)
            let expected = try #require(LearnedFeatures.row(data, i)).offset
            #expect(Int(features.offsets[r]) == expected)
            #expect(features.weight(r) == 1)
        }
        let weighted = LearnedFeatures(data: data, indices: indices, weights: [2, 0, 1, 3])
        #expect(weighted.weights == [2, 0, 1, 3] && weighted.weight(3) == 3)
        #expect(weighted.values == features.values)
    }

    @Test("a trace with a non-finite feature has no row")
    func nonFinite() throws {
        var traces = try LearnedTraces.make(count: 3, users: 1, seed: 42, label: HeadroomTests.structured)
        traces[1].release.velocity = .nan
        let data = FitData(traces)
        #expect(LearnedFeatures.row(data, 1) == nil)
        let features = LearnedFeatures(data: data, indices: [0, 1, 2])
        #expect(features.count == 2 && features.skipped == 1)
        let rows = HeadroomClassifier.Rows(data: data)
        #expect(rows.rowOfTrace == [0, -1, 1] && rows.traces == [0, 2])
        #expect(rows.rows(of: [2, 1, 0]) == [1, 0])
    }

    @Test("standardizing in place gives each used column's (x − mean)/deviation, row by row")
    func standardize() throws {
        let data = try Self.data()
        let original = LearnedFeatures(data: data, indices: data.allIndices)
        let (mean, deviation) = original.moments()
        let used = [0, 3, 6]
        var features = original
        features.standardize(used, mean: mean, deviation: deviation)
        let w = LearnedFeatures.width
        for r in 0..<original.count {
            for (c, j) in used.enumerated() {
                let expected = (original.values[r * w + j] - mean[j]) / deviation[j]
                #expect(features.values[r * used.count + c].bitPattern == expected.bitPattern)
            }
        }
    }
}
