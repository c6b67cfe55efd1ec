/// Stage of the reader: the contiguity tracker. Remembers the trace ids met so that a trace id
/// that reappears after other traces (non-contiguous rows) is caught. Increasing integer ids,
/// bare or after a fixed prefix (`1, 2, 3, …` or `t0, t1, t2, …`: the first id's text before its
/// trailing digits, the same for every later one), need no look-up and are kept as runs of
/// consecutive integers (constant memory); from the first id out of order on, ids are hashed
/// (FNV-1a, 8 bytes and a line each) and looked up. The runs, hashes and lines also serve the
/// cross-part check of parallel reads (``PartIDs``).
struct ContiguityTracker: ~Copyable {
    /// Whether every trace id so far was ``prefix`` and an integer greater than the one before.
    var monotone = true
    /// The text before the first id's integer (empty for bare integers), and FNV-1a's state after
    /// it (``hash(ofInteger:after:)``): set by the first id.
    var prefix: [UInt8] = []
    var prefixHash = ContiguityTracker.fnvBasis
    var firstNumericID: UInt64?
    var lastNumericID: UInt64 = 0
    /// The `last` of the last id run: kept apart (extending a run writes no array).
    var runLast: UInt64 = 0
    /// The runs of increasing integer ids (the last one's `last` is ``runLast``: ``idRuns``).
    var runs: [IDRun] = []
    /// FNV-1a hashes and lines of the ids read after the first id out of order.
    var idHashes: [UInt64] = []
    var idLines: [Int] = []
    var seenSet: Set<UInt64>?
    /// While ``monotone``, after the first id: ``prefix`` followed by the decimal text of
    /// `lastNumericID + 1` (``successorValid``): an id of exactly these bytes is the next increasing
    /// integer, which extends the last run, without its digits being read again. Not kept past 18
    /// digits (``integerID(_:_:)`` reads no more).
    var successor = ByteArena()
    var successorValid = false

    deinit { successor.free() }

    /// The runs of increasing integer ids read while ``monotone`` held.
    var idRuns: [IDRun] {
        var r = runs
        if !r.isEmpty { r[r.count - 1].last = runLast }
        return r
    }

    /// Notes the trace id `s..<e` starting on `line`; true when it was met before.
    @inline(__always)
    mutating func see(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, line: Int) -> Bool {
        if successorValid && successor.equals(s, e) {
            // the next increasing integer (what the general path below finds for these bytes:
            // `numberedID` gives `lastNumericID + 1`, and `runLast` is `lastNumericID`)
            lastNumericID &+= 1
            runLast = lastNumericID
            advanceSuccessor()
            return false
        }
        return seeByDigits(s, e, line: line)
    }

    /// ``see(_:_:line:)`` of an id that is not ``successor``.
    @inline(never)
    mutating func seeByDigits(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, line: Int) -> Bool {
        if monotone, let n = numberedID(s, e), firstNumericID == nil || n > lastNumericID {
            // a run exists once the first integer id was read
            if firstNumericID != nil && runLast &+ 1 == n {
                runLast = n
            } else {
                if !runs.isEmpty { runs[runs.count - 1].last = runLast }
                runs.append(IDRun(first: n, last: n, line: line))
                runLast = n
            }
            if firstNumericID == nil { firstNumericID = n }
            lastNumericID = n
            writeSuccessor()
            return false
        }
        successorValid = false
        return seeHashed(s, e, line: line)
    }

    /// Sets ``successor`` to ``prefix`` and the decimal text of `lastNumericID + 1`.
    mutating func writeSuccessor() {
        successor.removeAll()
        successorValid = false
        let next = lastNumericID &+ 1
        guard next > lastNumericID, next < 1_000_000_000_000_000_000 else { return }   // 18 digits at most
        prefix.withUnsafeBufferPointer { p in
            if let pb = p.baseAddress { successor.append(pb, pb + p.count) }
        }
        Self.withDecimalText(of: next) { s, e in successor.append(s, e) }
        successorValid = true
    }

    /// ``successor`` after its id was read: its decimal text plus one, in place when no digit
    /// is added (else written again).
    @inline(__always)
    mutating func advanceSuccessor() {
        let d = successor.base, first = prefix.count
        var i = successor.count - 1
        while i >= first && d[i] == 0x39 {
            d[i] = 0x30
            i -= 1
        }
        if i >= first { d[i] += 1 } else { writeSuccessor() }
    }

