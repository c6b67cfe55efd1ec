import Foundation
import SnapStrategies
@testable import SnapGSL
@testable import SnapTraces

/// Seeded swipes with varied speed, drag and contact time, labelled by a function of the
/// release: the data of the learned-policy and headroom tests.
enum LearnedTraces {
    /// `count` swipes from `users` users (round robin): start on an item in 5…50, drag ±0.05…0.9
    /// of a page, speed 0…4 pt/ms in the drag's direction, contact 40…600 ms; the intended item
    /// is `start + label(release)`.
    static func make(count: Int, users: Int, seed: UInt64,
                     label: (Release, CarouselLayout, GSLRandom) -> Int) throws -> [TraceRelease] {
        let layout = try SyntheticTraces.layout()
        let rng = try GSLRandom(seed: seed)
        return (0..<count).map { i in
            let start = 5 + rng.integer(below: 46)
            let direction: Double = rng.bernoulli(0.5) ? 1 : -1
            let s = layout.snapOffset(ofSlot: start)
            let release = Release(offset: s + direction * rng.uniform(0.05, 0.9) * layout.stride,
                                  velocity: direction * rng.uniform(0, 4), startOffset: s, startTime: 0,
                                  time: rng.uniform(40, 600), startIndex: start)
            return TraceRelease(traceID: "l\(i)", user: i % users, intendedIndex: start + label(release, layout, rng),
                                layout: layout, release: release, sampleCount: 1,
                                location: TraceLocation(file: "learned", line: i + 1))
        }
    }
}
