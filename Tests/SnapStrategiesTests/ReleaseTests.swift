import SnapStrategies
import Testing

@Suite struct ReleaseTests {
    @Test func travelAndDurationFollowTheOffsetsAndTimes() {
        let r = Release(offset: 387, velocity: 1.2, startOffset: 340, startTime: 10, time: 100)
        #expect(r.travel == 47)
        #expect(r.duration == 90)
    }

    @Test func startSlotIsTheNearestItemUnlessGiven() throws {
        let layout = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
        #expect(Release(offset: 0, velocity: 0, startOffset: 600).startSlot(in: layout) == layout.nearestSlot(toOffset: 600))
        #expect(Release(offset: 0, velocity: 0, startOffset: 600, startIndex: 7).startSlot(in: layout) == 7)
    }
}
