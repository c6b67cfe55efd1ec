@testable import SnapStrategies
import Testing

/// Items wider than the viewport: Chromium's covering path (`cc/input/scroll_snap_data.cc`
/// `FindClosestValidAreaInternal`, `FindCoveringCandidate`, `SearchResultForDodgingRange`;
/// `snap_selection_strategy.cc` `PickBestResult`).
@Suite struct CSSScrollSnapCoveringTests {
    /// 1 400 pt items (`scroll-snap-align: start`) in a 1 000 pt snapport: item s covers the
    /// snapport for offsets in [1 400·s, 1 400·s + 400]; aligned snaps at 0, 1 400, …, 5 600.
    let wide = try! CarouselLayout(itemWidth: 1400, viewportWidth: 1000, itemCount: 5)

    /// Worked examples (policies.md Part 2 style): (release offset, velocity, rule, target item, target offset).
    @Test(arguments: [
        // 1. At rest inside item 0's covering range: EndPosition keeps the intended position 300.
        (300.0, 0.0, "covering-intended", 0, 300.0),
        // 2. 700 is covered by no item; item 0's range end 400 (300 away) beats the aligned snaps
        //    0 and 1 400 (700 away each): the viewport's trailing edge meets item 0's.
        (700.0, 0.0, "covering-displaced", 0, 400.0),
        // 3. Fling from 700 at 1.25 pt/ms: 25 × the fling curve's first 16 ms (19.34 pt, issue 34;
        //    1.25 × 16 = 20 before) = 483.5 → intended 1 183.5; item 1's
        //    covering end 1 400 ties its aligned snap 1 400: the aligned one (evaluated first) stands.
        (700.0, 1.25, "fling-closest-in-direction", 1, 1400.0),
        // 4. Fling from 1 500 at 0.5 pt/ms: displacement 25 × 7.688 = 192.2 (the curve's first 16 ms;
        //    200 before issue 34) → intended 1 692.2, inside item 1's range: it rests there.
        (1500.0, 0.5, "covering-intended", 1, 1692.1982313991066),
        // 5. Backward fling from 1 500 at −0.5: intended 1 300, covered by no item; valid
        //    candidates lie at or below 1 499.5: item 0's range end 400 (900 away), item 1's
        //    covering end 1 400 and aligned snap 1 400 (100 away, a tie: the aligned one stands).
        (1500.0, -0.5, "fling-closest-in-direction", 1, 1400.0),
    ])
    func workedExamples(offset: Double, velocity: Double, rule: String, item: Int, target: Double) {
        let d = CSSScrollSnap(strictness: .mandatory, frameInterval: 16).decide(Release(offset: offset, velocity: velocity), in: wide)
        #expect(d.rule == rule)
        #expect(d.targetIndex == item)
        #expect(d.targetOffset == target)
    }

    /// `FindClosestValidAreaInternal` translated: an intended position that leaves an area
    /// covering the snapport is picked over every aligned candidate (`PickBestResult`), with no
    /// proximity check, so proximity snapping rests mid-item too; an item exactly as wide as the
    /// viewport never takes the covering path (its dodging range is a point: the aligned snap).
    @Test func coveringIntendedBeatsAlignedSnapsAndProximity() throws {
        let p = CSSScrollSnap(strictness: .proximity, frameInterval: 16).decide(Release(offset: 2950, velocity: 0), in: wide)
        #expect(p.rule == "covering-intended" && p.targetIndex == 2 && p.targetOffset == 2950)
        let exact = try CarouselLayout(itemWidth: 1000, viewportWidth: 1000, itemCount: 5)
        let e = CSSScrollSnap(strictness: .mandatory, frameInterval: 16).decide(Release(offset: 300, velocity: 0), in: exact)
        #expect(e.rule == "end-position" && e.targetOffset == 0)
    }

    @Test func loopingCoveringIsShiftInvariant() throws {
        let loop = try CarouselLayout(itemWidth: 1400, spacing: 20, viewportWidth: 1000, itemCount: 4, isLooping: true)
        let policy = CSSScrollSnap(strictness: .mandatory, frameInterval: 16)
        for x in stride(from: -3000.0, through: 3000, by: 137) {
            for v in [0.0, 0.4, -0.4, 2] {
                let d = policy.decide(Release(offset: x, velocity: v), in: loop)
                let e = policy.decide(Release(offset: x + 2 * loop.cycleLength, velocity: v), in: loop)
                #expect(e.targetSlot == d.targetSlot + 8 && e.rule == d.rule)
                #expect(abs(e.targetOffset - d.targetOffset - 2 * loop.cycleLength) < 1e-6)
            }
        }
    }

    /// Items no wider than the snapport skip the covering search; its answer there (the search
    /// kept as ``CSSScrollSnap/resolveWideCovering(aligned:alignedRule:base:current:direction:range:in:)``)
    /// is the same, also for a NaN base, a NaN range and items exactly as wide as the snapport.
    @Test func narrowItemsSkipTheSearchWithTheSameAnswer() throws {
        let layouts = [
            try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40),
            try CarouselLayout(itemWidth: 1000, viewportWidth: 1000, itemCount: 5),
            try CarouselLayout(itemWidth: 1000, leadingInset: 30, viewportWidth: 1030, itemCount: 5, alignment: .trailing),
            try CarouselLayout(itemWidth: 300, viewportWidth: 900, itemCount: 20, alignment: .center),
            try CarouselLayout(itemWidth: 120, spacing: 8, viewportWidth: 390, itemCount: 7, isLooping: true),
        ]
        let policy = CSSScrollSnap(strictness: .proximity)
        for layout in layouts {
            #expect(!(layout.itemWidth > CSSScrollSnap.snapportWidth(of: layout)))
            for x in stride(from: -700.0, through: 7000, by: 83.25) + [.nan, .infinity] {
                for aligned in [nil, 0, 3, layout.itemCount - 1] as [Int?] {
                    for direction in -1...1 {
                        for range in [Double.infinity, 125, 0, .nan] {
                            let fast = policy.resolveCovering(aligned: aligned, alignedRule: "r", base: x, current: x - 40,
                                                              direction: direction, range: range, in: layout)
                            let full = policy.resolveWideCovering(aligned: aligned, alignedRule: "r", base: x, current: x - 40,
                                                                  direction: direction, range: range, in: layout)
                            #expect(fast?.targetSlot == full?.targetSlot && fast?.targetIndex == full?.targetIndex
                                    && fast?.targetOffset.bitPattern == full?.targetOffset.bitPattern && fast?.rule == full?.rule)
                        }
                    }
                }
            }
        }
    }
}
