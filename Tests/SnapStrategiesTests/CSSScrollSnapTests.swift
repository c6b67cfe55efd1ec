@testable import SnapStrategies
import Testing
import SnapLabTestSupport

@Suite struct CSSScrollSnapTests {
    /// Snap points every 300 pt from 0 in a 900-pt snapport (policies.md §5.3 worked examples).
    let layout = try! CarouselLayout(itemWidth: 300, viewportWidth: 900, itemCount: 20)

    /// policies.md §5.3 examples 1–3 and 5, from the release velocity (first inertial delta = 16 ms × v):
    /// (velocity, distance scalar, expected snap offset).
    @Test(arguments: [
        (0.0, 25.0, 300.0),      // 1. no fling → EndPosition → 300
        (1.25, 25.0, 900.0),     // 2. delta 20, desktop ×25 = 500 → intended 920 → 900
        (1.25, 40.0, 1200.0),    // 3. Android ×40 = 800 → intended 1220 → 1200
        (-0.125, 25.0, 300.0),   // 5. displacement −50 → intended 370 → valid < 420 → 300
    ])
    func workedExamples(velocity: Double, scalar: Double, expected: Double) {
        let policy = CSSScrollSnap(strictness: .mandatory, distanceScalar: scalar, frameInterval: 16)
        let d = policy.decide(Release(offset: 420, velocity: velocity), in: layout)
        #expect(d.targetOffset == expected)
        #expect(layout.snapOffset(ofSlot: d.targetIndex) == expected)
    }

    /// The default first inertial delta is desktop Chromium's as measured with the browser as the
    /// oracle (`Scripts/research/chromium-oracle.py`): 4.5 ms of release velocity, not a whole 16-ms frame.
    /// From 420 pt at 1.25 pt/ms: 5.625 × 25 = 141 pt → intended 561 → the closest forward snap 600
    /// (with 16 ms: 500 pt → 920 → 900).
    @Test func desktopFirstInertialDeltaIsMeasured() {
        #expect(CSSScrollSnap().frameInterval == 4.5 && CSSScrollSnap.desktopFrameInterval == 4.5)
        #expect(CSSScrollSnap().decide(Release(offset: 420, velocity: 1.25), in: layout).targetOffset == 600)
        #expect(CSSScrollSnap(frameInterval: 16).decide(Release(offset: 420, velocity: 1.25), in: layout).targetOffset == 900)
        // Android Chrome's kDistanceEstimatorScalar 40 (5.625 × 40 = 225 → 645 → 600).
        #expect(CSSScrollSnap(distanceScalar: 40).decide(Release(offset: 420, velocity: 1.25), in: layout).targetOffset == 600)
    }

    @Test func workedExample4DecayPrediction() throws {
        let displacement = try #require(ChromiumFlingEstimate.decayPredictedDisplacement(previousDelta: 20, currentDelta: 18))
        let d = CSSScrollSnap(strictness: .mandatory, frameInterval: 16).decide(current: 420, displacement: displacement, in: layout)
        #expect(abs(displacement - 180) < 1e-9)
        #expect(d.targetOffset == 600)
    }

    @Test func workedExample6ProximityDoesNotSnapFarFromEverySnap() throws {
        // Snaps every 1000 pt, 900-pt snapport: range 300 pt; 420 is 420 and 580 pt from 0 and 1000.
        let sparse = try CarouselLayout(itemWidth: 300, spacing: 700, viewportWidth: 900, itemCount: 10)
        let d = CSSScrollSnap(strictness: .proximity, frameInterval: 16).decide(Release(offset: 420, velocity: 0), in: sparse)
        #expect(d.rule == "no-snap-in-range")
        #expect(d.targetOffset == 420)
        let m = CSSScrollSnap(strictness: .mandatory, frameInterval: 16).decide(Release(offset: 420, velocity: 0), in: sparse)
        #expect(m.targetOffset == 0)
        let near = CSSScrollSnap(strictness: .proximity, frameInterval: 16).decide(Release(offset: 250, velocity: 0), in: sparse)
        #expect(near.targetOffset == 0)
    }

    @Test func proximitySnapsWithinAThirdOfTheViewport() {
        let d = CSSScrollSnap(strictness: .proximity, frameInterval: 16).decide(Release(offset: 420, velocity: 1.25), in: layout)
        #expect(d.targetOffset == 900)
    }

    @Test func snapStopAlwaysStopsAtTheFirstItem() throws {
        let stop = try CSSScrollSnap(strictness: .mandatory, frameInterval: 16).withParameterValues([25, 16, 0.03, 1, 0, CSSScrollSnap.desktopFirstUpdate, 0])
        let d = stop.decide(Release(offset: 420, velocity: 1.25), in: layout)
        #expect(d.targetOffset == 600)
        #expect(d.rule == "fling-snap-stop")
        let back = stop.decide(Release(offset: 420, velocity: -2), in: layout)
        #expect(back.targetOffset == 300)
    }

