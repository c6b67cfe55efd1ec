import Testing
@testable import SnapStrategies

/// stride 170 (the seed's page width), content 6810, 40 items.
private let layout = try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10,
                                         viewportWidth: 375, itemCount: 40)

@Suite("Tag 99 velocity-tiered pages")
struct Tag99SnapTests {
    let policy = Tag99Snap()

    @Test("every branch with worked numbers", arguments: [
        // (offset, velocity, expected index, rule)
        (425.0, 0.5, 3, "one-page-forward"),                       // trunc(2.5) + 1
        (425.0, -0.5, 1, "one-page-back"),                         // quirk: p = 2.5 → 1
        (459.0, -0.5, 2, "backward-from-next-page"),               // p = 2.7: 0.7 > 0.6 → 3 − 1
        (425.0, 2.2, 3, "one-page-forward"),                       // tiers are strict (>)
        (425.0, 2.5, 4, "one-page-forward+low-tier"),              // 2 + 1 + 1
        (425.0, 2.7, 4, "one-page-forward+low-tier"),
        (425.0, 3.0, 5, "one-page-forward+high-tier"),             // 2 + 1 + 2
        (425.0, -2.5, 0, "one-page-back+low-tier"),                // 2 − 1 − 1
        (425.0, -3.0, 0, "one-page-back+high-tier+clamped-start"), // 2 − 1 − 2 = −1 → 0
        (6700.0, 0.5, 39, "one-page-forward+clamped-last-item"),   // 39 + 1 = 40 ≤ Int(40.06); 40 > 39
        (6700.0, 3.0, 39, "one-page-forward+high-tier+clamped-end+clamped-last-item"), // 42 > 40 → ceil − 1 = 40 → 39
    ] as [(Double, Double, Int, String)])
    func branches(offset: Double, velocity: Double, index: Int, rule: String) {
        let d = policy.decide(Release(offset: offset, velocity: velocity), in: layout)
        #expect(d.targetIndex == index)
        #expect(d.rule == rule)
        #expect(d.targetOffset == layout.snapOffset(ofSlot: index))
    }

    @Test("zero velocity goes to the page nearest UIKit's target", arguments: [
        (425.0, 3), // floor((425 − 85)/170) + 1 = 3
        (420.0, 2), // floor(1.97) + 1 = 2
        (-300.0, 0), // clamped target 0 → floor(−0.5) + 1 = 0
    ] as [(Double, Int)])
    func zeroVelocity(offset: Double, index: Int) {
        let d = policy.decide(Release(offset: offset, velocity: 0), in: layout)
        #expect(d.targetIndex == index)
        #expect(d.rule == "at-rest-nearest-to-target")
    }

    @Test("a NaN velocity is treated as at rest, never trapping")
    func nanVelocity() {
        let d = policy.decide(Release(offset: .nan, velocity: .nan), in: layout)
        #expect((0..<40).contains(d.targetIndex))
    }

    @Test("looping layouts use floor and no clamps")
    func looping() throws {
        let loop = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10,
                                      viewportWidth: 375, itemCount: 40, isLooping: true)
        // p = −0.5: floor → −1, forward +1 → slot 0; with −3 pt/ms: −1 −1 −2 = −4 → item 36.
        #expect(policy.decide(Release(offset: -85, velocity: 0.5), in: loop).targetSlot == 0)
        let back = policy.decide(Release(offset: -85, velocity: -3), in: loop)
        #expect(back.targetSlot == -4)
        #expect(back.targetIndex == 36)
        let shifted = policy.decide(Release(offset: -85 + loop.cycleLength, velocity: -3), in: loop)
        #expect(shifted.targetSlot == 36)
        #expect(shifted.targetIndex == 36)
    }

    @Test("tiers and pages are fittable parameters")
    func parameters() throws {
        var p = policy
        try p.setParameterValues([1.0, 2.0, 2, 3, 0.5, 0.998])
        #expect(p.decide(Release(offset: 425, velocity: 1.5), in: layout).targetIndex == 5) // 2 + 1 + 2
        #expect(p.decide(Release(offset: 425, velocity: 2.5), in: layout).targetIndex == 6) // 2 + 1 + 3
        #expect(p.decide(Release(offset: 433, velocity: -0.5), in: layout).targetIndex == 2) // 0.547 > 0.5
        #expect(throws: ParameterError.self) { try p.setParameter(named: "lowTierPages", to: 1.5) }
        #expect(throws: ParameterError.self) { try p.setParameterValues([1, 2]) }
        #expect(throws: ParameterError.self) { try p.setParameter(named: "nope", to: 1) }
    }
}
