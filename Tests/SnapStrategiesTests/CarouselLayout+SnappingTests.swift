import Testing
@testable import SnapStrategies
import SnapLabTestSupport

/// Items 160 pt, spacing 10 pt, insets 10 pt, viewport 375 pt, 40 items: stride 170,
/// content 6810, max offset 6435, cycle 6800.
private func layout(_ alignment: SnapAlignment = .leading, looping: Bool = false) throws -> CarouselLayout {
    try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40,
                       alignment: alignment, isLooping: looping)
}

@Suite("CarouselLayout+Snapping")
struct CarouselLayoutSnappingTests {
    // MARK: - Snap offsets

    @Test("raw snap offset = origin + slot·stride, never clamped")
    func rawSnapOffset() throws {
        #expect(try layout().rawSnapOffset(ofSlot: 3) == 510)
        #expect(try layout().rawSnapOffset(ofSlot: -1) == -170)
        #expect(try layout().rawSnapOffset(ofSlot: 45) == 7650)
        #expect(try layout(.center).rawSnapOffset(ofSlot: 0) == -97.5)
        #expect(try layout(.center).rawSnapOffset(ofSlot: 2) == 242.5)
        #expect(try layout(.trailing).rawSnapOffset(ofSlot: 2) == 145)
    }

    @Test("bounded snap offset clamps the slot to the items and the offset to [0, maxOffset]")
    func boundedSnapOffset() throws {
        let l = try layout()
        #expect(l.snapOffset(ofSlot: 0) == 0)
        #expect(l.snapOffset(ofSlot: 3) == 510)
        #expect(l.snapOffset(ofSlot: 37) == 6290)
        // Slot 38 wants 6460 > 6435: clamped to the end of the content.
        #expect(l.snapOffset(ofSlot: 38) == 6435)
        #expect(l.snapOffset(ofSlot: 39) == 6435)
        // Slots outside the items are clamped first.
        #expect(l.snapOffset(ofSlot: -1) == 0)
        #expect(l.snapOffset(ofSlot: 45) == 6435)
        #expect(l.snapOffset(ofSlot: Int.min) == 0)
        #expect(l.snapOffset(ofSlot: Int.max) == 6435)
        // Centre alignment: slot 0 wants −97.5, clamped to 0; slot 1 rests at 72.5.
        #expect(try layout(.center).snapOffset(ofSlot: 0) == 0)
        #expect(try layout(.center).snapOffset(ofSlot: 1) == 72.5)
        // Trailing: slot 1 wants −25 → 0; slot 2 rests at 145.
        #expect(try layout(.trailing).snapOffset(ofSlot: 1) == 0)
        #expect(try layout(.trailing).snapOffset(ofSlot: 2) == 145)
        // Trailing, last item: 6630 − 195 = 6435 = maxOffset exactly.
        #expect(try layout(.trailing).snapOffset(ofSlot: 39) == 6435)
    }

    @Test("looping snap offset is never clamped")
    func loopingSnapOffset() throws {
        let l = try layout(looping: true)
        #expect(l.snapOffset(ofSlot: -1) == -170)
        #expect(l.snapOffset(ofSlot: 45) == 7650)
        #expect(try layout(.center, looping: true).snapOffset(ofSlot: 0) == -97.5)
    }

    // MARK: - Positions and nearest slots

    @Test("position = (offset − origin)/stride")
    func position() throws {
        #expect(try layout().position(atOffset: 510) == 3)
        #expect(try layout().position(atOffset: 425) == 2.5)
        #expect(try layout().position(atOffset: -85) == -0.5)
        #expect(try layout(.center).position(atOffset: 72.5) == 1)
        #expect(try layout(.center).position(atOffset: 0) == 97.5 / 170)
        #expect(try layout(.trailing).position(atOffset: 145) == 2)
    }

