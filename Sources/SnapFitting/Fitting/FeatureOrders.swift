import Dispatch
import SnapStrategies
import Synchronization
import SnapScoring

/// The traces of a ``FitData`` sorted by each feature that a policy's free thresholds declare
/// (``PolicyParameter/comparedWith``): computed once per fitting job and shared by all its fits
/// (folds, bootstrap refits), since a resample changes only the traces' weights, never their
/// features.
///
/// With it, one step over a declared threshold on a large sample is a sweep
/// (``StepSearch/sweepProfile(_:at:coordinate:feature:order:lossAtX:sample:)``): only the traces
/// whose feature lies inside the threshold's feasible range can change decision, they are visited
/// in feature order (so the change points come out sorted, with no sort), and each is decided at
/// the two ends of the range. 4 bytes per trace and feature (the trace index);
/// traces whose feature is NaN are left out (their decision cannot change at a threshold).
///
/// A feature the policy measures itself (``ThresholdFeature/Quantity/measured(_:dependsOn:)``)
/// depends on the values of the parameters it names: its order holds only at those values (its
/// ``Order/key``). ``order(_:at:policy:data:)`` hands out the order for a point's values, sorting
/// the traces again when none is kept for them (from the order kept last, which a change of a
/// gain or a bounce factor leaves nearly sorted; `n log n` at worst, far cheaper than bisecting
/// every trace's change). The last few orders per quantity are kept (at most
/// ``cacheBytes`` each), so that fits running at the same time, or returning to the starting
/// values, share them.
public final class FeatureOrders: Sendable {
    /// One feature's traces, ascending by value (ties by index), at the values ``key`` of the
    /// parameters it depends on. The values are not stored: a binary search recomputes the few
    /// it reads, a sweep those of the traces it decides.
    struct Order: Sendable {
        let feature: ThresholdFeature
        let traces: [UInt32]
        /// The data's layouts moved to the policy's snap origin, by layout index.
        let layouts: [CarouselLayout]
        /// The values of the parameters the feature depends on (``FeatureOrders/dependencies(_:)``)
        /// the traces were sorted at: the order holds at every point with these values.
        let key: [Double]
        /// The feature of a release in its (moved) layout, by the policy at ``key``.
        let measure: @Sendable (Release, CarouselLayout) -> Double

        /// The feature of trace `i` of `data`.
        @inline(__always)
        func value(_ data: FitData, _ i: Int) -> Double {
            measure(data.releases[i], layouts[Int(data.layoutIndex[i])])
        }

        /// Positions whose change point (``ThresholdFeature/change(at:)``) lies inside
        /// `lo...hi`: `lo < f ≤ hi` for `>`, `lo ≤ f < hi` for `≥`.
        func positions(_ data: FitData, changingIn lo: Double, _ hi: Double, _ comparison: ThresholdFeature.Comparison) -> Range<Int> {
            let strictLow = comparison == .exceeds
            let first = partition(data) { strictLow ? $0 > lo : $0 >= lo }
            let end = partition(data) { strictLow ? $0 > hi : $0 >= hi }
            return first..<Swift.max(first, end)
        }

        /// The first position whose trace fires at threshold `t` (`f > t` for `>`, `f ≥ t` for `≥`):
        /// the traces from there on fire, those before do not.
        func firing(_ data: FitData, at t: Double, _ comparison: ThresholdFeature.Comparison) -> Int {
            comparison == .exceeds ? partition(data) { $0 > t } : partition(data) { $0 >= t }
        }

