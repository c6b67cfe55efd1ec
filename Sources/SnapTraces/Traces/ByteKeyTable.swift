/// A map from byte strings to small integers, for the reader's per-trace look-ups (a trace's
/// `user_id` bytes to its user index): open addressing on FNV-1a hashes, keys copied into its
/// own storage, so a look-up makes no `String` and hashes no `String`.
struct ByteKeyTable {
    private struct Slot {
        var hash: UInt64
        var start: Int
        var count: Int
        /// -1: an empty slot.
        var value: Int
    }

    private var slots: UnsafeMutablePointer<Slot>
    private var mask: Int
    private var used = 0
    private var keys = ByteArena()

    init() {
        slots = .allocate(capacity: 64)
        slots.initialize(repeating: Slot(hash: 0, start: 0, count: 0, value: -1), count: 64)
        mask = 63
    }

    /// The value of the key `[s, e)` (whose ``TraceReader/hash(_:_:)`` is `hash`), if present.
    @inline(__always)
    func find(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, hash: UInt64) -> Int? {
        let n = e - s
        var i = Self.index(hash) & mask
        while true {
            let slot = slots[i]
            if slot.value < 0 { return nil }
            if slot.hash == hash && slot.count == n && TraceReader.bytesEqual(UnsafePointer(keys.base + slot.start), s, n) {
                return slot.value
            }
            i = (i + 1) & mask
        }
    }

    /// Adds the key `[s, e)` (not present; its hash is `hash`) with `value` (≥ 0).
    mutating func insert(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, hash: UInt64, value: Int) {
        if (used + 1) * 2 > mask + 1 { grow() }
        let start = keys.count
        keys.append(s, e)
        place(Slot(hash: hash, start: start, count: e - s, value: value))
        used += 1
    }

    private func place(_ slot: Slot) {
        var i = Self.index(slot.hash) & mask
        while slots[i].value >= 0 { i = (i + 1) & mask }
        slots[i] = slot
    }

    /// Twice the slots (at most half of them used).
    private mutating func grow() {
        let old = slots, oldCount = mask + 1
        slots = .allocate(capacity: oldCount * 2)
        slots.initialize(repeating: Slot(hash: 0, start: 0, count: 0, value: -1), count: oldCount * 2)
        mask = oldCount * 2 - 1
        for i in 0..<oldCount where old[i].value >= 0 { place(old[i]) }
        old.deallocate()
    }

    /// The slot to probe first: the hash's high and low halves mixed.
    @inline(__always)
    private static func index(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    func free() {
        slots.deallocate()
        keys.free()
    }
}