    /// The integer of the id `s..<e` when it is ``prefix`` followed by an integer
    /// (``integerID(_:_:)``); the first id sets the prefix (its text before its trailing digits).
    @inline(__always)
    mutating func numberedID(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> UInt64? {
        var digits = e
        while digits > s && digits[-1] &- 48 <= 9 { digits -= 1 }
        guard let n = Self.integerID(digits, e) else { return nil }
        let length = digits - s
        if firstNumericID == nil {
            prefix = Array(UnsafeBufferPointer(start: s, count: length))
            prefixHash = Self.hash(s, digits)
            return n
        }
        guard length == prefix.count else { return nil }
        return prefix.withUnsafeBufferPointer { p in
            for i in 0..<length where p[i] != s[i] { return nil }
            return n
        }
    }

    /// ``see(_:_:line:)`` for an id that is not the next increasing integer.
    @inline(never)
    mutating func seeHashed(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, line: Int) -> Bool {
        let hash = Self.hash(s, e)
        if monotone {
            // the first id out of order: from here on every id is hashed and looked up
            monotone = false
            var seen = Set<UInt64>()
            for run in idRuns { run.forEachHash(after: prefixHash) { seen.insert($0) } }
            seenSet = seen
        }
        idHashes.append(hash)
        idLines.append(line)
        return seenSet?.insert(hash).inserted == false
    }

    /// The id as a number when it is 1–18 digits without a leading zero.
    static func integerID(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> UInt64? {
        let n = e - s
        guard n >= 1, n <= 18, !(n > 1 && s[0] == 0x30) else { return nil }
        var v: UInt64 = 0
        for i in 0..<n {
            let d = s[i] &- 48
            if d > 9 { return nil }
            v = v &* 10 &+ UInt64(d)   // at most 18 digits: below 10^18, no overflow
        }
        return v
    }

    /// FNV-1a's offset basis: the hash of the empty text.
    static let fnvBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// ``hash(_:_:)`` of a prefix whose hash is `prefixHash` followed by the decimal text of `n`
    /// (as ``integerID(_:_:)`` reads it).
    static func hash(ofInteger n: UInt64, after prefixHash: UInt64 = fnvBasis) -> UInt64 {
        withDecimalText(of: n) { s, e in hash(s, e, after: prefixHash) }
    }

    /// Calls `body` with the decimal text of `n` (as ``integerID(_:_:)`` reads it: no leading zero).
    @inline(__always)
    static func withDecimalText<R>(of n: UInt64, _ body: (UnsafePointer<UInt8>, UnsafePointer<UInt8>) -> R) -> R {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes: 20 digits at most
        return withUnsafeMutableBytes(of: &digits) { raw in
            let b = raw.bindMemory(to: UInt8.self)
            var i = b.count, v = n
            repeat {
                i -= 1
                b[i] = UInt8(truncatingIfNeeded: v % 10) &+ 48
                v /= 10
            } while v > 0
            let base = UnsafePointer(b.baseAddress!)
            return body(base + i, base + b.count)
        }
    }

    /// FNV-1a, 64 bits, of `s..<e` (continuing from `state`, the hash of the text before it).
    static func hash(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, after state: UInt64 = fnvBasis) -> UInt64 {
        var h = state
        var p = s
        while p < e { h = (h ^ UInt64(p.pointee)) &* 0x100_0000_01b3; p += 1 }
        return h
    }
}

/// A run of consecutive increasing integer trace ids, `first…last`, the first read on `line`.
struct IDRun: Sendable, Hashable {
    var first: UInt64
    var last: UInt64
    var line: Int

    /// Calls `body` with ``ContiguityTracker/hash(ofInteger:after:)`` of every id in the run (after
    /// the prefix whose hash is `prefixHash`), in order.
    func forEachHash(after prefixHash: UInt64, _ body: (UInt64) throws -> Void) rethrows {
        var n = first
        while true {
            try body(ContiguityTracker.hash(ofInteger: n, after: prefixHash))
            if n >= last { return }
            n += 1
        }
    }
}
