import Testing
@testable import SnapStrategies

@Suite("Release")
struct ReleaseTests {
    @Test("travel, duration and the start slot")
    func derived() throws {
        let layout = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
        let r = Release(offset: 387, velocity: 1.2, startOffset: 340, startTime: 10, time: 100)
        #expect(r.travel == 47)
        #expect(r.duration == 90)
        #expect(r.startSlot(in: layout) == 2)
        var s = r
        s.startIndex = 7
        #expect(s.startSlot(in: layout) == 7)
        s.startIndex = 99
        #expect(s.startSlot(in: layout) == 39)
    }

    @Test("defaults: the drag started where it ended")
    func defaults() {
        let r = Release(offset: 5, velocity: 1)
        #expect(r.startOffset == 5 && r.duration == 0 && r.startIndex == nil)
    }

    @Test("shifting moves every offset and the start index")
    func shifted() {
        let r = Release(offset: 10, velocity: 1, startOffset: 4, startIndex: 1).shifted(by: 100, slots: 3)
        #expect(r.offset == 110 && r.startOffset == 104 && r.startIndex == 4)
    }

    @Test("the start slot, inlined, is the start index clamped or the slot nearest the start offset")
    func startSlotBothWays() throws {
        let layouts = [
            try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40),
            try CarouselLayout(itemWidth: 120, spacing: 8, viewportWidth: 390, itemCount: 7, isLooping: true),
        ]
        let indices: [Int?] = [nil, 0, -1, 3, 39, 40, 1_000, -1_000, Int.max, Int.min]
        let offsets: [Double] = [-500, -0.0, 0, 84.9, 85, 85.1, 3_000, 7e15, .nan, .infinity, -.infinity]
        for layout in layouts {
            for index in indices {
                for x in offsets {
                    let r = Release(offset: x, velocity: 0, startOffset: x, startIndex: index)
                    let expected = index.map { layout.clampedSlot($0) } ?? layout.nearestSlot(toOffset: x)
                    #expect(r.startSlot(in: layout) == expected, "index \(String(describing: index)), offset \(x)")
                }
            }
        }
    }
}
