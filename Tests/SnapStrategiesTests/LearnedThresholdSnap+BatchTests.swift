import SnapLabTestSupport
import Testing
@testable import SnapStrategies

/// `learned-threshold`'s batch paths (`LearnedThresholdSnap+Batch.swift`): the weights and cut
/// points read once (``LearnedThresholdSnap/Scorer``), and for releases of one layout the layout
/// read once with the android stand-in decided for the whole layout
/// (``LearnedThresholdSnap/androidStandInIsZero(in:)``). Every decision must be the release's
/// alone (``SnapPolicy/decide(_:in:)``, the spline's distance computed), bit for bit.
@Suite("Learned threshold snap: batch paths")
struct LearnedThresholdSnapBatchTests {
    /// The defaults, other android and duration weights (zero of both signs, NaN, infinite), a
    /// full weight vector, rules moving beyond three items (rules built at run time), unsorted and
    /// empty cut points, and seeded weight sets of signed zeros, subnormals, NaN and infinities.
    static func policies(seed: UInt64) -> [LearnedThresholdSnap] {
        var policies = [LearnedThresholdSnap(), LearnedThresholdSnap(maxPages: 1), LearnedThresholdSnap(maxPages: 6),
                        LearnedThresholdSnap(weights: [0, 0, 0, 0, 10, -0.0, 0, 0]),
                        LearnedThresholdSnap(weights: [0, 0, 0, 0, 0, 10, 0, 0]),
                        LearnedThresholdSnap(weights: [0, 0, 0, 0, 10, .nan, 0, 0]),
                        LearnedThresholdSnap(weights: [0, 0, 0, 0, 10, .infinity, 0, 0]),
                        LearnedThresholdSnap(weights: [0, 0, 0, 0, 10, 0, 1, 0]),
                        LearnedThresholdSnap(weights: [0.5, 1, -3, 2, 3, 4, 0.25, 0.01], cutpoints: [-3, -1, 0, 1, 3]),
                        LearnedThresholdSnap(weights: [40, 20, 5, 3, 2, 2, 1, 0.5], cutpoints: (-8...7).map { Double($0) * 5 }),
                        LearnedThresholdSnap(weights: [0, 0, 0, 0, 10, 0, 0, 0], cutpoints: [5, -5, 25, -25]),
                        LearnedThresholdSnap(weights: [0, 0, 0, 0, 10, 0, 0, 0], cutpoints: [])]
        for weights in LearnedThresholdSnapZeroWeightTests.weightSets(seed: seed, count: 12) {
            policies.append(LearnedThresholdSnap(weights: weights, cutpoints: [-0.5, 0, Double.leastNormalMagnitude / 64, 0.5]))
        }
        return policies
    }

