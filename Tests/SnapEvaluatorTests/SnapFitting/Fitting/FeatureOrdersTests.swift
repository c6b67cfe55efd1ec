import Testing
import SnapStrategies
@testable import SnapGSL
@testable import SnapTraces
@testable import SnapFitting

/// Declared thresholds whose feature the policy measures at the values of other parameters
/// (``ThresholdFeature/Quantity/measured(_:dependsOn:)``, iCarousel's item speed, coast and item
/// offset): the orders follow those values, and profiles and fits equal the bisection's.
@Suite("Feature orders (measured features follow the parameters they depend on)")
struct FeatureOrdersTests {
    /// iCarousel's default free parameters: three declared thresholds, `scrollSpeed` and `bounceDistance`.
    static let names = ["scrollSpeedThreshold", "decelerateThreshold", "scrollDistanceThreshold", "scrollSpeed", "bounceDistance"]

    /// `count` releases on a 12-item carousel (so that many start near an end and some end past
    /// it, where `bounceDistance` damps the velocity), a quarter flicked against the drag,
    /// labelled by `rule` with 10% label noise.
    static func data(_ rule: ICarouselSnap, count: Int, seed: UInt64) throws -> FitData {
        let layout = try CarouselLayout(itemWidth: 160, spacing: 10, viewportWidth: 375, itemCount: 12)
        let rng = try GSLRandom(seed: seed)
        var traces: [TraceRelease] = []
        for i in 0..<count {
            let start = rng.integer(below: 12)
            let direction: Double = rng.bernoulli(0.5) ? 1 : -1
            let speed = rng.uniform(0.02, 3.5)
            let drag = rng.uniform(0.02, 1.3) * layout.stride
            let startOffset = layout.snapOffset(ofSlot: start)
            // A quarter flick back against the drag (past an end: back into the content, where the
            // bounce factor decides how far the coast goes).
            let flick = rng.bernoulli(0.25) ? -direction : direction
            let release = Release(offset: startOffset + direction * drag, velocity: flick * speed,
                                  startOffset: startOffset, startTime: 0, time: 120, startIndex: start)
            var intended = rule.decide(release, in: layout).targetIndex
            if rng.bernoulli(0.1) { intended += rng.bernoulli(0.5) ? 1 : -1 }
            traces.append(TraceRelease(traceID: "t\(i)", user: i % 10, intendedIndex: intended, layout: layout, release: release,
                                       sampleCount: 1, location: TraceLocation(file: "synthetic", line: i + 1)))
        }
        return FitData(traces)
    }

    static let planted = ICarouselSnap(scrollSpeedThreshold: 3.5, decelerateThreshold: 0.6, scrollDistanceThreshold: 0.3,
                                       scrollSpeed: 1.4, bounceDistance: 0.4)

    /// Three searches over the same free parameters: every one bisected (no declarations), the
    /// declared ones at their measured features (deciding the sample), and the declared ones swept
    /// over ``FeatureOrders`` (dense weights).
    static func searches(_ policy: ICarouselSnap, data: FitData)
        throws -> (bisected: StepSearch<ICarouselSnap>, declared: StepSearch<ICarouselSnap>, swept: StepSearch<ICarouselSnap>,
                   orders: FeatureOrders, coordinates: [BoundTransform.Coordinate]) {
        let specs = policy.parameterSpecs
        let transform = try BoundTransform(policy: policy.id, specs: specs, values: policy.parameterValues, free: names)
        let bisected = StepSearch<ICarouselSnap>(data: data, objective: .hitRate, free: transform.coordinates, orders: [])
        var declared = bisected
        for c in transform.coordinates { declared.features[c.index] = StepSearchFeature.declared(specs[c.index], c) }
        #expect(declared.features.count == 3)
        let orders = try FeatureOrders(data: data, policy: policy, parameters: names, objective: .hitRate)
        #expect(orders.table == nil, "scrollSpeed and bounceDistance are free and bisected")
        var swept = declared
        swept.featureOrders = orders
        return (bisected, declared, swept, orders, transform.coordinates)
    }

