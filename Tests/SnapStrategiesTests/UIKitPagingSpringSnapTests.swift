import Testing
@testable import SnapStrategies
import SnapLabTestSupport

@Suite("UIKit paging spring model")
struct UIKitPagingSpringSnapTests {
    /// The decompiled width formulas: 3.0e−4 and 0.970 at 320 pt, 1.7e−4 and 0.977 at 1 024 pt and beyond.
    @Test("_pagingSpringPull and _pagingFriction from the bounds width")
    func widthFormulas() {
        #expect(abs(UIKitPagingSpringSnap.springPull(width: 320) - 0.0003) < 1e-9)
        #expect(abs(UIKitPagingSpringSnap.friction(width: 320) - 0.97) < 1e-9)
        #expect(abs(UIKitPagingSpringSnap.springPull(width: 1024) - 0.00017) < 1e-9)
        #expect(abs(UIKitPagingSpringSnap.friction(width: 1024) - 0.977) < 1e-9)
        #expect(UIKitPagingSpringSnap.springPull(width: 2048) == 0.00017)
        #expect(UIKitPagingSpringSnap.friction(width: 2048) == 0.977)
    }

    /// The same releases through Scripts/research/fit-uikit-paging.py's `simulate` (390 pt pages, the
    /// default parameters and pull +0.0006, friction −0.05): the Swift model and the script agree.
    /// (position in pages from the start page, velocity pt/ms, landed default, landed adjusted)
    @Test("agrees with the fitting script's simulation", arguments: [
        (0.3, 0.0, 0, 0), (0.3, 3.0, 0, 0), (0.55, 0.0, 1, 1), (0.55, -2.5, 0, 1), (-0.3, -2.0, 0, 0),
        (0.2, 6.0, 1, 0),
    ] as [(Double, Double, Int, Int)])
    func matchesScript(position: Double, velocity: Double, landed: Int, adjusted: Int) throws {
        let pages = try CarouselLayout(itemWidth: 390, viewportWidth: 390, itemCount: 20)
        let r = Release(offset: (5 + position) * 390, velocity: velocity, startOffset: 5 * 390, startIndex: 5)
        #expect(UIKitPagingSpringSnap().decide(r, in: pages).targetIndex == 5 + landed)
        let tuned = UIKitPagingSpringSnap(pullAdjustment: 0.0006, frictionAdjustment: -0.05)
        #expect(tuned.decide(r, in: pages).targetIndex == 5 + adjusted)
    }

    @Test("never more than one page from the release page; settles on a page at rest")
    func onePage() throws {
        let pages = try CarouselLayout(itemWidth: 390, viewportWidth: 390, itemCount: 20)
        for v in stride(from: -20.0, through: 20, by: 0.5) {
            let d = UIKitPagingSpringSnap().decide(Release(offset: 5 * 390 + 10, velocity: v), in: pages)
            #expect(abs(d.targetIndex - 5) <= 1)
        }
        #expect(UIKitPagingSpringSnap().decide(Release(offset: 7 * 390, velocity: 0), in: pages).targetIndex == 7)
    }

    /// The batch path for releases of one layout (one spring, the layout read once): every
    /// decision the release's alone, bit for bit, at the defaults, the parameters' range ends and
    /// the fitted region (overdamped: no next-peak bound), over seeded layouts and releases.
    @Test("batches of one layout decide as each release alone, bit for bit", arguments: [0x5138_0011, 0x5138_0012] as [UInt64])
    func oneLayoutBatchesDecideAsAlone(seed: UInt64) throws {
        let policies: [any SnapPolicy] = [
            UIKitPagingSpringSnap(), UIKitPagingSpringSnap(pullAdjustment: -0.00015, frictionAdjustment: -0.0145),
            UIKitPagingSpringSnap(pullAdjustment: 0.002, frictionAdjustment: 0.02),
            UIKitPagingSpringSnap(pullAdjustment: 0.0006, frictionAdjustment: -0.2),
        ]
        let (failures, compared) = try OneLayoutBatchCheck.mismatches(policies, seed: seed)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 30_000)
    }
}

