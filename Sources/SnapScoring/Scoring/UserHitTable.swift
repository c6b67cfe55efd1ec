/// Hits per user and policy, `[u·P + k]` (`P` policies): one byte per count while every count
/// fits in one, four bytes from the first count that does not.
///
/// With a million users and the whole catalogue this is ``ScoreAccumulator``'s largest table;
/// most such users have a handful of traces, so bytes cut it (and the pages the process touches
/// to build it, merge it and read it) to a quarter. A count about to pass 255 widens the whole
/// table once to `UInt32` (no user has 2³² traces); the values are the same either way.
struct UserHitTable: Sendable {
    /// Policies per row.
    let policies: Int
    /// The counts while narrow (empty once wide).
    private(set) var narrow: [UInt8] = []
    /// The counts once wide (empty while narrow).
    private(set) var wide: [UInt32] = []
    private(set) var isWide = false
    /// Users (rows).
    private(set) var users = 0
    /// One narrow row of zeros (``addUsers(upTo:)``).
    private var zeroRow: [UInt8] = []

    init(policies: Int) {
        self.policies = policies
    }

    /// Count `i` (`u·P + k`).
    subscript(i: Int) -> UInt32 {
        isWide ? wide[i] : UInt32(narrow[i])
    }

    /// Every count, widened: `[u·P + k]`.
    var values: [UInt32] { isWide ? wide : narrow.map { UInt32($0) } }

    /// Appends zero rows until there are `count` users (the arrays grow geometrically). One row,
    /// the usual case (a new user's first trace), is copied from a stored row of zeros.
    mutating func addUsers(upTo count: Int) {
        guard count > users else { return }
        let added = (count - users) * policies
        if isWide {
            wide.append(contentsOf: repeatElement(0, count: added))
        } else if count == users + 1 {
            if zeroRow.count != policies { zeroRow = [UInt8](repeating: 0, count: policies) }
            narrow.append(contentsOf: zeroRow)
        } else {
            narrow.append(contentsOf: repeatElement(0, count: added))
        }
        users = count
    }

    /// Reserves room for `count` users.
    mutating func reserveUsers(_ count: Int) {
        if isWide { wide.reserveCapacity(count * policies) } else { narrow.reserveCapacity(count * policies) }
    }

    /// Adds 1 to count `i`.
    @inline(__always)
    mutating func increment(_ i: Int) {
        if !isWide {
            let v = narrow[i]
            if v < UInt8.max {
                narrow[i] = v &+ 1
                return
            }
            widen()
        }
        wide[i] += 1
    }

    /// Adds 1 to count `start + b` for every set bit `b` of `bits` (the hits of one trace, for
    /// one word of its hit pattern: `start` is the user's row plus the word's first policy).
    /// One access to the table for all of them (no uniqueness check per count).
    @inline(__always)
    mutating func increment(from start: Int, bits: UInt64) {
        if !isWide {
            let done = narrow.withUnsafeMutableBufferPointer { counts -> Bool in
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
        wide.withUnsafeMutableBufferPointer { counts in
            var b = bits
            while b != 0 {
                counts[start + b.trailingZeroBitCount] += 1
                b &= b - 1
            }
        }
    }

    /// Adds `value` to count `i`.
    @inline(__always)
    mutating func add(_ value: UInt32, at i: Int) {
        if !isWide {
            let sum = UInt32(narrow[i]) + value
            if sum <= UInt32(UInt8.max) {
                narrow[i] = UInt8(truncatingIfNeeded: sum)
                return
            }
            widen()
        }
        wide[i] += value
    }

    /// From now on four bytes per count.
    @inline(never)
    private mutating func widen() {
        wide = narrow.map { UInt32($0) }
        narrow = []
        isWide = true
    }
}
