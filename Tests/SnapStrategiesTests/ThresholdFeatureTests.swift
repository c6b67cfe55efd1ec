import Testing
@testable import SnapStrategies
import SnapLabTestSupport

/// Every declared threshold (``PolicyParameter/comparedWith``) of every catalogue policy keeps
/// its promise on random layouts and releases: with the other parameters at random feasible
/// values, the decision is one constant for thresholds below the trace's change point `a` and
/// another at and above `b` (`ThresholdFeature.change(at:)` of the trace's feature), over the
/// whole range, checked at random thresholds and just around the feature value.
@Suite struct ThresholdFeatureTests {
    /// The declared parameters, so that the check below cannot pass vacuously.
    @Test func theCatalogueDeclaresFeatures() {
        let declared = PolicyCatalog.all.flatMap { p in p.parameterSpecs.filter { $0.comparedWith != nil }.map { "\(p.id).\($0.name)" } }
        #expect(declared.contains("tag99.lowTier"))
        #expect(declared.contains("tag99.highTier"))
        #expect(declared.contains("tag99.backwardFraction"))
        for name in ["embla.minimumSpeed", "uikit-paging.velocityGate", "uikit-paging.positionalThreshold",
                     "flutter-pageview.minFlingVelocity", "flutter-pageview-bouncing.minFlingVelocity",
                     "flutter-fixedextent.minFlingVelocity", "flutter-fixedextent-bouncing.minFlingVelocity",
                     "swiper.longSwipesMs", "icarousel.scrollSpeedThreshold", "icarousel.decelerateThreshold",
                     "icarousel.scrollDistanceThreshold", "icarousel-paging.scrollSpeedThreshold",
                     "icarousel-paging.decelerateThreshold", "icarousel-paging.scrollDistanceThreshold",
                     "compose-pager.positionalThreshold",
                     "flutter-pageview.minFlingDistance", "flutter-fixedextent-bouncing.minFlingDistance",
                     "css-snap-mandatory.minFlingVelocity", "css-snap-proximity.minFlingVelocity"] {
            #expect(declared.contains(name), "\(name) is not declared")
        }
    }

