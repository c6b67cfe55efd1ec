import SnapStrategies
import Testing

@Suite struct RNAndroidPagingSnapTests {
    /// policies.md §0bis table, ρ = 1: (velocity px/s = dp/s, distance dp).
    @Test(arguments: [(500.0, 58.3), (1000.0, 194.3), (2000.0, 647.4), (4000.0, 2157.0), (8000.0, 7186.4)])
    func splineDistance(speed: Double, expected: Double) {
        let d = RNAndroidPagingSnap.splineFlingDistance(velocity: speed / 1000, friction: 0.015)
        #expect(abs(d - expected) < 0.15)
        #expect(abs(RNAndroidPagingSnap.splineFlingDistance(velocity: -speed / 1000, friction: 0.015) + d) < 1e-9)
    }

    /// policies.md §7.3: ρ = 2.625, page 1080 px = 411.43 dp, p = 2.3; (velocity px/s, expected page).
    @Test(arguments: [(500.0, 2), (2000.0, 3), (20000.0, 3)])
    func workedExamples(pixelVelocity: Double, expected: Int) throws {
        let density = 2.625
        let page = 1080 / density
        let layout = try CarouselLayout(itemWidth: page, viewportWidth: page, itemCount: 10)
        let r = Release(offset: 2.3 * page, velocity: pixelVelocity / density / 1000)
        #expect(RNAndroidPagingSnap().decide(r, in: layout).targetIndex == expected)
    }

    @Test func projectedEndsOfTheWorkedExamples() {
        let density = 2.625
        let page = 1080 / density
        for (v, pEnd) in [(500.0, 2.327), (2000.0, 2.594)] {
            let d = RNAndroidPagingSnap.splineFlingDistance(velocity: v / density / 1000, friction: 0.015)
            #expect(abs(2.3 + d / page - pEnd) < 0.001)
        }
    }

    @Test func slowReleasesSettleOnTheNearestPage() throws {
        let layout = try CarouselLayout(itemWidth: 400, viewportWidth: 400, itemCount: 10)
        #expect(RNAndroidPagingSnap().decide(Release(offset: 1000, velocity: 0.04), in: layout).targetIndex == 3)
        #expect(RNAndroidPagingSnap().decide(Release(offset: 1000, velocity: 0.06), in: layout).targetIndex == 3)
        #expect(RNAndroidPagingSnap().decide(Release(offset: 1000, velocity: -5), in: layout).targetIndex == 2)
        // Exactly on a page, a fling that reaches half a page moves one page.
        #expect(RNAndroidPagingSnap().decide(Release(offset: 800, velocity: 3), in: layout).targetIndex == 3)
    }