        /// The first position whose value satisfies `above` (values ascending, `above` monotone).
        private func partition(_ data: FitData, _ above: (Double) -> Bool) -> Int {
            var lo = 0, hi = traces.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if above(value(data, Int(traces[mid]))) { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }

        /// The order of `feature` by `policy` (at its current values, whose dependencies' values
        /// are `key`) over every trace of `data`, sorted from the sequence `previous` (e.g. an order
        /// of the same feature at other values; traces it leaves out follow in index order).
        static func sorted<P: SnapPolicy>(_ feature: ThresholdFeature, by policy: P, key: [Double], data: FitData,
                                          layouts: [CarouselLayout], from previous: [UInt32]?) -> Order {
            var keyed: [(value: Double, trace: UInt32)] = []
            keyed.reserveCapacity(data.count)
            func add(_ i: Int) {
                let f = feature.value(of: data.releases[i], in: layouts[Int(data.layoutIndex[i])], by: policy)
                if !f.isNaN { keyed.append((f, UInt32(i))) }
            }
            if let previous {
                // Its traces first, then any it left out (their feature was NaN there).
                var seen = [Bool](repeating: false, count: data.count)
                for i in previous where Int(i) < data.count && !seen[Int(i)] {
                    seen[Int(i)] = true
                    add(Int(i))
                }
                for i in 0..<data.count where !seen[i] { add(i) }
            } else {
                for i in 0..<data.count { add(i) }
            }
            // Stable merge sort over runs: a sequence already nearly in order sorts in about linear time.
            keyed.sort { $0.value != $1.value ? $0.value < $1.value : $0.trace < $1.trace }
            // A feature of the release alone is measured without the policy (no generic call per value).
            let measure: @Sendable (Release, CarouselLayout) -> Double
            if case .measured = feature.quantity {
                measure = { feature.value(of: $0, in: $1, by: policy) }
            } else {
                measure = { feature.value(of: $0, in: $1) ?? .nan }
            }
            return Order(feature: feature, traces: keyed.map(\.trace), layouts: layouts, key: key, measure: measure)
        }
    }

    /// The orders at the values of the policy the orders were made for.
    let orders: [ThresholdFeature.Quantity: Order]
    /// Vector indices of the parameters each quantity depends on (every parameter when it names
    /// one the policy does not have: then any change sorts again, which is exact, only slower).
    private let dependencyIndices: [ThresholdFeature.Quantity: [Int]]
    /// Orders sorted at other values, most recently used first, at most ``capacity`` per quantity.
    private let cache = Mutex<[ThresholdFeature.Quantity: [Order]]>([:])
    /// Orders kept per quantity: as many as fit in ``cacheBytes``, between 1 and 8.
    let capacity: Int
    /// The memory the orders kept for one quantity may take.
    static let cacheBytes = 4 << 20
    /// The data's layouts moved to the policy's snap origin.
    private let layouts: [CarouselLayout]
    /// How many times ``order(_:at:policy:data:)`` sorted the traces again (a measured feature at
    /// values no kept order was for).
    let sorts = Atomic<Int>(0)
    /// The loss of every trace per side pattern of the free thresholds (``DecisionTable``), when
    /// `objective` was given and they are all declared (else `nil`).
    let table: DecisionTable?

    /// The orders of the declared features of `policy`'s parameters `names` (default: every
    /// threshold, as ``BoundTransform``), measured in the layout the policy decides in at its
    /// current values; with an `objective`, also the ``DecisionTable`` of the fit when it can have one.
    public init(data: FitData, policy: any SnapPolicy, parameters names: [String]? = nil,
                objective: FitObjective? = nil) throws {
        let specs = policy.parameterSpecs
        let free = try BoundTransform(policy: policy.id, specs: specs, values: policy.parameterValues, free: names).coordinates
        let features = free.compactMap { StepSearchFeature.declared(specs[$0.index], $0) }
        var dependencyIndices: [ThresholdFeature.Quantity: [Int]] = [:]
        for f in features {
            let names = f.quantity.dependencies
            let indices = names.compactMap { name in specs.firstIndex { $0.name == name } }
            dependencyIndices[f.quantity] = indices.count == names.count ? indices : Array(specs.indices)
        }
        self.dependencyIndices = dependencyIndices
        layouts = data.layouts.map { $0.snapped(to: policy.snapOrigin) }
        capacity = Swift.min(8, Swift.max(1, Self.cacheBytes / Swift.max(1, 4 * data.count)))
        let values = policy.parameterValues
        var orders: [ThresholdFeature.Quantity: Order] = [:]
        for f in features where orders[f.quantity] == nil {
            let key = (dependencyIndices[f.quantity] ?? []).map { values[$0] }
            orders[f.quantity] = Order.sorted(ThresholdFeature(f.quantity, .exceeds), by: policy, key: key, data: data,
                                              layouts: layouts, from: nil)
        }
        self.orders = orders
        if let objective {
            table = DecisionTable.make(policy, data: data, coordinates: free, order: { orders[$0] }, objective: objective)
        } else {
            table = nil
        }
    }