/// ``UIKitPagingSpringSnap/decide(_:in:)`` proves the attractor only before the first step, when
/// it changes and when the offset turns (issue 36); before, it tried the settling bound on every
/// step and the next peak's bound on each turn. The decision must be the same: compared with that
/// loop (``asBefore(_:_:in:)``, kept here as the reference) and with the spring stepped without any
/// proof (``UIKitPagingSpringSnapSettlingTests/stepped(_:_:in:)``) on a dense grid and on random inputs.
@Suite("UIKit paging spring: the decision where the proofs run")
struct UIKitPagingSpringSnapProofPlacesTests {
    /// The decision as `main` 58198de made it: the settling bound on every step, the next peak's
    /// bound (both sides, ``keptAsBefore(_:d:v:)``) each time the offset turns toward the attractor.
    static func asBefore(_ policy: UIKitPagingSpringSnap, _ release: Release, in layout: CarouselLayout) -> Int {
        let k = Swift.max(1e-6, UIKitPagingSpringSnap.springPull(width: layout.viewportWidth) + policy.pullAdjustment)
        let f = SnapMath.clamp(UIKitPagingSpringSnap.friction(width: layout.viewportWidth) + policy.frictionAdjustment, 0, 0.999)
        let settling = UIKitPagingSpringSnap.SettlingBound(k: k, f: f), peak = settling.nextPeak()
        typealias Start = UIKitPagingSpringSnapSettlingTests.Start
        guard let start = Start(release, in: layout) else { return Start.nonFinite(in: layout) }
        let base = start.base, lowPage = start.lowPage, highPage = start.highPage, middle = start.middle
        var x = start.x, v = start.v, target = middle
        if start.low == start.high { return layout.decision(slot: base &+ start.low, rule: "").targetIndex }
        var approaching = false
        for _ in 0..<UIKitPagingSpringSnap.maximumSteps {
            target = x >= 0.5 ? highPage : (x <= -0.5 ? lowPage : middle)
            let offTarget = x - target
            if settling.keepsAttractor(d: offTarget, v: v) { break }
            let turning = offTarget * v < 0
            if turning && !approaching, let peak, Self.keptAsBefore(peak, d: offTarget, v: v) { break }
            approaching = turning
            v = f * v + k * (target - x)
            x += v
            let d = x - target
            if abs(v) < 1e-5 && abs(d) < 0.05 { break }
            if k > 0, d * d + v * v / k < 0.16 { break }
        }
        return layout.decision(slot: base &+ Int(target), rule: "").targetIndex
    }

    /// The next peak's bound as 58198de computed it (both sides, with an exponential).
    static func keptAsBefore(_ peak: UIKitPagingSpringSnap.SettlingBound.NextPeak, d: Double, v: Double) -> Bool {
        guard let (amplitude, _, lower) = peakAngle(peak, d: d, v: v) else { return peakAmplitudeIsZero(peak, d: d, v: v) }
        let bound = Swift.max(Swift.abs(d) * (1 + 1e-6), amplitude * peak.cosAlpha * SnapMath.exp(-peak.kappa * lower) * (1 + 1e-6))
        return bound * bound < peak.limit
    }

    /// The reference models' shared start of the next peak's bound (as 58198de computed it): the
    /// amplitude of the state `(d, s)`, the cross product giving the turn's side, and the lower
    /// bound of the angle to the next peak (with its slack); `nil` when the squared amplitude is
    /// not positive (zero or NaN: ``peakAmplitudeIsZero(_:d:v:)`` tells which).
    static func peakAngle(_ peak: UIKitPagingSpringSnap.SettlingBound.NextPeak, d: Double,
                          v: Double) -> (amplitude: Double, cross: Double, lower: Double)? {
        let s = (peak.c * d - peak.f * v) * peak.inverseB
        let c2 = d * d + s * s
        guard c2 > 0 else { return nil }
        let amplitude = c2.squareRoot()
        let cross = -(d * peak.sinAlpha + s * peak.cosAlpha)
        let dot = d * peak.cosAlpha - s * peak.sinAlpha
        var lower = 0.0
        if cross != 0 {
            let (sine, cosine) = cross > 0 ? (cross, dot) : (-cross, -dot)
            lower = cosine >= 0 ? sine / amplitude : Double.pi / 2 - cosine / amplitude
            lower = Swift.max(0, lower * (1 - 1e-6) - 1e-6)
        }
        return (amplitude, cross, lower)
    }

