import Testing
@testable import SnapTraces

/// The contiguity tracker: runs of increasing integer ids, hashes after the first id out of
/// order, and a reappearing id caught either way.
@Suite struct ContiguityTrackerTests {
    func see(_ ids: inout ContiguityTracker, _ id: String, line: Int) -> Bool {
        let bytes = Array(id.utf8)
        return bytes.withUnsafeBufferPointer { b in
            let s = b.baseAddress ?? UnsafePointer(bitPattern: 1)!
            return ids.see(s, s + b.count, line: line)
        }
    }

    @Test func increasingIntegersAreRuns() {
        var ids = ContiguityTracker()
        for (i, n) in [1, 2, 3, 7, 8].enumerated() { #expect(!see(&ids, String(n), line: i + 2)) }
        let monotone = ids.monotone, runs = ids.idRuns, hashes = ids.idHashes
        #expect(monotone)
        #expect(runs == [IDRun(first: 1, last: 3, line: 2), IDRun(first: 7, last: 8, line: 5)])
        #expect(hashes.isEmpty)
    }

    @Test func anIDOutOfOrderSwitchesToHashesAndReappearancesAreCaught() {
        var ids = ContiguityTracker()
        #expect(!see(&ids, "5", line: 2))
        #expect(!see(&ids, "6", line: 3))
        #expect(!see(&ids, "abc", line: 4))
        let monotone = ids.monotone
        #expect(!monotone)
        #expect(see(&ids, "5", line: 5))     // met in a run
        #expect(see(&ids, "abc", line: 6))   // met as a hash
        #expect(!see(&ids, "06", line: 7))   // a leading zero is another id
        let lines = ids.idLines
        #expect(lines == [4, 5, 6, 7])
    }

    @Test func integerIDsAreShortDecimalsWithoutLeadingZeros() {
        func n(_ s: String) -> UInt64? {
            Array(s.utf8).withUnsafeBufferPointer { b in
                let p = b.baseAddress ?? UnsafePointer(bitPattern: 1)!
                return ContiguityTracker.integerID(p, p + b.count)
            }
        }
        #expect(n("0") == 0 && n("42") == 42 && n("999999999999999999") == 999_999_999_999_999_999)
        #expect(n("") == nil && n("007") == nil && n("1e3") == nil && n("-1") == nil && n("1000000000000000000") == nil)
    }
}
