import SnapGSL

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
    public var seen: Int { slots.seen }
    private var slots: ReservoirSlots

    public init(capacity: Int, seed: UInt64) throws {
        self.capacity = max(1, capacity)
        self.seed = seed
        slots = try ReservoirSlots(capacity: self.capacity, seed: seed)
    }

    /// Offers one trace to the sample.
    public func add(_ trace: TraceRelease) {
        guard let j = slots.next() else { return }
        if j == traces.count { traces.append(trace) } else { traces[j] = trace }
    }

    /// Whether every trace seen is in the sample.
    public var isComplete: Bool { seen <= capacity }
}

/// Algorithm R's decision for each item of a stream offered to a reservoir of `capacity`:
/// the first `capacity` items fill slots `0..<capacity` in order; item `n` (1-based) then
/// replaces slot `j` when GSL's mt19937 draws `j < capacity` uniformly from `0..<n`, else it
/// is dropped. Shared by ``TraceReservoir`` and ``FitData/Reservoir`` so both draw the same sample.
package struct ReservoirSlots {
    package let capacity: Int
    /// Items offered so far.
    package private(set) var seen = 0
    private let rng: GSLRandom

    package init(capacity: Int, seed: UInt64) throws {
        self.capacity = capacity
        rng = try GSLRandom(seed: seed)
    }

    /// The slot of the next item (`seen - 1` while filling: append), or `nil` to drop it.
    package mutating func next() -> Int? {
        seen += 1
        if seen <= capacity { return seen - 1 }
        let j = rng.integer(below: seen)
        return j < capacity ? j : nil
    }
}