    /// Whether the state's squared amplitude is exactly zero (where ``peakAngle(_:d:v:)`` is `nil`,
    /// the bound holds: the spring is at rest on its target).
    static func peakAmplitudeIsZero(_ peak: UIKitPagingSpringSnap.SettlingBound.NextPeak, d: Double, v: Double) -> Bool {
        let s = (peak.c * d - peak.f * v) * peak.inverseB
        return d * d + s * s == 0
    }

    /// The parameters at the ends of their ranges (each pair), the defaults and the fitted region.
    static let adjustments: [(pull: Double, friction: Double)] = [
        (-0.00015, -0.2), (-0.00015, 0.02), (0.002, -0.2), (0.002, 0.02), (0, 0), (-0.00015, -0.0145),
    ]

    /// Offsets every 0.07 page from beyond the first item to beyond the last, velocities every
    /// 0.375 pt/ms up to ±3 and far beyond (clamped to a page per ms), pages and 160 + 10 pt items,
    /// bounded and looping, at the phone, tablet and beyond-1024 widths.
    @Test("the same decision as before and as stepping on a dense grid", arguments: [320.0, 375, 414, 1024, 1366])
    func denseGrid(width: Double) throws {
        var checked = 0, moved = 0
        for looping in [false, true] {
            for (itemWidth, spacing) in [(width, 0.0), (160, 10)] {
                let layout = try CarouselLayout(itemWidth: itemWidth, spacing: spacing, viewportWidth: width, itemCount: 5,
                                                isLooping: looping)
                for (pull, friction) in Self.adjustments {
                    let policy = UIKitPagingSpringSnap(pullAdjustment: pull, frictionAdjustment: friction)
                    for position in stride(from: -0.7, through: 4.7, by: 0.07) {
                        for velocity in Array(stride(from: -3.0, through: 3, by: 0.375)) + [-40, 40, 1e300] {
                            let release = Release(offset: layout.alignmentOrigin + position * layout.stride, velocity: velocity)
                            let got = policy.decide(release, in: layout).targetIndex
                            let before = Self.asBefore(policy, release, in: layout)
                            #expect(got == before, "\(pull), \(friction), \(layout), \(release): \(got) ≠ \(before)")
                            #expect(before == UIKitPagingSpringSnapSettlingTests.stepped(policy, release, in: layout))
                            checked += 1
                            if got != layout.decision(slot: layout.nearestSlot(toOffset: release.offset), rule: "").targetIndex { moved += 1 }
                        }
                    }
                }
            }
        }
        #expect(checked == 2 * 2 * 6 * 78 * 20)
        #expect(moved > checked / 10, "few releases moved off their nearest page (\(moved) of \(checked)): the grid is too weak")
    }

