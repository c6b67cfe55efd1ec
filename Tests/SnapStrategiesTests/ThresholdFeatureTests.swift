import Testing
@testable import SnapStrategies

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
                    // Other parameters: random values kept inside the declared orders.
                    var base = policy.defaultParameterValues
                    for (i, s) in specs.enumerated() where i != j && !s.isInteger && s.role == .threshold {
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
                    for _ in 0..<10 {
                        let release = randomRelease(&rng, in: layout)
                        let f = feature.value(of: release, in: layout.snapped(to: policy.snapOrigin))
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
}