    @Test("nearest slot rounds half away from zero and clamps in a bounded layout")
    func nearestSlot() throws {
        let l = try layout()
        #expect(l.nearestSlot(toOffset: 600) == 4)     // p = 3.53
        #expect(l.nearestSlot(toOffset: 594) == 3)     // p = 3.49
        #expect(l.nearestSlot(toOffset: 425) == 3)     // p = 2.5 exactly → 3
        #expect(l.nearestSlot(toOffset: -1000) == 0)
        #expect(l.nearestSlot(toOffset: 1e9) == 39)
        #expect(l.nearestSlot(toOffset: .nan) == 0)
        #expect(l.nearestSlot(toOffset: .infinity) == 39)
        #expect(l.nearestSlot(toOffset: -.infinity) == 0)
        #expect(try layout(.center).nearestSlot(toOffset: 0) == 1)   // p = 0.57
    }

    @Test("nearest slot in a looping layout keeps counting and saturates at 2^52")
    func loopingNearestSlot() throws {
        let l = try layout(looping: true)
        #expect(l.nearestSlot(toOffset: -1000) == -6)   // p = −5.88
        #expect(l.nearestSlot(toOffset: -425) == -3)    // p = −2.5 → −3
        #expect(l.nearestSlot(toOffset: 7000) == 41)    // p = 41.18
        #expect(l.nearestSlot(toOffset: .nan) == 0)
        #expect(l.nearestSlot(toOffset: .infinity) == 4_503_599_627_370_496)
        #expect(l.nearestSlot(toOffset: -.infinity) == -4_503_599_627_370_496)
    }

    // MARK: - Clamping

    @Test("clamped offset: [0, maxOffset] when bounded, unchanged when looping, NaN → 0")
    func clampedOffset() throws {
        let bounded = try layout()
        #expect(bounded.clampedOffset(-5) == 0)
        #expect(bounded.clampedOffset(300) == 300)
        #expect(bounded.clampedOffset(7000) == 6435)
        #expect(bounded.clampedOffset(.infinity) == 6435)
        #expect(bounded.clampedOffset(-.infinity) == 0)
        #expect(bounded.clampedOffset(.nan) == 0)
        let looping = try layout(looping: true)
        #expect(looping.clampedOffset(-5) == -5)
        #expect(looping.clampedOffset(7000) == 7000)
        #expect(looping.clampedOffset(.nan) == 0)
    }

    @Test("clamped slot: 0..<count when bounded, ±2^52 when looping")
    func clampedSlot() throws {
        let bounded = try layout()
        #expect(bounded.clampedSlot(-1) == 0)
        #expect(bounded.clampedSlot(17) == 17)
        #expect(bounded.clampedSlot(40) == 39)
        #expect(bounded.clampedSlot(Int.min) == 0)
        let looping = try layout(looping: true)
        #expect(looping.clampedSlot(-1) == -1)
        #expect(looping.clampedSlot(45) == 45)
        #expect(looping.clampedSlot(Int.max) == 4_503_599_627_370_496)
        #expect(looping.clampedSlot(Int.min) == -4_503_599_627_370_496)
    }

    // MARK: - Items and slots

    @Test("item of a slot: slot mod count when looping, the clamped slot when bounded")
    func itemIndex() throws {
        let looping = try layout(looping: true)
        #expect(looping.itemIndex(ofSlot: 0) == 0)
        #expect(looping.itemIndex(ofSlot: -1) == 39)
        #expect(looping.itemIndex(ofSlot: -40) == 0)
        #expect(looping.itemIndex(ofSlot: -41) == 39)
        #expect(looping.itemIndex(ofSlot: 40) == 0)
        #expect(looping.itemIndex(ofSlot: 83) == 3)
        #expect(looping.itemIndex(ofSlot: Int.min) == SnapMath.wrap(Int.min, modulo: 40))
        let bounded = try layout()
        #expect(bounded.itemIndex(ofSlot: -1) == 0)
        #expect(bounded.itemIndex(ofSlot: 7) == 7)
        #expect(bounded.itemIndex(ofSlot: 50) == 39)
    }

