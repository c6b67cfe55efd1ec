import Testing
@testable import SnapStrategies
import SnapLabTestSupport

// Property tests over every policy in `PolicyCatalog.all`, 10 000 generated cases per policy and
// property (issue #7): target inside the content (bounded), determinism, loop-shift invariance
// (looping), mirror symmetry (policies whose platform rule is symmetric) and pages moved
// non-decreasing in velocity (policies whose rule is monotone).
//
// Each case is drawn from its own seed (SplitMix64 of the property's base seed + the case
// number), so a failure names the one seed that regenerates it (`PropertyCase(seed:looping:)`).
// A failing case is shrunk toward simpler values (fewer items, zero spacing and insets, round
// numbers, smaller velocity, no drag) while it still fails; the message prints the seed, the
// original case and the shrunk one.

// MARK: - Cases

/// One generated input: a layout and a release, as plain numbers (so that they can be shrunk).
struct PropertyCase: CustomStringConvertible {
    var itemWidth: Double
    var spacing: Double
    var leadingInset: Double
    var trailingInset: Double
    var viewportWidth: Double
    var itemCount: Int
    var alignment: SnapAlignment
    var looping: Bool
    var offset: Double
    var velocity: Double
    var travel: Double
    var duration: Double
    var startIndex: Int?

    /// The case drawn from `seed`: items 20–400 pt (sometimes the whole viewport, sometimes
    /// 1.05–3 viewports wide), spacing and insets often 0 (unequal half the time), 1–200 items (often 1–3), every alignment; offsets over the content and a
    /// little beyond (several cycles when looping), sometimes exactly on a snap offset;
    /// velocities ±6 pt/ms with 0 and slow ones; drags up to 1.5 viewports over 0–1500 ms; a
    /// start index absent, near the start or out of range.
    init(seed: UInt64, looping: Bool) {
        var g = SplitMix64(seed: seed)
        itemWidth = g.pick([g.double(in: 20...400), 160, 100, 375])
        viewportWidth = g.chance(0.15) ? itemWidth
            : g.chance(0.15) ? itemWidth / g.double(in: 1.05...3) : itemWidth + g.double(in: 0...700)
        spacing = g.chance(0.3) ? 0 : g.double(in: 0...40)
        leadingInset = g.chance(0.3) ? 0 : g.double(in: 0...120)
        trailingInset = g.chance(0.5) ? leadingInset : g.double(in: 0...120)
        itemCount = g.pick([1, 2, 3, g.int(in: 4...12), g.int(in: 13...200)])
        alignment = g.pick(SnapAlignment.allCases)
        self.looping = looping
        offset = 0; velocity = 0; travel = 0; duration = 0; startIndex = nil
        guard let layout = self.layout else { return }
        if g.chance(0.2) {
            let slot = looping ? g.int(in: -2 * itemCount...3 * itemCount) : g.int(in: 0...(itemCount - 1))
            offset = layout.snapOffset(ofSlot: slot)
        } else if looping {
            offset = g.double(in: -2 * layout.cycleLength...3 * layout.cycleLength)
        } else {
            let overshoot = 0.05 * Swift.max(layout.maxOffset, viewportWidth) + 30
            offset = g.double(in: -overshoot...(layout.maxOffset + overshoot))
        }
        switch g.int(in: 0...9) {
        case 0: velocity = 0
        case 1, 2: velocity = g.double(in: -0.1...0.1)
        default: velocity = g.double(in: -6...6)
        }
        travel = g.chance(0.1) ? 0 : g.double(in: -1.5 * viewportWidth...1.5 * viewportWidth)
        duration = g.chance(0.1) ? 0 : g.double(in: 1...1500)
        if g.chance(0.5) {
            let near = layout.nearestSlot(toOffset: offset - travel)
            startIndex = looping ? near + g.int(in: -3...3) : g.int(in: -2...(itemCount + 1))
        }
    }

