#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte array on a raw allocation (no copy-on-write, reused across traces).
struct ByteArena {
    private(set) var base = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    private var capacity = 64
    private(set) var count = 0

    mutating func removeAll() { count = 0 }

    mutating func append(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) {
        let n = e - s
        if count + n > capacity {
            var c = capacity * 2
            while c < count + n { c *= 2 }
            let nb = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
            nb.update(from: base, count: count)
            base.deallocate()
            base = nb
            capacity = c
        }
        (base + count).update(from: s, count: n)
        count += n
    }

    @inline(__always)
    func equals(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
        count == e - s && TraceReader.bytesEqual(base, s, count)
    }

    func free() { base.deallocate() }
}
