import Dispatch
import SnapStrategies
import SnapLabSupport

/// Every trace's hit or miss under every combination of sides of a policy's free declared
/// thresholds, decided once per fitting job: a fit whose free parameters are all declared
/// (``PolicyParameter/comparedWith``) then scores a point, or steps a threshold, by looking
/// decisions up instead of making them.
///
/// Why a trace needs only `2^m` decisions for `m` declared thresholds: by the declaration (checked
/// in `ThresholdFeatureTests`), with the other parameters held a trace's decision depends on a
/// threshold `t` only through the side of its change point `t` lies on (*fires*: below the
/// change, `feature > t` for ``ThresholdFeature/Comparison/exceeds``, `feature ≥ t` for
/// ``ThresholdFeature/Comparison/atLeast``). Going from one feasible point to another with the
/// same sides one parameter at a time (in an order that keeps the declared orders) therefore
/// never changes the decision: every point with the same sides decides the same. The table holds,
/// per trace, the loss at one representative point per side pattern (each threshold at its change
/// point's lower or upper end, clamped to its range; the other parameters at the job's values).
///
/// Built only when it is exact and small: hit rate objective (losses 0 or 1, so sums are exact in
/// any order), at most ``maximumCoordinates`` free parameters, all declared, none of their features
/// measured at a free parameter's value (``ThresholdFeature/Quantity/measured(_:dependsOn:)``:
/// the orders, ranks and sides then hold for the whole fit, at the held values the table was
/// decided at, which ``fits(_:free:)`` checks), and every declared
/// order among them joins two parameters with the same feature and bounds (so a representative
/// point keeps it whenever its pattern can occur at all). 2 bytes per trace (the loss bits) plus
/// 4 bytes per trace and feature (the trace's rank in the feature's order), 4 for its user, and
/// per feature the same columns again in that feature's order (``Ordered``, 14 + 4 bytes per other
/// feature), so that a sweep reads memory in sequence: at a million traces a sweep that looks its
/// traces up by index waits on a cache miss per trace, and the fit is bound by memory latency.
final class DecisionTable: Sendable {
    /// At most this many free parameters (`2^m` patterns in 16 bits).
    static let maximumCoordinates = 4

    /// The free parameters, by vector index, in bit order.
    let coordinates: [Int]
    let features: [ThresholdFeature]
    /// The parameter vector the table was decided at (the free values do not matter).
    let base: [Double]
    /// Bit `p` of `lost[i]`: trace `i` misses under side pattern `p` (bit `k` of `p`: coordinate `k` fires).
    let lost: [UInt16]
    /// `ranks[i · quantities + q]`: trace `i`'s position in the order of the `q`-th distinct
    /// feature (``FeatureOrders``); `UInt32.max` when its feature is NaN (it never fires, and its
    /// decision does not depend on the threshold).
    let ranks: [UInt32]
    let quantities: Int
    /// Per coordinate, its feature's `q` in ``ranks`` (coordinates sharing a feature share its ranks).
    let rankOf: [Int]
    /// The order of the `q`-th distinct feature (at the table's values: its dependencies are not free).
    let orders: [FeatureOrders.Order]
    /// `userOf[i]`: trace `i`'s user, numbered `0..<users` in order of first appearance.
    let userOf: [UInt32]
    let users: Int
    /// `tracesOfUser[u]`: the number of traces of user `u`.
    let tracesOfUser: [Int32]
    /// Per feature `q`, the columns in the order of its ``FeatureOrders/Order``.
    let ordered: [Ordered]

    /// The table's columns for the traces of one feature's order, by position `p` (trace
    /// `traces[p]` of the order): what a sweep over that feature reads, in sequence.
    struct Ordered: Sendable {
        /// `lost[traces[p]]`.
        let lost: [UInt16]
        /// `others[p · (quantities − 1) + s]`: the trace's rank in the `s`-th other feature's order
        /// (features other than this one, ascending `q`); its rank in this one is `p`.
        let others: [UInt32]
        /// The trace's feature value (where its change point lies, ``ThresholdFeature/change(at:)``).
        let values: [Double]
        /// `userOf[traces[p]]`.
        let users: [UInt32]
    }

