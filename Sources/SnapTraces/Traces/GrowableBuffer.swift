/// A growable buffer of trivial values on a raw allocation, reused across traces.
struct GrowableBuffer<Element: BitwiseCopyable> {
    /// The storage: `count` elements, room for `capacity`. A bulk writer (the reader's fast path)
    /// may write elements `count..<capacity` through it and then set `count`.
    private(set) var base = UnsafeMutablePointer<Element>.allocate(capacity: 64)
    private(set) var capacity = 64
    /// The number of elements; a bulk writer sets it after writing them at `base` (at most
    /// `capacity`).
    var count = 0

    @inline(__always)
    mutating func append(_ v: Element) {
        if count == capacity { grow() }
        base[count] = v
        count += 1
    }

    /// Doubles the capacity (moves the elements; `base` changes).
    mutating func grow() {
        let nb = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        nb.update(from: base, count: count)
        base.deallocate()
        base = nb
        capacity *= 2
    }

    mutating func removeAll() { count = 0 }

    subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    var view: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    func free() { base.deallocate() }
}
