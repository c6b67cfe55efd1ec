/// Hits per user and policy, `[u·P + k]` (`P` policies): one byte per count while every count
/// fits in one, four bytes from the first count that does not.
///
/// With a million users and the whole catalogue this is ``ScoreAccumulator``'s largest table;
/// most such users have a handful of traces, so bytes cut it (and the pages the process touches
/// to build it, merge it and read it) to a quarter. A count about to pass 255 widens the whole
/// table once to `UInt32` (no user has 2³² traces); the values are the same either way.
///
/// The batch scorer adds a trace's hits as its hit pattern (``add(hits:words:user:)``): for the
/// first ``slicedUsers`` users, and up to 64 policies, into bit-sliced counters (``planes``: per
/// user eight 64-bit planes, plane `j` holding bit `j` of each policy's pending count), a
/// ripple-carry addition of the whole pattern at once instead of one increment per hit. Every
/// count is the stored count plus the pending one (whole numbers: the same counts in any order);
/// the readers (``subscript(_:)``, ``values``, ``narrow``, ``wide``, ``isWide``) see that sum,
/// and ``settle()`` moves the pending counts into the stored ones.
struct UserHitTable: Sendable {
    /// Policies per row.
    let policies: Int
    /// The stored counts while narrow (empty once wide).
    private var narrowCounts: [UInt8] = []
    /// The stored counts once wide (empty while narrow).
    private var wideCounts: [UInt32] = []
    private var wideStore = false
    /// Users (rows).
    private(set) var users = 0
    /// One narrow row of zeros (``addUsers(upTo:)``).
    private var zeroRow: [UInt8] = []
    /// The pending counts of users `0..<planes.count / 8`, bit-sliced: bit `k` of
    /// `planes[u·8 + j]` is bit `j` of user `u`'s pending count of policy `k` (kept for at most
    /// ``slicedUsers`` users, and only with up to 64 policies; the others are counted directly).
    private var planes: [UInt64] = []
    /// Whether some plane may be non-zero (a hit pattern was added since the last ``settle()``).
    private(set) var hasPending = false
    /// Users whose hit patterns are counted bit-sliced (64 bytes each).
    static let slicedUsers = 1 << 14
    /// Planes per user: pending counts up to 255.
    static let planesPerUser = 8

    /// The counts with the pending ones moved in (a copy; `self` when nothing is pending).
    private var settled: UserHitTable {
        guard hasPending else { return self }
        var copy = self
        copy.settle()
        return copy
    }

    /// The counts while narrow (empty once wide).
    var narrow: [UInt8] { hasPending ? settled.narrowCounts : narrowCounts }
    /// The counts once wide (empty while narrow).
    var wide: [UInt32] { hasPending ? settled.wideCounts : wideCounts }
    /// Whether the counts are four bytes each.
    var isWide: Bool { hasPending ? settled.wideStore : wideStore }

    init(policies: Int) {
        self.policies = policies
    }

    /// Count `i` (`u·P + k`).
    subscript(i: Int) -> UInt32 {
        let stored = wideStore ? wideCounts[i] : UInt32(narrowCounts[i])
        return hasPending ? stored + pending(at: i) : stored
    }

    /// Every count, widened: `[u·P + k]`.
    var values: [UInt32] {
        let table = settled
        return table.wideStore ? table.wideCounts : table.narrowCounts.map { UInt32($0) }
    }

    /// The pending count `i` (`u·P + k`), read from its user's planes.
    private func pending(at i: Int) -> UInt32 {
        let u = i / policies, k = UInt64(i % policies)
        guard (u + 1) * Self.planesPerUser <= planes.count else { return 0 }
        var n: UInt32 = 0
        for j in 0..<Self.planesPerUser { n |= UInt32(truncatingIfNeeded: (planes[u * Self.planesPerUser + j] >> k) & 1) << j }
        return n
    }

    /// Appends zero rows until there are `count` users (the arrays grow geometrically). One row,
    /// the usual case (a new user's first trace), is copied from a stored row of zeros. Users
    /// below ``slicedUsers`` get their (zero) planes when the table has at most 64 policies.
    mutating func addUsers(upTo count: Int) {
        guard count > users else { return }
        let added = (count - users) * policies
        if wideStore {
            wideCounts.append(contentsOf: repeatElement(0, count: added))
        } else if count == users + 1 {
            if zeroRow.count != policies { zeroRow = [UInt8](repeating: 0, count: policies) }
            narrowCounts.append(contentsOf: zeroRow)
        } else {
            narrowCounts.append(contentsOf: repeatElement(0, count: added))
        }
        users = count
        let sliced = policies <= 64 ? Swift.min(count, Self.slicedUsers) * Self.planesPerUser : 0
        if sliced > planes.count { planes.append(contentsOf: repeatElement(0, count: sliced - planes.count)) }
    }

