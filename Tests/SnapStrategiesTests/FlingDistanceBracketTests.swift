import SnapLabTestSupport
import Testing
@testable import SnapStrategies

/// The tabulated distance bracket (``FlingDistanceBracket``) and the two policies that decide with
/// it (`rn-android-paging`, `flutter-fixedextent`): the table's entries are the formula's, the
/// computed distance lies inside the bracket, and every decision made with the table is the one
/// made by computing the distance (field by field, the offset by its bits), on dense seeded grids
/// that put the fling's end on and around every decision threshold.
@Suite("Fling distance bracket")
struct FlingDistanceBracketTests {
    static let rnDistance: @Sendable (Double) -> Double = {
        RNAndroidPagingSnap.splineFlingDistance(velocity: $0, friction: 1 - 0.985)
    }
    static let flutterDistance: @Sendable (Double) -> Double = {
        FlutterClampingDeceleration(friction: 0.015).coastDistance(velocity: $0)
    }

    static func layouts() throws -> [CarouselLayout] {
        [
            try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40),
            try CarouselLayout(itemWidth: 300, viewportWidth: 1080, itemCount: 12, alignment: .center),
            try CarouselLayout(itemWidth: 375, viewportWidth: 375, itemCount: 9),
            try CarouselLayout(itemWidth: 120, spacing: 8, viewportWidth: 390, itemCount: 7, isLooping: true),
            try CarouselLayout(itemWidth: 160, viewportWidth: 170, itemCount: 2),   // maxOffset 150
            try CarouselLayout(itemWidth: 100, viewportWidth: 375, itemCount: 1),
        ]
    }

    @Test("every entry is the formula's distance at k/1000 pt/ms, bit for bit")
    func entriesAreTheFormula() {
        for (table, distance) in [(RNAndroidPagingSnap.normalRateDistances, Self.rnDistance),
                                  (FlutterFixedExtentSnap.clampingDistances, Self.flutterDistance)] {
            #expect(table.distances.count == 8002)
            for k in 0...8001 {
                #expect(table.distances[k].bitPattern == distance(Double(k) / 1000).bitPattern, "k = \(k)")
            }
        }
        // A distance that does not grow with the speed gives an empty table: every distance computed.
        #expect(FlingDistanceBracket { 1 - $0 }.distances.isEmpty)
        #expect(FlingDistanceBracket { _ in .nan }.bounds(speed: 1).map { _ in true } == nil)
    }

    /// The computed distance lies inside the bracket: at 40 seeded speeds in every 1 px/s step
    /// (320,000 a table), and at each step's ends and their neighbouring doubles.
    @Test("the computed distance lies inside its bracket")
    func computedDistanceInsideBracket() {
        var rng = SplitMix64(seed: 0x5_9136)
        for (table, distance) in [(RNAndroidPagingSnap.normalRateDistances, Self.rnDistance),
                                  (FlutterFixedExtentSnap.clampingDistances, Self.flutterDistance)] {
            var speeds: [Double] = [0, 1e-300, .leastNonzeroMagnitude, 8]
            for k in 0..<8000 {
                let s = Double(k) / 1000
                speeds += [s.nextUp, s.nextDown, (Double(k) + 1) / 1000]
                for _ in 0..<40 { speeds.append((Double(k) + rng.double(in: 0...1)) / 1000) }
            }
            for s in speeds where s >= 0 {
                guard let b = table.bounds(speed: s) else {
                    Issue.record("no bracket at \(s)")
                    continue
                }
                let d = distance(s)
                #expect(b.lower <= d && d <= b.upper, "speed \(s): \(d) outside [\(b.lower), \(b.upper)]")
            }
            for s in [-0.001, 8.000001, .nan, .infinity] { #expect(table.bounds(speed: s).map { _ in true } == nil) }
        }
    }

    /// Where a monotone key agrees at the bracket's two ends it is the key of the computed
    /// distance (what the policies rely on), and the ends disagree rarely.
    @Test("a key equal at both ends is the computed distance's key; they rarely differ")
    func agreeingEndsGiveTheKey() {
        let table = RNAndroidPagingSnap.normalRateDistances
        var rng = SplitMix64(seed: 0x5_9137)
        var disagreeing = 0
        let n = 100_000
        for _ in 0..<n {
            let v = rng.double(in: -8...8)
            let offset = rng.double(in: -300...3000)
            let key = { (d: Double) in SnapMath.flooredIndex((offset + d) / 170 + 0.5) }
            guard let b = table.bounds(speed: abs(v)) else {
                Issue.record("no bracket at \(v)")
                continue
            }
            let lower = key(v < 0 ? -b.lower : b.lower)
            guard lower == key(v < 0 ? -b.upper : b.upper) else {
                disagreeing += 1
                continue
            }
            #expect(lower == key(Self.rnDistance(v)), "v = \(v), offset \(offset)")
        }
        #expect(disagreeing > 0 && disagreeing < n / 50, "ends disagree for \(disagreeing) of \(n)")
    }

    /// Releases at every whole px/s from −8100 to 8100 (a seeded fraction each), each at a seeded
    /// offset and at offsets that put the computed end on a page or slot threshold, on an extent,
    /// and a little (one ulp to 0.01 pt) either side; plus the special velocities.
    static func releases(in layout: CarouselLayout, distance: (Double) -> Double,
                         thresholds all: [Double], seed: UInt64) -> [Release] {
        var rng = SplitMix64(seed: seed)
        var releases: [Release] = []
        for k in stride(from: -8100, through: 8100, by: 1) {
            let v = (Double(k) + rng.double(in: 0...0.999)) / 1000
            let travel = (v < 0 ? -1 : 1) * rng.double(in: 0...400)
            func release(_ offset: Double) -> Release {
                Release(offset: offset, velocity: v, startOffset: offset - travel, startTime: 0,
                        time: rng.double(in: 5...300))
            }
            releases.append(release(rng.double(in: -200...(layout.maxOffset + 200))))
            let d = distance(Swift.min(abs(v), 8)) * (v < 0 ? -1 : 1)
            let end = all[Int(rng.next() % UInt64(all.count))]
            let base = end - d
            for nudge in [0, base.ulp, -base.ulp, 1e-7, -1e-7, 0.01, -0.01] {
                releases.append(release(base + nudge))
            }
        }
        return releases + [.nan, .infinity, -.infinity, 0, -0.0, 1e300, 0.05, 0.0500001].map {
            Release(offset: 500, velocity: $0, startOffset: 300, startTime: 0, time: 50)
        }
    }

    /// Offsets where the end's slot changes (half a stride past each snap offset), and the extents.
    static func slotThresholds(_ layout: CarouselLayout) -> [Double] {
        var ends: [Double] = [0, layout.maxOffset]
        for m in -3...60 { ends.append(layout.alignmentOrigin + (Double(m) - 0.5) * layout.stride) }
        return ends
    }

    /// Offsets where RN's end page changes: half a view width past each page (looping: the slots'
    /// thresholds), and the extents.
    static func pageThresholds(_ layout: CarouselLayout) -> [Double] {
        if layout.isLooping { return slotThresholds(layout) }
        let width: Double = layout.viewportWidth
        let pages: Int = Int(layout.maxOffset / width) + 1
        var ends: [Double] = [0, layout.maxOffset]
        for m in 0...pages { ends.append((Double(m) + 0.5) * width) }
        return ends
    }

    /// Every decision of `batch` (the table path) against `single` (computed), field by field.
    static func expectSame(_ releases: [Release], in layout: CarouselLayout,
                           batch: (Release) -> SnapDecision, single: (Release) -> SnapDecision) -> Int {
        var differing = 0
        for release in releases {
            let a = batch(release), b = single(release)
            if !(a.targetSlot == b.targetSlot && a.targetIndex == b.targetIndex
                    && a.targetOffset.bitPattern == b.targetOffset.bitPattern && a.rule == b.rule) {
                differing += 1
            }
        }
        return differing
    }

    @Test("rn-android-paging decides with the table as by computing the distance")
    func rnTableDecidesAsComputed() throws {
        let policy = RNAndroidPagingSnap()
        #expect(policy.distanceTable != nil)
        #expect(RNAndroidPagingSnap(decelerationRate: 0.9).distanceTable == nil)
        for (n, layout) in try Self.layouts().enumerated() {
            let releases = Self.releases(in: layout, distance: Self.rnDistance,
                                         thresholds: Self.pageThresholds(layout), seed: 0x5_9140 + UInt64(n))
            let batch = BatchDecisions.decide(policy, releases, in: layout)
            var i = 0
            let differing = Self.expectSame(releases, in: layout, batch: { _ in defer { i += 1 }; return batch[i] },
                                            single: { policy.decide($0, in: layout) })
            #expect(differing == 0, "layout \(n): \(differing) decisions differ")
            // The check can fail: a table 0.1% long decides differently somewhere.
            let wrong = FlingDistanceBracket { Self.rnDistance($0) * 1.001 }
            let broken = Self.expectSame(releases, in: layout, batch: { policy.decide($0, in: layout, table: wrong) },
                                         single: { policy.decide($0, in: layout) })
            #expect(broken > 0 || layout.itemCount == 1, "layout \(n): a wrong table went unnoticed")
        }
    }

    @Test("flutter-fixedextent decides with the table as by computing the distance")
    func flutterTableDecidesAsComputed() throws {
        let policy = FlutterFixedExtentSnap(physics: .clamping)
        #expect(policy.distanceTable != nil)
        #expect(FlutterFixedExtentSnap(physics: .bouncing).distanceTable == nil)
        var other = policy
        other.clamping.friction = 0.02
        #expect(other.distanceTable == nil)
        for (n, layout) in try Self.layouts().enumerated() {
            let releases = Self.releases(in: layout, distance: Self.flutterDistance,
                                         thresholds: Self.slotThresholds(layout), seed: 0x5_9150 + UInt64(n))
            let batch = BatchDecisions.decide(policy, releases, in: layout)
            var i = 0
            let differing = Self.expectSame(releases, in: layout, batch: { _ in defer { i += 1 }; return batch[i] },
                                            single: { policy.decide($0, in: layout) })
            #expect(differing == 0, "layout \(n): \(differing) decisions differ")
            let wrong = FlingDistanceBracket { Self.flutterDistance($0) * 1.001 }
            let broken = Self.expectSame(releases, in: layout, batch: { policy.decide($0, in: layout, table: wrong) },
                                         single: { policy.decide($0, in: layout) })
            #expect(broken > 0 || layout.itemCount == 1, "layout \(n): a wrong table went unnoticed")
        }
    }
}
