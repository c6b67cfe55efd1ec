import Testing
@testable import SnapScoring

@Suite("Per-user hit table")
struct UserHitTableTests {
    /// A seeded stream of increments and additions applied to the table and to a plain `[UInt32]`.
    static func randomRun(seed: UInt64, users: Int, policies: Int, steps: Int, largeAdds: Bool) -> (UserHitTable, [UInt32]) {
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % n
        }
        var table = UserHitTable(policies: policies), reference: [UInt32] = []
        for _ in 0..<steps {
            let u = next(users), k = next(policies)
            if table.users <= u {
                table.addUsers(upTo: u + 1)
                reference += [UInt32](repeating: 0, count: (u + 1) * policies - reference.count)
            }
            if largeAdds && next(10) == 0 {
                let v = UInt32(next(300))
                table.add(v, at: u * policies + k)
                reference[u * policies + k] += v
            } else {
                table.increment(u * policies + k)
                reference[u * policies + k] += 1
            }
        }
        return (table, reference)
    }

    @Test("one byte per count while they fit: the same counts as a UInt32 table", arguments: [1, 2, 3] as [UInt64])
    func narrow(seed: UInt64) {
        let (table, reference) = Self.randomRun(seed: seed, users: 5_000, policies: 7, steps: 20_000, largeAdds: false)
        #expect(!table.isWide, "no count passed 255")
        #expect(table.values == reference && table.narrow.count == reference.count)
        #expect((0..<reference.count).allSatisfy { table[$0] == reference[$0] })
    }

    @Test("a count passing 255, by increments or by additions, widens the table with every count kept", arguments: [false, true])
    func widens(largeAdds: Bool) {
        let (table, reference) = Self.randomRun(seed: 9, users: 3, policies: 4, steps: 12_000, largeAdds: largeAdds)
        #expect(table.isWide && reference.max()! > 255)
        #expect(table.values == reference && table.narrow.isEmpty && table.wide == reference)
        #expect((0..<reference.count).allSatisfy { table[$0] == reference[$0] })
    }

    @Test("rows added later are zero in either width")
    func addsZeroRows() {
        var table = UserHitTable(policies: 2)
        table.addUsers(upTo: 2)
        for _ in 0..<256 { table.increment(1) }
        table.reserveUsers(10)
        table.addUsers(upTo: 4)
        table.addUsers(upTo: 3)
        #expect(table.isWide && table.users == 4 && table.values == [0, 256, 0, 0, 0, 0, 0, 0])
    }
}
