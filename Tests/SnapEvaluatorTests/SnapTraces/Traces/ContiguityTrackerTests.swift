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

    /// Issue 36: an id equal, byte for byte, to the tracker's ``ContiguityTracker/successor`` (the
    /// prefix and the last integer plus one) extends the last run without its digits being read.
    /// On seeded sequences of ids (mostly the next integer, with carries over 9, 99, … and up to
    /// 18 and 19 digits, gaps, repeats, ids out of order, leading zeros, other prefixes and
    /// texts), the tracker gives, id after id, what the path that always reads the digits
    /// (``ContiguityTracker/seeByDigits(_:_:line:)``) gives, and ends in the same state.
    @Test func theSuccessorShortcutIsTheDigitPath() {
        var rng = SeededGenerator(seed: 36)
        var shortcut = 0
        for round in 0..<400 {
            var fast = ContiguityTracker(), reference = ContiguityTracker()
            let prefix = ["", "", "t", "trace-", "u_"][round % 5]
            let starts: [UInt64] = [0, 1, 7, 95, 995, 99_990, 999_999_999_999_999_990, 99_999_999_999_999_990]
            var n = starts[Int.random(in: 0..<starts.count, using: &rng)]
            for line in 2..<80 {
                var id = prefix + String(n)
                // rounds without ids out of order (gaps only), with a few, and with many
                let r = Int.random(in: 0..<100, using: &rng), rate = [0, 1, 10][round % 3]
                switch r < rate ? Int.random(in: 0..<6, using: &rng) : (r < 95 ? 6 : 4) {
                case 0: id = prefix + "0" + String(n)                        // leading zero
                case 1: id = prefix + String(n &- 1)                          // back by one
                case 2: id = "x" + String(n)                                  // another prefix
                case 3: id = prefix + String(n) + "a"                         // not an integer
                case 4: n &+= UInt64.random(in: 2...5, using: &rng)         // a gap
                        id = prefix + String(n)
                case 5: id = prefix + String(n &- 1)                          // the last id again
                        n &-= 1
                default: break
                }
                let bytes = Array(id.utf8)
                let (a, b, took) = bytes.withUnsafeBufferPointer { p in
                    let s = p.baseAddress!, e = s + p.count
                    let took = fast.successorValid && fast.successor.equals(s, e)
                    return (fast.see(s, e, line: line), reference.seeByDigits(s, e, line: line), took)
                }
                if took { shortcut += 1 }
                #expect(a == b, "\(id) after \(line - 2) ids")
                n &+= 1
            }
            let same = fast.monotone == reference.monotone && fast.idRuns == reference.idRuns
                && fast.idHashes == reference.idHashes && fast.idLines == reference.idLines
                && fast.lastNumericID == reference.lastNumericID && fast.firstNumericID == reference.firstNumericID
                && fast.prefix == reference.prefix
            #expect(same, "round \(round)")
        }
        // most ids took the shortcut
        #expect(shortcut > 10_000)
    }
}
