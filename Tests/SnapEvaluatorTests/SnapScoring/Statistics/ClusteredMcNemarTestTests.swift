import Testing
@testable import SnapGSL
@testable import SnapScoring

@Suite("Clustered McNemar test")
struct ClusteredMcNemarTestTests {
    @Test("one trace per user is the asymptotic McNemar test; no discordance gives 1")
    func reducesToMcNemar() {
        // b = 30 users where only the first hits, c = 10 where only the second does.
        let d = [Double](repeating: 1, count: 30) + [Double](repeating: -1, count: 10) + [Double](repeating: 0, count: 50)
        let chi = 20.0 * 20.0 / 40.0
        #expect(abs(ClusteredMcNemarTest.pValue(differences: d) - 0.0015654022580025) < 1e-9, "χ² \(chi)")
        #expect(ClusteredMcNemarTest.pValue(differences: [0, 0, 0]) == 1)
        #expect(ClusteredMcNemarTest.pValue(differences: []) == 1)
    }

    /// Per user: a random number of traces; each discordant trace favours the first policy with a
    /// probability drawn per user (mean 1/2 under the null: correlated within users, no effect).
    static func rejectionRate(runs: Int, users: Int, spread: Double, seed: UInt64) throws -> (clustered: Double, naive: Double) {
        let rng = try GSLRandom(seed: seed)
        var clustered = 0, naive = 0
        for _ in 0..<runs {
            var d: [Double] = []
            var b = 0, c = 0
            for _ in 0..<users {
                let traces = 5 + rng.integer(below: 60)
                let favour = min(1, max(0, 0.5 + rng.uniform(-spread, spread)))
                var du = 0.0
                for _ in 0..<traces where rng.bernoulli(0.3) {
                    if rng.bernoulli(favour) { du += 1; b += 1 } else { du -= 1; c += 1 }
                }
                d.append(du)
            }
            if ClusteredMcNemarTest.pValue(differences: d) < 0.05 { clustered += 1 }
            if try McNemarTest.exactPValue(b: b, c: c) < 0.05 { naive += 1 }
        }
        return (Double(clustered) / Double(runs), Double(naive) / Double(runs))
    }

    @Test("under the null with correlated users the rejection rate at α = 0.05 is 0.035…0.065 (the independent McNemar's is not)")
    func nullRejectionRate() throws {
        let rate = try Self.rejectionRate(runs: 2000, users: 60, spread: 0.4, seed: 15)
        #expect(rate.clustered >= 0.035 && rate.clustered <= 0.065, "clustered \(rate.clustered)")
        #expect(rate.naive > 0.1, "independent McNemar \(rate.naive): anti-conservative with clustered users")
    }

    @Test("a real difference is detected")
    func power() throws {
        let rng = try GSLRandom(seed: 3)
        let d = (0..<80).map { _ in Double(rng.integer(below: 5)) - 1.2 }
        #expect(ClusteredMcNemarTest.pValue(differences: d) < 0.001)
    }
}
