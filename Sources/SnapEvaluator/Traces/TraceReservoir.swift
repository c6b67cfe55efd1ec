/// A uniform random sample of at most `capacity` traces from a stream of any length
/// (reservoir sampling, Vitter's algorithm R), so that plots of a huge file use bounded memory.
///
/// Random numbers: GSL's mt19937 (``GSLRandom``) seeded with `seed`; the same stream and seed
/// give the same sample. Up to `capacity` traces are all kept, in order.
public final class TraceReservoir {
    public let capacity: Int
    public let seed: UInt64
    /// The sample (all traces while fewer than `capacity` were seen).
    public private(set) var traces: [TraceRelease] = []
    /// Traces seen.
    public private(set) var seen = 0
    private let rng: GSLRandom

    public init(capacity: Int, seed: UInt64) throws {
        self.capacity = max(1, capacity)
        self.seed = seed
        rng = try GSLRandom(seed: seed)
    }

    /// Offers one trace to the sample.
    public func add(_ trace: TraceRelease) {
        seen += 1
        if traces.count < capacity {
            traces.append(trace)
        } else {
            let j = rng.integer(below: seen)
            if j < capacity { traces[j] = trace }
        }
    }

    /// Whether every trace seen is in the sample.
    public var isComplete: Bool { seen <= capacity }
}
