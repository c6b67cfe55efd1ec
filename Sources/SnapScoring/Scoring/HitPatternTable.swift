/// Hit patterns → labelled traces, the store behind ``ScoreAccumulator/hitPatterns``: which
/// policies hit a trace, as a bit set of `words` 64-bit words (bit `p` in word `p/64`), and how
/// many traces had it.
///
/// The scorer adds one pattern per labelled trace, a million times on a large file, over a few
/// thousand distinct patterns at most. A `[[UInt64]: Int]` hashes an array per trace (SipHash
/// over its words, and a uniqueness check of the key array); this table hashes the words in
/// place with a multiply-xorshift and probes linearly in one flat array of keys, so a known
/// pattern costs a few multiplications and one comparison. ``dictionary`` gives the same
/// contents as that dictionary would hold (patterns added with 0 traces included).
struct HitPatternTable: Sendable {
    /// Words per pattern (at least 1).
    let words: Int
    /// `keys[s·words ..< (s+1)·words]`: the pattern in slot `s`, when `used[s] != 0`.
    private var keys: [UInt64]
    private var counts: [Int]
    private var used: [UInt8]
    /// Slots − 1 (slots are a power of two, at most half of them used).
    private var mask: Int
    /// Distinct patterns held.
    private(set) var count = 0

    init(words: Int) {
        self.words = Swift.max(1, words)
        let slots = 64
        keys = Array(repeating: 0, count: slots * self.words)
        counts = Array(repeating: 0, count: slots)
        used = Array(repeating: 0, count: slots)
        mask = slots - 1
    }

    /// The slot to probe first for the pattern at `p`.
    @inline(__always)
    private static func hash(_ p: UnsafePointer<UInt64>, words: Int) -> Int {
        if words == 1 {
            // the loop below for one word
            var h = (0x9E37_79B9_7F4A_7C15 ^ p.pointee) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 29
            return Int(truncatingIfNeeded: h)
        }
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        for w in 0..<words {
            h = (h ^ p[w]) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 29
        }
        return Int(truncatingIfNeeded: h)
    }

    /// Adds `traces` to the pattern of `words` words at `pattern` (a new pattern starts at 0).
    @inline(__always)
    mutating func add(_ pattern: UnsafePointer<UInt64>, traces: Int) {
        let s = slot(of: pattern)
        if used[s] != 0 {
            counts[s] += traces
        } else {
            insert(pattern, traces: traces, at: s)
        }
    }

    /// The slot holding the pattern at `pattern`, or the free slot where it would go.
    @inline(__always)
    private func slot(of pattern: UnsafePointer<UInt64>) -> Int {
        let w = words, mask = self.mask
        return keys.withUnsafeBufferPointer { keys in
            used.withUnsafeBufferPointer { used in
                var s = Self.hash(pattern, words: w) & mask
                guard let k = keys.baseAddress, let u = used.baseAddress else { return s }
                // One word (up to 64 policies, the usual case): the key compared as one value.
                if w == 1 {
                    let p = pattern.pointee
                    while u[s] != 0 && k[s] != p { s = (s + 1) & mask }
                    return s
                }
                while u[s] != 0 {
                    let key = k + s * w
                    var same = true
                    for i in 0..<w where key[i] != pattern[i] { same = false; break }
                    if same { return s }
                    s = (s + 1) & mask
                }
                return s
            }
        }
    }

    /// Adds `traces` to the pattern `pattern` (`words` words).
    mutating func add(_ pattern: [UInt64], traces: Int) {
        precondition(pattern.count == words, "a hit pattern of \(pattern.count) words in a table of \(words)")
        pattern.withUnsafeBufferPointer { add($0.baseAddress!, traces: traces) }
    }

    /// A pattern not yet held, at its free slot `s` (out of line: a few thousand times per run
    /// at most).
    @inline(never)
    private mutating func insert(_ pattern: UnsafePointer<UInt64>, traces: Int, at s: Int) {
        var s = s
        if 2 * (count + 1) > counts.count {
            grow()
            s = slot(of: pattern)
        }
        for i in 0..<words { keys[s * words + i] = pattern[i] }
        counts[s] = traces
        used[s] = 1
        count += 1
    }

    /// Twice the slots, every pattern placed again.
    private mutating func grow() {
        let old = (keys: keys, counts: counts, used: used)
        let slots = 2 * counts.count
        keys = Array(repeating: 0, count: slots * words)
        counts = Array(repeating: 0, count: slots)
        used = Array(repeating: 0, count: slots)
        mask = slots - 1
        count = 0
        old.keys.withUnsafeBufferPointer { k in
            for s in old.used.indices where old.used[s] != 0 {
                add(k.baseAddress! + s * words, traces: old.counts[s])
            }
        }
    }

    /// Adds every pattern of `other` (the same number of words).
    mutating func merge(_ other: HitPatternTable) {
        other.forEach { add($0, traces: $1) }
    }

    /// Calls `body` with each held pattern (its words) and its traces, in slot order.
    func forEach(_ body: (UnsafePointer<UInt64>, Int) -> Void) {
        keys.withUnsafeBufferPointer { k in
            for s in used.indices where used[s] != 0 { body(k.baseAddress! + s * words, counts[s]) }
        }
    }

    /// The contents as a dictionary, pattern (its words) → traces.
    var dictionary: [[UInt64]: Int] {
        var out: [[UInt64]: Int] = [:]
        out.reserveCapacity(count)
        forEach { out[Array(UnsafeBufferPointer(start: $0, count: words))] = $1 }
        return out
    }
}