    @Test(arguments: [false, true])
    func decisionsChangeOnlyAtTheFeature(looping: Bool) throws {
        var rng = SplitMix64(seed: looping ? 0xFEA7_0002 : 0xFEA7_0001)
        var checked = 0, changed = 0
        for policy in PolicyCatalog.all {
            let specs = policy.parameterSpecs
            for (j, spec) in specs.enumerated() {
                guard let feature = spec.comparedWith else { continue }
                for _ in 0..<40 {
                    let layout = try randomLayout(&rng, looping: looping)
                    // Other parameters: random values kept inside the declared orders (the thresholds,
                    // and whatever a measured feature depends on, platform constants too).
                    var base = policy.defaultParameterValues
                    let dependencies = feature.quantity.dependencies
                    for (i, s) in specs.enumerated()
                    where i != j && !s.isInteger && (s.role == .threshold || dependencies.contains(s.name)) {
                        base[i] = rng.double(in: s.minimum...s.maximum)
                    }
                    for order in policy.parameterOrder {
                        guard let l = specs.firstIndex(where: { $0.name == order.lower }),
                              let u = specs.firstIndex(where: { $0.name == order.upper }), base[l] > base[u] else { continue }
                        base.swapAt(l, u)
                    }
                    var lo = spec.minimum, hi = spec.maximum
                    for order in policy.parameterOrder {
                        guard let l = specs.firstIndex(where: { $0.name == order.lower }),
                              let u = specs.firstIndex(where: { $0.name == order.upper }) else { continue }
                        if l == j { hi = Swift.min(hi, base[u]) }
                        if u == j { lo = Swift.max(lo, base[l]) }
                    }
                    guard lo < hi else { continue }
                    let measuring = try policy.withParameterValues(base)   // the values a measured feature reads
                    for _ in 0..<10 {
                        let release = randomRelease(&rng, in: layout)
                        let f = feature.value(of: release, in: layout.snapped(to: policy.snapOrigin), by: measuring)
                        let (a, b) = feature.change(at: f)
                        func decision(_ t: Double) throws -> Int {
                            var values = base
                            values[j] = t
                            return try policy.withParameterValues(values).decide(release, in: layout).targetSlot
                        }
                        let below = try decision(lo), above = try decision(hi)
                        if below != above { changed += 1 }
                        var thresholds = (0..<6).map { _ in rng.double(in: lo...hi) }
                        thresholds += [a, b, a.nextDown, b.nextUp, f].filter { $0 >= lo && $0 <= hi }
                        for t in thresholds {
                            let expected = t <= a ? below : (t >= b ? above : below)
                            let got = try decision(t)
                            #expect(got == expected, """
                                \(policy.id).\(spec.name) = \(t): slot \(got), expected \(expected) \
                                (feature \(f), range \(lo)...\(hi)); \(layout) \(release)
                                """)
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked > 1000)
        #expect(changed > 20, "the declared thresholds changed few decisions: the check is too weak")
    }

    /// A measured feature (``ThresholdFeature/Quantity/measured(_:dependsOn:)``) depends on exactly
    /// the parameters it names: a fitter sorts the traces by it again only when one of those
    /// changes, so a parameter it reads but does not name would leave a stale order. On random
    /// layouts, releases and parameter values: changing any parameter it does not name (the
    /// threshold itself included) leaves every value the same, to the bit; each one it names
    /// changes some value; and the policy measures it (values that are not NaN).
    @Test func measuredFeaturesDependOnWhatTheyName() throws {
        var rng = SplitMix64(seed: 0xFEA7_0003)
        var measured = 0
        for policy in PolicyCatalog.all {
            let specs = policy.parameterSpecs
            for (j, spec) in specs.enumerated() {
                guard let feature = spec.comparedWith, case .measured = feature.quantity else { continue }
                measured += 1
                let names = feature.quantity.dependencies
                #expect(!names.contains(spec.name), "\(policy.id).\(spec.name) depends on itself")
                for name in names { #expect(specs.contains { $0.name == name }, "\(policy.id): no parameter \(name)") }
                var changes: [String: Int] = [:]
                var finite = 0
                for _ in 0..<60 {
                    let layout = try randomLayout(&rng, looping: rng.chance(0.3))
                    let shape = layout.snapped(to: policy.snapOrigin)
                    let releases = (0..<8).map { _ in randomRelease(&rng, in: layout) }
                    let base = try randomValues(policy, &rng)
                    let at = try policy.withParameterValues(base)
                    let values = releases.map { feature.value(of: $0, in: shape, by: at) }
                    finite += values.filter { !$0.isNaN }.count
                    for (i, other) in specs.enumerated() where !other.isInteger {
                        var moved = base
                        moved[i] = rng.double(in: other.minimum...other.maximum)
                        guard policy.orderViolation(in: moved) == nil else { continue }
                        let p = try policy.withParameterValues(moved)
                        let differ = zip(releases, values).filter { r, v in
                            let w = feature.value(of: r, in: shape, by: p)
                            return !(w == v || (w.isNaN && v.isNaN))
                        }.count
                        if names.contains(other.name) {
                            changes[other.name, default: 0] += differ
                        } else {
                            #expect(differ == 0, "\(policy.id).\(spec.name): its feature changed with \(other.name), which it does not name")
                        }
                        #expect(i != j || differ == 0)
                    }
                }
                #expect(finite > 100, "\(policy.id).\(spec.name): the policy does not measure \(feature.quantity.name)")
                for name in names {
                    #expect(changes[name, default: 0] > 0, "\(policy.id).\(spec.name): named \(name) never changed its feature")
                }
            }
        }
        #expect(measured >= 11)   // rn-android-paging's gate compares whole px/s with a rounded threshold (issue 34): no longer a measured feature
    }

    /// Random values of `policy`'s non-integer parameters inside their ranges, orders repaired by swaps.
    private func randomValues(_ policy: any SnapPolicy, _ rng: inout SplitMix64) throws -> [Double] {
        let specs = policy.parameterSpecs
        var values = policy.defaultParameterValues
        for (i, s) in specs.enumerated() where !s.isInteger { values[i] = rng.double(in: s.minimum...s.maximum) }
        for _ in 0...policy.parameterOrder.count {
            for order in policy.parameterOrder {
                guard let l = specs.firstIndex(where: { $0.name == order.lower }),
                      let u = specs.firstIndex(where: { $0.name == order.upper }), values[l] > values[u] else { continue }
                values.swapAt(l, u)
            }
        }
        return values
    }
}
