import SnapTraces

extension FitData {
    /// A seeded uniform sample of at most `capacity` labelled traces, kept in ``FitData``'s
    /// compact columns as they are read: the same sample, in the same order, as
    /// ``TraceReservoir`` with the same capacity and seed followed by ``FitData/init(_:)``
    /// (Algorithm R on GSL's mt19937), without holding the full records.
    public final class Reservoir {
        public let capacity: Int
        /// Labelled traces offered so far.
        public var seen: Int { slots.seen }
        private var store: Store
        private var slots: ReservoirSlots

        public init(capacity: Int, seed: UInt64) throws {
            #if os(Linux)
            // The columns (and a fit's per-sample arrays) are large and freed in turn as they grow;
            // glibc would raise its mmap threshold after the first such free and keep later ones in
            // its arenas, resident. A fixed 1 MiB threshold hands every large block back on free
            // (at a million traces: 197 MB peak instead of 214).
            _ = glibcMallopt(-3, 1 << 20)   // M_MMAP_THRESHOLD
            #endif
            self.capacity = Swift.max(1, capacity)
            slots = try ReservoirSlots(capacity: self.capacity, seed: seed)
            store = Store(reserving: Swift.min(self.capacity, 1 << 16))
        }

        /// Offers `trace` (unlabelled traces are ignored).
        public func add(_ trace: TraceRelease) {
            guard trace.intendedIndex != nil, let j = slots.next() else { return }
            if j == store.count { store.append(trace) } else { store.replace(j, with: trace) }
        }

        /// Traces kept.
        public var count: Int { store.count }

        /// The sample as fit data.
        public var data: FitData { FitData(store) }
    }
}

#if os(Linux)
/// glibc's `int mallopt(int param, int value)` (declared in `malloc.h`, which the Glibc module
/// does not export).
@_silgen_name("mallopt")
private func glibcMallopt(_ param: Int32, _ value: Int32) -> Int32
#endif
