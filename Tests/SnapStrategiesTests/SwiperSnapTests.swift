import SnapStrategies
import Testing

@Suite struct SwiperSnapTests {
    /// Slides 400 pt, currently on slide 2 at 800 (policies.md §7.1 worked examples).
    let layout = try! CarouselLayout(itemWidth: 400, viewportWidth: 400, itemCount: 10)

    /// (content travel pt = −finger travel, contact ms, expected slide).
    @Test(arguments: [
        (120.0, 250.0, 3),    // drag −120 px in 250 ms → short → 3
        (120.0, 600.0, 2),    // −120 px in 600 ms → long, ratio 0.3 → 2
        (240.0, 600.0, 3),    // −240 px in 600 ms → ratio 0.6 → 3
        (20.0, 100.0, 3),     // −20 px in 100 ms → short → 3
        (-120.0, 600.0, 2),   // +120 px: pos 680, stopIndex 1, ratio 0.7 > 0.5 → 2
        (-120.0, 200.0, 1),   // same in 200 ms → short prev → 1
        (3.0, 100.0, 2),      // below the 5-px threshold: no swipe
    ])
    func workedExamples(travel: Double, duration: Double, expected: Int) {
        // The spec's drags are the pointer's (finger travel = content travel here).
        let r = Release(offset: 800 + travel, velocity: 0.5, startOffset: 800, startTime: 50, time: 50 + duration,
                        fingerTravel: travel)
        #expect(SwiperSnap().decide(r, in: layout).targetIndex == expected)
    }

    @Test func velocityIsIgnored() {
        let a = Release(offset: 920, velocity: 5, startOffset: 800, startTime: 0, time: 600)
        let b = Release(offset: 920, velocity: -5, startOffset: 800, startTime: 0, time: 600)
        #expect(SwiperSnap().decide(a, in: layout) == SwiperSnap().decide(b, in: layout))
    }

    @Test func swipeKindsCanBeTurnedOff() throws {
        let short = Release(offset: 920, velocity: 1, startOffset: 800, startTime: 0, time: 100)
        let noShort = try SwiperSnap().withParameterValues([300, 0.5, 5, 0, 1])
        #expect(noShort.decide(short, in: layout).targetIndex == 2)
        let long = Release(offset: 1100, velocity: 1, startOffset: 800, startTime: 0, time: 700)
        #expect(SwiperSnap().decide(long, in: layout).targetIndex == 3)
        let noLong = try SwiperSnap().withParameterValues([300, 0.5, 5, 1, 0])
        #expect(noLong.decide(long, in: layout).targetIndex == 2)
    }

    @Test func pastTheEndStaysOnTheLastSlide() {
        let r = Release(offset: 9 * 400 + 300, velocity: 1, startOffset: 9 * 400, startTime: 0, time: 100)
        #expect(SwiperSnap().decide(r, in: layout).targetIndex == 9)
    }

    /// Worked example (issue #14 item 5): 200 pt slides in a 350 pt viewport, 5 slides, max offset
    /// 650. A long (500 ms) backward drag of 30 pt released exactly at the end (650, p = 3.25):
    /// `swipeToLast` makes the stop slide the last (4), ratio (650 − 800)/200 = −0.75 ≤ 0.5 → slide
    /// 4 (rest 650). Measuring from ⌊p⌋ = 3 instead (ratio 0.25) went back to slide 3 (600).
    @Test func atTheEndGoesToTheLastSlide() throws {
        let narrow = try CarouselLayout(itemWidth: 200, viewportWidth: 350, itemCount: 5)
        let r = Release(offset: 650, velocity: 0, startOffset: 680, startTime: 0, time: 500)
        let d = SwiperSnap().decide(r, in: narrow)
        #expect(d.targetIndex == 4 && d.targetOffset == 650)
        // Just before the end (649.9) the slide under the position decides: 3 + (0.2495 > 0.5 ? 1 : 0) = 3.
        let before = Release(offset: 649.9, velocity: 0, startOffset: 680, startTime: 0, time: 500)
        #expect(SwiperSnap().decide(before, in: narrow).targetIndex == 3)
        // onTouchEnd.ts translated, every branch at the end: short next/prev and long next → last slide.
        for (travel, ms) in [(30.0, 100.0), (-30, 100), (30, 500)] {
            let e = Release(offset: 650, velocity: 0, startOffset: 650 - travel, startTime: 0, time: ms)
            #expect(SwiperSnap().decide(e, in: narrow).targetIndex == 4)
        }
        // Looping carousels have no end (`!swiper.params.loop`).
        let loop = try CarouselLayout(itemWidth: 200, viewportWidth: 350, itemCount: 5, isLooping: true)
        #expect(SwiperSnap().decide(r, in: loop).targetSlot == 3)
    }