    var layout: CarouselLayout? {
        try? CarouselLayout(itemWidth: itemWidth, spacing: spacing, leadingInset: leadingInset, trailingInset: trailingInset,
                            viewportWidth: viewportWidth, itemCount: itemCount, alignment: alignment, isLooping: looping)
    }

    var release: Release {
        Release(offset: offset, velocity: velocity, startOffset: offset - travel, startTime: 1000,
                time: 1000 + duration, startIndex: startIndex)
    }

    var description: String {
        "layout(item \(itemWidth), spacing \(spacing), insets \(leadingInset)/\(trailingInset), viewport \(viewportWidth), "
            + "\(itemCount) items, \(alignment.rawValue)\(looping ? ", looping" : "")) "
            + "release(offset \(offset), velocity \(velocity), travel \(travel), duration \(duration), "
            + "startIndex \(startIndex.map(String.init) ?? "nil"))"
    }

    /// Simpler variants, simplest first: fewer items, zero spacing and insets, no drag, no start
    /// index, smaller and rounder velocity, round numbers.
    var simpler: [PropertyCase] {
        var out: [PropertyCase] = []
        func with(_ change: (inout PropertyCase) -> Void) {
            var c = self
            change(&c)
            if c.layout != nil { out.append(c) }
        }
        if itemCount > 1 {
            with { $0.itemCount = 1 }
            with { $0.itemCount = Swift.max(1, $0.itemCount / 2) }
            with { $0.itemCount -= 1 }
        }
        if spacing != 0 { with { $0.spacing = 0 } }
        if leadingInset != 0 || trailingInset != 0 { with { $0.leadingInset = 0; $0.trailingInset = 0 } }
        if trailingInset != leadingInset { with { $0.trailingInset = $0.leadingInset } }
        if alignment != .leading { with { $0.alignment = .leading } }
        if travel != 0 { with { $0.travel = 0 }; with { $0.travel /= 2 } }
        if startIndex != nil { with { $0.startIndex = nil } }
        if velocity != 0 { with { $0.velocity = 0 }; with { $0.velocity /= 2 } }
        if duration != 0 { with { $0.duration = 0 } }
        for keyPath in [\PropertyCase.itemWidth, \.spacing, \.leadingInset, \.trailingInset, \.viewportWidth,
                        \.offset, \.travel, \.duration] where self[keyPath: keyPath] != self[keyPath: keyPath].rounded() {
            with { $0[keyPath: keyPath] = $0[keyPath: keyPath].rounded() }
        }
        if velocity != (velocity * 10).rounded() / 10 { with { $0.velocity = ($0.velocity * 10).rounded() / 10 } }
        if viewportWidth > itemWidth { with { $0.viewportWidth = $0.itemWidth } }
        return out
    }
}

// MARK: - Runner

/// A case outside a property's domain (a tie, an invalid layout): neither passes nor fails.
let outsideDomain = "(outside the property's domain)"

/// Runs `property` until `count` cases inside its domain have been checked, and records the
/// first failure, shrunk, with its seed. `property` returns nil when the case holds,
/// ``outsideDomain`` when it does not apply, or what went wrong.
private func checkProperty(_ name: String, policy: any SnapPolicy, baseSeed: UInt64, looping: Bool, count: Int = 10_000,
                           sourceLocation: SourceLocation = #_sourceLocation,
                           _ property: (PropertyCase, CarouselLayout) -> String?) {
    var checked = 0, i = 0
    while checked < count && i < 4 * count {
        defer { i += 1 }
        var seeder = SplitMix64(seed: baseSeed &+ UInt64(i))
        let seed = seeder.next()
        let c = PropertyCase(seed: seed, looping: looping)
        guard let layout = c.layout else { continue }
        let result = property(c, layout)
        if result == outsideDomain { continue }
        checked += 1
        guard let failure = result else { continue }
        // shrink: take the first simpler variant that still fails, until none does
        var shrunk = c, shrunkFailure = failure, steps = 0
        var progress = true
        while progress && steps < 500 {
            progress = false
            for candidate in shrunk.simpler {
                guard let l = candidate.layout, let f = property(candidate, l), f != outsideDomain else { continue }
                shrunk = candidate
                shrunkFailure = f
                steps += 1
                progress = true
                break
            }
        }
        Issue.record("""
            \(policy.id): \(name) fails for case \(i), seed 0x\(String(seed, radix: 16)) \
            (replay: PropertyCase(seed: 0x\(String(seed, radix: 16)), looping: \(looping)))
              case:   \(c)
              fails:  \(failure)
              shrunk (\(steps) steps): \(shrunk)
              fails:  \(shrunkFailure)
            """, sourceLocation: sourceLocation)
        return
    }
    if checked < count {
        Issue.record("\(policy.id): \(name): only \(checked) of \(count) cases inside the domain", sourceLocation: sourceLocation)
    }
}

