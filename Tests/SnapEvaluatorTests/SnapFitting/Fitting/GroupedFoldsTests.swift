import Testing
import SnapStrategies
@testable import SnapGSL
@testable import SnapFitting

@Suite("Grouped folds")
struct GroupedFoldsTests {
    func data(users: Int, count: Int, seed: UInt64 = 2) throws -> FitData {
        // Uneven users: user u gets traces at positions where i % (u + 1)... simpler: skewed round robin.
        var traces = try SyntheticTraces.labelled(by: Tag99Snap(), count: count, users: users, seed: seed)
        for i in traces.indices where i % 3 == 0 { traces[i].user = 0 }
        return FitData(traces)
    }

    @Test("every trace is in exactly one test fold and no user is in two folds")
    func partition() throws {
        let d = try data(users: 23, count: 1000)
        let folds = try GroupedFolds(data: d, folds: 5, seed: 9)
        let all = folds.testIndices.flatMap { $0 }.sorted()
        #expect(all == d.allIndices)
        for k in 0..<5 {
            let testUsers = Set(folds.testIndices[k].map { d.user($0) })
            let trainUsers = Set(folds.trainIndices(k).map { d.user($0) })
            #expect(testUsers.isDisjoint(with: trainUsers))
            #expect(folds.trainIndices(k).count + folds.testIndices[k].count == d.count)
        }
    }

    @Test("folds are balanced by trace count within the largest user's share")
    func balanced() throws {
        let d = FitData(try SyntheticTraces.labelled(by: Tag99Snap(), count: 1000, users: 40, seed: 2))
        let folds = try GroupedFolds(data: d, folds: 5, seed: 1)
        let sizes = folds.testIndices.map(\.count)
        let largestUser = d.userCounts(d.allIndices).map(\.traces).max() ?? 0
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= largestUser, "\(sizes)")
    }

    @Test("seeded: the same seed gives the same folds, another seed others")
    func seeded() throws {
        let d = FitData(try SyntheticTraces.labelled(by: Tag99Snap(), count: 400, users: 40, seed: 2))
        let a = try GroupedFolds(data: d, folds: 4, seed: 7)
        let b = try GroupedFolds(data: d, folds: 4, seed: 7)
        let c = try GroupedFolds(data: d, folds: 4, seed: 8)
        #expect(a.foldOfUser == b.foldOfUser)
        #expect(a.foldOfUser != c.foldOfUser)
    }

    @Test("fewer users than folds, or fewer than two folds, is a typed error")
    func tooFewUsers() throws {
        let d = FitData(try SyntheticTraces.labelled(by: Tag99Snap(), count: 50, users: 3, seed: 2))
        #expect(throws: FitError.tooFewUsers(users: 3, folds: 5)) { try GroupedFolds(data: d, folds: 5, seed: 1) }
        #expect(throws: FitError.self) { try GroupedFolds(data: d, folds: 1, seed: 1) }
        #expect(throws: FitError.tooFewUsers(users: 0, folds: 2)) { try GroupedFolds(data: FitData([]), folds: 2, seed: 1) }
    }
}
