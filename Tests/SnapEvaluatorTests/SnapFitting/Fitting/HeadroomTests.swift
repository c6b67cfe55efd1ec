import Testing
import SnapStrategies
@testable import SnapGSL
@testable import SnapFitting
@testable import SnapReports

@Suite("Headroom (boosted stumps on the learned features, grouped folds)")
struct HeadroomTests {
    /// Items meant: a rule no single linear score expresses — short contact moves one item in the
    /// drag's direction, long contact stays unless the drag passed half an item, fast long
    /// swipes go two.
    static func structured(_ release: Release, _ layout: CarouselLayout, _ rng: GSLRandom) -> Int {
        let direction = release.travel > 0 ? 1 : -1
        if release.duration < 200 { return direction }
        if abs(release.velocity) > 3 { return 2 * direction }
        return abs(release.travel) > 0.5 * layout.stride ? direction : 0
    }

    @Test("beats the best constant guess on data with planted structure")
    func structure() throws {
        let data = FitData(try LearnedTraces.make(count: 2500, users: 25, seed: 21, label: Self.structured))
        let headroom = try Headroom.run(data: data, folds: 5, seed: 3, rounds: 60)
        var counts: [Int: Int] = [:]
        for i in data.allIndices { counts[data.labels[i].intended - data.labels[i].startIndex, default: 0] += 1 }
        let constant = Double(counts.values.max() ?? 0) / Double(data.count)
        #expect(headroom.testScore > constant + 0.3, "headroom \(headroom.testScore), constant \(constant)")
        #expect(headroom.testScore > 0.9)
        #expect(headroom.foldScores.count == 5 && headroom.folds == 5)
    }

    @Test("is about chance on pure label noise")
    func noise() throws {
        let data = FitData(try LearnedTraces.make(count: 2500, users: 25, seed: 22) { _, _, rng in rng.integer(below: 3) - 1 })
        let headroom = try Headroom.run(data: data, folds: 5, seed: 3, rounds: 60)
        #expect(abs(headroom.testScore - 1.0 / 3) < 0.05, "\(headroom.testScore)")
    }

    @Test("is seeded: the same seed gives the same figures, and the summary names the seed")
    func seeded() throws {
        let data = FitData(try LearnedTraces.make(count: 600, users: 6, seed: 23, label: Self.structured))
        let a = try Headroom.run(data: data, folds: 3, seed: 9, rounds: 20)
        let b = try Headroom.run(data: data, folds: 3, seed: 9, rounds: 20)
        #expect(a.foldScores == b.foldScores)
        #expect(a.summary.hasPrefix("headroom: the best any release-time policy could do on this data: hit rate "))
        #expect(a.summary.contains("seed 9"))
        #expect(throws: FitError.self) { try Headroom.run(data: FitData([])) }
    }
}