    /// The table for `policy`'s free `coordinates` over every trace of `data`, or `nil` when it
    /// would not be exact (see the type's comment).
    static func make<P: SnapPolicy>(_ policy: P, data: FitData, coordinates: [BoundTransform.Coordinate],
                                    order: (ThresholdFeature.Quantity) -> FeatureOrders.Order?,
                                    objective: FitObjective) -> DecisionTable? {
        guard objective == .hitRate, !coordinates.isEmpty, coordinates.count <= maximumCoordinates else { return nil }
        let specs = policy.parameterSpecs
        var features: [ThresholdFeature] = []
        let freeNames = Set(coordinates.map(\.name)), names = Set(specs.map(\.name))
        for c in coordinates {
            guard let f = StepSearchFeature.declared(specs[c.index], c), order(f.quantity) != nil else { return nil }
            // A feature measured at values the fit moves has no fixed order (and sides are not enough).
            for d in f.quantity.dependencies where freeNames.contains(d) || !names.contains(d) { return nil }
            features.append(f)
        }
        let indices = coordinates.map(\.index)
        for o in policy.parameterOrder {
            guard let l = specs.firstIndex(where: { $0.name == o.lower }),
                  let u = specs.firstIndex(where: { $0.name == o.upper }) else { continue }
            let lf = indices.firstIndex(of: l), uf = indices.firstIndex(of: u)
            if lf == nil && uf == nil { continue }
            guard let lf, let uf, features[lf] == features[uf],
                  specs[l].minimum == specs[u].minimum, specs[l].maximum == specs[u].maximum else { return nil }
        }
        return DecisionTable(policy, data: data, coordinates: coordinates, features: features, order: order)
    }

