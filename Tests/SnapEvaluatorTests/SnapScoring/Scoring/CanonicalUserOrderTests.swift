import Testing
@testable import SnapTraces
@testable import SnapScoring

@Suite("Canonical user order of the bootstrap")
struct CanonicalUserOrderTests {
    @Test("users with scored traces by UTF-8 bytes of their names; users without traces left out; sorted input kept as is")
    func order() {
        let names = ["u10", "u2", "b", "é", "e\u{301}", "a", "u1"]
        let counts: [Double] = [3, 1, 0, 2, 2, 5, 4]
        let order = CanonicalUserOrder.indices(names: names, counts: counts)
        #expect(order.map { names[$0] } == ["a", "e\u{301}", "u1", "u10", "u2", "é"])
        #expect(CanonicalUserOrder.indices(names: ["a", "b", "c"], counts: [1, 1, 1]) == [0, 1, 2])
        // names sharing their first eight bytes are ordered by the rest
        #expect(CanonicalUserOrder.indices(names: ["user-0000b", "user-0000a", "user-0000"], counts: [1, 1, 1]) == [2, 1, 0])
    }

    @Test("the bootstrap's intervals do not depend on the order of the user table")
    func bootstrapIgnoresTableOrder() throws {
        // 8 users, 2 policies; the same users listed in two orders
        let names = (0..<8).map { "user\($0)" }
        let counts: [Double] = [10, 4, 7, 12, 3, 9, 5, 8]
        let hits: [[Double]] = counts.enumerated().map { u, n in [Double((u * 3) % Int(n)), Double((u * 5 + 1) % Int(n))] }
        let permutation = [5, 2, 7, 0, 3, 6, 1, 4]
        let boot = UserBootstrap(resamples: 400, seed: 9)
        func run(_ p: [Int]) throws -> UserBootstrap.Result {
            var table = UserHitTable(policies: 2)
            table.addUsers(upTo: p.count)
            for (row, u) in p.enumerated() { for k in 0..<2 { table.add(UInt32(hits[u][k]), at: row * 2 + k) } }
            let c = p.map { counts[$0] }
            return try boot.run(hitTable: table, counts: c, reference: 0,
                                order: CanonicalUserOrder.indices(names: p.map { names[$0] }, counts: c))
        }
        let a = try run(Array(0..<8)), b = try run(permutation)
        #expect(a.intervals.map(\.lower) == b.intervals.map(\.lower) && a.intervals.map(\.upper) == b.intervals.map(\.upper))
        #expect(a.differenceIntervals.map(\.lower) == b.differenceIntervals.map(\.lower))
        // without the canonical order the draws differ (so the test can fail)
        var table = UserHitTable(policies: 2)
        table.addUsers(upTo: 8)
        for (row, u) in permutation.enumerated() { for k in 0..<2 { table.add(UInt32(hits[u][k]), at: row * 2 + k) } }
        let unordered = try boot.run(hitTable: table, counts: permutation.map { counts[$0] }, reference: 0)
        #expect(unordered.intervals.map(\.lower) != a.intervals.map(\.lower) || unordered.intervals.map(\.upper) != a.intervals.map(\.upper))
    }
}