    @Test("batches of one layout decide as each release alone, bit for bit (looping and bounded, every alignment)",
          arguments: [0x1EA2_0401, 0x1EA2_0402, 0x1EA2_0403] as [UInt64])
    func oneLayoutBatchesDecideAsAlone(seed: UInt64) throws {
        let (failures, compared) = try OneLayoutBatchCheck.mismatches(Self.policies(seed: seed), seed: seed)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 100_000)
    }

    /// Layouts where positions stop being finite inside the content, with releases at their edges:
    /// a looping layout of 1e-300-pt items (offsets just short of where `offset/stride` overflows)
    /// and bounded ones of 1e-300-pt items with an inset of 1e300 points, where the stand-in must
    /// not be taken for the whole layout.
    static func edgeCases() throws -> [(CarouselLayout, [Release])] {
        let tinyLoop = try CarouselLayout(itemWidth: 1e-300, viewportWidth: 1, itemCount: 3, isLooping: true)
        let edge = Double.greatestFiniteMagnitude * tinyLoop.stride
        var loopReleases = AndroidSplineDecayTests.edgeReleases(of: tinyLoop)
        // Positions beyond the doubles with no travel: only the fraction (and the projections)
        // not finite, so a fraction weight of ±0 must still make the score NaN.
        for x in [2 * edge, -2 * edge, 1e300, -1e300, .greatestFiniteMagnitude] {
            for v in [0.0, 3, -3] { loopReleases.append(Release(offset: x, velocity: v, startOffset: x, startTime: 0, time: 90)) }
        }
        var cases = [(tinyLoop, loopReleases + AndroidSplineDecayTests.hostile())]
        for (leading, trailing) in [(1e300, 0.0), (0, 1e300), (1e300, 1e300)] {
            let layout = try CarouselLayout(itemWidth: 1e-300, leadingInset: leading, trailingInset: trailing,
                                            viewportWidth: 1, itemCount: 3)
            var releases = AndroidSplineDecayTests.hostile()
            for x in [0, 1, 4000, 9000, layout.maxOffset, layout.maxOffset - 4000, layout.maxOffset / 2] {
                for v in [8.0, -8, 3, -3, 0] {
                    releases.append(Release(offset: x, velocity: v, startOffset: x - 1, startTime: 0, time: 90))
                }
            }
            cases.append((layout, releases))
        }
        return cases
    }

    @Test("where positions overflow, both batch paths decide as each release alone")
    func edgesDecideAsAlone() throws {
        var standInTaken = 0
        for (n, (layout, releases)) in try Self.edgeCases().enumerated() {
            if LearnedThresholdSnap.androidStandInIsZero(in: layout) { standInTaken += 1 }
            let layouts = [CarouselLayout](repeating: layout, count: releases.count)
            for p in Self.policies(seed: 0x1EA2_0410 + UInt64(n)) {
                let alone = releases.map { p.decide($0, in: layout) }
                for oneLayout in [false, true] {
                    var kinematics = [ReleaseKinematics](repeating: ReleaseKinematics(), count: releases.count)
                    let out = BatchDecisions.decide(releases, in: layouts, sharing: &kinematics,
                                                    over: [SnapDecision](repeating: BatchDecisions.empty, count: releases.count)) {
                        oneLayout ? p.decide($0, inOneLayout: $1, sharing: $2, into: $3) : p.decide($0, in: $1, sharing: $2, into: $3)
                    }
                    #expect(AndroidSplineDecayTests.differing(out, alone) == 0, "layout \(n), one layout \(oneLayout), weights \(p.weights)")
                }
            }
        }
        // Not one of these layouts may take the stand-in for all its releases.
        #expect(standInTaken == 0)
    }

    @Test("a layout taken as a whole gives the stand-in +0 for every release")
    func standInForTheWholeLayout() throws {
        var rng = SplitMix64(seed: 0x1EA2_0420)
        var taken = 0
        for batch in 0..<300 {
            let layout = try randomLayout(&rng, looping: batch % 4 == 3)
            guard LearnedThresholdSnap.androidStandInIsZero(in: layout) else {
                #expect(layout.isLooping, "\(layout)")
                continue
            }
            taken += 1
            var releases = AndroidSplineDecayTests.hostile()
            for _ in 0..<60 { releases.append(OneLayoutBatchCheck.release(in: layout, &rng)) }
            for r in releases {
                let decay = AndroidSplineDecay(velocity: r.velocity, spline: .standard)
                let standIn = LearnedThresholdSnap.androidStandIn(r, in: layout, startSlot: r.startSlot(in: layout), decay: decay)
                #expect(standIn.bitPattern == (0.0).bitPattern, "\(r) in \(layout)")
            }
        }
        #expect(taken > 150)
    }

    @Test("the fraction's stand-in makes the same term at a zero weight; the quickness is always finite")
    func fractionAndQuicknessStandIns() throws {
        let layout = try CarouselLayout(itemWidth: 160, spacing: 10, viewportWidth: 375, itemCount: 40, isLooping: true)
        var offsets: [Double] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                 1e308, -1e308, 0, -0.0, 170, 169.99999999999997, -170, 2.5e9, 1e17]
        var rng = SplitMix64(seed: 0x1EA2_0430)
        for _ in 0..<2000 { offsets.append(rng.double(in: -1e4...1e4)) }
        for x in offsets {
            let p = layout.position(atOffset: x)
            let standIn = LearnedThresholdSnap.fractionStandIn(unsnapped: layout.unsnappedPosition(atOffset: x))
            for w in [0.0, -0.0] {
                let exact = w * (p - p.rounded(.down)), stood = w * standIn
                #expect(exact == stood || (exact.isNaN && stood.isNaN), "offset \(x), weight \(w)")
            }
        }
        let durations: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 1e-300, 5, 10, 11, 1e308, .greatestFiniteMagnitude]
        let travels: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 1, -1, 1e308]
        for d in durations {
            for t in travels {
                let r = Release(offset: t, velocity: 1, startOffset: 0, startTime: 0, time: d)
                let q = LearnedThresholdSnap.features(of: r, in: layout).quickness
                #expect(q.isFinite, "duration \(d), travel \(t): \(q)")
            }
        }
    }
}