/// Decisions equal, NaN offsets equal to each other.
private func same(_ a: SnapDecision, _ b: SnapDecision) -> Bool {
    a.targetSlot == b.targetSlot && a.targetIndex == b.targetIndex && a.rule == b.rule
        && (a.targetOffset == b.targetOffset || (a.targetOffset.isNaN && b.targetOffset.isNaN))
}

// MARK: - Per-policy declarations

/// Policies whose rule is not mirror-symmetric (the same swipe to the left and to the right can
/// move a different number of items), with the reason from the rule's documentation. Every
/// other policy is checked for mirror symmetry.
let mirrorAsymmetric: [String: String] = [
    "ashorizontal": "the 1/3 rule measures from the item's leading edge: past 1/3 going forward, but 2/3 going back (policies.md §1.1)",
    "tag99": "the backward rule counts a page from 0.6 of the way back, the forward rule from the low-tier velocity (seed 003, policies.md §1.2)",
    "android-linearsnap": "whole-pixel fling distances meet Java's Math.round(distance / perChild) at exact halves, which rounds up: +0.5 item jumps one, −0.5 none (LinearSnapHelper.estimateNextPositionDiffForFling; symmetric with wholePixels 0)",
]

/// Policies whose pages moved can decrease as the release velocity increases (other inputs
/// fixed), with the reason. Every other policy is checked for monotonicity.
let velocityNonMonotone: [String: String] = [
    "ashorizontal": "at the end of a bounded carousel UIKit's projected target stands unsnapped (ASHorizontal 1.5.2 `scrollViewWillEndDragging`), so a faster release can rest before the item a slower one snapped to",
    "css-snap-mandatory": "with items wider than the viewport a fling whose intended end lies in an item's covering range rests there and reports that item (Chromium `PickBestResult` prefers the covering position); when the leading inset exceeds the viewport that offset is also the next item's aligned snap offset, so a faster release can report the earlier item at the same offset (seed 0x42624c5b166af871: 206-pt items in a 73-pt viewport with 115-pt insets, 4.4 → 4.73 pt/ms; also with the 16-ms first delta, 1.3 → 4.4 pt/ms)",
    "css-snap-proximity": "proximity does not snap without a snap area within 1/3 viewport ahead of the fling; a forward fling at the end of the content finds none and rests, while a release below the fling threshold snaps to the closest area (Chromium `FindSnapPosition`)",
    "embla": "with skipSnaps false a release whose force passes the threshold moves exactly one item from the selected one, while a slower release settles on the closest snap to offset + force, which can be two or more items on after a long drag (Embla `DragHandler.up`)",
]

// MARK: - Tests

