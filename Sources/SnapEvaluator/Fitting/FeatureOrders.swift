import Dispatch
import SnapStrategies

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
public final class FeatureOrders: Sendable {
    /// One feature's traces, ascending by value (ties by index). The values are not stored: a
    /// binary search recomputes the few it reads, a sweep those of the traces it decides.
    struct Order: Sendable {
        let feature: ThresholdFeature
        let traces: [UInt32]
        /// The data's layouts moved to the policy's snap origin, by layout index.
        let layouts: [CarouselLayout]

        /// The feature of trace `i` of `data`.
        @inline(__always)
        func value(_ data: FitData, _ i: Int) -> Double {
            feature.value(of: data.releases[i], in: layouts[Int(data.layoutIndex[i])])
        }

        /// Positions whose change point (``ThresholdFeature/change(at:)``) lies inside
        /// `lo...hi`: `lo < f ≤ hi` for `>`, `lo ≤ f < hi` for `≥`.
        func positions(_ data: FitData, changingIn lo: Double, _ hi: Double, _ comparison: ThresholdFeature.Comparison) -> Range<Int> {
            let strictLow = comparison == .exceeds
            let first = partition(data) { strictLow ? $0 > lo : $0 >= lo }
            let end = partition(data) { strictLow ? $0 > hi : $0 >= hi }
            return first..<Swift.max(first, end)
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
    }

    let orders: [ThresholdFeature.Quantity: Order]

    /// The orders of the declared features of `policy`'s parameters `names` (default: every
    /// threshold, as ``BoundTransform``), measured in the layout the policy decides in.
    public init(data: FitData, policy: any SnapPolicy, parameters names: [String]? = nil) throws {
        let specs = policy.parameterSpecs
        let free = try BoundTransform(policy: policy.id, specs: specs, values: policy.parameterValues, free: names).coordinates
        let quantities = Set(free.compactMap { StepSearchFeature.declared(specs[$0.index], $0)?.quantity })
        var orders: [ThresholdFeature.Quantity: Order] = [:]
        let origin = policy.snapOrigin
        let layouts = data.layouts.map { $0.snapped(to: origin) }
        for q in quantities {
            let feature = ThresholdFeature(q, .exceeds)
            var keyed: [(value: Double, trace: UInt32)] = []
            keyed.reserveCapacity(data.count)
            for i in 0..<data.count {
                let f = feature.value(of: data.releases[i], in: layouts[Int(data.layoutIndex[i])])
                if !f.isNaN { keyed.append((f, UInt32(i))) }
            }
            keyed.sort { $0.value != $1.value ? $0.value < $1.value : $0.trace < $1.trace }
            orders[q] = Order(feature: feature, traces: keyed.map(\.trace), layouts: layouts)
        }
        self.orders = orders
    }

    func order(_ q: ThresholdFeature.Quantity) -> Order? { orders[q] }
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
        let (lo, hi) = range(c, at: x)
        var y = x
        y[c.index] = lo
        let low = with(policy, y)
        y[c.index] = hi
        let high = with(policy, y)
        let positions = order.positions(data, changingIn: lo, hi, feature.comparison)
        let chunk = 8192
        let chunks = (positions.count + chunk - 1) / chunk
        var parts = [[StepEvent]](repeating: [], count: chunks)
        let work: @Sendable (Int) -> [StepEvent] = { k in
            let start = positions.lowerBound + k * chunk
            return self.sweepChunk(low, high, feature, order, sample, start..<Swift.min(positions.upperBound, start + chunk))
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
        for part in parts { for e in part where e.b <= x[c.index] { base -= e.delta } }
        return StepProfile(lower: lo, upper: hi, base: base, parts: parts, isInteger: false)
    }

    /// One chunk of positions of a sweep: the sampled traces among them decided at both ends.
    private func sweepChunk(_ low: P, _ high: P, _ feature: ThresholdFeature, _ order: FeatureOrders.Order,
                            _ sample: TraceSample, _ positions: Range<Int>) -> [StepEvent] {
        guard let dense = sample.dense else { return [] }
        var events: [StepEvent] = []
        var batch = DecisionBatch(capacity: ScoreAccumulator.batchSize)
        var lowTargets = [Int](repeating: 0, count: ScoreAccumulator.batchSize)
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
            for t in traces.indices { lowTargets[t] = batch.decisions[t].targetIndex }
            batch.decide(high)
            for (t, i) in traces.enumerated() where batch.decisions[t].targetIndex != lowTargets[t] {
                let label = data.labels[i], layout = batch.layouts[t]
                let before = data.loss(label, target: lowTargets[t], layout: layout, objective: objective)
                let after = data.loss(label, target: batch.decisions[t].targetIndex, layout: layout, objective: objective)
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
    /// side of the threshold its feature lies (the declaration, with the others held). Going from
    /// `y` to `z` one parameter at a time, in an order that keeps the declared orders (raise the
    /// upper end of an order first, lower the lower end first), a trace whose every feature lies
    /// on the same side at `y` and at `z` keeps its decision at every step.
    func lossChange(_ policy: P, from y: [Double], to z: [Double], sample: TraceSample, limit: Int) -> Double? {
        guard let dense = sample.dense, let orders = featureOrders else { return nil }
        var candidates: [Int] = []
        for c in free where y[c.index] != z[c.index] {
            guard let f = features[c.index], let order = orders.order(f.quantity) else { return nil }
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
