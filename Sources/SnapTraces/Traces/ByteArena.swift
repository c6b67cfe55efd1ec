#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte array on a raw allocation (no copy-on-write, reused across traces). Its
/// capacity is never below 64 bytes (``TraceIDText/init(_:)`` reads 16 at the base).
struct ByteArena {
    private(set) var base = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    private var capacity = 64
    private(set) var count = 0

    mutating func removeAll() { count = 0 }

    @inline(__always)
    mutating func append(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) {
        let n = e - s
        if count + n > capacity { reserve(count + n) }
        let d = UnsafeMutableRawPointer(base + count), r = UnsafeRawPointer(s)
        // the short cells of a row: overlapping loads and stores rather than a memcpy call
        if n >= 8 && n <= 16 {
            let head = r.loadUnaligned(as: UInt64.self), tail = r.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            d.storeBytes(of: head, as: UInt64.self)
            d.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 && n < 8 {
            let head = r.loadUnaligned(as: UInt32.self), tail = r.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            d.storeBytes(of: head, as: UInt32.self)
            d.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
        } else if n > 0 && n < 4 {
            d.storeBytes(of: s[0], as: UInt8.self)
            d.storeBytes(of: s[n >> 1], toByteOffset: n >> 1, as: UInt8.self)
            d.storeBytes(of: s[n - 1], toByteOffset: n - 1, as: UInt8.self)
        } else if n > 0 {
            (base + count).update(from: s, count: n)
        }
        count += n
    }

    /// Room for `total` bytes (doubling).
    private mutating func reserve(_ total: Int) {
        var c = capacity * 2
        while c < total { c *= 2 }
        let nb = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
        nb.update(from: base, count: count)
        base.deallocate()
        base = nb
        capacity = c
    }

    @inline(__always)
    func equals(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
        count == e - s && TraceReader.bytesEqual(base, s, count)
    }

    func free() { base.deallocate() }
}
