@testable import SnapStrategies
import Testing
import SnapLabTestSupport

/// The batch path of the CSS policies (`CSSScrollSnap+Batch.swift`): releases in a bounded row of
/// items no wider than the snapport decided straight through (``CSSScrollSnap/decideNarrow(current:displacement:in:layout:sharing:)``),
/// the search's guess checked before its binary search (``CSSScrollSnap/firstIndex(in:_:guess:where:)``).
@Suite struct CSSScrollSnapBatchTests {
    /// Slot, item, offset bits and rule: equal decisions to the last bit (`==` takes −0 for +0).
    private func same(_ a: SnapDecision, _ b: SnapDecision) -> Bool {
        a.targetSlot == b.targetSlot && a.targetIndex == b.targetIndex
            && a.targetOffset.bitPattern == b.targetOffset.bitPattern && a.rule == b.rule
    }

    /// The policies whose batches take the narrow path, and two that do not (stop-always, scroll-end snap).
    private let policies: [CSSScrollSnap] = [
        CSSScrollSnap(strictness: .mandatory), CSSScrollSnap(strictness: .proximity),
        CSSScrollSnap(strictness: .proximity, proximityRatio: 2), CSSScrollSnap(strictness: .proximity, proximityRatio: 0),
        CSSScrollSnap(strictness: .mandatory, distanceScalar: 200, frameInterval: 100),
        CSSScrollSnap(strictness: .mandatory, minFlingVelocity: 0.4),
        CSSScrollSnap(strictness: .proximity, scrollEndSnap: 1), CSSScrollSnap(strictness: .mandatory, stopAlways: 1),
    ]

    /// A seeded layout: narrow or wide items, any alignment, 1 to 80 items, sometimes looping or
    /// with a viewport wider than the content.
    private func layout(_ rng: inout SplitMix64) throws -> CarouselLayout {
        let width = rng.double(in: 5...400)
        return try CarouselLayout(itemWidth: width, spacing: rng.chance(0.2) ? 0 : rng.double(in: 0...40),
                                  leadingInset: rng.chance(0.2) ? 0 : rng.double(in: 0...80),
                                  viewportWidth: width * rng.double(in: 0.5...6), itemCount: rng.int(in: 1...80),
                                  alignment: rng.pick([SnapAlignment.leading, .center, .trailing]),
                                  isLooping: rng.chance(0.1))
    }

    /// Offsets on snaps, half-way between them, beyond either end and far away; velocities that do
    /// not fling, fling a little, fling far or are not numbers.
    private func release(in layout: CarouselLayout, _ rng: inout SplitMix64) -> Release {
        let slot = Double(rng.int(in: -3...(layout.itemCount + 3)))
        let x: Double = switch rng.int(in: 0...5) {
        case 0, 1: layout.alignmentOrigin + (slot + Double(rng.int(in: 0...1)) / 2) * layout.stride
        case 2: rng.pick([Double.nan, .infinity, -.infinity, 1e300, -1e300, -0.0, layout.maxOffset])
        default: rng.double(in: -300...(layout.maxOffset + 300))
        }
        let v: Double = rng.chance(0.12)
            ? rng.pick([0, -0.0, .nan, .infinity, -.infinity, 0.03, -0.03, 0.0299, 1e-9, 1e300, -1e300])
            : rng.double(in: -8...8) * rng.pick([0.01, 0.1, 1, 1])
        return Release(offset: x, velocity: v, startOffset: x, startTime: 0, time: 120)
    }