    @Test("slot of an item near an offset: the nearest copy in a looping layout")
    func slotOfItemLooping() throws {
        let l = try layout(looping: true)
        #expect(l.slot(ofItem: 2, near: 600) == 2)      // here 4, item 2 is 2 back
        #expect(l.slot(ofItem: 39, near: 0) == -1)      // one back across the wrap
        #expect(l.slot(ofItem: 20, near: 0) == 20)      // exactly half a cycle: the later copy
        #expect(l.slot(ofItem: 21, near: 0) == -19)     // more than half forward: go back
        #expect(l.slot(ofItem: 1, near: 6800) == 41)    // here 40 = item 0 of the next cycle
        #expect(l.slot(ofItem: 5, near: -6800) == -35)  // here −40
        // Item indices are taken modulo the count: 42 is item 2.
        #expect(l.slot(ofItem: 42, near: 600) == 2)
        #expect(l.slot(ofItem: -1, near: 0) == -1)
        // Untrusted extremes never overflow.
        #expect(l.slot(ofItem: Int.min, near: 0) == l.slot(ofItem: SnapMath.wrap(Int.min, modulo: 40), near: 0))
        #expect(l.slot(ofItem: Int.max, near: .infinity) >= 4_503_599_627_370_496 - 20)
        #expect(l.slot(ofItem: Int.min, near: -.infinity) <= -4_503_599_627_370_496 + 20)
    }

    @Test("slot of an item in a bounded layout is the clamped index")
    func slotOfItemBounded() throws {
        let l = try layout()
        #expect(l.slot(ofItem: 5, near: 6000) == 5)
        #expect(l.slot(ofItem: 50, near: 0) == 39)
        #expect(l.slot(ofItem: -3, near: 0) == 0)
    }

    @Test("decision(slot:) clamps the slot and uses its snap offset")
    func decision() throws {
        let bounded = try layout()
        #expect(bounded.decision(slot: 45, rule: "r") == SnapDecision(targetSlot: 39, targetIndex: 39, targetOffset: 6435, rule: "r"))
        #expect(bounded.decision(slot: 2, rule: "x") == SnapDecision(targetSlot: 2, targetIndex: 2, targetOffset: 340, rule: "x"))
        #expect(bounded.decision(slot: -2, rule: "x") == SnapDecision(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: "x"))
        let looping = try layout(looping: true)
        #expect(looping.decision(slot: -2, rule: "y") == SnapDecision(targetSlot: -2, targetIndex: 38, targetOffset: -340, rule: "y"))
        #expect(looping.decision(slot: 41, rule: "y") == SnapDecision(targetSlot: 41, targetIndex: 1, targetOffset: 6970, rule: "y"))
    }

