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

    /// Hit patterns added bit-sliced (``UserHitTable/add(hits:words:user:)``), mixed with single
    /// increments and additions, against a plain `[UInt32]` table: users below and beyond
    /// ``UserHitTable/slicedUsers``, one word and two (counted directly), a policy hit on every
    /// trace of one user (its pending count carries out of the last plane, and the stored counts
    /// widen). Read before settling (stored plus pending) and after.
    @Test("hit patterns added bit-sliced: every count as one increment per hit, before and after settling",
          arguments: [(27, 1 as UInt64), (64, 2), (70, 3), (5, 4)])
    func slicedPatterns(policies: Int, seed: UInt64) {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
        let words = (policies + 63) / 64, users = UserHitTable.slicedUsers + 40
        var table = UserHitTable(policies: policies)
        var reference = [UInt32](repeating: 0, count: users * policies)
        table.addUsers(upTo: 3)
        table.addUsers(upTo: users)
        var pattern = [UInt64](repeating: 0, count: words)
        for step in 0..<30_000 {
            let r = next()
            // user 1 and the last user take a third of the traces (counts past 256); the rest spread
            let u = step % 3 == 0 ? (step % 2 == 0 ? 1 : users - 1) : Int(r >> 40) % users
            for w in 0..<words {
                let used = Swift.min(64, policies - w * 64)
                let mask: UInt64 = used == 64 ? .max : (1 << UInt64(used)) - 1
                pattern[w] = next() & next() & mask | (w == 0 && u == 1 ? 1 : 0)
            }
            if r & 0xF == 0 {
                let i = u * policies + Int(r >> 20) % policies
                table.add(UInt32(r >> 50) % 40, at: i)
                reference[i] += UInt32(r >> 50) % 40
            } else if r & 0xF == 1 {
                table.increment(u * policies)
                reference[u * policies] += 1
            }
            pattern.withUnsafeBufferPointer { table.add(hits: $0.baseAddress!, words: words, user: u) }
            for k in 0..<policies where pattern[k / 64] & (1 << UInt64(k % 64)) != 0 { reference[u * policies + k] += 1 }
        }
        #expect(reference[policies] > 5_000 && reference.max()! > 256)
        #expect(table.hasPending == (words == 1))
        for settled in [false, true] {
            if settled { table.settle() }
            #expect(!table.hasPending || !settled)
            #expect(table.values == reference, "settled: \(settled)")
            #expect((0..<reference.count).allSatisfy { table[$0] == reference[$0] }, "settled: \(settled)")
            #expect(table.isWide && table.narrow.isEmpty && table.wide == reference, "settled: \(settled)")
        }
    }

    /// A table whose counts stay below 256 reads narrow before and after settling.
    @Test("pending counts below 256 keep the table narrow, read as stored plus pending")
    func slicedNarrow() {
        var table = UserHitTable(policies: 3)
        table.addUsers(upTo: 2)
        let patterns: [UInt64] = [0b101, 0b111, 0b001, 0, 0b110]
        for (i, p) in patterns.enumerated() {
            [p].withUnsafeBufferPointer { table.add(hits: $0.baseAddress!, words: 1, user: i % 2) }
        }
        table.add(250, at: 0)
        let expected: [UInt32] = [252, 1, 2, 1, 1, 1]
        #expect(table.hasPending && !table.isWide && table.narrow == expected.map { UInt8($0) })
        #expect(table.values == expected && (0..<6).map { table[$0] } == expected)
        table.settle()
        #expect(!table.hasPending && !table.isWide && table.values == expected)
    }
}
