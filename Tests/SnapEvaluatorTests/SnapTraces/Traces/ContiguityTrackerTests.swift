import Testing
@testable import SnapTraces

/// The contiguity tracker: runs of increasing integer ids (bare or after a fixed prefix), hashes
/// after the first id out of order, and a reappearing id caught either way.
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

    @Test func increasingIntegersAfterTheFirstIDsPrefixAreRuns() {
        var ids = ContiguityTracker()
        for (i, n) in [0, 1, 2, 9, 10].enumerated() { #expect(!see(&ids, "t" + String(n), line: i + 2)) }
        let monotone = ids.monotone, runs = ids.idRuns, hashes = ids.idHashes, prefix = ids.prefix
        #expect(monotone && hashes.isEmpty)
        #expect(prefix == Array("t".utf8))
        #expect(runs == [IDRun(first: 0, last: 2, line: 2), IDRun(first: 9, last: 10, line: 5)])
        // Another prefix, or none, is another id: hashed from then on, and the runs still catch a repeat.
        #expect(!see(&ids, "11", line: 7))
        #expect(!see(&ids, "s12", line: 8))
        #expect(!see(&ids, "t07", line: 9))   // a leading zero: not t7
        #expect(see(&ids, "t1", line: 10))
        #expect(see(&ids, "t10", line: 11))
        #expect(see(&ids, "s12", line: 12))
        #expect(!see(&ids, "t11", line: 13))
        let after = ids.monotone
        #expect(!after)
    }

    @Test func aPrefixedIntegerHashesAsItsText() {
        for (prefix, n) in [("", 7 as UInt64), ("t", 0), ("trace-", 123_456), ("u12x", 99)] {
            let text = Array((prefix + String(n)).utf8), head = Array(prefix.utf8)
            let whole = text.withUnsafeBufferPointer { ContiguityTracker.hash($0.baseAddress!, $0.baseAddress! + $0.count) }
            let state = head.withUnsafeBufferPointer { b in
                b.baseAddress.map { ContiguityTracker.hash($0, $0 + b.count) } ?? ContiguityTracker.fnvBasis
            }
            #expect(ContiguityTracker.hash(ofInteger: n, after: state) == whole, "\(prefix)\(n)")
        }
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
