import Testing
@testable import SnapStrategies

@Suite("Learned threshold snap")
struct LearnedThresholdSnapTests {
    /// 40 items of 160 pt, 10 pt spacing, 375 pt viewport: stride 170 pt, slot s at offset 170·s,
    /// content 6 790 pt, largest offset 6 415 pt.
    let layout = try! CarouselLayout(itemWidth: 160, spacing: 10, viewportWidth: 375, itemCount: 40)

    func release(from start: Int, drag pages: Double, velocity: Double, duration: Double = 120,
                 fingerTravel: Double? = nil) -> Release {
        let s = layout.snapOffset(ofSlot: start)
        return Release(offset: s + pages * layout.stride, velocity: velocity, startOffset: s, startTime: 0, time: duration,
                       startIndex: start, fingerTravel: fingerTravel)
    }

    @Test("features of a forward flick, checked by hand")
    func featuresForward() {
        // From slot 10 (offset 1 700) dragged 42.5 pt to 1 742.5, 1 pt/ms, 120 ms of contact.
        let x = LearnedThresholdSnap.features(of: release(from: 10, drag: 0.25, velocity: 1), in: layout)
        #expect(x.startSlot == 10)
        #expect(abs(x.velocity - 1.0 / 170) < 1e-15)                 // in pages per ms (issue 30: item units)
        #expect(abs(x.travel - 0.25) < 1e-12)
        #expect(x.fingerTravel == 0)                                 // unknown: no excess
        #expect(abs(x.fraction - 0.25) < 1e-12)
        // UIKit: 1 742.5 + 1·0.998/0.002 = 2 241.5 pt = slot 13.1853, 3.1853 from the start.
        #expect(abs(x.uikitProjection - (2241.5 / 170 - 10)) < 1e-9)
        // Android spline at 1 000 dp/s coasts 194.3136 pt: (1 742.5 + 194.3136)/170 − 10 = 1.393021.
        #expect(abs(x.androidProjection - 1.3930213016) < 1e-6)
        #expect(abs(x.duration - 4.795790545596741) < 1e-9)         // ln(1 + 120)
        #expect(abs(x.quickness - 100.0 / 120) < 1e-12)             // forward, 100/120 ms
    }

    @Test("features of a backward flick with a known finger travel, and at the end of the content")
    func featuresBackwardAndClamped() {
        // From slot 10 back 0.25 page to 1 657.5 pt at −2 pt/ms; the finger moved 50.5 pt back
        // while the content moved 42.5 pt: 8 pt of slop = 0.04706 page.
        let x = LearnedThresholdSnap.features(of: release(from: 10, drag: -0.25, velocity: -2, fingerTravel: -50.5), in: layout)
        #expect(abs(x.fraction - 0.75) < 1e-12)
        #expect(abs(x.fingerTravel + 8.0 / 170) < 1e-12)
        #expect(abs(x.uikitProjection - ((1657.5 - 998) / 170 - 10)) < 1e-9)
        #expect(abs(x.androidProjection + 4.0582281082) < 1e-6)
        #expect(abs(x.quickness + 100.0 / 120) < 1e-12)
        // Near the end at 5 pt/ms both projections stop at the largest offset, 6 415 pt = slot 37.7353.
        let end = LearnedThresholdSnap.features(of: release(from: 37, drag: 0.2, velocity: 5, duration: 4), in: layout)
        #expect(abs(end.uikitProjection - (6415.0 / 170 - 37)) < 1e-9)
        #expect(abs(end.androidProjection - (6415.0 / 170 - 37)) < 1e-9)
        #expect(abs(end.quickness - 10) < 1e-12)                    // contact under 10 ms counts as 10
        // No contact time known (time = start time): duration ln 1 = 0; no travel: no direction.
        let still = LearnedThresholdSnap.features(of: Release(offset: 1700, velocity: 0), in: layout)
        #expect(still.duration == 0 && still.quickness == 0 && still.travel == 0 && still.uikitProjection == 0)
    }

    @Test("speed, travel, finger travel and position mean the same on every layout: a swipe scaled with its layout has the same features")
    func itemUnits() throws {
        for scale in [0.5, 1.3, 2.0] {
            let big = try CarouselLayout(itemWidth: 160 * scale, spacing: 10 * scale, viewportWidth: 375 * scale, itemCount: 40)
            let r = release(from: 10, drag: 0.3, velocity: 1.7, fingerTravel: 60)
            let scaled = Release(offset: r.offset * scale, velocity: r.velocity * scale, startOffset: r.startOffset * scale,
                                 startTime: 0, time: 120, startIndex: 10, fingerTravel: 60 * scale)
            let a = LearnedThresholdSnap.features(of: r, in: layout), b = LearnedThresholdSnap.features(of: scaled, in: big)
            #expect(abs(a.velocity - b.velocity) < 1e-12 && abs(a.travel - b.travel) < 1e-12, "\(scale)")
            #expect(abs(a.fingerTravel - b.fingerTravel) < 1e-12 && abs(a.fraction - b.fraction) < 1e-9, "\(scale)")
            #expect(a.duration == b.duration && a.quickness == b.quickness && a.startSlot == b.startSlot)
        }
    }

