import Testing
import SnapStrategies
@testable import SnapFitting

@Suite("Step search (exact coordinate search)")
struct StepSearchTests {
    /// The best hit rate over a dense `n × n` grid of two parameters (orders kept).
    static func gridBest(_ policy: any SnapPolicy, _ a: Int, _ b: Int, _ ra: ClosedRange<Double>, _ rb: ClosedRange<Double>,
                         n: Int, data: FitData) throws -> Double {
        var best = -1.0
        for i in 0...n {
            for j in 0...n {
                var x = policy.parameterValues
                x[a] = ra.lowerBound + (ra.upperBound - ra.lowerBound) * Double(i) / Double(n)
                x[b] = rb.lowerBound + (rb.upperBound - rb.lowerBound) * Double(j) / Double(n)
                guard policy.orderViolation(in: x) == nil else { continue }
                let p = try policy.withParameterValues(x)
                best = max(best, data.score(p, objective: .hitRate, indices: data.allIndices))
            }
        }
        return best
    }

    @Test("on 2-parameter problems the fit is within 0.1 percentage points of a dense grid search's best",
          arguments: [(UInt64(31), "tag99"), (UInt64(32), "android-viewpager"), (UInt64(33), "embla")])
    func matchesGrid(seed: UInt64, id: String) throws {
        let planted = Tag99Snap(lowTier: 1.3, highTier: 2.9, backwardFraction: 0.4)
        let data = FitData(try SyntheticTraces.labelled(by: planted, count: 1500, users: 15, seed: seed, labelNoise: 0.15))
        let policy = try PolicyCatalog.policy(id: id)
        let specs = policy.parameterSpecs
        let names: [String]
        let ranges: [ClosedRange<Double>]
        switch id {
        case "tag99": names = ["lowTier", "highTier"]; ranges = [0...6, 0...6]
        case "android-viewpager": names = ["minFlingVelocity", "truncator"]; ranges = [0...3, 0...1]
        default: names = ["forceBoost", "thresholdFraction"]; ranges = [0...1000, 0...1]
        }
        let fit = try PolicyFitter(objective: .hitRate, seed: seed).fit(policy, parameters: names, data: data)
        #expect(fit.converged)
        let a = try #require(specs.firstIndex { $0.name == names[0] }), b = try #require(specs.firstIndex { $0.name == names[1] })
        let grid = try Self.gridBest(policy, a, b, ranges[0], ranges[1], n: 60, data: data)
        #expect(fit.score >= grid - 0.001, "\(id): fit \(fit.score) grid \(grid) at \(fit.values)")
    }

    @Test("converged means no single-parameter move improves: every parameter's own best is where it is")
    func convergedMeansNoMove() throws {
        let planted = Tag99Snap(lowTier: 1.6, highTier: 3.1, backwardFraction: 0.7)
        let data = FitData(try SyntheticTraces.labelled(by: planted, count: 1200, users: 12, seed: 8))
        let names = ["lowTier", "highTier", "backwardFraction"]
        let fit = try PolicyFitter(objective: .hitRate, seed: 2).fit(Tag99Snap(), parameters: names, data: data)
        #expect(fit.converged)
        // Scan each parameter on a fine grid with the others held: nothing beats the fit.
        for (k, name) in names.enumerated() {
            let i = try #require(Tag99Snap().parameterSpecs.firstIndex { $0.name == name })
            for step in 0...400 {
                var x = fit.values
                x[i] = (name == "backwardFraction" ? 1.0 : 6.0) * Double(step) / 400
                guard Tag99Snap().orderViolation(in: x) == nil else { continue }
                let s = data.score(try Tag99Snap().withParameterValues(x), objective: .hitRate, indices: data.allIndices)
                #expect(s <= fit.score + 1e-12, "\(name) = \(x[i]) scores \(s) > \(fit.score)")
            }
            let plateau = fit.plateaus[k]
            #expect(plateau.lower <= fit.values[i] && fit.values[i] <= plateau.upper)
            // Both ends of the plateau score as the fit does.
            for end in [plateau.lower, plateau.upper] {
                var x = fit.values
                x[i] = end + (end == plateau.lower ? 1e-5 : -1e-5) * (plateau.upper - plateau.lower)
                let s = data.score(try Tag99Snap().withParameterValues(x), objective: .hitRate, indices: data.allIndices)
                #expect(abs(s - fit.score) < 1e-12, "\(name) plateau end \(end)")
            }
        }
        #expect(fit.values[0] <= fit.values[1])
    }

    @Test("a parameter the data cannot pin is on a bound with its whole plateau")
    func flatParameterAtBound() throws {
        // No release is faster than 4.5 pt/ms, so a high tier anywhere above it scores the same.
        let planted = Tag99Snap(lowTier: 1.5, highTier: 20)
        let data = FitData(try SyntheticTraces.labelled(by: planted, count: 800, users: 8, seed: 9, labelNoise: 0))
        let fit = try PolicyFitter(objective: .hitRate).fit(Tag99Snap(), parameters: ["lowTier", "highTier"], data: data)
        #expect(fit.score == 1)
        #expect(fit.atBound == [false, true])
        #expect(fit.plateaus[1].upper == 20 && fit.plateaus[1].lower > 4 && fit.plateaus[1].lower < 4.6)
    }

