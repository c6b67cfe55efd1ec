import Testing
@testable import SnapStrategies

@Suite("Learned threshold snap")
struct LearnedThresholdSnapTests {
    let layout = try! CarouselLayout(itemWidth: 160, spacing: 10, viewportWidth: 375, itemCount: 40)

    func release(from start: Int, drag pages: Double, velocity: Double) -> Release {
        let s = layout.snapOffset(ofSlot: start)
        return Release(offset: s + pages * layout.stride, velocity: velocity, startOffset: s, startIndex: start)
    }

    @Test("defaults: nearest item at rest, one page per flick, two above about 2.7 pt/ms − fraction")
    func defaults() {
        let p = LearnedThresholdSnap()
        #expect(p.decide(release(from: 10, drag: 0.3, velocity: 0), in: layout).targetSlot == 10)
        #expect(p.decide(release(from: 10, drag: 0.6, velocity: 0), in: layout).targetSlot == 11)
        #expect(p.decide(release(from: 10, drag: 0.3, velocity: 0.5), in: layout).targetSlot == 11)
        #expect(p.decide(release(from: 10, drag: 0.3, velocity: 2.3), in: layout).targetSlot == 11)
        #expect(p.decide(release(from: 10, drag: 0.3, velocity: 2.5), in: layout).targetSlot == 12)
        #expect(p.decide(release(from: 10, drag: -0.3, velocity: -0.5), in: layout).targetSlot == 9)
        #expect(p.decide(release(from: 10, drag: -0.3, velocity: -2.5), in: layout).targetSlot == 8)
        #expect(p.decide(release(from: 10, drag: 0, velocity: 0), in: layout).targetSlot == 10)
        #expect(p.decide(release(from: 10, drag: 0.3, velocity: 7), in: layout).targetSlot == 13)
    }

    @Test("features: release page, fraction, velocity and travel in pages")
    func features() {
        let x = LearnedThresholdSnap.features(of: release(from: 4, drag: -0.25, velocity: -1), in: layout)
        #expect(x.page == 3)
        #expect(abs(x.fraction - 0.75) < 1e-12)
        #expect(abs(x.travel + 0.25) < 1e-12)
        #expect(x.velocity == -1)
    }

    @Test("velocity thresholds are explicit and agree with the decisions")
    func thresholds() {
        let p = LearnedThresholdSnap()
        let v = p.velocityThresholds(fraction: 0.3)
        #expect(v.count == 6)
        #expect(abs(v[3] - 0.2) < 1e-12 && abs(v[4] - 2.4) < 1e-12)
        for (j, threshold) in v.enumerated() {
            let above = p.decide(release(from: 10, drag: 0.3, velocity: threshold + 1e-6), in: layout)
            let below = p.decide(release(from: 10, drag: 0.3, velocity: threshold - 1e-6), in: layout)
            #expect(above.targetSlot - 10 == j - 2, "cut \(j)")
            #expect(below.targetSlot - 10 == j - 3, "cut \(j)")
        }
    }

    @Test("parameters round-trip, and a different number of cut points changes the page range")
    func parameters() throws {
        var p = LearnedThresholdSnap()
        #expect(p.parameterSpecs.map(\.name) == ["velocityWeight", "fractionWeight", "travelWeight",
                                                  "cut1", "cut2", "cut3", "cut4", "cut5", "cut6"])
        try p.setParameter(named: "cut4", to: 1)
        #expect(p.cutpoints[3] == 1)
        let two = LearnedThresholdSnap(cutpoints: [-17, 5])
        #expect(two.pagesBack == 1)
        #expect(two.decide(release(from: 10, drag: 0.3, velocity: 9), in: layout).targetSlot == 11)
        #expect(two.decide(release(from: 10, drag: -0.3, velocity: -9), in: layout).targetSlot == 8)
    }

    @Test("NaN inputs and unsorted cut points still give a total decision")
    func total() {
        let p = LearnedThresholdSnap(cutpoints: [50, -3, 7, -90])
        let d = p.decide(Release(offset: .nan, velocity: .nan), in: layout)
        #expect((0..<40).contains(d.targetIndex))
        let e = p.decide(release(from: 3, drag: 0.2, velocity: 1), in: layout)
        #expect((0..<40).contains(e.targetIndex))
    }

    @Test("the rule names the pages moved", arguments: [(0, "stay-on-release-page"), (1, "forward-1"), (3, "forward-3"),
                                                       (4, "forward-4"), (12, "forward-12"), (-1, "back-1"),
                                                       (-3, "back-3"), (-7, "back-7")])
    func ruleNames(pages: Int, expected: String) {
        #expect(LearnedThresholdSnap.rule(pages: pages) == expected)
    }
}