    /// Seeded batches over runs of layouts: every policy's batch (fresh kinematics and ones the
    /// others filled) against each release decided alone (``CSSScrollSnap/decide(_:in:)``, the
    /// general path), bit for bit; the narrow path must have decided most of them.
    @Test("batches decide as each release alone", arguments: [1, 2, 3, 4] as [UInt64])
    func batchesDecideAsAlone(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x3636_0b00 &+ seed)
        var narrow = 0, total = 0
        for _ in 0..<50 {
            var releases: [Release] = [], layouts: [CarouselLayout] = []
            for _ in 0..<rng.int(in: 1...4) {
                let l = try layout(&rng)
                for _ in 0..<rng.int(in: 1...120) {
                    releases.append(release(in: l, &rng))
                    layouts.append(l)
                }
            }
            var kinematics = [ReleaseKinematics](repeating: ReleaseKinematics(), count: releases.count)
            for policy in policies {
                let out = BatchDecisions.decide(policy, releases, in: layouts, sharing: &kinematics)
                for i in releases.indices {
                    let alone = policy.decide(releases[i], in: layouts[i])
                    #expect(same(out[i], alone), "\(policy.id) release \(releases[i]) in \(layouts[i]): \(out[i]) vs \(alone)")
                    total += 1
                    if policy.decidesNarrowRows, CSSScrollSnap.NarrowRow(layouts[i], range: 0) != nil { narrow += 1 }
                }
            }
        }
        #expect(narrow * 2 > total, "narrow path decided \(narrow) of \(total)")
    }

    /// The narrow path against the general one from any scroll position and displacement
    /// (``CSSScrollSnap/decide(current:displacement:in:)``): displacements that reach no snap,
    /// land on a snap or half-way, and ones so large that every distance rounds alike.
    @Test("the narrow path decides as the general path", arguments: [1, 2] as [UInt64])
    func narrowAsGeneral(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x3636_0c00 &+ seed)
        var decided = 0
        for _ in 0..<300 {
            let l = try layout(&rng)
            guard CSSScrollSnap.NarrowRow(l, range: 0) != nil else { continue }
            for _ in 0..<60 {
                let current = l.clampedOffset(release(in: l, &rng).offset)
                let target = l.alignmentOrigin + (Double(rng.int(in: -2...(l.itemCount + 2))) + Double(rng.int(in: 0...2)) / 4)
                    * l.stride
                let displacement: Double? = switch rng.int(in: 0...5) {
                case 0: nil
                case 1: rng.pick([0, -0.0, .nan, .infinity, -.infinity, 1e300, -1e300, 0.5, -0.5, 0.4999999999999999])
                case 2: target - current
                default: rng.double(in: -1...1) * rng.pick([1, 50, 1000, 1e6])
                }
                for policy in policies where policy.decidesNarrowRows {
                    let row = try #require(CSSScrollSnap.NarrowRow(l, range: policy.range(in: l)))
                    let fast = withUnsafePointer(to: l) {
                        policy.decideNarrow(current: current, displacement: displacement, in: row, layout: $0)
                    }
                    let general = policy.decide(current: current, displacement: displacement, in: l)
                    #expect(same(fast, general), "\(policy.id) current \(current) displacement \(String(describing: displacement)) in \(l)")
                    decided += 1
                }
            }
        }
        #expect(decided > 10_000)
    }

    /// ``CSSScrollSnap/firstIndex(in:_:guess:where:)`` finds where a predicate turns true whatever
    /// the guess: right, one off, far off, outside the range.
    @Test func firstIndexWhateverTheGuess() {
        for lo in -3...3 {
            for hi in (lo - 1)...(lo + 12) {
                for turn in lo...(hi + 1) {
                    for guess in [Int.min / 2, Int.max / 2] + Array((lo - 4)...(hi + 5)) {
                        var probes = 0
                        let found = CSSScrollSnap.firstIndex(in: lo, hi, guess: guess) { i in
                            probes += 1
                            #expect(i >= lo && i <= hi, "probe \(i) outside \(lo)...\(hi)")
                            return i >= turn
                        }
                        #expect(found == turn, "lo \(lo) hi \(hi) turn \(turn) guess \(guess)")
                        if guess == turn && turn > lo && turn <= hi { #expect(probes == 2) }
                    }
                }
            }
        }
    }
}

/// The item a fling's bracket certifies (``CSSScrollSnap/NarrowRow/certifiedItem(from:direction:between:and:)``)
/// against the search at every intended position tried inside the bracket, and the batch path
/// that decides by it against each release decided alone.
@Suite struct CSSScrollSnapCertifiedTests {
    /// Offsets on snaps, half-way and near either, beyond the ends.
    private func offset(in l: CarouselLayout, _ rng: inout SplitMix64) -> Double {
        let slot = Double(rng.int(in: -2...(l.itemCount + 2)))
        let x = l.alignmentOrigin + (slot + rng.pick([0, 0.5, 0.25, 0.75])) * l.stride
        return rng.chance(0.5) ? x : x + rng.pick([1, -1]) * rng.pick([1e-13, 1e-9, 1e-6, 0.5, 0.4999999])
    }