    @Test("random starts keep the declared orders; a weighted sample equals repeated indices")
    func weightsEqualRepeats() throws {
        let data = FitData(try SyntheticTraces.labelled(by: Tag99Snap(lowTier: 1.6, highTier: 3.1), count: 400, users: 8, seed: 3))
        let idx = Array(0..<200)
        let repeated = idx + idx.prefix(100)
        let weights = (0..<200).map { $0 < 100 ? 2.0 : 1.0 }
        let fitter = PolicyFitter(objective: .hitRate, starts: 6, seed: 4)
        let a = try fitter.fit(Tag99Snap(), parameters: ["lowTier", "highTier"], data: data, indices: repeated)
        let b = try fitter.fit(Tag99Snap(), parameters: ["lowTier", "highTier"], data: data, indices: idx, weights: weights)
        #expect(abs(a.score - b.score) < 1e-12)
        #expect(a.values[0] <= a.values[1] && b.values[0] <= b.values[1])
    }

    @Test("a declared threshold's exact profile equals the searched one (bisection) wherever both are defined")
    func declaredProfileMatchesBisection() throws {
        let planted = Tag99Snap(lowTier: 1.4, highTier: 2.8, backwardFraction: 0.45)
        let data = FitData(try SyntheticTraces.labelled(by: planted, count: 1500, users: 12, seed: 21, labelNoise: 0.1))
        let policy = Tag99Snap(lowTier: 1.1, highTier: 3.3, backwardFraction: 0.55)
        let specs = policy.parameterSpecs
        let transform = try BoundTransform(policy: policy.id, specs: specs, values: policy.parameterValues,
                                           free: ["lowTier", "highTier", "backwardFraction"])
        let sample = TraceSample(indices: data.allIndices, weights: data.allIndices.map { Double($0 % 3 + 1) })
        var exact = StepSearch<Tag99Snap>(data: data, objective: .hitRate, free: transform.coordinates, orders: [(0, 1)])
        for c in transform.coordinates { exact.features[c.index] = specs[c.index].comparedWith }
        #expect(exact.features.count == 3)
        let searched = StepSearch<Tag99Snap>(data: data, objective: .hitRate, free: transform.coordinates, orders: [(0, 1)])
        for c in transform.coordinates {
            let x = policy.parameterValues
            let a = exact.profile(policy, at: x, coordinate: c, sample: sample)
            let b = searched.profile(policy, at: x, coordinate: c, sample: sample)
            #expect(!a.events.isEmpty)
            #expect(abs(a.base - b.base) < 1e-9)
            // The exact change points are the features: every searched one is within its tolerance.
            let tolerance = (a.upper - a.lower) * searched.relativeTolerance
            for t in 0...2000 {
                let v = a.lower + (a.upper - a.lower) * Double(t) / 2000
                guard !b.events.contains(where: { $0.a - tolerance <= v && v <= $0.b + tolerance }) else { continue }
                #expect(abs(a.loss(at: v) - b.loss(at: v)) < 1e-9, "\(c.name) = \(v)")
            }
            // The exact events sit on the traces' features.
            for e in a.events { #expect(e.a == e.b.nextDown) }
        }
    }

    @Test("not identified: a threshold above every trace's speed is flagged; thresholds the data pin are not")
    func notIdentified() throws {
        // No release is faster than 4.5 pt/ms: a high tier above that changes no decision.
        let flat = FitData(try SyntheticTraces.labelled(by: Tag99Snap(lowTier: 1.5, highTier: 20), count: 800, users: 8, seed: 9,
                                                        labelNoise: 0))
        let a = try PolicyFitter(objective: .hitRate).fit(Tag99Snap(), parameters: ["lowTier", "highTier"], data: flat)
        #expect(a.notIdentified == [false, true])
        // Planted tiers inside the speeds: both pinned, and the backward fraction too.
        let pinned = FitData(try SyntheticTraces.labelled(by: Tag99Snap(lowTier: 1.6, highTier: 3.1, backwardFraction: 0.7),
                                                          count: 1200, users: 12, seed: 8))
        let b = try PolicyFitter(objective: .hitRate).fit(Tag99Snap(), parameters: ["lowTier", "highTier", "backwardFraction"],
                                                          data: pinned)
        #expect(b.notIdentified == [false, false, false])
        // Fold fits and refits (scoringStart false) do not spend the passes.
        let c = try PolicyFitter(objective: .hitRate).fit(Tag99Snap(), parameters: ["highTier"], data: flat, scoringStart: false)
        #expect(c.notIdentified.isEmpty)
    }

    @Test("events sorted by their chunks and merged are in the order of one stable sort of them all")
    func mergedMatchesSort() {
        var state: UInt64 = 77
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % n
        }
        for parts in [0, 1, 2, 3, 7, 25] {
            // Few distinct ends, so that many events tie on b, or on both b and a (told apart by delta).
            let chunks = (0..<parts).map { p in
                (0..<next(40)).map { k in StepEvent(a: Double(next(6)), b: Double(next(8)), delta: Double(p * 1000 + k)) }
            }
            var sortedParts = chunks
            for k in sortedParts.indices { StepProfile.sort(&sortedParts[k]) }
            let merged = StepProfile.merged(sortedParts), reference = StepProfile.sorted(chunks)
            #expect(merged.map(\.a) == reference.map(\.a) && merged.map(\.b) == reference.map(\.b)
                    && merged.map(\.delta) == reference.map(\.delta), "\(parts) parts")
            // The reference is itself stable: equal (b, a) keep the order of the concatenation.
            for (x, y) in zip(reference, reference.dropFirst()) where x.b == y.b && x.a == y.a { #expect(x.delta < y.delta) }
        }
    }
}
