/// Interns user identifiers: each distinct `user_id` gets a small integer, in order of first
/// appearance. Traces without a `user_id` belong to `"unknown"`. Names are compared by their
/// UTF-8 bytes, as the reader compares trace ids: `"é"` precomposed and `"e\u{301}"` are two users.
///
/// The index is an open-addressing table of positions in ``names`` keyed by FNV-1a of the name's
/// UTF-8 bytes, with each name's hash kept so that growing the table never hashes a name again. With a million users, every trace of
/// a file can be a new user, interned once in its part and once more when the parts are merged:
/// a `[String: Int]` spent about a fifth of `compare`'s time hashing (SipHash) and rehashing.
public struct TraceUsers: Sendable {
    public private(set) var names: [String] = []
    /// `hashes[i]`: the hash of `names[i]`.
    private var hashes: [UInt64] = []
    /// Positions in `names`, −1 for an empty slot; a power of two long, at most half full.
    private var slots: [Int] = []

    public init() {}

    /// The index of `name`, adding it if new.
    public mutating func intern(_ name: String) -> Int {
        intern(name, hash: Self.hash(name))
    }

    private mutating func intern(_ name: String, hash h: UInt64) -> Int {
        if let i = find(name, hash: h) { return i }
        if (names.count + 1) * 2 > slots.count { grow(to: Swift.max(16, slots.count * 2)) }
        let i = names.count
        names.append(name)
        hashes.append(h)
        place(i, hash: h)
        return i
    }

    /// Interns every name of `other` in its order and returns their indices here (a part's user
    /// table merged into the file's): the names' hashes are taken from `other`, not computed again.
    /// Into an empty table (a file's first part, read from no earlier users) the result is `other`
    /// itself, taken whole: its names are distinct, so interning them in order numbers them
    /// `0..<other.count`, and nothing is hashed or placed again.
    public mutating func intern(contentsOf other: TraceUsers) -> [Int] {
        if names.isEmpty {
            self = other
            return Array(0..<other.count)
        }
        reserveCapacity(other.count)
        return other.names.indices.map { intern(other.names[$0], hash: other.hashes[$0]) }
    }

    /// The index of `name` if known.
    public func lookup(_ name: String) -> Int? { find(name, hash: Self.hash(name)) }

    public var count: Int { names.count }

    /// Makes room for `additional` more names without growing the table again.
    public mutating func reserveCapacity(_ additional: Int) {
        let total = names.count + Swift.max(0, additional)
        names.reserveCapacity(total)
        hashes.reserveCapacity(total)
        var size = Swift.max(16, slots.count)
        while total * 2 > size { size *= 2 }
        if size > slots.count { grow(to: size) }
    }

    private func find(_ name: String, hash h: UInt64) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: Self.mixed(h)) & mask
        while true {
            let i = slots[s]
            if i < 0 { return nil }
            if hashes[i] == h && names[i].utf8.elementsEqual(name.utf8) { return i }
            s = (s + 1) & mask
        }
    }

    private mutating func place(_ i: Int, hash h: UInt64) {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: Self.mixed(h)) & mask
        while slots[s] >= 0 { s = (s + 1) & mask }
        slots[s] = i
    }

    private mutating func grow(to size: Int) {
        slots = [Int](repeating: -1, count: size)
        for i in names.indices { place(i, hash: hashes[i]) }
    }

    /// FNV-1a, 64 bits, of the UTF-8 bytes (as ``ContiguityTracker/hash(_:_:)`` hashes a field's bytes).
    static func hash(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { bytes in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            return h
        }
    }

    /// Spreads FNV's low bits (the slot index) over the whole hash (the murmur3 finaliser).
    @inline(__always) static func mixed(_ h: UInt64) -> UInt64 {
        var x = h
        x ^= x >> 33
        x = x &* 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        x = x &* 0xc4ce_b9fe_1a85_ec53
        x ^= x >> 33
        return x
    }
}
