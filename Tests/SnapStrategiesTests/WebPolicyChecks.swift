import SnapStrategies
import Testing
import SnapLabTestSupport

/// Invariants shared by the Apple, web and JavaScript policy tests: determinism, rest on a snap
/// offset, mirror symmetry, loop-shift invariance and targets inside the content, over a seeded
/// grid of releases that includes NaN, infinite and huge values.
enum WebPolicyChecks {
    /// The seeded generator of the property tests (Support/SplitMix64.swift).
    typealias SeededGenerator = SplitMix64

    /// Bounded layouts of several shapes, alignments and sizes (including a single item).
    static func boundedLayouts() throws -> [CarouselLayout] {
        [
            try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40),
            try CarouselLayout(itemWidth: 300, spacing: 0, leadingInset: 0, viewportWidth: 300, itemCount: 20),
            try CarouselLayout(itemWidth: 280, spacing: 12, leadingInset: 24, viewportWidth: 390, itemCount: 7,
                               alignment: .center),
            try CarouselLayout(itemWidth: 120, spacing: 8, leadingInset: 16, trailingInset: 4, viewportWidth: 414,
                               itemCount: 15, alignment: .trailing),
            try CarouselLayout(itemWidth: 200, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 1),
            try CarouselLayout(itemWidth: 100, spacing: 0, viewportWidth: 1000, itemCount: 3),
        ]
    }

    /// Looping layouts; the first has its alignment origin at 0, so mirroring an offset mirrors its slot.
    static func loopingLayouts() throws -> [CarouselLayout] {
        [
            try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 12,
                               isLooping: true),
            try CarouselLayout(itemWidth: 300, spacing: 20, leadingInset: 0, viewportWidth: 390, itemCount: 5,
                               alignment: .center, isLooping: true),
        ]
    }

    /// Releases with NaN, infinite and huge fields.
    static let specialReleases: [Release] = {
        let specials: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 0, -0.0, .ulpOfOne]
        var out: [Release] = []
        for x in specials {
            for v in specials {
                out.append(Release(offset: x, velocity: v, startOffset: 100, startTime: 0, time: 150))
                out.append(Release(offset: 200, velocity: v, startOffset: x, startTime: 0, time: x))
            }
        }
        out.append(Release(offset: 300, velocity: 1, startIndex: Int.max))
        out.append(Release(offset: 300, velocity: -1, startIndex: Int.min))
        return out
    }()

    /// `count` seeded releases around `layout`: offsets across (and a little past) the content,
    /// velocities up to ±5 pt/ms (some exactly 0), travel up to ±600 pt, contact 0–900 ms,
    /// sometimes an explicit start item.
    static func releases(in layout: CarouselLayout, seed: UInt64, count: Int = 400) -> [Release] {
        var rng = SeededGenerator(seed: seed)
        let span = layout.isLooping ? 3 * layout.cycleLength : layout.maxOffset
        var out: [Release] = []
        for i in 0..<count {
            let lower = layout.isLooping ? -span : -80
            let offset = Double.random(in: lower...(span + 80), using: &rng)
            let velocity = i % 7 == 0 ? 0 : Double.random(in: -5...5, using: &rng)
            let travel = Double.random(in: -600...600, using: &rng)
            let duration = Double.random(in: 0...900, using: &rng)
            let startIndex: Int? = i % 5 == 0 ? Int.random(in: -3...(layout.itemCount + 3), using: &rng) : nil
            out.append(Release(offset: offset, velocity: velocity, startOffset: offset - travel,
                               startTime: 1000, time: 1000 + duration, startIndex: startIndex))
        }
        return out
    }

    /// The same policy decides the same release the same way.
    static func expectDeterministic(_ policy: some SnapPolicy) throws {
        for layout in try boundedLayouts() + loopingLayouts() {
            for r in releases(in: layout, seed: 11) + specialReleases {
                #expect(policy.decide(r, in: layout) == policy.decide(r, in: layout))
            }
        }
    }

    /// A release at rest (no velocity, no travel) exactly on an item's snap offset stays on that item.
    static func expectStaysAtRest(_ policy: some SnapPolicy) throws {
        for layout in try boundedLayouts() + loopingLayouts() {
            let slots = layout.isLooping ? Array(-layout.itemCount...(2 * layout.itemCount)) : Array(0..<layout.itemCount)
            for slot in slots {
                let snap = layout.rawSnapOffset(ofSlot: slot)
                guard layout.isLooping || (snap >= 0 && snap <= layout.maxOffset) else { continue }
                let d = policy.decide(Release(offset: snap, velocity: 0), in: layout)
                #expect(d.targetSlot == slot, "\(policy.id): slot \(slot) at rest in \(layout)")
                #expect(abs(d.targetOffset - snap) < 1e-9)
            }
        }
    }

    /// Mirroring a release about offset 0 of a looping layout whose alignment origin is 0
    /// (offsets, velocity, travel and start item negated) mirrors the target slot.
    static func expectMirrorSymmetric(_ policy: some SnapPolicy) throws {
        let layout = try loopingLayouts()[0]
        #expect(layout.alignmentOrigin == 0)
        for r in releases(in: layout, seed: 23) {
            let m = Release(offset: -r.offset, velocity: -r.velocity, startOffset: -r.startOffset,
                            startTime: r.startTime, time: r.time, startIndex: r.startIndex.map { -$0 })
            let d = policy.decide(r, in: layout)
            let e = policy.decide(m, in: layout)
            #expect(e.targetSlot == -d.targetSlot, "\(policy.id): \(r) -> \(d.targetSlot), mirrored -> \(e.targetSlot)")
        }
    }

    /// A release shifted by whole cycles of a looping layout decides the same item, the slot
    /// shifted by the same cycles; special values do not trap and give an item in range.
    static func expectLoopShiftInvariant(_ policy: some SnapPolicy) throws {
        for layout in try loopingLayouts() {
            for r in releases(in: layout, seed: 37) {
                let d = policy.decide(r, in: layout)
                for k in [1, -1, 3] {
                    let s = r.shifted(by: Double(k) * layout.cycleLength, slots: k * layout.itemCount)
                    let e = policy.decide(s, in: layout)
                    #expect(e.targetIndex == d.targetIndex, "\(policy.id): \(r) shifted by \(k) cycles")
                    #expect(e.targetSlot == d.targetSlot + k * layout.itemCount)
                }
            }
            for r in specialReleases {
                let d = policy.decide(r, in: layout)
                #expect((0..<layout.itemCount).contains(d.targetIndex))
            }
        }
    }

    /// In bounded layouts the target is an item and its offset lies in `[0, maxOffset]`, for a
    /// seeded grid of releases and for NaN, infinite and huge ones.
    static func expectTargetInsideContent(_ policy: some SnapPolicy) throws {
        for (n, layout) in try boundedLayouts().enumerated() {
            for r in releases(in: layout, seed: 51 + UInt64(n)) + specialReleases {
                let d = policy.decide(r, in: layout)
                #expect((0..<layout.itemCount).contains(d.targetIndex), "\(policy.id): \(r) in \(layout)")
                #expect(d.targetSlot == d.targetIndex)
                #expect(d.targetOffset >= 0 && d.targetOffset <= layout.maxOffset, "\(policy.id): \(r) in \(layout)")
            }
        }
    }

    /// At the minimum and maximum of every parameter (each alone, and all together) the policy
    /// stays total: bounded targets inside the content, looping targets an item in range.
    static func expectTotalAtParameterExtremes(_ policy: some SnapPolicy) throws {
        let specs = policy.parameterSpecs
        var vectors = [specs.map(\.minimum), specs.map(\.maximum)]
        for i in specs.indices {
            for bound in [specs[i].minimum, specs[i].maximum] {
                var v = policy.defaultParameterValues
                v[i] = bound
                vectors.append(v)
            }
        }
        // Vectors that break a declared order (thresholdMinimum ≤ thresholdMaximum, …) are
        // rejected by construction; every other one must decide a valid item.
        for values in vectors {
            if policy.orderViolation(in: values) != nil {
                #expect(throws: (any Error).self) { try policy.withParameterValues(values) }
                continue
            }
            let p = try policy.withParameterValues(values)
            for layout in try boundedLayouts() + loopingLayouts() {
                for r in releases(in: layout, seed: 71, count: 60) + specialReleases {
                    let d = p.decide(r, in: layout)
                    #expect((0..<layout.itemCount).contains(d.targetIndex), "\(policy.id) \(values)")
                    if !layout.isLooping {
                        #expect(d.targetOffset >= 0 && d.targetOffset <= layout.maxOffset, "\(policy.id) \(values)")
                    }
                }
            }
        }
    }
}
