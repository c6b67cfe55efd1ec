/// A uniform random sample of bounded size from a stream of numbers (reservoir sampling,
/// Vitter's algorithm R), so that quantiles of unbounded streams need bounded memory.
///
/// While at most ``capacity`` values have been added the sample holds them all (quantiles are
/// exact); after that each of the `n` values seen is kept with probability `capacity / n`, and
/// quantiles are estimates (standard error of a median ≈ 1.25·σ/√capacity). The random
/// generator is SplitMix64 with a fixed seed: results are reproducible.
public struct BoundedSample: Sendable {
    public let capacity: Int
    public private(set) var values: [Double] = []
    /// Values offered so far.
    public private(set) var seen = 0
    /// The smallest and largest value offered (exact).
    public private(set) var minimum = Double.infinity
    public private(set) var maximum = -Double.infinity
    private var state: UInt64

    public init(capacity: Int = 100_000, seed: UInt64 = 0x5EED) {
        self.capacity = Swift.max(1, capacity)
        state = seed
    }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func add(_ x: Double) {
        guard !x.isNaN else { return }
        seen += 1
        minimum = Swift.min(minimum, x)
        maximum = Swift.max(maximum, x)
        if values.count < capacity {
            values.append(x)
            return
        }
        let j = Int(next() % UInt64(seen))
        if j < capacity { values[j] = x }
    }

    /// Whether the quantiles are exact (every value kept).
    public var isExact: Bool { seen <= capacity }
}