    /// ``CarouselLayout/decision(slot:rule:)`` clamps the slot once; the composed form clamps it in
    /// each of ``CarouselLayout/clampedSlot(_:)``, ``CarouselLayout/itemIndex(ofSlot:)`` and
    /// ``CarouselLayout/snapOffset(ofSlot:)``. The same slot, item and offset bits (and the text
    /// form, ``CarouselLayout/decision(slot:ruleText:)``), over seeded layouts, bounded and
    /// looping, and slots inside, beyond either end, at the index limit and at `Int.min`/`Int.max`.
    @Test("decision(slot:) equals the clamped slot's item and snap offset, bit for bit", arguments: [1, 2] as [UInt64])
    func decisionEqualsComposedForm(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0xDEC1_5100 &+ seed)
        for n in 0..<400 {
            let l = try randomLayout(&rng, looping: n % 3 == 0)
            let limit = Int(SnapMath.indexLimit)
            var slots = [Int.min, Int.max, -limit - 1, -limit, limit, limit + 1, -1, 0, 1, l.itemCount - 1, l.itemCount]
            for _ in 0..<40 { slots.append(rng.int(in: -3 * l.itemCount - 5...3 * l.itemCount + 5)) }
            for slot in slots {
                let s = l.clampedSlot(slot)
                let d = l.decision(slot: slot, rule: "r"), t = l.decision(slot: slot, ruleText: "r")
                for e in [d, t] {
                    #expect(e.targetSlot == s && e.targetIndex == l.itemIndex(ofSlot: s)
                                && e.targetOffset.bitPattern == l.snapOffset(ofSlot: s).bitPattern && e.rule == "r",
                            "slot \(slot) in \(l)")
                }
            }
        }
    }

    /// ``CarouselLayout/nearestSlot(toOffset:)`` rounds the position without snapping it to the
    /// whole slot, and ``CarouselLayout/nearestSlotHalfUp(toOffset:)`` floors it plus ½ without the
    /// snap below 2^28; the references are the snapped forms they replaced,
    /// `clampedSlot(roundedIndex(position(atOffset:)))` and `flooredIndex(position(atOffset:) + 0.5)`. Seeded layouts (every alignment, bounded
    /// and looping) and offsets at snap offsets and half-slot offsets, a few ulps and the snap
    /// tolerance either side, over many cycles, at positions near 2^28, 5·10^8 (where a half-slot
    /// tie is within the tolerance), 2^52 and beyond, ±∞, NaN and ±0; and the lemma itself,
    /// `roundedIndex(snappedToWhole(x)) == roundedIndex(x)` (and the floor's below 2^28), at each position.
    @Test("nearest slots without the snap equal the snapped forms", arguments: [1, 2, 3] as [UInt64])
    func nearestSlotEqualsSnappedForm(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x5EA2_0000 &+ seed)
        func ulps(_ x: Double, _ n: Int) -> Double {
            var y = x
            for _ in 0..<abs(n) { y = n < 0 ? y.nextDown : y.nextUp }
            return y
        }
        var positions: [Double] = [.nan, .infinity, -.infinity, 0, -0.0]
        for base in [0.0, 1, 268_435_456, 500_000_000, 1e9, 4_503_599_627_370_496, 1e17] {
            for sign in [1.0, -1.0] {
                for frac in [0.0, 0.5, 1e-9, -1e-9, 0.499999999, 0.500000001] {
                    let x = sign * (base + frac)
                    for n in -3...3 { positions.append(ulps(x, n)) }
                    positions.append(x * (1 + 1e-9)); positions.append(x * (1 - 1e-9))
                }
            }
        }
        for _ in 0..<200 { positions.append(rng.double(in: -1e6...1e6).rounded() + rng.pick([0, 0.5, -0.5, 1e-10, -1e-10])) }
        for x in positions {
            #expect(SnapMath.roundedIndex(SnapMath.snappedToWhole(x)) == SnapMath.roundedIndex(x), "position \(x)")
            if abs(x) < 268_435_456 {
                #expect(SnapMath.flooredIndex(SnapMath.snappedToWhole(x) + 0.5) == SnapMath.flooredIndex(x + 0.5),
                        "position \(x)")
            }
        }
        for n in 0..<300 {
            let l = try randomLayout(&rng, looping: n % 3 == 0)
            var offsets = positions.map { l.alignmentOrigin + $0 * l.stride }
            for _ in 0..<30 {
                let slot = Double(rng.int(in: -3 * l.itemCount - 5...3 * l.itemCount + 5))
                for half in [0.0, 0.5, -0.5] {
                    let o = l.alignmentOrigin + (slot + half) * l.stride
                    for k in -2...2 { offsets.append(ulps(o, k)) }
                    offsets.append(o + 1e-9 * l.stride); offsets.append(o - 1e-9 * l.stride)
                    offsets.append(o + 1e-10 * l.stride); offsets.append(o - 1e-10 * l.stride)
                }
            }
            for o in offsets {
                let snapped = l.clampedSlot(SnapMath.roundedIndex(l.position(atOffset: o)))
                #expect(l.nearestSlot(toOffset: o) == snapped, "offset \(o) in \(l)")
                #expect(l.nearestSlotHalfUp(toOffset: o) == SnapMath.flooredIndex(l.position(atOffset: o) + 0.5),
                        "offset \(o) in \(l)")
            }
        }
    }
}
