import SnapStrategies
import Testing

@Suite struct EmblaSnapTests {
    /// Container 1000 pt (threshold 200), snaps every 800 pt, item 1 selected at 800
    /// (policies.md §7.2 worked examples).
    let layout = try! CarouselLayout(itemWidth: 800, viewportWidth: 1000, itemCount: 10)

    /// (dragged pt, velocity pt/ms, skipSnaps, expected item).
    @Test(arguments: [
        (100.0, 0.3, 0.0, 1),   // force 120 < 200 → +220 → item 1
        (300.0, 0.3, 0.0, 2),   // +420 → item 2
        (100.0, 0.5, 0.0, 2),   // force 200, not < 200 → next
        (100.0, 3.0, 0.0, 2),   // one neighbour only
        (500.0, 5.0, 1.0, 3),   // skipSnaps: closest to +2500 is +2400, base 1900, half 950 → +1450 → item 3
    ])
    func workedExamples(dragged: Double, velocity: Double, skipSnaps: Double, expected: Int) {
        let r = Release(offset: 800 + dragged, velocity: velocity, startOffset: 800, startIndex: 1)
        #expect(EmblaSnap(skipSnaps: skipSnaps).decide(r, in: layout).targetIndex == expected)
    }

    @Test(arguments: [(1000.0, 200.0), (375.0, 75.0), (200.0, 50.0), (2000.0, 225.0)])
    func thresholdIsClamped(viewport: Double, expected: Double) throws {
        let l = try CarouselLayout(itemWidth: 100, viewportWidth: viewport, itemCount: 5)
        #expect(abs(EmblaSnap().goToNextThreshold(in: l) - expected) < 1e-9)
    }

    @Test func skipSnapsNeedsTheDragToHaveLeftTheSelectedSnap() {
        // Dragged 100 pt only: the closest snap is still item 1, so one neighbour.
        let r = Release(offset: 900, velocity: 5, startOffset: 800, startIndex: 1)
        #expect(EmblaSnap(skipSnaps: 1).decide(r, in: layout).targetIndex == 2)
    }

    @Test func backwardFlickGoesToThePreviousItem() {
        let r = Release(offset: 1500, velocity: -1, startOffset: 1600, startIndex: 2)
        #expect(EmblaSnap().decide(r, in: layout).targetIndex == 1)
    }

    static let policies = [EmblaSnap(), EmblaSnap(skipSnaps: 1)]
    @Test(arguments: policies) func deterministic(_ p: EmblaSnap) throws { try WebPolicyChecks.expectDeterministic(p) }
    @Test(arguments: policies) func staysAtRest(_ p: EmblaSnap) throws { try WebPolicyChecks.expectStaysAtRest(p) }
    @Test(arguments: policies) func mirrorSymmetric(_ p: EmblaSnap) throws { try WebPolicyChecks.expectMirrorSymmetric(p) }
    @Test(arguments: policies) func loopShiftInvariant(_ p: EmblaSnap) throws { try WebPolicyChecks.expectLoopShiftInvariant(p) }
    @Test(arguments: policies) func targetInsideContent(_ p: EmblaSnap) throws { try WebPolicyChecks.expectTargetInsideContent(p) }
    @Test(arguments: policies) func totalAtParameterExtremes(_ p: EmblaSnap) throws { try WebPolicyChecks.expectTotalAtParameterExtremes(p) }
}

