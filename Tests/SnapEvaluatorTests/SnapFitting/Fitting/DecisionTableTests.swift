import Testing
import SnapStrategies
@testable import SnapFitting

@Suite("Decision table (declared thresholds looked up)")
struct DecisionTableTests {
    /// A search over `names` of `policy` with the features declared and the orders built, with or
    /// without the table.
    static func searches<P: SnapPolicy>(_ policy: P, _ names: [String], data: FitData) throws
        -> (table: StepSearch<P>, decided: StepSearch<P>, coordinates: [BoundTransform.Coordinate]) {
        let specs = policy.parameterSpecs
        let transform = try BoundTransform(policy: policy.id, specs: specs, values: policy.parameterValues, free: names)
        let orders = policy.parameterOrder.compactMap { o -> (lower: Int, upper: Int)? in
            guard let l = specs.firstIndex(where: { $0.name == o.lower }),
                  let u = specs.firstIndex(where: { $0.name == o.upper }) else { return nil }
            return (l, u)
        }
        var decided = StepSearch<P>(data: data, objective: .hitRate, free: transform.coordinates, orders: orders)
        for c in transform.coordinates { decided.features[c.index] = StepSearchFeature.declared(specs[c.index], c) }
        decided.snapOrigin = policy.snapOrigin
        let featureOrders = try FeatureOrders(data: data, policy: policy, parameters: names, objective: .hitRate)
        decided.featureOrders = featureOrders
        var table = decided
        let lookups = try #require(featureOrders.table)
        table.table = lookups
        #expect(table.table?.fits(policy.parameterValues, free: transform.coordinates.map(\.index)) == true)
        return (table, decided, transform.coordinates)
    }

    /// Profiles and loss sums by lookup equal those by deciding, event for event, at random
    /// feasible points, on a weighted sample and on the same sample with dense weights (a sweep).
    static func check<P: SnapPolicy>(_ policy: P, _ names: [String], data: FitData, seed: UInt64) throws {
        let (table, decided, coordinates) = try searches(policy, names, data: data)
        var rng = SeededGenerator(seed: seed)
        let indices = data.allIndices.filter { _ in Double.random(in: 0..<1, using: &rng) < 0.7 }
        let sparse = TraceSample(indices: indices, weights: indices.map { _ in Double(Int.random(in: 1...3, using: &rng)) })
        let dense = sparse.withDenseWeights(traces: data.count)
        // A user bootstrap's kind of sample: each user's traces weighted by the times it was drawn
        // (0 to 3), so the sweep reads the table in feature order with the users' weights.
        let lookups = try #require(table.table)
        let drawn = (0..<lookups.users).map { _ in Double(Int.random(in: 0...3, using: &rng)) }
        let drawnIndices = data.allIndices.filter { drawn[Int(lookups.userOf[$0])] > 0 }
        let byUserDense = TraceSample(indices: drawnIndices, weights: drawnIndices.map { drawn[Int(lookups.userOf[$0])] })
            .withDenseWeights(traces: data.count)
        let byUser = byUserDense.withUserWeights(lookups)
        #expect(byUser.userWeights == drawn && byUser.dense == nil)
        #expect(dense.withUserWeights(lookups).userWeights == nil, "weights differ within users")
        let halves = TraceSample(indices: data.allIndices, weights: data.allIndices.map { _ in 0.5 })
        #expect(halves.withUserWeights(lookups).userWeights == nil, "not whole numbers")
        let repeated = TraceSample(indices: data.allIndices + [0], weights: nil)
        #expect(repeated.withUserWeights(lookups).userWeights == nil, "a trace twice")
        let partUser = TraceSample(indices: Array(data.allIndices.dropFirst()), weights: nil)
        #expect(lookups.tracesOfUser[Int(lookups.userOf[0])] > 1)
        #expect(partUser.withUserWeights(lookups).userWeights == nil, "a user's trace missing")
        #expect(TraceSample(indices: data.allIndices).withUserWeights(lookups).userWeights == [Double](repeating: 1, count: lookups.users))
        var compared = 0
        var last: ([Double], Double)?
        for _ in 0..<12 {
            var x = policy.parameterValues
            for c in coordinates { x[c.index] = Double.random(in: c.minimum...c.maximum, using: &rng) }
            x = decided.repaired(x)
            let loss = decided.lossSum(policy, at: x, sample: sparse)
            #expect(table.lossSum(policy, at: x, sample: sparse) == loss)
            let userLoss = decided.lossSum(policy, at: x, sample: byUserDense)
            #expect(table.lossSum(policy, at: x, sample: byUser) == userLoss)
            // In chunks summed on every core (a million traces' way), the same sum.
            let chunked = lookups.lossSum(at: x, data: data, indices: byUser.indices,
                                          weights: byUser.weights, userWeights: byUser.userWeights, chunk: 97)
            #expect(chunked == userLoss)
            // From the previous point, by the traces whose sides differ: the same sum to the last bit.
            if let (previous, previousLoss) = last {
                // Up to every trace per threshold (the points are far apart here).
                let change = try #require(table.tableLossChange(from: previous, to: x, sample: byUser, limit: 3 * data.count))
                #expect(previousLoss + change == userLoss)
                #expect(table.tableLossChange(from: previous, to: x, sample: dense, limit: 3 * data.count) == nil, "no users' weights")
                // Over the limit: nil, unless no trace lies between the two points' sides (then 0).
                let limited = table.tableLossChange(from: previous, to: x, sample: byUser, limit: 0)
                #expect(limited == nil || limited == 0)
            }
            last = (x, userLoss)
            for c in coordinates {
                // The table reads the users' weights where deciding reads the same weights per trace.
                for (sample, decidedSample, lossAtX) in [(sparse, sparse, loss), (dense, dense, loss), (byUser, byUserDense, userLoss)] {
                    let a = table.profile(policy, at: x, coordinate: c, sample: sample, lossAtX: lossAtX)
                    let b = decided.profile(policy, at: x, coordinate: c, sample: decidedSample, lossAtX: lossAtX)
                    #expect(a.lower == b.lower && a.upper == b.upper && a.base == b.base, "\(c.name) at \(x)")
                    let ea = Array(a.events), eb = Array(b.events)
                    #expect(ea.count == eb.count, "\(c.name) at \(x)")
                    for (e, f) in zip(ea, eb) {
                        #expect(e.a == f.a && e.b == f.b && e.delta == f.delta, "\(c.name) at \(x)")
                    }
                    compared += ea.count
                }
            }
        }
        #expect(compared > 100, "too few changes compared: the check is weak")
    }

