import SnapStrategies
@testable import SnapGSL
@testable import SnapTraces

/// Seeded synthetic labelled traces whose intended items come from a known rule plus label
/// noise: the ground truth for fit-recovery tests.
enum SyntheticTraces {
    /// 60 items of 160 pt with 10 pt spacing in a 375 pt viewport, leading alignment, no insets
    /// (tag99's seed geometry: page width 170 pt).
    static func layout() throws -> CarouselLayout {
        try CarouselLayout(itemWidth: 160, spacing: 10, viewportWidth: 375, itemCount: 60)
    }

    /// `count` traces from `users` users (round robin). Each swipe starts at rest on an item in
    /// 5…50, drags 0.05…0.45 of a page in the direction of the flick and releases at a speed
    /// uniform in 0.05…4.5 pt/ms. The intended item is `rule`'s decision; with probability
    /// `labelNoise` it is moved one item either way (so the rule stays the best classifier).
    static func labelled(by rule: any SnapPolicy, count: Int, users: Int, seed: UInt64,
                         labelNoise: Double = 0.1) throws -> [TraceRelease] {
        let layout = try layout()
        let rng = try GSLRandom(seed: seed)
        var out: [TraceRelease] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let start = 5 + rng.integer(below: 46)
            let direction: Double = rng.bernoulli(0.5) ? 1 : -1
            let speed = rng.uniform(0.05, 4.5)
            let drag = rng.uniform(0.05, 0.45) * layout.stride
            let startOffset = layout.snapOffset(ofSlot: start)
            let release = Release(offset: startOffset + direction * drag, velocity: direction * speed,
                                  startOffset: startOffset, startTime: 0, time: 120, startIndex: start)
            var intended = rule.decide(release, in: layout).targetIndex
            if rng.bernoulli(labelNoise) { intended += rng.bernoulli(0.5) ? 1 : -1 }
            out.append(TraceRelease(traceID: "t\(i)", user: i % users, intendedIndex: intended, layout: layout,
                                    release: release, sampleCount: 1,
                                    location: TraceLocation(file: "synthetic", line: i + 1)))
        }
        return out
    }
}