    @Test("the same decision as before on random layouts, releases and parameters (seeded)", arguments: [0x5E77_0036 as UInt64, 0x5E77_0037])
    func randomInputs(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let specs = UIKitPagingSpringSnap().parameterSpecs
        var checked = 0
        for _ in 0..<400 {
            let layout = try randomLayout(&rng, looping: rng.chance(0.4))
            let pull = rng.chance(0.2) ? rng.pick([specs[0].minimum, specs[0].maximum]) : rng.double(in: specs[0].minimum...specs[0].maximum)
            let friction = rng.chance(0.2) ? rng.pick([specs[1].minimum, specs[1].maximum]) : rng.double(in: specs[1].minimum...specs[1].maximum)
            let policy = UIKitPagingSpringSnap(pullAdjustment: pull, frictionAdjustment: friction)
            for _ in 0..<25 {
                let release = randomRelease(&rng, in: layout)
                #expect(policy.decide(release, in: layout).targetIndex == Self.asBefore(policy, release, in: layout),
                        "seed \(seed): \(pull), \(friction), \(layout), \(release)")
                checked += 1
            }
        }
        #expect(checked == 10_000)
    }

    /// Issue 36 (spring39): the loop of steps without the "settled" test (the decided test stops
    /// every stepping it would stop, on the same step) and with the entry proof before the steps.
    /// Seeded releases where a wrong step would show first: within 10⁻¹²…0.05 page of a half-page
    /// boundary or of a page, at speeds from a near-standstill to far beyond a page per ms, on random
    /// widths and spacings (bounded and looping) and parameters over their ranges (a fifth at the
    /// ends); each decision compared with the spring stepped to rest, up to
    /// ``UIKitPagingSpringSnap/maximumSteps`` (``UIKitPagingSpringSnapSettlingTests/stepped(_:_:in:)``).
    @Test("the same decision as stepping to rest near half pages and pages (seeded)", arguments: [0x5139_0001 as UInt64, 0x5139_0002])
    func nearBoundaries(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let specs = UIKitPagingSpringSnap().parameterSpecs
        var checked = 0, moved = 0
        for _ in 0..<300 {
            let width = rng.double(in: 200...1400), itemWidth = rng.chance(0.5) ? width : rng.double(in: 60...width)
            let layout = try CarouselLayout(itemWidth: itemWidth, spacing: rng.chance(0.5) ? 0 : rng.double(in: 0...40),
                                            viewportWidth: width, itemCount: rng.int(in: 1...12), isLooping: rng.chance(0.3))
            func parameter(_ i: Int) -> Double {
                rng.chance(0.2) ? rng.pick([specs[i].minimum, specs[i].maximum]) : rng.double(in: specs[i].minimum...specs[i].maximum)
            }
            let policy = UIKitPagingSpringSnap(pullAdjustment: parameter(0), frictionAdjustment: parameter(1))
            for _ in 0..<40 {
                let page = Double(rng.int(in: -1...layout.itemCount))
                let near = rng.chance(0.7) ? 0.5 : 0, side = rng.chance(0.5) ? 1.0 : -1
                let position = page + side * near + rng.pick([1.0, -1]) * SnapMath.exp(rng.double(in: -27.6...(-3)))
                let speed = SnapMath.exp(rng.double(in: -9.2...3)) * rng.pick([1.0, -1])     // 10⁻⁴…20 pt/ms
                let release = Release(offset: layout.alignmentOrigin + position * layout.stride, velocity: speed)
                let got = policy.decide(release, in: layout).targetIndex
                let stepped = UIKitPagingSpringSnapSettlingTests.stepped(policy, release, in: layout)
                #expect(got == stepped, "seed \(seed): \(policy), \(layout), \(release): \(got) ≠ \(stepped)")
                checked += 1
                if got != layout.decision(slot: layout.nearestSlot(toOffset: release.offset), rule: "").targetIndex { moved += 1 }
            }
        }
        #expect(checked == 12_000)
        #expect(moved > checked / 20, "few releases moved off their nearest page (\(moved) of \(checked)): the inputs are too weak")
    }

    /// The claim that lets the loop drop the "settled" test: at every pull the policy can build
    /// (at least 10⁻⁶ per ms²), a settled state (|v| < 10⁻⁵, |d| < 0.05) passes the decided test.
    @Test("a settled state is always decided")
    func settledIsDecided() {
        var rng = SplitMix64(seed: 0x5139_0003)
        for width in [200.0, 375, 1024, 4000] {
            for pull in [-1.0, -0.00015, 0, 0.002, 1e300] {
                let k = UIKitPagingSpringSnap.Spring(UIKitPagingSpringSnap(pullAdjustment: pull, frictionAdjustment: 0), width: width).k
                for _ in 0..<2_000 {
                    let v = rng.double(in: -1...1) * 0.99999999e-5, d = rng.double(in: -1...1) * 0.04999999
                    #expect(d * d + v * v / k < 0.16, "k \(k), d \(d), v \(v)")
                }
            }
        }
    }
}