    @Test("tag99: lookups give the decided profiles and loss sums exactly")
    func tag99() throws {
        let planted = Tag99Snap(lowTier: 1.4, highTier: 2.8, backwardFraction: 0.45)
        let data = FitData(try SyntheticTraces.labelled(by: planted, count: 1500, users: 12, seed: 41, labelNoise: 0.1))
        try Self.check(Tag99Snap(), ["lowTier", "highTier", "backwardFraction"], data: data, seed: 1)
    }

    @Test("uikit-paging (speed and travelled fraction): lookups give the decided profiles exactly")
    func uikitPaging() throws {
        let planted = UIKitPagingSnap(positionalThreshold: 0.35, velocityGate: 0.8)
        let data = FitData(try SyntheticTraces.labelled(by: planted, count: 1500, users: 12, seed: 42, labelNoise: 0.1))
        try Self.check(UIKitPagingSnap(), ["positionalThreshold", "velocityGate"], data: data, seed: 2)
    }

    @Test("icarousel (features measured at held scrollSpeed, bounceDistance, deceleration): lookups give the decided profiles exactly")
    func icarousel() throws {
        let planted = ICarouselSnap(scrollSpeedThreshold: 3.5, decelerateThreshold: 0.6, scrollDistanceThreshold: 0.3,
                                    scrollSpeed: 1.4, bounceDistance: 0.4)
        let data = try FeatureOrdersTests.data(planted, count: 1500, seed: 44)
        let held = ICarouselSnap(decelerationRate: 0.9, decelerationMultiplier: 20, scrollSpeed: 1.3, bounceDistance: 0.6)
        try Self.check(held, ["scrollSpeedThreshold", "decelerateThreshold", "scrollDistanceThreshold"], data: data, seed: 3)
    }

    @Test("no table where lookups would not be exact: a cost objective, an undeclared free parameter, an order to a held one")
    func onlyWhenExact() throws {
        let data = FitData(try SyntheticTraces.labelled(by: Tag99Snap(), count: 300, users: 6, seed: 43))
        let cost = FitObjective.cost(over: 1, under: 2, falseChange: 0.5)
        let tiers = ["lowTier", "highTier"]
        #expect(try FeatureOrders(data: data, policy: Tag99Snap(), parameters: tiers, objective: cost).table == nil)
        #expect(try FeatureOrders(data: data, policy: Tag99Snap(), parameters: tiers, objective: .hitRate).table != nil)
        #expect(try FeatureOrders(data: data, policy: Tag99Snap(), parameters: tiers).table == nil)
        // lowTier ≤ highTier with highTier held: a representative point could break the order.
        #expect(try FeatureOrders(data: data, policy: Tag99Snap(), parameters: ["lowTier"], objective: .hitRate).table == nil)
        #expect(try FeatureOrders(data: data, policy: EmblaSnap(), objective: .hitRate).table == nil)
    }
}