    /// The vector indices of the parameters quantity `q` depends on.
    func dependencies(_ q: ThresholdFeature.Quantity) -> [Int] { dependencyIndices[q] ?? [] }

    /// The order of quantity `q` at point `x` (the values of `policy`'s parameters, ``policy`` of
    /// the same type and constants as the one the orders were made for), sorted again when no order
    /// kept is for `x`'s values of the parameters `q` depends on; `nil` when `q` is not a declared
    /// feature of the free parameters.
    func order<P: SnapPolicy>(_ q: ThresholdFeature.Quantity, at x: [Double], policy: P, data: FitData) -> Order? {
        guard let made = orders[q] else { return nil }
        let key = dependencies(q).map { x[$0] }
        if made.key == key { return made }
        if let kept = cache.withLock({ cache -> Order? in
            guard var list = cache[q], let k = list.firstIndex(where: { $0.key == key }) else { return nil }
            let order = list.remove(at: k)
            list.insert(order, at: 0)
            cache[q] = list
            return order
        }) {
            return kept
        }
        var measuring = policy
        measuring.assignValidatedParameterValues(x)
        let previous = cache.withLock { $0[q]?.first?.traces } ?? made.traces
        let order = Order.sorted(made.feature, by: measuring, key: key, data: data, layouts: layouts, from: previous)
        sorts.add(1, ordering: .relaxed)
        cache.withLock { cache in
            var list = cache[q] ?? []
            if !list.contains(where: { $0.key == key }) { list.insert(order, at: 0) }
            if list.count > capacity { list.removeLast(list.count - capacity) }
            cache[q] = list
        }
        return order
    }
}

extension StepSearch {
    /// The profile of declared threshold `c` at `x` as a sweep over `order` (see
    /// ``FeatureOrders``): the traces of `sample` whose change point lies inside the feasible
    /// range, in feature order, each decided at the range's two ends; every trace outside keeps
    /// its decision over the whole range (the declaration, checked in `ThresholdFeatureTests`),
    /// so the loss at the lower end is `lossAtX` (the sample's loss at `x`) less the changes up
    /// to `x[c]`. `sample` must carry its dense weights (``TraceSample/withDenseWeights(traces:)``).
    func sweepProfile(_ policy: P, at x: [Double], coordinate c: BoundTransform.Coordinate, feature: ThresholdFeature,
                      order: FeatureOrders.Order, lossAtX: Double, sample: TraceSample) -> StepProfile {
        let feasible = range(c, at: x), lo = feasible.lower, hi = feasible.upper
        var y = x
        y[c.index] = lo
        let low = with(policy, y)
        y[c.index] = hi
        let high = with(policy, y)
        let positions = order.positions(data, changingIn: lo, hi, feature.comparison)
        return sweptProfile(lower: lo, upper: hi, at: x[c.index], lossAtX: lossAtX, positions: positions, chunk: 8192) { range in
            self.sweepChunk(low, high, feature, order, sample, range)
        }
    }

    /// A sweep's profile: `chunk(range)` gives the events of each range of `positions` (in order),
    /// the ranges run on every core; the loss at the lower end is `lossAtX` (the loss at `x`) less
    /// the changes up to `x`.
    func sweptProfile(lower lo: Double, upper hi: Double, at x: Double, lossAtX: Double, positions: Range<Int>, chunk: Int,
                      _ events: @escaping @Sendable (Range<Int>) -> [StepEvent]) -> StepProfile {
        let chunks = (positions.count + chunk - 1) / chunk
        var parts = [[StepEvent]](repeating: [], count: chunks)
        let work: @Sendable (Int) -> [StepEvent] = { k in
            let start = positions.lowerBound + k * chunk
            return events(start..<Swift.min(positions.upperBound, start + chunk))
        }
        if chunks == 1 {
            parts[0] = work(0)
        } else if chunks > 1 {
            parts.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let slots = ChunkSlots(base: base)
                DispatchQueue.concurrentPerform(iterations: chunks) { k in slots.base[k] = work(k) }
            }
        }
        var base = lossAtX
        for part in parts { for e in part where e.b <= x { base -= e.delta } }
        return StepProfile(lower: lo, upper: hi, base: base, parts: parts, isInteger: false)
    }