    /// onTouchMove.ts translated: `Math.abs(diff) > params.threshold` (strict), on the pointer.
    /// Exactly 5 px of pointer travel is no swipe; 5.01 px is. Without the pointer's travel, any
    /// content travel means the pointer passed the threshold (Swiper restarts the content there):
    /// a 3 pt content drag is an 8 pt pointer drag, a short swipe to slide 3.
    @Test func moveThresholdIsStrictAndOnTheFinger() {
        func release(content: Double, finger: Double?) -> Release {
            Release(offset: 800 + content, velocity: 0, startOffset: 800, startTime: 0, time: 100, fingerTravel: finger)
        }
        #expect(SwiperSnap().decide(release(content: 1, finger: 5), in: layout).rule == "no-swipe")
        #expect(SwiperSnap().decide(release(content: 1, finger: 5.01), in: layout).rule == "short-next")
        #expect(SwiperSnap().decide(release(content: 3, finger: nil), in: layout).targetIndex == 3)
        #expect(SwiperSnap().decide(release(content: 0, finger: 40), in: layout).rule == "no-swipe")
    }

    /// `onTouchEnd.ts` gates on the content (`touches.diff === 0`, `currentTranslate ===
    /// startTranslate`), with no `threshold`; `onTouchMove.ts` moves the content only once the finger
    /// is past `threshold` and restarts it there (`touches.startX = touches.currentX`). So with only
    /// content offsets, 5 pt of content travel is a swipe (the finger went > 5 px + 5 pt), and the
    /// smallest content travel is one too; with a known finger the threshold applies to it.
    @Test("the threshold: content travel is finger travel past it (onTouchMove/onTouchEnd)")
    func contentTravelIsFingerTravelPastTheThreshold() throws {
        func release(content: Double, finger: Double? = nil, at start: Double = 800) -> Release {
            Release(offset: start + content, velocity: 0, startOffset: start, startTime: 0, time: 100, fingerTravel: finger)
        }
        #expect(SwiperSnap().decide(release(content: 5), in: layout).targetIndex == 3)
        #expect(SwiperSnap().decide(release(content: 0.5), in: layout).rule == "short-next")
        #expect(SwiperSnap().decide(release(content: -5), in: layout).targetIndex == 1)
        #expect(SwiperSnap().decide(release(content: 5, finger: 5), in: layout).rule == "no-swipe")
        #expect(SwiperSnap().decide(release(content: 5, finger: 10), in: layout).targetIndex == 3)
        // The threshold is a parameter of the finger only: with a 40-pt threshold 5 pt of content is still a swipe.
        #expect(SwiperSnap(threshold: 40).decide(release(content: 5), in: layout).targetIndex == 3)
        #expect(SwiperSnap(threshold: 40).decide(release(content: 5, finger: 40), in: layout).rule == "no-swipe")
        // Neighbours: at the ends a 5-pt swipe clamps to the first/last slide; wide slides and insets.
        #expect(SwiperSnap().decide(release(content: -5, at: 0), in: layout).targetIndex == 0)
        #expect(SwiperSnap().decide(release(content: 5, at: 3600), in: layout).targetIndex == 9)
        let inset = try CarouselLayout(itemWidth: 300, spacing: 20, leadingInset: 16, viewportWidth: 390, itemCount: 6)
        #expect(SwiperSnap().decide(release(content: 5, at: 640), in: inset).targetIndex == 3)
        let wide = try CarouselLayout(itemWidth: 600, viewportWidth: 390, itemCount: 4)
        #expect(SwiperSnap().decide(release(content: 5, at: 600), in: wide).targetIndex == 2)
    }

    @Test func deterministic() throws { try WebPolicyChecks.expectDeterministic(SwiperSnap()) }
    @Test func staysAtRest() throws { try WebPolicyChecks.expectStaysAtRest(SwiperSnap()) }
    @Test func mirrorSymmetric() throws { try WebPolicyChecks.expectMirrorSymmetric(SwiperSnap()) }
    @Test func loopShiftInvariant() throws { try WebPolicyChecks.expectLoopShiftInvariant(SwiperSnap()) }
    @Test func targetInsideContent() throws { try WebPolicyChecks.expectTargetInsideContent(SwiperSnap()) }
    @Test func totalAtParameterExtremes() throws { try WebPolicyChecks.expectTotalAtParameterExtremes(SwiperSnap()) }
}