    @Test("defaults: the item nearest UIKit's projection, at most three from the start item")
    func defaults() {
        let p = LearnedThresholdSnap()
        let viewAligned = SwiftUIViewAlignedSnap(maxViews: 3)
        for v in stride(from: -3.0, through: 3.0, by: 0.25) {
            for drag in [-0.4, -0.1, 0.1, 0.4] {
                let r = release(from: 20, drag: drag, velocity: v)
                #expect(p.decide(r, in: layout).targetSlot == viewAligned.decide(r, in: layout).targetSlot, "v \(v) drag \(drag)")
            }
        }
        #expect(p.decide(release(from: 10, drag: 0, velocity: 0), in: layout).targetSlot == 10)
        #expect(LearnedThresholdSnap(maxPages: 3) == p)
        #expect(LearnedThresholdSnap(maxPages: 1).cutpoints == [-5, 5])
    }

    @Test("the score is the weighted sum of the features, and the cut points count the items moved")
    func scoreAndCuts() {
        let p = LearnedThresholdSnap(weights: [1, 2, 3, 4, 5, 6, 7, 8], cutpoints: [-1, 1])
        let x = LearnedThresholdSnap.features(of: release(from: 10, drag: 0.25, velocity: 1), in: layout)
        let expected = zip([1.0, 2, 3, 4, 5, 6, 7, 8], x.vector).reduce(0) { $0 + $1.0 * $1.1 }
        #expect(abs(p.score(x) - expected) < 1e-9)
        #expect(p.pages(forScore: -2) == -1 && p.pages(forScore: 0) == 0 && p.pages(forScore: 1) == 0 && p.pages(forScore: 1.5) == 1)
        #expect(p.pages(forScore: .nan) == 0)
    }

    @Test("parameters round-trip, and a different number of cut points changes the page range")
    func parameters() throws {
        var p = LearnedThresholdSnap()
        #expect(p.parameterSpecs.map(\.name) == ["velocityWeight", "travelWeight", "fingerTravelWeight", "fractionWeight",
                                                  "uikitProjectionWeight", "androidProjectionWeight", "durationWeight",
                                                  "quicknessWeight", "cut1", "cut2", "cut3", "cut4", "cut5", "cut6"])
        #expect(p.parameterSpecs.map(\.defaultValue) == p.parameterValues)
        try p.setParameter(named: "cut4", to: 1)
        #expect(p.cutpoints[3] == 1)
        let two = LearnedThresholdSnap(cutpoints: [-5, 5])
        #expect(two.pagesBack == 1)
        #expect(two.decide(release(from: 10, drag: 0.3, velocity: 9), in: layout).targetSlot == 11)
        #expect(two.decide(release(from: 10, drag: -0.3, velocity: -9), in: layout).targetSlot == 9)
        #expect(p.swiftExpression.hasPrefix("LearnedThresholdSnap(weights: [0.0, 0.0, 0.0, 0.0, 10.0, 0.0, 0.0, 0.0],"))
    }

    @Test("NaN inputs and unsorted cut points still give a total decision")
    func total() {
        let p = LearnedThresholdSnap(cutpoints: [50, -3, 7, -90])
        let d = p.decide(Release(offset: .nan, velocity: .nan), in: layout)
        #expect((0..<40).contains(d.targetIndex))
        let e = p.decide(release(from: 3, drag: 0.2, velocity: 1), in: layout)
        #expect((0..<40).contains(e.targetIndex))
        // A NaN score stays on the start item.
        let nanVelocity = LearnedThresholdSnap().decide(release(from: 12, drag: 0.2, velocity: .nan), in: layout)
        #expect(nanVelocity.targetSlot == 12)
    }

    @Test("the rule names the items moved", arguments: [(0, "stay-on-start-item"), (1, "forward-1"), (3, "forward-3"),
                                                       (4, "forward-4"), (12, "forward-12"), (-1, "back-1"),
                                                       (-3, "back-3"), (-7, "back-7")])
    func ruleNames(pages: Int, expected: String) {
        #expect(LearnedThresholdSnap.rule(pages: pages) == expected)
    }
}