    /// Seeded narrow rows (some with snaps clamped together at either end), currents and brackets
    /// `low...high` around positions on, near and half-way between snaps and at the proximity
    /// range's edges: a certified item must be the search's answer, in range, at both ends, at
    /// their neighbours and at seeded points between; refusals must occur, and certificates too.
    @Test("a certified item is the search's at every point of the bracket", arguments: [1, 2, 3] as [UInt64])
    func certifiedIsSearched(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x3838_0c00 &+ seed)
        var certified = 0, refused = 0, checked = 0
        for _ in 0..<400 {
            let width = rng.double(in: 5...400)
            let l = try CarouselLayout(itemWidth: width, spacing: rng.chance(0.3) ? 0 : rng.double(in: 0...40),
                                       leadingInset: rng.chance(0.3) ? 0 : rng.double(in: 0...80),
                                       viewportWidth: width * rng.double(in: 1...6), itemCount: rng.int(in: 1...40),
                                       alignment: rng.pick([SnapAlignment.leading, .center, .trailing]))
            let range = rng.pick([Double.infinity, l.viewportWidth / 3, l.stride / 2, 0, l.stride * 2])
            guard let row = CSSScrollSnap.NarrowRow(l, range: range) else { continue }   // wide items: not a narrow row
            let policy = CSSScrollSnap(strictness: .mandatory)
            for _ in 0..<80 {
                let current = l.clampedOffset(offset(in: l, &rng))
                let direction = rng.chance(0.5) ? 1 : -1
                var x = offset(in: l, &rng)
                if rng.chance(0.2), range.isFinite {   // at the range's edge from a snap
                    x = row.snap(rng.int(in: 0...(l.itemCount - 1))) + rng.pick([1, -1]) * range
                }
                let width = rng.pick([0, 1e-12, 1e-9, 1e-6, 1e-3, 1]) * Swift.max(1, abs(x))
                let low = x, high = x + width
                guard let shown = row.certifiedItem(from: current, direction: direction, between: low, and: high),
                      shown.distance < range else {
                    refused += 1
                    continue
                }
                certified += 1
                var points = [low, high, low.nextUp, high.nextDown]
                for _ in 0..<8 { points.append(rng.double(in: low...high)) }
                for p in points where p >= low && p <= high {
                    let found = policy.closestItem(to: p, from: current, direction: direction, truncating: false, in: l)
                    #expect(found?.index == shown.index && (found?.distance ?? .infinity) <= shown.distance,
                            "certified \(shown) but the search finds \(String(describing: found)) at \(p) from \(current), direction \(direction), range \(range), in \(l)")
                    checked += 1
                }
            }
        }
        #expect(certified > 5_000 && refused > 1_000 && checked > 40_000,
                "certified \(certified), refused \(refused), checked \(checked)")
    }

    /// Flings in narrow rows whose estimate lands on, near and half-way between snaps (the velocity
    /// solved from the target), batched with every narrow policy: bit for bit the decision alone;
    /// most of them certified without the estimate, the others computed.
    @Test("flings decide as alone, certified or not", arguments: [1, 2] as [UInt64])
    func flingsDecideAsAlone(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x3838_0d00 &+ seed)
        let policies: [CSSScrollSnap] = [
            CSSScrollSnap(strictness: .mandatory), CSSScrollSnap(strictness: .proximity),
            CSSScrollSnap(strictness: .proximity, proximityRatio: 0.1),
            CSSScrollSnap(strictness: .mandatory, distanceScalar: 40, frameInterval: 16),
        ]
        var certifiedCount = 0, total = 0
        for _ in 0..<60 {
            let width = rng.double(in: 20...300)
            let l = try CarouselLayout(itemWidth: width, spacing: rng.double(in: 0...30), leadingInset: rng.double(in: 0...40),
                                       viewportWidth: width * rng.double(in: 1.2...4), itemCount: rng.int(in: 2...50),
                                       alignment: rng.pick([SnapAlignment.leading, .center, .trailing]))
            var releases: [Release] = []
            for _ in 0..<200 {
                let x = offset(in: l, &rng)
                let target = offset(in: l, &rng)
                // About 112.5 ms of velocity per point at the defaults (25 × 4.5 ms): land near `target`.
                let v = rng.chance(0.8) ? (target - l.clampedOffset(x)) / 112.3 : rng.double(in: -8...8)
                releases.append(Release(offset: x, velocity: v, startOffset: x, startTime: 0, time: 120))
            }
            let layouts = [CarouselLayout](repeating: l, count: releases.count)
            var kinematics = [ReleaseKinematics](repeating: ReleaseKinematics(), count: releases.count)
            for policy in policies {
                let out = BatchDecisions.decide(policy, releases, in: layouts, sharing: &kinematics)
                let row = CSSScrollSnap.NarrowRow(l, range: policy.range(in: l))
                let bracket = try #require(ChromiumFlingEstimate.DisplacementBracket(
                    ChromiumFlingEstimate(distanceScalar: policy.distanceScalar, frameInterval: policy.frameInterval)))
                for (i, r) in releases.enumerated() {
                    let alone = policy.decide(r, in: l)
                    #expect(out[i].targetSlot == alone.targetSlot && out[i].targetIndex == alone.targetIndex
                                && out[i].targetOffset.bitPattern == alone.targetOffset.bitPattern && out[i].rule == alone.rule,
                            "\(policy.id) \(r) in \(l): \(out[i]) vs \(alone)")
                    total += 1
                    let c = l.clampedOffset(r.offset)
                    if let row, abs(r.velocity) >= policy.minFlingVelocity, let d = bracket.bounds(velocity: r.velocity),
                       let certified = row.certifiedItem(from: c, direction: r.velocity > 0 ? 1 : -1, between: c + d.lower,
                                                         and: c + d.upper), certified.distance < row.range {
                        certifiedCount += 1
                    }
                }
            }
        }
        #expect(certifiedCount * 2 > total && certifiedCount < total, "certified \(certifiedCount) of \(total)")
    }
}
