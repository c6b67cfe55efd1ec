/// A map from short byte strings (1 to 8 bytes) to small integers: the release builder's user
/// look-up (``ReleaseBuilder/user(of:intern:)``) for the short `user_id`s most files write, which
/// in a ``ByteKeyTable`` cost an FNV-1a hash of the bytes and a probe with a byte comparison each
/// trace.
///
/// A key is its bytes as one word, zero above them (read by two overlapping 4-byte loads, or
/// three single bytes, never outside the key), and its length: equal words and lengths are equal
/// bytes. Open addressing on the word's top bits after one multiplication, at most half the
/// slots used; nothing is ever removed.
struct ShortKeyTable {
    /// Per slot: the key's word, and its value and length as `value << 4 | length` (0: an empty
    /// slot, since no key has length 0).
    private var words: UnsafeMutablePointer<UInt64>
    private var tags: UnsafeMutablePointer<Int>
    private var mask: Int
    private var used = 0

    /// The longest key kept.
    static let maxLength = 8

    init() {
        words = .allocate(capacity: 64)
        words.initialize(repeating: 0, count: 64)
        tags = .allocate(capacity: 64)
        tags.initialize(repeating: 0, count: 64)
        mask = 63
    }

    /// The `n` bytes at `s` (1...8) as a word, zero above them.
    @inline(__always)
    static func word(_ s: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
        if n >= 4 {
            let r = UnsafeRawPointer(s)
            let head = UInt64(r.loadUnaligned(as: UInt32.self))
            let tail = UInt64(r.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
            return head | tail &<< UInt64(8 * (n - 4))
        }
        let m = n >> 1
        return UInt64(s[0]) | UInt64(s[m]) &<< UInt64(8 * m) | UInt64(s[n - 1]) &<< UInt64(8 * (n - 1))
    }

    /// The first slot to probe for word `w` (the product's top bits, masked).
    @inline(__always)
    private func index(_ w: UInt64) -> Int { Int(truncatingIfNeeded: (w &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask }

    /// The value of the `n` bytes at `s` (`n` in 1...8), if present.
    @inline(__always)
    func find(_ s: UnsafePointer<UInt8>, _ n: Int) -> Int? {
        let w = Self.word(s, n)
        var i = index(w)
        while true {
            let tag = tags[i]
            if tag == 0 { return nil }
            if tag & 15 == n && words[i] == w { return tag >> 4 }
            i = (i + 1) & mask
        }
    }

    /// Adds the `n` bytes at `s` (`n` in 1...8; not present) with `value` (≥ 0).
    mutating func insert(_ s: UnsafePointer<UInt8>, _ n: Int, value: Int) {
        if (used + 1) * 2 > mask + 1 { grow() }
        place(Self.word(s, n), value << 4 | n)
        used += 1
    }

    private func place(_ w: UInt64, _ tag: Int) {
        var i = index(w)
        while tags[i] != 0 { i = (i + 1) & mask }
        words[i] = w
        tags[i] = tag
    }

    /// Twice the slots (at most half of them used).
    private mutating func grow() {
        let oldWords = words, oldTags = tags, oldCount = mask + 1
        words = .allocate(capacity: oldCount * 2)
        words.initialize(repeating: 0, count: oldCount * 2)
        tags = .allocate(capacity: oldCount * 2)
        tags.initialize(repeating: 0, count: oldCount * 2)
        mask = oldCount * 2 - 1
        for i in 0..<oldCount where oldTags[i] != 0 { place(oldWords[i], oldTags[i]) }
        oldWords.deallocate(); oldTags.deallocate()
    }

    func free() { words.deallocate(); tags.deallocate() }
}