    private init<P: SnapPolicy>(_ policy: P, data: FitData, coordinates: [BoundTransform.Coordinate],
                                features: [ThresholdFeature], order: (ThresholdFeature.Quantity) -> FeatureOrders.Order?) {
        self.coordinates = coordinates.map(\.index)
        self.features = features
        base = policy.parameterValues
        var quantities: [ThresholdFeature.Quantity] = []
        var rankOf: [Int] = []
        for f in features {
            if let k = quantities.firstIndex(of: f.quantity) { rankOf.append(k) } else {
                rankOf.append(quantities.count)
                quantities.append(f.quantity)
            }
        }
        self.rankOf = rankOf
        self.quantities = quantities.count
        orders = quantities.compactMap { order($0) }   // every one exists (``make``)
        var ranks = [UInt32](repeating: .max, count: data.count * quantities.count)
        for (k, q) in quantities.enumerated() {
            if let order = order(q) { for (p, i) in order.traces.enumerated() { ranks[Int(i) * quantities.count + k] = UInt32(p) } }
        }
        self.ranks = ranks
        let n = data.count
        let m = coordinates.count
        let specs = policy.parameterSpecs
        let bounds = coordinates.map { (specs[$0.index].minimum, specs[$0.index].maximum) }
        let layouts = data.layouts.map { $0.snapped(to: policy.snapOrigin) }
        let base = self.base
        var lost = [UInt16](repeating: 0, count: n)
        let chunk = 8192
        lost.withUnsafeMutableBufferPointer { buffer in
            guard let out = buffer.baseAddress else { return }
            let slots = ChunkSlots(base: out)
            DispatchQueue.concurrentPerform(iterations: (n + chunk - 1) / chunk) { k in
                var probe = policy
                var y = base
                var ends = [(a: Double, b: Double)](repeating: (0, 0), count: m)
                for i in (k * chunk)..<Swift.min(n, (k + 1) * chunk) {
                    let release = data.releases[i], layout = data.layout(i)
                    let shape = layouts[Int(data.layoutIndex[i])]
                    for j in 0..<m {
                        let f = features[j].value(of: release, in: shape, by: policy)
                        ends[j] = f.isNaN ? (base[coordinates[j].index], base[coordinates[j].index]) : features[j].change(at: f)
                    }
                    var bits: UInt16 = 0
                    for pattern in 0..<(1 << m) {
                        for j in 0..<m {
                            let t = pattern & (1 << j) != 0 ? ends[j].a : ends[j].b
                            y[coordinates[j].index] = Swift.min(Swift.max(t, bounds[j].0), bounds[j].1)
                        }
                        probe.assignValidatedParameterValues(y)
                        let decision = probe.decide(release, in: layout)
                        if data.loss(data.labels[i], decision: decision, layout: layout, objective: .hitRate) != 0 {
                            bits |= 1 << UInt16(pattern)
                        }
                    }
                    slots.base[i] = bits
                }
            }
        }
        self.lost = lost
        var numbers: [Int32: UInt32] = [:]
        var userOf = [UInt32](repeating: 0, count: n)
        for i in 0..<n {
            let u = data.labels[i].user
            if let k = numbers[u] { userOf[i] = k } else {
                userOf[i] = UInt32(numbers.count)
                numbers[u] = userOf[i]
            }
        }
        self.userOf = userOf
        users = numbers.count
        var tracesOfUser = [Int32](repeating: 0, count: numbers.count)
        for u in userOf { tracesOfUser[Int(u)] += 1 }
        self.tracesOfUser = tracesOfUser
        let q = quantities.count
        ordered = quantities.indices.map { k in
            let order = order(quantities[k])
            let traces = order?.traces ?? []
            var others = [UInt32](repeating: 0, count: traces.count * (q - 1))
            for (p, i) in traces.enumerated() {
                var s = 0
                for other in 0..<q where other != k {
                    others[p * (q - 1) + s] = ranks[Int(i) * q + other]
                    s += 1
                }
            }
            return Ordered(lost: traces.map { lost[Int($0)] }, others: others,
                           values: traces.map { order?.value(data, Int($0)) ?? .nan }, users: traces.map { userOf[Int($0)] })
        }
    }

    /// The weight of each user's traces in the sample `indices` with `weights`, by user number
    /// (``userOf``), or `nil` unless every trace of the data is in it at most once, every trace of
    /// a user with a weight is in it with the same weight, and every weight is a whole number below
    /// 2³² (so that sums of weighted 0-or-1 losses are exact in any order). Users with no trace in
    /// the sample weigh 0. A fold, a user bootstrap resample and all traces are such samples.
    func userWeights(indices: [Int], weights: [Double]) -> [Double]? {
        guard indices.count == weights.count else { return nil }
        var byUser = [Double](repeating: .nan, count: users)
        var present = [Int32](repeating: 0, count: users)
        var seen = [UInt64](repeating: 0, count: (userOf.count + 63) / 64)
        for (i, w) in zip(indices, weights) {
            guard i >= 0, i < userOf.count, w >= 0, w < 0x1_0000_0000, w == w.rounded(.down) else { return nil }
            guard seen[i >> 6] & (1 << UInt64(i & 63)) == 0 else { return nil }   // a repeat: weights add up per trace
            seen[i >> 6] |= 1 << UInt64(i & 63)
            let u = Int(userOf[i])
            if byUser[u].isNaN { byUser[u] = w } else if byUser[u] != w { return nil }
            present[u] += 1
        }
        for u in 0..<users {
            if byUser[u].isNaN { byUser[u] = 0 } else if byUser[u] != 0 && present[u] != tracesOfUser[u] { return nil }
        }
        return byUser
    }

    /// Whether the table was decided for `point`'s fixed parameters and the free ones `free`.
    func fits(_ point: [Double], free: [Int]) -> Bool {
        guard free == coordinates, point.count == base.count else { return false }
        for k in base.indices where !coordinates.contains(k) && point[k] != base[k] { return false }
        return true
    }

