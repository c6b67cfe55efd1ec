import Testing
@testable import SnapStrategies
import SnapLabTestSupport

/// Shared checks for the Android, Compose and Flutter policies: determinism, rest, loop-shift
/// invariance, mirror symmetry, bounded targets and totality, over a seeded grid of releases.
enum PlatformPolicyInvariants {
    /// The seeded generator of the property tests (Support/SplitMix64.swift).
    typealias Generator = SplitMix64

    /// Bounded layouts of several shapes (benchmark, centred with peeks, full-width pages, one item).
    static let boundedLayouts: [CarouselLayout] = [
        try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40),
        try! CarouselLayout(itemWidth: 300, spacing: 12, leadingInset: 37.5, viewportWidth: 375, itemCount: 12,
                            alignment: .center),
        try! CarouselLayout(itemWidth: 360, viewportWidth: 360, itemCount: 7),
        try! CarouselLayout(itemWidth: 200, spacing: 8, leadingInset: 16, viewportWidth: 390, itemCount: 1),
        try! CarouselLayout(itemWidth: 120, spacing: 4, leadingInset: 0, trailingInset: 50, viewportWidth: 400,
                            itemCount: 25, alignment: .trailing),
        // Pages wider than the viewport (androidx PagerSnapHelperTest: 1 400 px children, 1 000 px view).
        try! CarouselLayout(itemWidth: 1400, viewportWidth: 1000, itemCount: 9, alignment: .center),
        try! CarouselLayout(itemWidth: 500, spacing: 10, leadingInset: 20, viewportWidth: 390, itemCount: 6),
        // Unequal insets: the viewport centre and the padded centre are (R − L)/2 = 60 pt apart.
        try! CarouselLayout(itemWidth: 150, spacing: 10, leadingInset: 10, trailingInset: 130, viewportWidth: 390,
                            itemCount: 15, alignment: .center),
    ]

    /// Looping layouts (leading and centre alignment).
    static let loopingLayouts: [CarouselLayout] = [
        try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 9,
                            isLooping: true),
        try! CarouselLayout(itemWidth: 300, spacing: 12, leadingInset: 37.5, viewportWidth: 375, itemCount: 5,
                            alignment: .center, isLooping: true),
        try! CarouselLayout(itemWidth: 1400, viewportWidth: 1000, itemCount: 4, alignment: .center, isLooping: true),
    ]

    /// `count` random releases around `layout`'s content: offsets over the content (and a little
    /// beyond), velocities up to ±6 pt/ms, drags up to ±1.5 strides over 20–400 ms.
    static func releases(in layout: CarouselLayout, count: Int = 400, seed: UInt64) -> [Release] {
        var g = Generator(seed: seed)
        let span = layout.isLooping ? layout.cycleLength * 3 : layout.maxOffset + 2 * layout.stride
        let base = layout.isLooping ? -layout.cycleLength : -layout.stride
        return (0..<count).map { i in
            let offset = base + Double.random(in: 0...1, using: &g) * span
            let velocity = Double.random(in: -6...6, using: &g) * (i % 4 == 0 ? 0.05 : 1)
            let travel = Double.random(in: -1.5...1.5, using: &g) * layout.stride
            let duration = Double.random(in: 20...400, using: &g)
            let startIndex: Int? = i % 3 == 0 ? nil
                : layout.nearestSlot(toOffset: offset - travel) + Int.random(in: -1...1, using: &g)
            return Release(offset: offset, velocity: velocity, startOffset: offset - travel, startTime: 0,
                           time: duration, startIndex: startIndex)
        }
    }

    /// Releases with NaN, infinite and huge fields.
    static let pathologicalReleases: [Release] = {
        let values: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude, 0]
        var out: [Release] = []
        for a in values {
            for b in values {
                out.append(Release(offset: a, velocity: b))
                out.append(Release(offset: 100, velocity: a, startOffset: b, startTime: 0, time: 50))
                out.append(Release(offset: a, velocity: 1, startOffset: 0, startTime: b, time: a, startIndex: Int.max))
                out.append(Release(offset: b, velocity: a, startOffset: a, startTime: 0, time: 1e9, startIndex: Int.min))
            }
        }
        return out
    }()

    /// Same release, same decision.
    static func checkDeterministic(_ policy: some SnapPolicy, seed: UInt64) {
        for layout in boundedLayouts + loopingLayouts {
            for r in releases(in: layout, count: 100, seed: seed) {
                #expect(policy.decide(r, in: layout) == policy.decide(r, in: layout))
            }
        }
    }

    /// A release at rest exactly on slot `k`'s snap offset (no drag, no velocity) stays on it
    /// (slots whose snap offset is not clamped: the platforms move off a clamped one).
    static func checkRestStaysPut(_ policy: some SnapPolicy) {
        for appLayout in boundedLayouts + loopingLayouts {
            let layout = appLayout.snapped(to: policy.snapOrigin)
            let slots = layout.isLooping ? Array(-12...12) : Array(0..<layout.itemCount)
            for k in slots where layout.snapOffset(ofSlot: k) == layout.rawSnapOffset(ofSlot: k) {
                let x = layout.snapOffset(ofSlot: k)
                let r = Release(offset: x, velocity: 0, startOffset: x, startTime: 0, time: 200, startIndex: k)
                let d = policy.decide(r, in: appLayout)
                #expect(d.targetOffset == x, "\(policy.id) moved from rest on slot \(k) in \(layout)")
                if layout.isLooping { #expect(d.targetSlot == k) }
            }
        }
    }

    /// Shifting a release by whole cycles in a looping layout shifts the slot by whole item counts.
    static func checkLoopShiftInvariance(_ policy: some SnapPolicy, seed: UInt64) {
        for layout in loopingLayouts {
            for r in releases(in: layout, seed: seed) {
                let d = policy.decide(r, in: layout)
                for cycles in [1, -2, 7] {
                    let shifted = r.shifted(by: Double(cycles) * layout.cycleLength, slots: cycles * layout.itemCount)
                    let e = policy.decide(shifted, in: layout)
                    #expect(e.targetIndex == d.targetIndex, "\(policy.id): \(r) shifted by \(cycles) cycles")
                    #expect(e.targetSlot == d.targetSlot + cycles * layout.itemCount)
                    #expect(e.rule == d.rule)
                }
            }
        }
    }

    /// The mirror image of a release (position −p, velocity −v, drag and start item mirrored) in a
    /// looping layout lands on the mirrored slot.
    static func checkMirrorSymmetry(_ policy: some SnapPolicy, seed: UInt64) {
        for layout in loopingLayouts {
            let o = layout.alignmentOrigin(for: policy.snapOrigin)
            for r in releases(in: layout, seed: seed) where r.travel != 0 {
                let start = r.startSlot(in: layout)
                let m = Release(offset: 2 * o - r.offset, velocity: -r.velocity, startOffset: 2 * o - r.startOffset,
                                startTime: r.startTime, time: r.time, startIndex: -start)
                let withStart = Release(offset: r.offset, velocity: r.velocity, startOffset: r.startOffset,
                                        startTime: r.startTime, time: r.time, startIndex: start)
                let d = policy.decide(withStart, in: layout)
                let e = policy.decide(m, in: layout)
                #expect(e.targetSlot == -d.targetSlot, "\(policy.id): mirror of \(r)")
            }
        }
    }

    /// In bounded layouts the target is an item, at its (clamped) snap offset, inside the content;
    /// pathological inputs do not trap and give the same guarantees.
    static func checkBoundedTargets(_ policy: some SnapPolicy, seed: UInt64) {
        for layout in boundedLayouts {
            for r in releases(in: layout, seed: seed) + pathologicalReleases {
                let d = policy.decide(r, in: layout)
                #expect((0..<layout.itemCount).contains(d.targetIndex))
                #expect(d.targetSlot == d.targetIndex)
                #expect(d.targetOffset >= 0 && d.targetOffset <= layout.maxOffset)
                #expect(d.targetOffset == layout.snapped(to: policy.snapOrigin).snapOffset(ofSlot: d.targetSlot))
            }
        }
        for layout in loopingLayouts {
            for r in pathologicalReleases {
                let d = policy.decide(r, in: layout)
                #expect((0..<layout.itemCount).contains(d.targetIndex))
            }
        }
    }

    /// Every invariant above.
    static func checkAll(_ policy: some SnapPolicy, mirror: Bool = true, seed: UInt64 = 0x5EED) {
        checkDeterministic(policy, seed: seed)
        checkRestStaysPut(policy)
        checkLoopShiftInvariance(policy, seed: seed &+ 1)
        if mirror { checkMirrorSymmetry(policy, seed: seed &+ 2) }
        checkBoundedTargets(policy, seed: seed &+ 3)
    }

    /// Approximate equality: `|a − b| ≤ absolute + relative·|b|`.
    static func close(_ a: Double, _ b: Double, absolute: Double = 0, relative: Double = 0) -> Bool {
        abs(a - b) <= absolute + relative * abs(b)
    }
}
