import SnapLabTestSupport
import Testing
@testable import SnapStrategies

/// `learned-threshold` with a duration weight of `±0` (the defaults) scores with a stand-in for
/// `ln(1 + contact)` (``LearnedThresholdSnap/durationStandIn(contact:)``): the score must have the
/// bits of the score computed with the logarithm (signed zeros and NaN included) and every
/// decision (alone and through shared kinematics) must be the one made from the full features.
@Suite("Learned threshold snap: a zero duration weight")
struct LearnedThresholdSnapZeroWeightTests {
    let layout = try! CarouselLayout(itemWidth: 160, spacing: 10, viewportWidth: 375, itemCount: 40)

    /// Contact times (ms, `time − startTime`) with every special value the stand-in must follow:
    /// NaN, infinities, signed zeros, subnormals, the smallest normal, around `√2 − 1` and `1`
    /// (where `ln(1 + c)` changes its binade), the largest finite; then seeded values over all
    /// magnitudes.
    static func contacts(seed: UInt64, count: Int) -> [Double] {
        var out: [Double] = [.nan, -.nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude,
                             -.leastNonzeroMagnitude, Double.leastNormalMagnitude.nextDown, .leastNormalMagnitude, 1e-300, 1e-17, 1.1e-16,
                             2.3e-16, 0.41421356237309503, 0.4142135623730951, 0.41421356237309515, 0.5,
                             1.0.nextDown, 1, 1.0.nextUp, 2, 3, 120, 1e15, 1e308, .greatestFiniteMagnitude,
                             -1, -120, -.greatestFiniteMagnitude]
        var rng = SplitMix64(seed: seed)
        for _ in 0..<count {
            let magnitude = Double(sign: .plus, exponent: rng.int(in: -1074...1023), significand: rng.double(in: 1...2))
            out.append(rng.int(in: 0...9) == 0 ? -magnitude : magnitude)
        }
        return out
    }

    /// Weights that make signed-zero scores: every weight drawn from `±0`, small, subnormal,
    /// ordinary values (and a NaN or infinity now and then), the duration weight `+0` or `−0`.
    static func weightSets(seed: UInt64, count: Int) -> [[Double]] {
        let choices: [Double] = [0, -0.0, 0, -0.0, 1, -2.5, 10, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                 1e-300, .infinity, .nan]
        var rng = SplitMix64(seed: seed)
        var sets: [[Double]] = [[0, 0, 0, 0, 0, 0, 0, 0], [-0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0],
                                [-0.0, -0.0, -0.0, -0.0, -0.0, -0.0, 0, -0.0], [0, 0, 0, 0, 0, 0, -0.0, 0],
                                LearnedThresholdSnap.defaultWeights]
        for _ in 0..<count {
            var w = (0..<8).map { _ in choices[rng.int(in: 0...(choices.count - 1))] }
            w[6] = rng.int(in: 0...1) == 0 ? 0 : -0.0
            sets.append(w)
        }
        return sets
    }

    /// Releases whose other features are often signed zeros (at rest on a slot, `±0` velocity),
    /// and seeded flicks, each with every contact time.
    func releases(seed: UInt64) -> [Release] {
        var rng = SplitMix64(seed: seed)
        var out: [Release] = []
        for (i, contact) in Self.contacts(seed: seed &+ 1, count: 400).enumerated() {
            let start = rng.int(in: 0...39)
            let s = layout.snapOffset(ofSlot: start)
            let (drag, velocity): (Double, Double) = switch i % 4 {
            case 0: (0, 0)
            case 1: (0, -0.0)
            default: (rng.double(in: -0.6...0.6), rng.double(in: -9...9))
            }
            out.append(Release(offset: s + drag * layout.stride, velocity: velocity, startOffset: s, startTime: 0,
                               time: contact, startIndex: start, fingerTravel: i % 3 == 0 ? nil : drag * layout.stride + 3))
        }
        return out
    }

    @Test("the stand-in gives the score's bits (±0 and NaN included) for every zero duration weight")
    func sameScoreBits() {
        let releases = releases(seed: 0xC0A5_7360)
        var zeroScores = 0, nanScores = 0
        for weights in Self.weightSets(seed: 0xC0A5_7361, count: 300) {
            let p = LearnedThresholdSnap(weights: weights, cutpoints: [-1, 0, 1e-300])
            #expect(!p.scoreNeedsDuration)
            for r in releases {
                let full = LearnedThresholdSnap.features(of: r, in: layout)
                let coast = AndroidSplineDeceleration.standard.clampedCoastDistance(velocity: r.velocity)
                let lazy = LearnedThresholdSnap.features(of: r, in: layout, androidCoast: coast, logDuration: false)
                let old = p.score(full), new = p.score(lazy)
                #expect(old.bitPattern == new.bitPattern, "weights \(weights) contact \(r.duration): \(old) vs \(new)")
                if old == 0 { zeroScores += 1 }
                if old.isNaN { nanScores += 1 }
            }
        }
        // The grid reaches the cases that matter: zero scores (of both signs) and NaN scores.
        #expect(zeroScores > 10_000 && nanScores > 10_000)
    }

    @Test("the stand-in has the logarithm's class and sign for every contact")
    func standInFollowsTheLogarithm() {
        for c in Self.contacts(seed: 0xC0A5_7362, count: 50_000) {
            let contact = c > 0 ? c : 0
            let log = SnapMath.log(1 + contact), standIn = LearnedThresholdSnap.durationStandIn(contact: contact)
            #expect(log.sign == .plus && standIn.sign == .plus, "\(c)")
            #expect(log.isFinite == standIn.isFinite && log.isNaN == standIn.isNaN, "\(c)")
            for w in [0.0, -0.0] { #expect((w * log).bitPattern == (w * standIn).bitPattern, "\(c) \(w)") }
        }
    }

    @Test("decisions alone and through shared kinematics are the ones from the full features")
    func sameDecisions() {
        let releases = releases(seed: 0xC0A5_7363)
        let layouts = [CarouselLayout](repeating: layout, count: releases.count)
        var policies = [LearnedThresholdSnap(), LearnedThresholdSnap(maxPages: 1)]
        for weights in Self.weightSets(seed: 0xC0A5_7364, count: 40) {
            policies.append(LearnedThresholdSnap(weights: weights, cutpoints: [-0.5, 0, Double.leastNormalMagnitude / 64, 0.5]))
        }
        // A non-zero duration weight takes the logarithm (the path must follow the weight).
        policies.append(LearnedThresholdSnap(weights: [0, 0, 0, 0, 0, 0, 1, 0], cutpoints: [-1, 1, 3, 4.8, 6]))
        for p in policies {
            let expected = releases.map { p.decide(features: LearnedThresholdSnap.features(of: $0, in: layout), in: layout) }
            #expect(releases.map { p.decide($0, in: layout) } == expected, "\(p.weights)")
            var kinematics = [ReleaseKinematics](repeating: ReleaseKinematics(), count: releases.count)
            let out = BatchDecisions.decide(p, releases, in: layouts, sharing: &kinematics)
            #expect(out == expected, "\(p.weights)")
        }
    }
}