@Suite("Policy properties (10 000 cases each)")
struct PolicyPropertyTests {
    @Test("bounded layouts: the target is an item inside the content", arguments: PolicyCatalog.identifiers)
    func targetInsideContent(id: String) throws {
        let policy = try PolicyCatalog.policy(id: id)
        checkProperty("target inside the content", policy: policy, baseSeed: 0x1_0000, looping: false) { c, layout in
            let d = policy.decide(c.release, in: layout)
            if !(0..<layout.itemCount).contains(d.targetIndex) { return "index \(d.targetIndex) outside 0..<\(layout.itemCount)" }
            if d.targetSlot != d.targetIndex { return "slot \(d.targetSlot) ≠ index \(d.targetIndex)" }
            if !(d.targetOffset >= 0 && d.targetOffset <= layout.maxOffset) {
                return "offset \(d.targetOffset) outside [0, \(layout.maxOffset)] (\(d.rule))"
            }
            return nil
        }
    }

    @Test("decide is deterministic (same instance, fresh instance)", arguments: PolicyCatalog.identifiers)
    func deterministic(id: String) throws {
        let policy = try PolicyCatalog.policy(id: id)
        let other = try PolicyCatalog.policy(id: id)
        checkProperty("determinism", policy: policy, baseSeed: 0x2_0000, looping: false) { c, layout in
            for l in [layout, c.asLooping.layout ?? layout] {
                let a = policy.decide(c.release, in: l), b = policy.decide(c.release, in: l)
                let e = other.decide(c.release, in: l)
                if !same(a, b) || !same(a, e) { return "\(l.isLooping ? "looping: " : "")\(a) vs \(b) vs \(e)" }
            }
            return nil
        }
    }

    @Test("looping layouts: shifting the release by whole cycles shifts the target by whole item counts",
          arguments: PolicyCatalog.identifiers)
    func loopShiftInvariance(id: String) throws {
        let policy = try PolicyCatalog.policy(id: id)
        checkProperty("loop-shift invariance", policy: policy, baseSeed: 0x3_0000, looping: true) { c, layout in
            let d = policy.decide(c.release, in: layout)
            let k = [1, -1, 2, -3, 7][Int(c.offset.bitPattern % 5)]
            let shift = Double(k) * layout.cycleLength
            let e = policy.decide(c.release.shifted(by: shift, slots: k * layout.itemCount), in: layout)
            let expected = d.targetOffset + shift
            let tolerance = 1e-6 * Swift.max(1, abs(expected))
            if e.targetIndex != d.targetIndex || e.targetSlot != d.targetSlot + k * layout.itemCount
                || !(abs(e.targetOffset - expected) <= tolerance) {
                return "shifted by \(k) cycles: slot \(e.targetSlot) offset \(e.targetOffset) (\(e.rule)); "
                    + "unshifted slot \(d.targetSlot) offset \(d.targetOffset) (\(d.rule))"
            }
            return nil
        }
    }

    @Test("mirror symmetry: the mirrored swipe lands on the mirrored item", arguments: PolicyCatalog.identifiers)
    func mirrorSymmetry(id: String) throws {
        guard mirrorAsymmetric[id] == nil else { return }
        let policy = try PolicyCatalog.policy(id: id)
        checkProperty("mirror symmetry", policy: policy, baseSeed: 0x4_0000, looping: true) { c, _ in
            // looping layout mirrored about the alignment origin: offset p ↦ 2o − p, slot k ↦ −k
            let c = c.mirrorable
            guard let layout = c.layout else { return outsideDomain }
            let r = c.release
            // away from ties: a position exactly on a slot or half-way (floor, round half) breaks
            // to one side by definition, in every platform
            let p = layout.position(atOffset: r.offset), q = layout.position(atOffset: r.startOffset)
            for x in [p, q, 2 * p, 2 * q] where abs(x - x.rounded()) < 1e-6 { return outsideDomain }
            let start = r.startSlot(in: layout)
            let o = layout.alignmentOrigin(for: policy.snapOrigin)
            let original = Release(offset: r.offset, velocity: r.velocity, startOffset: r.startOffset,
                                   startTime: r.startTime, time: r.time, startIndex: start)
            let mirrored = Release(offset: 2 * o - r.offset, velocity: -r.velocity, startOffset: 2 * o - r.startOffset,
                                   startTime: r.startTime, time: r.time, startIndex: -start)
            let d = policy.decide(original, in: layout), e = policy.decide(mirrored, in: layout)
            return e.targetSlot == -d.targetSlot ? nil
                : "slot \(d.targetSlot) (\(d.rule)); mirrored slot \(e.targetSlot) (\(e.rule)), expected \(-d.targetSlot)"
        }
    }