    /// One chunk of positions of a sweep: the sampled traces among them decided at both ends.
    private func sweepChunk(_ low: P, _ high: P, _ feature: ThresholdFeature, _ order: FeatureOrders.Order,
                            _ sample: TraceSample, _ positions: Range<Int>) -> [StepEvent] {
        guard let dense = sample.dense else { return [] }
        var events: [StepEvent] = []
        var batch = DecisionBatch(capacity: ScoreAccumulator.batchSize)
        var lowOutcomes = [FitData.Outcome](repeating: FitData.Outcome(target: 0, reached: false), count: ScoreAccumulator.batchSize)
        var traces: [Int] = []
        traces.reserveCapacity(ScoreAccumulator.batchSize)
        var p = positions.lowerBound
        while p < positions.upperBound {
            traces.removeAll(keepingCapacity: true)
            while p < positions.upperBound && traces.count < ScoreAccumulator.batchSize {
                let i = Int(order.traces[p])
                if dense[i] != 0 { traces.append(i) }
                p += 1
            }
            guard !traces.isEmpty else { continue }
            batch.gather(data, traces)
            batch.decide(low)
            for (t, i) in traces.enumerated() { lowOutcomes[t] = data.outcome(data.labels[i], of: batch.decisions[t], in: batch.layouts[t]) }
            batch.decide(high)
            for (t, i) in traces.enumerated() {
                let label = data.labels[i], layout = batch.layouts[t]
                let atHigh = data.outcome(label, of: batch.decisions[t], in: layout)
                guard atHigh != lowOutcomes[t] else { continue }
                let before = data.loss(label, lowOutcomes[t], layout: layout, objective: objective)
                let after = data.loss(label, atHigh, layout: layout, objective: objective)
                guard before != after else { continue }
                let (a, b) = feature.change(at: order.value(data, i))
                events.append(StepEvent(a: a, b: b, delta: dense[i] * (after - before)))
            }
        }
        return events
    }
}

extension StepSearch {
    /// The change of the sample's loss from point `y` to point `z`, deciding only the traces that
    /// can change, when every free parameter is a declared threshold and `sample` has dense
    /// weights; `nil` otherwise, or when more than `limit` traces would be decided (a full pass
    /// is then as cheap).
    ///
    /// Why only those: a trace's decision depends on each declared threshold only through which
    /// side of the threshold its feature lies (the declaration, with the others held), and its
    /// features are the same at both points (no parameter a measured feature depends on differs). Going from
    /// `y` to `z` one parameter at a time, in an order that keeps the declared orders (raise the
    /// upper end of an order first, lower the lower end first), a trace whose every feature lies
    /// on the same side at `y` and at `z` keeps its decision at every step.
    func lossChange(_ policy: P, from y: [Double], to z: [Double], sample: TraceSample, limit: Int) -> Double? {
        guard let dense = sample.dense, let orders = featureOrders else { return nil }
        // A measured feature is the same at both points only when what it depends on is.
        for f in features.values { for k in orders.dependencies(f.quantity) where y[k] != z[k] { return nil } }
        var candidates: [Int] = []
        for c in free where y[c.index] != z[c.index] {
            guard let f = features[c.index], let order = orders.order(f.quantity, at: y, policy: policy, data: data) else {
                return nil
            }
            let r = order.positions(data, changingIn: Swift.min(y[c.index], z[c.index]), Swift.max(y[c.index], z[c.index]),
                                    f.comparison)
            guard candidates.count + r.count <= limit else { return nil }
            for p in r {
                let i = Int(order.traces[p])
                if dense[i] != 0 { candidates.append(i) }
            }
        }
        // Every other parameter must be the same at both points (they are not searched here).
        for k in y.indices where y[k] != z[k] && features[k] == nil { return nil }
        candidates.sort()
        var unique: [Int] = []
        unique.reserveCapacity(candidates.count)
        for i in candidates where unique.last != i { unique.append(i) }
        guard !unique.isEmpty else { return 0 }
        let weights = unique.map { dense[$0] }
        return data.lossSum(with(policy, z), objective: objective, indices: unique, weights: weights)
            - data.lossSum(with(policy, y), objective: objective, indices: unique, weights: weights)
    }
}