    /// What deciding a trace's side pattern checks: per coordinate, its ranks' `q`, the first
    /// firing position, and its bit.
    struct Sides {
        var checks: [(q: Int, firing: UInt32, bit: Int)]
    }

    /// The sides of every coordinate at `x` (``FeatureOrders/Order/firing(_:at:_:)``), leaving
    /// out coordinate `skip`.
    func sides(at x: [Double], data: FitData, skipping skip: Int? = nil) -> Sides {
        Sides(checks: coordinates.indices.filter { $0 != skip }.map { j in
            (rankOf[j], UInt32(order(j).firing(data, at: x[coordinates[j]], features[j].comparison)), 1 << j)
        })
    }

    /// The order of coordinate `j`'s feature.
    func order(_ j: Int) -> FeatureOrders.Order { orders[rankOf[j]] }

    /// `body(pattern, lost)` for each trace `i` of `traces` with the pattern of `sides` and its loss bits.
    @inline(__always)
    func withLookups<R>(_ sides: Sides, _ body: (_ lookup: (Int) -> (pattern: Int, lost: UInt16)) -> R) -> R {
        ranks.withUnsafeBufferPointer { ranks in
            lost.withUnsafeBufferPointer { lost in
                sides.checks.withUnsafeBufferPointer { checks in
                    let stride = quantities
                    return body { i in
                        var p = 0
                        let row = i * stride
                        for c in checks {
                            let r = ranks[row + c.q]
                            if r != .max && r >= c.firing { p |= c.bit }
                        }
                        return (p, lost[i])
                    }
                }
            }
        }
    }

    /// Bit `pattern` of `lost` as a loss.
    @inline(__always)
    static func loss(_ lost: UInt16, _ pattern: Int) -> Double { Double((lost >> UInt16(pattern)) & 1) }

    /// Σ weight · loss at point `x` over `indices` (weights 1 when `nil`); with `userWeights`
    /// (``userWeights(indices:weights:)`` of the same sample), over every trace in index order instead, each
    /// weighted by its user's weight: the same sum (whole-number weights times losses of 0 or 1
    /// add exactly in any order), read in sequence, in chunks of `chunk` traces on every core.
    func lossSum(at x: [Double], data: FitData, indices: [Int], weights: [Double]?,
                 userWeights: [Double]? = nil, chunk: Int = 1 << 16) -> Double {
        let sides = sides(at: x, data: data)
        if let userWeights {
            // In chunks on every core: the partial sums are whole numbers, exact in any order.
            let n = userOf.count, chunk = Swift.max(1, chunk)
            let chunks = (n + chunk - 1) / chunk
            var partial = [Double](repeating: 0, count: chunks)
            let part: @Sendable (Int) -> Double = { k in
                self.withLookups(sides) { lookup in
                    self.userOf.withUnsafeBufferPointer { userOf in
                        userWeights.withUnsafeBufferPointer { userWeights in
                            var total = 0.0
                            for i in (k * chunk)..<Swift.min(n, (k + 1) * chunk) {
                                let w = userWeights[Int(userOf[i])]
                                guard w != 0 else { continue }
                                let (p, bits) = lookup(i)
                                total += w * Self.loss(bits, p)
                            }
                            return total
                        }
                    }
                }
            }
            if chunks < 2 { return chunks == 1 ? part(0) : 0 }
            partial.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let slots = ChunkSlots(base: base)
                DispatchQueue.concurrentPerform(iterations: chunks) { k in slots.base[k] = part(k) }
            }
            return partial.reduce(0, +)
        }
        return withLookups(sides) { lookup in
            var total = 0.0
            for (k, i) in indices.enumerated() {
                let (p, bits) = lookup(i)
                total += (weights?[k] ?? 1) * Self.loss(bits, p)
            }
            return total
        }
    }
}