    @Test("pages moved are non-decreasing in velocity", arguments: PolicyCatalog.identifiers)
    func monotoneInVelocity(id: String) throws {
        guard velocityNonMonotone[id] == nil else { return }
        let policy = try PolicyCatalog.policy(id: id)
        for looping in [false, true] {
            checkProperty("monotone in velocity", policy: policy, baseSeed: looping ? 0x5_8000 : 0x5_0000,
                          looping: looping) { c, _ in
                let c = c.plausible
                guard let layout = c.layout else { return outsideDomain }
                var faster = c
                faster.velocity = c.velocity + Swift.max(0.001, abs(c.travel).truncatingRemainder(dividingBy: 3))
                let r = c.release, s = faster.release
                let a = policy.pagesMoved(by: policy.decide(r, in: layout), for: r, in: layout)
                let b = policy.pagesMoved(by: policy.decide(s, in: layout), for: s, in: layout)
                return a <= b ? nil : "velocity \(c.velocity) moves \(a) pages, faster \(faster.velocity) moves \(b)"
            }
        }
    }

    @Test("the generator replays a case from its seed, and the shrinker only proposes valid, simpler cases")
    func generatorAndShrinker() {
        let a = PropertyCase(seed: 0xABC, looping: false), b = PropertyCase(seed: 0xABC, looping: false)
        #expect(a.description == b.description)
        var g = SplitMix64(seed: 1)
        for _ in 0..<200 {
            let c = PropertyCase(seed: g.next(), looping: g.chance(0.5))
            for s in c.simpler {
                #expect(s.layout != nil)
                #expect(s.description != c.description)
                #expect(s.itemCount <= c.itemCount && abs(s.velocity) <= abs(c.velocity) + 0.05)
            }
        }
        // a failing property shrinks to its simplest failing form
        var shrunk = PropertyCase(seed: 0x5EED, looping: false)
        shrunk.itemCount = 50
        shrunk.spacing = 13.7
        let fails: (PropertyCase) -> Bool = { $0.itemCount >= 5 }
        var progress = true
        while progress {
            progress = false
            for s in shrunk.simpler where fails(s) { shrunk = s; progress = true; break }
        }
        #expect(shrunk.itemCount == 5)
        #expect(shrunk.spacing == 0)
    }
}

extension PropertyCase {
    /// The case as a plausible swipe: a bounded release inside the content (offset and start
    /// offset clamped to [0, maxOffset]), and no explicit start index (the start item is the one
    /// nearest the start offset). The monotonicity and mirror properties are stated for these:
    /// outside them a clamped start or an overscroll legitimately changes the count.
    var plausible: PropertyCase {
        var c = self
        c.startIndex = nil
        if !looping, let layout {
            c.offset = SnapMath.clamp(offset, 0, layout.maxOffset)
            c.travel = c.offset - SnapMath.clamp(offset - travel, 0, layout.maxOffset)
        }
        return c
    }

    /// The case in a looping layout without insets, whose slots are mirror images of each other
    /// about the alignment origin (a leading inset sits on one side only). Items wider than the
    /// viewport are centred: the mirror image of a leading-aligned wide item rests trailing-aligned,
    /// and a rule that looks at the item's extent (Chromium's covering ranges) sees the difference.
    var mirrorable: PropertyCase {
        var c = plausible
        c.looping = true
        c.leadingInset = 0
        c.trailingInset = 0
        if c.itemWidth > c.viewportWidth { c.alignment = .center }
        return c
    }

    /// The same case in a looping layout.
    var asLooping: PropertyCase {
        var c = self
        c.looping = true
        return c
    }
}
