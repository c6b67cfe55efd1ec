@testable import SnapStrategies
import Testing
import SnapLabTestSupport

/// The CSS strictnesses decided together (`CSSScrollSnap+Pair.swift`): both columns as each policy
/// decides alone, bit for bit.
@Suite struct CSSScrollSnapPairTests {
    /// Pairs that take the shared path (both strictnesses, either order, other ranges) and pairs that
    /// do not (another estimate, minimum fling velocity, stop-always, scroll-end snap, decay prediction).
    static let pairs: [(CSSScrollSnap, CSSScrollSnap)] = {
        let mandatory = CSSScrollSnap(strictness: .mandatory), proximity = CSSScrollSnap(strictness: .proximity)
        return [
            (mandatory, proximity), (proximity, mandatory), (mandatory, mandatory),
            (proximity, CSSScrollSnap(strictness: .proximity, proximityRatio: 0.1)),
            (CSSScrollSnap(strictness: .proximity, proximityRatio: 0), mandatory),
            (mandatory, CSSScrollSnap(strictness: .proximity, distanceScalar: 40, frameInterval: 16)),
            (mandatory, CSSScrollSnap(strictness: .proximity, minFlingVelocity: 0.4)),
            (mandatory, CSSScrollSnap(strictness: .proximity, scrollEndSnap: 1)),
            (CSSScrollSnap(strictness: .mandatory, stopAlways: 1), proximity),
            (mandatory, CSSScrollSnap(strictness: .proximity, decayPrediction: 1)),
        ]
    }()

    /// A seeded narrow row (items no wider than the viewport; sometimes looping or wide, which
    /// takes the two batches one after the other).
    static func layout(_ rng: inout SplitMix64, batch: Int) throws -> CarouselLayout {
        let width = rng.double(in: 20...300)
        return try CarouselLayout(itemWidth: width, spacing: rng.double(in: 0...30), leadingInset: rng.double(in: 0...40),
                                  viewportWidth: width * (batch % 7 == 6 ? 0.7 : rng.double(in: 1.2...4)),
                                  itemCount: rng.int(in: 1...50), alignment: rng.pick([SnapAlignment.leading, .center, .trailing]),
                                  isLooping: batch % 9 == 8)
    }

    /// Flings whose estimate lands on, near and half-way between snaps (the velocity solved from the
    /// target: about 112.5 ms of velocity per point at the defaults), and any other release.
    static func release(in l: CarouselLayout, _ rng: inout SplitMix64) -> Release {
        guard rng.chance(0.8) else { return OneLayoutBatchCheck.release(in: l, &rng) }
        func offset() -> Double {
            let slot = Double(rng.int(in: -2...(l.itemCount + 2))), near = rng.double(in: -0.2...0.2)
            return l.alignmentOrigin + (slot + rng.pick([0, 0.5, near])) * l.stride
        }
        let x = offset(), target = offset()
        let v = rng.chance(0.8) ? (target - l.clampedOffset(x)) / 112.3 : rng.double(in: -8...8)
        return Release(offset: x, velocity: v, startOffset: x, startTime: 0, time: 120)
    }

    @Test("pairs decide as each strictness alone", arguments: [1, 2, 3] as [UInt64])
    func pairsDecideAsAlone(seed: UInt64) throws {
        let (failures, compared, differing, paired, unpaired) = try OneLayoutBatchCheck.pairMismatches(
            Self.pairs, seed: 0xC55A_0000 &+ seed, batches: 60, maxReleases: 200,
            layout: { try Self.layout(&$0, batch: $1) }, release: Self.release(in:_:))
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 50_000 && differing > compared / 100)
        // Both the shared path (narrow rows, the first five pairs) and the batches one by one.
        #expect(paired > 150 && unpaired > 150, "paired \(paired), unpaired \(unpaired)")
    }
}