    @Test func mandatoryFallsBackWhenNothingLiesInTheDirection() {
        let end = layout.maxOffset   // 5100, the last distinct snap
        let m = CSSScrollSnap(strictness: .mandatory, frameInterval: 16).decide(Release(offset: end - 0.2, velocity: 1), in: layout)
        #expect(m.rule == "fling-fallback-end-position")
        #expect(m.targetOffset == end)
        let p = CSSScrollSnap(strictness: .proximity, frameInterval: 16).decide(Release(offset: end - 0.2, velocity: 1), in: layout)
        #expect(p.rule == "no-snap-in-range")
        #expect(p.targetOffset == end)
        // With scrollEndSnap 1 the fling stops at the end, where the last snap is: it snaps there
        // at scroll end.
        let q = CSSScrollSnap(strictness: .proximity, frameInterval: 16, scrollEndSnap: 1)
            .decide(Release(offset: end - 0.2, velocity: 1), in: layout)
        #expect(q.rule == "scroll-end-position")
        #expect(q.targetOffset == end)
    }

    @Test func directionNeedsMoreThanHalfAPoint() {
        // From 299.7, the snap at 300 is 0.3 pt ahead (rounds to 0): not valid forward, next is 600.
        let d = CSSScrollSnap(strictness: .mandatory, frameInterval: 16).decide(current: 299.7, displacement: 1, in: layout)
        #expect(d.targetOffset == 600)
        let e = CSSScrollSnap(strictness: .mandatory, frameInterval: 16).decide(current: 299.4, displacement: 1, in: layout)
        #expect(e.targetOffset == 300)
    }

    static let policies: [CSSScrollSnap] = [
        CSSScrollSnap(), CSSScrollSnap(strictness: .proximity),
        CSSScrollSnap(strictness: .mandatory, frameInterval: 16), CSSScrollSnap(strictness: .proximity, frameInterval: 16),
        CSSScrollSnap(strictness: .mandatory, frameInterval: 16, stopAlways: 1), CSSScrollSnap(strictness: .proximity, distanceScalar: 40, frameInterval: 16),
    ]
    @Test(arguments: policies) func deterministic(_ p: CSSScrollSnap) throws { try WebPolicyChecks.expectDeterministic(p) }
    @Test(arguments: policies) func staysAtRest(_ p: CSSScrollSnap) throws { try WebPolicyChecks.expectStaysAtRest(p) }
    @Test(arguments: policies) func mirrorSymmetric(_ p: CSSScrollSnap) throws { try WebPolicyChecks.expectMirrorSymmetric(p) }
    @Test(arguments: policies) func loopShiftInvariant(_ p: CSSScrollSnap) throws { try WebPolicyChecks.expectLoopShiftInvariant(p) }
    @Test(arguments: policies) func targetInsideContent(_ p: CSSScrollSnap) throws { try WebPolicyChecks.expectTargetInsideContent(p) }
    @Test(arguments: policies) func totalAtParameterExtremes(_ p: CSSScrollSnap) throws { try WebPolicyChecks.expectTotalAtParameterExtremes(p) }

    /// The bounded search answers exactly what Chromium's walk over every snap area in document
    /// order (keeping the first of least distance) answers, also with clamped, shared offsets.
    @Test func boundedSearchEqualsTheDocumentOrderScan() throws {
        var rng = SplitMix64(seed: 8)
        let mandatory = CSSScrollSnap(strictness: .mandatory, frameInterval: 16)
        for _ in 0..<400 {
            let width = rng.double(in: 20...300)
            let layout = try CarouselLayout(itemWidth: width, spacing: rng.double(in: 0...40),
                                            leadingInset: rng.double(in: 0...60),
                                            viewportWidth: width * rng.double(in: 1...6), itemCount: rng.int(in: 1...50),
                                            alignment: [.leading, .center, .trailing][rng.int(in: 0...2)])
            for _ in 0..<50 {
                let current = layout.clampedOffset(rng.double(in: -100...(layout.maxOffset + 100)))
                // Bases on snap offsets and half-way between them hit the ties.
                let slot = Double(rng.int(in: -2...(layout.itemCount + 2)))
                let base = layout.clampedOffset(rng.int(in: 0...2) == 0
                    ? layout.alignmentOrigin + (slot + Double(rng.int(in: 0...1)) / 2) * layout.stride
                    : rng.double(in: -100...(layout.maxOffset + 100)))
                let direction = rng.int(in: -1...1)
                let truncating = rng.int(in: 0...1) == 1
                let range = [Double.infinity, layout.viewportWidth / 3, rng.double(in: 0...200)][rng.int(in: 0...2)]
                let expected = scan(base: base, current: current, direction: direction, truncating: truncating,
                                    range: range, layout: layout)
                let found = mandatory.closestSlot(to: base, from: current, direction: direction, truncating: truncating,
                                                  range: range, in: layout)
                #expect(found == expected, "\(layout) base \(base) current \(current) direction \(direction)")
            }
        }
    }

    /// Chromium's `FindClosestValidAreaInternal` walk, item by item.
    private func scan(base: Double, current: Double, direction: Int, truncating: Bool, range: Double,
                      layout: CarouselLayout) -> Int? {
        var best: (slot: Int, distance: Double)?
        for slot in 0..<layout.itemCount {
            let snap = layout.snapOffset(ofSlot: slot)
            let d = snap - current
            let moved = truncating ? d.rounded(.towardZero) : d.rounded(.toNearestOrAwayFromZero)
            guard direction == 0 || (direction > 0 ? moved > 0 : moved < 0) else { continue }
            let distance = abs(snap - base)
            guard distance <= range else { continue }
            if let b = best, !(distance < b.distance) { continue }
            best = (slot, distance)
        }
        return best?.slot
    }
}