@Suite("Embla skipSnaps in a loop")
struct EmblaSkipSnapsLoopTests {
    /// Regression: the re-snap after halving the skip lands exactly half-way between two slots
    /// when the release rests on a snap; rounding half away from zero (and computing in offsets)
    /// chose different items after a shift by whole cycles (−6.5 → −7 but 5.5 → 6).
    @Test("a half-way re-snap decides the same item after shifts by whole cycles")
    func halfWayResnapIsShiftInvariant() throws {
        let embla = EmblaSnap(forceBoost: 1000, minimumSpeed: 2.5, thresholdFraction: 1, thresholdMinimum: 1000,
                              thresholdMaximum: 2500, skipSnaps: 1, skipFactor: 0.5)
        let cases: [(CarouselLayout, Release)] = [
            (try CarouselLayout(itemWidth: 160, leadingInset: 25.727537616902435, trailingInset: 71.52495355907007,
                                viewportWidth: 477.7886354809203, itemCount: 4, alignment: .trailing, isLooping: true),
             Release(offset: 99.46385569505222, velocity: -2.679356957371739, startOffset: 714.4693137808828, startIndex: 5)),
            (try CarouselLayout(itemWidth: 160, spacing: 6.060056665326119, leadingInset: 98.5476254958082,
                                trailingInset: 77.0726598015492, viewportWidth: 633.6424618480185, itemCount: 1,
                                isLooping: true),
             Release(offset: 0, velocity: -4.231756528967588, startOffset: -309.63849300962545, startIndex: -4)),
        ]
        for (layout, release) in cases {
            let d = embla.decide(release, in: layout)
            #expect(d.rule == "skip-snaps")
            for k in [1, -1, 2, 3, -5] {
                let s = embla.decide(release.shifted(by: Double(k) * layout.cycleLength, slots: k * layout.itemCount), in: layout)
                #expect(s.targetSlot == d.targetSlot + k * layout.itemCount, "\(layout) k=\(k)")
                #expect(s.targetIndex == d.targetIndex)
            }
        }
        // The first case by hand: at rest on slot 2, force −2679 pt = −16.75 slots → closest −15;
        // half-way is −6.5, a tie between items 1 (slot −7) and 2 (slot −6): the lower item wins.
        #expect(embla.decide(cases[0].1, in: cases[0].0).targetSlot == -7)
    }

    @Test("ties in a bounded carousel go to the earlier item, as Embla's stable sort does")
    func boundedTieGoesEarlier() throws {
        let layout = try CarouselLayout(itemWidth: 100, viewportWidth: 100, itemCount: 30)
        // At rest on item 2, selected 5, force 1.75 × 400 = 700 pt → closest item 9; base = 700,
        // halved 350 → 550: a tie between items 5 and 6 → item 5.
        let embla = EmblaSnap(skipSnaps: 1)
        let d = embla.decide(Release(offset: 200, velocity: 1.75, startIndex: 5), in: layout)
        #expect(d.rule == "skip-snaps")
        #expect(d.targetIndex == 5)
        // ScrollTarget.byDistance translated: a projection past the bound is not snapped
        // (`reachedBound` returns the force itself): 10 items (max 900), force 3 × 400 = 1200 from
        // 200 → 1400 > 900 → base 1200 (not 900 − 200), halved 600 → 800 → item 8.
        let short = try CarouselLayout(itemWidth: 100, viewportWidth: 100, itemCount: 10)
        #expect(embla.decide(Release(offset: 200, velocity: 3, startIndex: 5), in: short).targetIndex == 8)
    }
}

extension EmblaSnapTests {
    /// The batch path for releases of one layout (the bounded snap list built once; every containScroll,
    /// skipSnaps): every decision the release's alone, bit for bit, over seeded layouts and releases
    /// (`OneLayoutBatchCheck`).
    @Test("batches of one layout decide as each release alone, bit for bit", arguments: [0x5138_0061, 0x5138_0062] as [UInt64])
    func oneLayoutBatchesDecideAsAlone(seed: UInt64) throws {
        let policies: [any SnapPolicy] = [
            EmblaSnap(), EmblaSnap(skipSnaps: 1), EmblaSnap(containScroll: .off), EmblaSnap(containScroll: .keepSnaps),
        ]
        let (failures, compared) = try OneLayoutBatchCheck.mismatches(policies, seed: seed)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 20_000)
    }
}
