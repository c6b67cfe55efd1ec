/// A growable buffer of trivial values on a raw allocation, reused across traces.
struct GrowableBuffer<Element: BitwiseCopyable> {
    private var base = UnsafeMutablePointer<Element>.allocate(capacity: 64)
    private var capacity = 64
    private(set) var count = 0

    @inline(__always)
    mutating func append(_ v: Element) {
        if count == capacity {
            let nb = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            nb.update(from: base, count: count)
            base.deallocate()
            base = nb
            capacity *= 2
        }
        base[count] = v
        count += 1
    }

    mutating func removeAll() { count = 0 }

    subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    var view: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    func free() { base.deallocate() }
}
