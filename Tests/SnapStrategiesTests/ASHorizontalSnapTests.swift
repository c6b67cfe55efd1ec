import Testing
@testable import SnapStrategies

/// The benchmark layout: 160-pt items, 10-pt spacing, 10-pt insets, 375-pt viewport, 40 items.
/// stride 170, content 6810, max offset 6435.
private let layout = try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10,
                                         viewportWidth: 375, itemCount: 40)

@Suite("ASHorizontal 1/3 snap")
struct ASHorizontalSnapTests {
    let policy = ASHorizontalSnap()

    @Test("worked examples on the fast-projected target", arguments: [
        // (offset, velocity, expected index, expected offset, rule)
        (425.0, 0.0, 3, 510.0, "advance-past-third"),   // (425−10)/170 = 2.44 → 2; 425−350 = 75 > 53.3
        (400.0, 0.0, 2, 340.0, "stay-before-third"),    // 400−350 = 50 < 53.3
        (400.0, 1.0, 3, 510.0, "advance-past-third"),   // t = 400 + 99 = 499; 499−350 = 149 > 53.3
        (600.0, -1.0, 3, 510.0, "advance-past-third"),  // t = 501; (491)/170 = 2.89 → 2; 501−350 = 151
        (600.0, -2.0, 2, 340.0, "stay-before-third"),   // t = 402; 402−350 = 52 < 53.3
    ] as [(Double, Double, Int, Double, String)])
    func workedExamples(offset: Double, velocity: Double, index: Int, target: Double, rule: String) {
        let d = policy.decide(Release(offset: offset, velocity: velocity), in: layout)
        #expect(d.targetIndex == index)
        #expect(d.targetOffset == target)
        #expect(d.rule == rule)
    }

    @Test("the threshold sits exactly at a third of the item width")
    func thresholdIsStrict() {
        // itemX of item 2 is 350; 350 + 160/3 is exactly on the threshold: not advanced.
        let exact = policy.decide(Release(offset: 350 + 160.0 / 3.0, velocity: 0), in: layout)
        #expect(exact.targetIndex == 2)
        let past = policy.decide(Release(offset: 350 + 160.0 / 3.0 + 0.001, velocity: 0), in: layout)
        #expect(past.targetIndex == 3)
    }

    @Test("at the end UIKit's clamped target stands (no snap)")
    func endKeepsUIKitTarget() {
        // t = 6300 + 2·99 = 6498, clamped to 6435; 6435 + 375 = 6810 is not < 6810.
        let d = policy.decide(Release(offset: 6300, velocity: 2), in: layout)
        #expect(d.rule == "end-keeps-uikit-target")
        #expect(d.targetOffset == 6435)
        #expect(d.targetIndex == 38)  // round(6435/170 = 37.85)
    }

    @Test("before the start the index is clamped at 0")
    func startClamp() {
        let d = policy.decide(Release(offset: -50, velocity: -1), in: layout)
        #expect(d.targetIndex == 0)
        #expect(d.targetOffset == 0)
    }

    @Test("where the original would index past the last item ours clamps to it")
    func pastLastItem() throws {
        let wide = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, trailingInset: 400,
                                      viewportWidth: 375, itemCount: 40)
        // content 7200, max 6825; t = 6824: (6814)/170 = 40.08 → index 40 > 39.
        let d = policy.decide(Release(offset: 6824, velocity: 0), in: wide)
        #expect(d.rule == "clamped-to-last-item")
        #expect(d.targetIndex == 39)
        #expect(d.targetOffset == 6630)
    }

    @Test("looping layouts floor the index and decide the same a cycle later")
    func looping() throws {
        let loop = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10,
                                      viewportWidth: 375, itemCount: 40, isLooping: true)
        // u = −100: floor(−110/170) = −1, itemX = −160, −100 + 160 = 60 > 53.3 → slot 0.
        let a = policy.decide(Release(offset: -100, velocity: 0), in: loop)
        #expect(a.targetSlot == 0)
        let b = policy.decide(Release(offset: -100 + loop.cycleLength, velocity: 0), in: loop)
        #expect(b.targetSlot == 40)
        #expect(b.targetIndex == 0)
        #expect(b.targetOffset == 6800)
    }

    @Test("the rate and the third are parameters")
    func parameters() throws {
        var p = policy
        try p.setParameter(named: "widthToScrollNextItem", to: 0.5)
        // 425: 75 < 80 → stays.
        #expect(p.decide(Release(offset: 425, velocity: 0), in: layout).targetIndex == 2)
        try p.setParameter(named: "decelerationRate", to: 0.998)
        // t = 400 + 499 = 899 → (889)/170 = 5.23 → 5, 899 − 860 = 39 < 80 → 5.
        #expect(p.decide(Release(offset: 400, velocity: 1), in: layout).targetIndex == 5)
        #expect(throws: ParameterError.self) { try p.setParameter(named: "decelerationRate", to: 1) }
        #expect(p.parameterValues == [0.5, 0.998])
    }
}