extension StepSearch {
    /// The change of the sample's loss sum from point `y` to point `z` by the ``table``, looking
    /// up only the traces whose side of some free threshold differs between the two points (those
    /// ranked between the threshold's first firing positions at `y` and at `z`; every other trace
    /// has the same side pattern, so the same loss), each weighted by its user's weight. `nil`
    /// without a table, without users' weights (``TraceSample/userWeights``), or when more than
    /// `limit` traces would be looked up (a full sum is then as cheap). Exact: whole-number
    /// weights times losses of 0 or 1, so `loss(y) + change` is the loss sum at `z` to the last bit.
    func tableLossChange(from y: [Double], to z: [Double], sample: TraceSample, limit: Int) -> Double? {
        guard let table, let userWeights = sample.userWeights,
              table.fits(y, free: table.coordinates), table.fits(z, free: table.coordinates) else { return nil }
        var candidates: [Int] = []
        for (j, k) in table.coordinates.enumerated() where y[k] != z[k] {
            let feature = table.features[j], order = table.order(j)
            let a = order.firing(data, at: y[k], feature.comparison), b = order.firing(data, at: z[k], feature.comparison)
            guard candidates.count + abs(a - b) <= limit else { return nil }
            for p in Swift.min(a, b)..<Swift.max(a, b) { candidates.append(Int(order.traces[p])) }
        }
        let atY = table.sides(at: y, data: data), atZ = table.sides(at: z, data: data)
        // A trace may be a candidate of several thresholds: counted once (the sum's order does not matter).
        var counted = [UInt64](repeating: 0, count: candidates.isEmpty ? 0 : (data.count + 63) / 64)
        return table.withLookups(atY) { lookupY in
            table.withLookups(atZ) { lookupZ in
                var change = 0.0
                for i in candidates where counted[i >> 6] & (1 << UInt64(i & 63)) == 0 {
                    counted[i >> 6] |= 1 << UInt64(i & 63)
                    let w = userWeights[Int(table.userOf[i])]
                    guard w != 0 else { continue }
                    let (py, bits) = lookupY(i)
                    let (pz, _) = lookupZ(i)
                    change += w * (DecisionTable.loss(bits, pz) - DecisionTable.loss(bits, py))
                }
                return change
            }
        }
    }

    /// The profile of declared threshold `c` (bit `j` of `table`) at `x` by lookups: every trace
    /// of `sample` whose change point lies in the feasible range changes its loss there (exactly
    /// the events ``profile(_:at:coordinate:sample:lossAtX:)`` finds by deciding).
    func tableProfile(_ table: DecisionTable, bit j: Int, at x: [Double],
                      coordinate c: BoundTransform.Coordinate, sample: TraceSample, lossAtX: Double?) -> StepProfile {
        let feasible = range(c, at: x), lo = feasible.lower, hi = feasible.upper
        let feature = table.features[j]
        let mask = 1 << j
        guard hi > lo else {
            let loss = table.lossSum(at: x, data: data, indices: sample.indices, weights: sample.weights,
                                     userWeights: sample.userWeights)
            return StepProfile(lower: lo, upper: Swift.max(lo, hi), base: loss, events: [], isInteger: c.isInteger)
        }
        let order = table.order(j)
        if let userWeights = sample.userWeights, let lossAtX {
            // The sweep below, reading the table's columns in this feature's order (``DecisionTable/Ordered``).
            return orderedProfile(table, bit: j, at: x, coordinate: c, range: feasible, userWeights: userWeights,
                                  lossAtX: lossAtX)
        }
        if let dense = sample.dense, let lossAtX {
            // A sweep over the traces whose change point lies in the range, in feature order, in
            // chunks of positions on every core, each chunk's events in its own array (in order).
            let positions = order.positions(data, changingIn: lo, hi, feature.comparison)
            let others = table.sides(at: x, data: data, skipping: j)
            return sweptProfile(lower: lo, upper: hi, at: x[c.index], lossAtX: lossAtX, positions: positions, chunk: 16_384) { range in
                table.withLookups(others) { lookup in
                    order.traces.withUnsafeBufferPointer { traces in
                        dense.withUnsafeBufferPointer { dense in
                            var events: [StepEvent] = []
                            for p in range {
                                let i = Int(traces[p])
                                let w = dense[i]
                                guard w != 0 else { continue }
                                let (rest, bits) = lookup(i)
                                let delta = DecisionTable.loss(bits, rest) - DecisionTable.loss(bits, rest | mask)
                                guard delta != 0 else { continue }
                                let (a, b) = feature.change(at: order.value(self.data, i))
                                events.append(StepEvent(a: a, b: b, delta: w * delta))
                            }
                            return events
                        }
                    }
                }
            }
        }
        // Any sample: each trace's loss at the lower end, and its change when it lies in the range.
        var atLow = x
        atLow[c.index] = lo
        var events: [StepEvent] = []
        var base = 0.0
        table.withLookups(table.sides(at: atLow, data: data)) { lookup in
            for (k, i) in sample.indices.enumerated() {
                let w = sample.weights[k]
                let (pattern, bits) = lookup(i)
                let before = DecisionTable.loss(bits, pattern)
                base += w * before
                guard pattern & mask != 0 else { continue }
                let (a, b) = feature.change(at: order.value(data, i))
                guard b <= hi else { continue }
                let after = DecisionTable.loss(bits, pattern & ~mask)
                if after != before { events.append(StepEvent(a: a, b: b, delta: w * (after - before))) }
            }
        }
        return StepProfile(lower: lo, upper: hi, base: base, events: StepProfile.sorted([events]), isInteger: c.isInteger)
    }

