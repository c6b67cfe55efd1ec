import SnapStrategies
import Testing
@testable import SnapTraces

@Suite struct FingerToContentTests {
    // 10 items of 100 pt, no spacing or insets, viewport 300: maxOffset 700
    let layout = try! CarouselLayout(itemWidth: 100, spacing: 0, leadingInset: 0, viewportWidth: 300, itemCount: 10)

    @Test func theContentWaitsForTheSlopThenFollowsWithoutAJump() {
        let m = FingerToContent(touchSlop: 8, overscroll: .clamp, layout: layout)
        let (offsets, end) = m.offsets(travel: [0, 5, 8, 12, 30, 20], start: 300)
        #expect(offsets == [300, 300, 300, 304, 322, 312])
        #expect(!end)
        // the slop is taken off in the direction it was crossed
        #expect(m.offsets(travel: [0, -10, -30], start: 300).offsets == [300, 298, 278])
    }

    @Test func clampingLosesTheExcessAndAReversalScrollsBackAtOnce() {
        let m = FingerToContent(touchSlop: 0, overscroll: .clamp, layout: layout)
        let (offsets, end) = m.offsets(travel: [0, 50, 150, 140], start: 650)
        #expect(offsets == [650, 700, 700, 690])
        #expect(end)
    }

    @Test func theRubberBandResistsPastAnEnd() {
        let m = FingerToContent(touchSlop: 0, overscroll: .rubberBand, layout: layout)
        let offsets = m.offsets(travel: [0, -100], start: 0).offsets
        // 300·(1 − 1/(0.55·100/300 + 1)) = 46.48 pt shown for 100 pt of finger
        #expect(abs(offsets[1] + 300 * (1 - 1 / (0.55 * 100 / 300 + 1))) < 1e-9)
        #expect(OverscrollModel.rubberBand(0, viewport: 300) == 0)
    }

    @Test func platformSlopsAreKnownByName() {
        #expect(TouchSlop.parse("compose") == 8)
        #expect(TouchSlop.parse("viewpager") == 16)
        #expect(TouchSlop.parse("flutter") == 18)
        #expect(TouchSlop.parse("web") == 0)
        #expect(TouchSlop.parse("12.5") == 12.5)
        #expect(TouchSlop.parse("-1") == nil)
        #expect(TouchSlop.parse("inf") == nil)
    }
}
