import Testing
import SnapStrategies
@testable import SnapFitting

@Suite("Learned sample (seeded user-stratified subsample for the likelihood and the headroom)")
struct LearnedSampleTests {
    static func data() throws -> FitData {
        FitData(try LearnedTraces.make(count: 3000, users: 30, seed: 41) { release, _, _ in release.travel > 0 ? 1 : -1 })
    }

    @Test("keeps about cap traces, floor or ceiling of each user's share, in the given order")
    func stratified() throws {
        let data = try Self.data()
        // Unequal users: drop most traces of the users below 10.
        let indices = data.allIndices.filter { data.user($0) >= 10 || $0 % 5 == 0 }
        let cap = 700
        let kept = LearnedSample.thin(indices, data: data, cap: cap, seed: 3)
        let rate = Double(cap) / Double(indices.count)
        let users = data.userCounts(indices)
        #expect(abs(kept.count - cap) <= users.count, "\(kept.count) kept for a cap of \(cap)")
        #expect(kept == kept.sorted() && Set(kept).isSubset(of: Set(indices)))
        let keptCounts = Dictionary(uniqueKeysWithValues: data.userCounts(kept).map { ($0.user, $0.traces) })
        for (user, traces) in users {
            let share = Double(traces) * rate
            let got = keptCounts[user] ?? 0
            #expect(Double(got) >= share.rounded(.down) && Double(got) <= share.rounded(.up), "user \(user): \(got) of \(share)")
        }
    }

    @Test("is seeded: the same seed gives the same sample, another seed another one; small inputs are kept whole")
    func seeded() throws {
        let data = try Self.data()
        let a = LearnedSample.thin(data.allIndices, data: data, cap: 500, seed: 1)
        #expect(a == LearnedSample.thin(data.allIndices, data: data, cap: 500, seed: 1))
        #expect(a != LearnedSample.thin(data.allIndices, data: data, cap: 500, seed: 2))
        #expect(LearnedSample.thin(data.allIndices, data: data, cap: 3000, seed: 1) == data.allIndices)
        #expect(LearnedSample.note(cap: 500, seed: 1, searches: ["embla"], likelihood: true)?.contains("seed 1") == true)
    }

    @Test("the automatic cap is a fifth of the traces, at least 50,000; a fixed cap and 'all' are what they say")
    func automaticCap() throws {
        #expect(LearnedSample.automaticCap(traces: 0) == 50_000)
        #expect(LearnedSample.automaticCap(traces: 100_000) == 50_000)
        #expect(LearnedSample.automaticCap(traces: 250_004) == 50_000)
        #expect(LearnedSample.automaticCap(traces: 990_600) == 198_120)
        #expect(LearnedSample.automaticCap(traces: 1_000_000) == 200_000)
        #expect(LearnedSample.Cap.automatic.traces(forData: 2_000_000) == 400_000)
        #expect(LearnedSample.Cap.traces(700).traces(forData: 2_000_000) == 700)
        #expect(LearnedSample.Cap.all.traces(forData: 2_000_000) == nil)
        // A recommendation resolves the default by its data: 3,000 traces, so no fit is sampled.
        let automatic = try Recommendation.run(policies: [Tag99Snap()], data: try Self.data(), fitter: PolicyFitter(starts: 2),
                                               folds: 3)
        #expect(automatic.sampleCap == 50_000 && !automatic.notes.contains { $0.contains("subsample") })
    }
}