    @Test("at random points (scrollSpeed, bounceDistance and the constants moved too), swept profiles equal the decided ones and the bisection's",
          arguments: [false, true])
    func profilesFollowTheParameters(paging: Bool) throws {
        let data = try Self.data(Self.planted, count: 1200, seed: paging ? 52 : 51)
        let policy = ICarouselSnap(pagingEnabled: paging)
        let (bisected, declared, swept, orders, coordinates) = try Self.searches(policy, data: data)
        var rng = SeededGenerator(seed: paging ? 6 : 5)
        let sample = TraceSample(indices: data.allIndices, weights: data.allIndices.map { _ in Double(Int.random(in: 1...3, using: &rng)) })
        let dense = sample.withDenseWeights(traces: data.count)
        var compared = 0
        var x = policy.parameterValues
        for point in 0..<12 {
            if point % 2 == 0 {
                for c in coordinates { x[c.index] = Double.random(in: c.minimum...c.maximum, using: &rng) }
                // Some points also move the deceleration (a platform constant the coast depends on).
                if point % 4 == 2 {
                    x[0] = Double.random(in: 0.5...0.99, using: &rng)
                    x[1] = Double.random(in: 5...100, using: &rng)
                }
            } else {
                // Only bounceDistance moves (and the thresholds): an order kept for the point before
                // has the same scrollSpeed and deceleration, and must not be taken for this one.
                for c in coordinates where c.name != "scrollSpeed" { x[c.index] = Double.random(in: c.minimum...c.maximum, using: &rng) }
            }
            #expect(x[5] != policy.scrollSpeed)
            let loss = data.lossSum(try policy.withParameterValues(x), objective: .hitRate, indices: sample.indices,
                                    weights: sample.weights)
            for c in coordinates where swept.features[c.index] != nil {
                let a = swept.profile(policy, at: x, coordinate: c, sample: dense, lossAtX: loss)
                let b = declared.profile(policy, at: x, coordinate: c, sample: sample)
                let s = bisected.profile(policy, at: x, coordinate: c, sample: sample)
                #expect(a.lower == b.lower && a.upper == b.upper && abs(a.base - b.base) < 1e-9, "\(c.name) at \(x)")
                // The same events (each trace's change at its measured feature), compared by the loss at each end.
                let ea = Array(a.events), eb = Array(b.events)
                #expect(ea.count == eb.count, "\(c.name) at \(x): \(ea.count) swept, \(eb.count) decided")
                for e in ea + eb {
                    for v in [e.a, e.b] where v >= a.lower && v <= a.upper {
                        #expect(abs(a.loss(at: v) - b.loss(at: v)) < 1e-9, "\(c.name) = \(v) at \(x)")
                    }
                }
                // The bisection finds the same changes, each within its tolerance.
                let tolerance = (a.upper - a.lower) * bisected.relativeTolerance
                for t in 0...1000 {
                    let v = a.lower + (a.upper - a.lower) * Double(t) / 1000
                    guard !s.events.contains(where: { $0.a - tolerance <= v && v <= $0.b + tolerance }) else { continue }
                    #expect(abs(a.loss(at: v) - s.loss(at: v)) < 1e-9, "\(c.name) = \(v) at \(x)")
                }
                for e in ea { #expect(e.a == e.b.nextDown) }
                compared += ea.count
            }
        }
        #expect(compared > 300, "few changes compared: the check is weak")
        // Every point moved what the features depend on: the orders were sorted again.
        #expect(orders.sorts.load(ordering: .relaxed) >= 12)
    }

    @Test("a fit with the measured features declared ends where the bisection's does, with the same score", arguments: [false, true])
    func searchEqualsBisection(paging: Bool) throws {
        let data = try Self.data(Self.planted, count: 1500, seed: paging ? 54 : 53)
        let policy = ICarouselSnap(pagingEnabled: paging)
        let (bisected, _, swept, orders, coordinates) = try Self.searches(policy, data: data)
        let sample = TraceSample(indices: data.allIndices).withDenseWeights(traces: data.count)
        var rng = SeededGenerator(seed: paging ? 8 : 7)
        var moved = 0
        for start in 0..<4 {
            var x = policy.parameterValues
            if start > 0 { for c in coordinates { x[c.index] = Double.random(in: c.minimum...c.maximum, using: &rng) } }
            let a = bisected.search(policy, from: x, sample: sample)
            let b = swept.search(policy, from: x, sample: sample)
            #expect(a.converged && b.converged)
            #expect(a.loss == b.loss, "start \(start): bisected \(a.loss), swept \(b.loss)")
            for c in coordinates {
                // The bisection places each change within its tolerance of the range, the sweep exactly;
                // a step moves to the middle of a segment between changes, so the two points differ by
                // about that much, and a little more where the difference carries over (a scrollSpeed
                // off by δ moves every coast by δ/scrollSpeed of itself, so the middle of the next
                // segment of decelerateThreshold): 10 tolerances, far below any gap between changes.
                let tolerance = 10 * (c.maximum - c.minimum) * bisected.relativeTolerance
                #expect(abs(a.point[c.index] - b.point[c.index]) <= tolerance,
                        "start \(start): \(c.name) bisected \(a.point[c.index]), swept \(b.point[c.index])")
            }
            if b.point[5] != x[5] || b.point[6] != x[6] { moved += 1 }
        }
        #expect(moved >= 2, "scrollSpeed and bounceDistance should move in these searches")
        #expect(orders.sorts.load(ordering: .relaxed) > 0)
    }

    @Test("orders kept for values seen before are handed out again, not sorted again")
    func cacheKeepsOrders() throws {
        let data = try Self.data(Self.planted, count: 400, seed: 55)
        let policy = ICarouselSnap()
        let orders = try FeatureOrders(data: data, policy: policy, parameters: Self.names)
        let speed = ICarouselSnap.speedFeature.quantity
        var x = policy.parameterValues
        let made = try #require(orders.order(speed, at: x, policy: policy, data: data))
        #expect(orders.sorts.load(ordering: .relaxed) == 0)
        x[2] = 7   // the threshold itself: not a dependency
        #expect(orders.order(speed, at: x, policy: policy, data: data)?.traces == made.traces)
        #expect(orders.sorts.load(ordering: .relaxed) == 0)
        x[5] = 2.5   // scrollSpeed
        let faster = try #require(orders.order(speed, at: x, policy: policy, data: data))
        #expect(orders.sorts.load(ordering: .relaxed) == 1)
        #expect(faster.key == [2.5, 1])
        _ = orders.order(speed, at: x, policy: policy, data: data)
        #expect(orders.sorts.load(ordering: .relaxed) == 1)
        // The item offset depends on nothing: never sorted again.
        _ = orders.order(ICarouselSnap.offsetFeature.quantity, at: x, policy: policy, data: data)
        #expect(orders.sorts.load(ordering: .relaxed) == 1)
        // The order is ascending in the feature measured at the new values.
        let values = faster.traces.map { faster.value(data, Int($0)) }
        #expect(values == values.sorted() && values.count == data.count)
        let measured = try policy.withParameterValues(x)
        #expect(zip(faster.traces, values).allSatisfy { i, v in
            v == abs(measured.itemVelocity(data.releases[Int(i)], in: data.layout(Int(i))))
        })
    }
}