    /// ``tableProfile(_:bit:at:coordinate:sample:lossAtX:)``'s sweep over the traces whose
    /// change point lies in `range`, in feature order, reading ``DecisionTable/Ordered``'s columns in
    /// sequence and each trace's weight from its user's (`userWeights`, ``DecisionTable/userWeights(indices:weights:)``):
    /// the same events, in the same order, with the same weights, as looking each trace up by index.
    private func orderedProfile(_ table: DecisionTable, bit j: Int, at x: [Double],
                                coordinate c: BoundTransform.Coordinate, range: Interval,
                                userWeights: [Double], lossAtX: Double) -> StepProfile {
        let feature = table.features[j]
        let mask = 1 << j
        let own = table.rankOf[j]
        let columns = table.ordered[own]
        let stride = table.quantities - 1
        let order = table.order(j)
        let positions = order.positions(data, changingIn: range.lower, range.upper, feature.comparison)
        // The other coordinates' checks: a rank in this feature's order is the position itself
        // (column −1); another feature's is its column in ``DecisionTable/Ordered/others``.
        let checks = table.sides(at: x, data: data, skipping: j).checks.map { check in
            (column: check.q == own ? -1 : (check.q < own ? check.q : check.q - 1), firing: check.firing, bit: check.bit)
        }
        return sweptProfile(lower: range.lower, upper: range.upper, at: x[c.index], lossAtX: lossAtX, positions: positions,
                            chunk: 16_384) { range in
            columns.lost.withUnsafeBufferPointer { lost in
                columns.others.withUnsafeBufferPointer { others in
                    columns.values.withUnsafeBufferPointer { values in
                        columns.users.withUnsafeBufferPointer { users in
                            userWeights.withUnsafeBufferPointer { weights in
                                var events: [StepEvent] = []
                                for p in range {
                                    let w = weights[Int(users[p])]
                                    guard w != 0 else { continue }
                                    var rest = 0
                                    for check in checks {
                                        let r = check.column < 0 ? UInt32(p) : others[p * stride + check.column]
                                        if r != .max && r >= check.firing { rest |= check.bit }
                                    }
                                    let bits = lost[p]
                                    let delta = DecisionTable.loss(bits, rest) - DecisionTable.loss(bits, rest | mask)
                                    guard delta != 0 else { continue }
                                    let (a, b) = feature.change(at: values[p])
                                    events.append(StepEvent(a: a, b: b, delta: w * delta))
                                }
                                return events
                            }
                        }
                    }
                }
            }
        }
    }
}
