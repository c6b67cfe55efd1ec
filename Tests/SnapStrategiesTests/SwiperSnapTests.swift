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
        let r = Release(offset: 800 + travel, velocity: 0.5, startOffset: 800, startTime: 50, time: 50 + duration)
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

    @Test func deterministic() throws { try WebPolicyChecks.expectDeterministic(SwiperSnap()) }
    @Test func staysAtRest() throws { try WebPolicyChecks.expectStaysAtRest(SwiperSnap()) }
    @Test func mirrorSymmetric() throws { try WebPolicyChecks.expectMirrorSymmetric(SwiperSnap()) }
    @Test func loopShiftInvariant() throws { try WebPolicyChecks.expectLoopShiftInvariant(SwiperSnap()) }
    @Test func targetInsideContent() throws { try WebPolicyChecks.expectTargetInsideContent(SwiperSnap()) }
    @Test func totalAtParameterExtremes() throws { try WebPolicyChecks.expectTotalAtParameterExtremes(SwiperSnap()) }
}
