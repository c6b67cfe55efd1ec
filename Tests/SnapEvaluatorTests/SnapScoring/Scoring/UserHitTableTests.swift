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

    @Test("the hits of one trace as bits: the same counts as one increment per bit, also when one passes 255")
    func incrementsBits() {
        var bits = UserHitTable(policies: 70), single = UserHitTable(policies: 70)
        bits.addUsers(upTo: 3)
        single.addUsers(upTo: 3)
        var state: UInt64 = 7
        for step in 0..<2_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let u = Int(state >> 60) % 3, word = step % 2
            // policy 0 of user 0 hit on every trace: its count passes 255 part way
            let pattern = (state >> 7) & (word == 0 ? UInt64.max : 0x3F) | (u == 0 && word == 0 ? 1 : 0)
            bits.increment(from: u * 70 + word * 64, bits: pattern)
            var b = pattern
            while b != 0 {
                single.increment(u * 70 + word * 64 + b.trailingZeroBitCount)
                b &= b - 1
            }
        }
        #expect(bits.isWide && single.isWide)
        #expect(bits.values == single.values)
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