    /// `ReactHorizontalScrollView.getSnapInterval()`: `mSnapInterval != 0 ? mSnapInterval : getWidth()`,
    /// and `smoothScrollAndSnap` divides the offset by it. Items 160 pt + 10 pt spacing, 10 pt
    /// insets, a 375-pt view: pages are 375 pt from offset 0, not the 170-pt items.
    @Test("pages are the scroll view's width (getSnapInterval)")
    func pagesAreTheViewWidth() throws {
        let layout = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
        // 600 pt = page 1.6: at rest the nearest page is 2 (750 pt), where item 4 (750/170 = 4.41) is nearest.
        let atRest = RNAndroidPagingSnap().decide(Release(offset: 600, velocity: 0), in: layout)
        #expect(atRest.targetOffset == 750)
        #expect(atRest.targetIndex == 4)
        // 500 pt = page 1.33: a slow release goes back to page 1 (375 pt, item 2.2 → 2); a fling
        // forward whose end crosses page 1.5 goes to page 2.
        #expect(RNAndroidPagingSnap().decide(Release(offset: 500, velocity: 0), in: layout).targetOffset == 375)
        let fling = RNAndroidPagingSnap().decide(Release(offset: 500, velocity: 1), in: layout) // D(1000 dp/s) = 194 pt
        #expect(fling.targetOffset == 750 && fling.rule == "fling-next-page")
        // Alignment and insets do not move the pages: centred items rest on the same page boundaries.
        let centred = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40,
                                         alignment: .center)
        #expect(RNAndroidPagingSnap().decide(Release(offset: 600, velocity: 0), in: centred).targetOffset == 750)
        // Items as wide as the view: pages are items (the usual RN pager), also wide items.
        let pager = try CarouselLayout(itemWidth: 375, viewportWidth: 375, itemCount: 5)
        #expect(RNAndroidPagingSnap().decide(Release(offset: 600, velocity: 0), in: pager).targetIndex == 2)
        let wide = try CarouselLayout(itemWidth: 500, viewportWidth: 375, itemCount: 5)
        // 1000 pt = page 2.67 of 375 pt → page 3 at 1125 pt, between item 2 (1000) and 3 (1500): item 2.
        let w = RNAndroidPagingSnap().decide(Release(offset: 1000, velocity: 0), in: wide)
        #expect(w.targetOffset == 1125 && w.targetIndex == 2)
    }

    /// AOSP `HorizontalScrollView.onTouchEvent` (`ACTION_UP`): `int initialVelocity = (int)
    /// velocityTracker.getXVelocity(…)`; `if (Math.abs(initialVelocity) > mMinimumVelocity) fling(…)`,
    /// else `flingAndSnap(0)`. Page 2.5 of 400 pt, backwards: a fling crosses the half page back to
    /// page 2, no fling rounds to page 3.
    @Test("the fling gate truncates to whole px/s and is strict")
    func flingGate() throws {
        let layout = try CarouselLayout(itemWidth: 400, viewportWidth: 400, itemCount: 10)
        func page(_ v: Double, _ policy: RNAndroidPagingSnap = RNAndroidPagingSnap()) -> Int {
            policy.decide(Release(offset: 1000, velocity: v), in: layout).targetIndex
        }
        #expect(page(-0.0509) == 3)   // (int) 50.9 = 50 px/s, not > 50
        #expect(page(-0.05) == 3)     // exactly the minimum: no fling
        #expect(page(-0.051) == 2)    // 51 > 50
        #expect(page(-0.0501, RNAndroidPagingSnap(wholePixels: 0)) == 2)   // continuous: 50.1 > 50
        #expect(page(-0.05, RNAndroidPagingSnap(wholePixels: 0)) == 3)     // strict also without whole pixels
        // ρ = 2.625: the minimum is getDimensionPixelSize(50 dp) = (int)(131.25 + 0.5) = 131 px/s.
        let dense = RNAndroidPagingSnap(density: 2.625)
        #expect(page(-0.0500, dense) == 3)   // 131.25 px/s → 131, not > 131
        #expect(page(-0.0503, dense) == 2)   // 132.04 → 132
    }

    /// `predictFinalScrollPosition` flings an `OverScroller` with `minX 0, maxX maximumOffset`: the
    /// projected end is clamped to the scroll range before it is rounded to a page.
    @Test("the fling end is clamped to the scroll range (ends)")
    func flingEndClampedAtTheEnd() throws {
        // 9 items: content 1540 pt, maxOffset 1165 pt = page 3.107.
        let layout = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 9)
        // 1130 pt = page 3.01; a fast forward fling ends at 1165 (page 3.107 → 3): not past page 3's half.
        let d = RNAndroidPagingSnap().decide(Release(offset: 1130, velocity: 2), in: layout)
        #expect(d.targetOffset == 1125 && d.rule == "fling-stays-nearest")
        // At the start a backward fling rests at 0, item 0.
        let s = RNAndroidPagingSnap().decide(Release(offset: 100, velocity: -2), in: layout)
        #expect(s.targetOffset == 0 && s.targetIndex == 0)
        // Past the last page boundary the resting offset is the end of the range.
        let e = RNAndroidPagingSnap().decide(Release(offset: 1160, velocity: 0), in: layout)
        #expect(e.targetOffset == 1125)
        let many = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 10)
        let f = RNAndroidPagingSnap().decide(Release(offset: 1200, velocity: 3), in: many)   // max 1335 = page 3.56 → 4
        #expect(f.targetOffset == 1335 && f.targetIndex == 8)
    }

    /// At rest on a page boundary (items or not), the view stays there.
    @Test func staysOnPageBoundaries() throws {
        for layout in try WebPolicyChecks.boundedLayouts() {
            var page = 0.0
            while page * layout.viewportWidth <= layout.maxOffset {
                let x = page * layout.viewportWidth
                #expect(RNAndroidPagingSnap().decide(Release(offset: x, velocity: 0), in: layout).targetOffset == x)
                page += 1
            }
        }
    }

    @Test func deterministic() throws { try WebPolicyChecks.expectDeterministic(RNAndroidPagingSnap()) }
    /// Looping layouts (no RN counterpart) page by the layout's strides; bounded ones by the view (above).
    @Test func staysAtRestWhenLooping() throws {
        for layout in try WebPolicyChecks.loopingLayouts() {
            for slot in -layout.itemCount...(2 * layout.itemCount) {
                let d = RNAndroidPagingSnap().decide(Release(offset: layout.rawSnapOffset(ofSlot: slot), velocity: 0), in: layout)
                #expect(d.targetSlot == slot)
            }
        }
    }
    @Test func mirrorSymmetric() throws { try WebPolicyChecks.expectMirrorSymmetric(RNAndroidPagingSnap()) }
    @Test func loopShiftInvariant() throws { try WebPolicyChecks.expectLoopShiftInvariant(RNAndroidPagingSnap()) }
    @Test func targetInsideContent() throws { try WebPolicyChecks.expectTargetInsideContent(RNAndroidPagingSnap()) }
    @Test func totalAtParameterExtremes() throws { try WebPolicyChecks.expectTotalAtParameterExtremes(RNAndroidPagingSnap()) }
}