    /// Reserves room for `count` users.
    mutating func reserveUsers(_ count: Int) {
        if wideStore { wideCounts.reserveCapacity(count * policies) } else { narrowCounts.reserveCapacity(count * policies) }
    }

    /// Adds 1 to count `i`.
    @inline(__always)
    mutating func increment(_ i: Int) {
        if !wideStore {
            let v = narrowCounts[i]
            if v < UInt8.max {
                narrowCounts[i] = v &+ 1
                return
            }
            widen()
        }
        wideCounts[i] += 1
    }

    /// Adds 1 to count `start + b` for every set bit `b` of `bits` (the hits of one trace, for
    /// one word of its hit pattern: `start` is the user's row plus the word's first policy).
    /// One access to the table for all of them (no uniqueness check per count).
    @inline(__always)
    mutating func increment(from start: Int, bits: UInt64) {
        if !wideStore {
            let done = narrowCounts.withUnsafeMutableBufferPointer { counts -> Bool in
                var b = bits
                while b != 0 {
                    if counts[start + b.trailingZeroBitCount] == UInt8.max { return false }
                    b &= b - 1
                }
                b = bits
                while b != 0 {
                    counts[start + b.trailingZeroBitCount] &+= 1
                    b &= b - 1
                }
                return true
            }
            if done { return }
            widen()
        }
        wideCounts.withUnsafeMutableBufferPointer { counts in
            var b = bits
            while b != 0 {
                counts[start + b.trailingZeroBitCount] += 1
                b &= b - 1
            }
        }
    }

    /// Adds the hits of one trace of user `u` (a row added already): its hit pattern, `words`
    /// words at `pattern` (bit `k` of word `k/64` set when policy `k` hit). With one word and
    /// `u` below ``slicedUsers``, the pattern is added to the user's planes (a ripple-carry
    /// addition: plane `j` takes the carry out of plane `j − 1`; usually a few planes); a carry
    /// out of the last plane is a pending count of 256, added to the stored counts at once.
    /// Otherwise each word as ``increment(from:bits:)``.
    @inline(__always)
    mutating func add(hits pattern: UnsafePointer<UInt64>, words: Int, user u: Int) {
        if words == 1 && (u &+ 1) &* Self.planesPerUser <= planes.count {
            var carry = pattern.pointee
            hasPending = true
            let overflow = planes.withUnsafeMutableBufferPointer { planes -> UInt64 in
                var plane = planes.baseAddress! + u &* Self.planesPerUser
                let end = plane + Self.planesPerUser
                while carry != 0 && plane < end {
                    let old = plane.pointee
                    plane.pointee = old ^ carry
                    carry &= old
                    plane += 1
                }
                return carry
            }
            if overflow != 0 { addOverflow(overflow, user: u) }
            return
        }
        for w in 0..<words { increment(from: u * policies + w * 64, bits: pattern[w]) }
    }

    /// A carry out of user `u`'s last plane: 256 more for each policy in `bits` (out of line:
    /// once in 256 hits of a policy at most).
    @inline(never)
    private mutating func addOverflow(_ bits: UInt64, user u: Int) {
        var b = bits
        while b != 0 {
            add(UInt32(1) << UInt32(Self.planesPerUser), at: u * policies + b.trailingZeroBitCount)
            b &= b - 1
        }
    }

    /// Moves the pending counts into the stored ones (the same counts; the planes zero after).
    mutating func settle() {
        guard hasPending else { return }
        hasPending = false
        for u in 0..<(planes.count / Self.planesPerUser) {
            for j in 0..<Self.planesPerUser {
                var b = planes[u * Self.planesPerUser + j]
                guard b != 0 else { continue }
                planes[u * Self.planesPerUser + j] = 0
                while b != 0 {
                    add(UInt32(1) << UInt32(j), at: u * policies + b.trailingZeroBitCount)
                    b &= b - 1
                }
            }
        }
    }

    /// Adds `value` to count `i` (its stored part).
    @inline(__always)
    mutating func add(_ value: UInt32, at i: Int) {
        if !wideStore {
            let sum = UInt32(narrowCounts[i]) + value
            if sum <= UInt32(UInt8.max) {
                narrowCounts[i] = UInt8(truncatingIfNeeded: sum)
                return
            }
            widen()
        }
        wideCounts[i] += value
    }

    /// From now on four bytes per count.
    @inline(never)
    private mutating func widen() {
        wideCounts = narrowCounts.map { UInt32($0) }
        narrowCounts = []
        wideStore = true
    }
}
