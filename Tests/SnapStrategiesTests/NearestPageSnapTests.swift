import Testing
@testable import SnapStrategies

private let layout = try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10,
                                         viewportWidth: 375, itemCount: 40)

@Suite("Nearest-page paging")
struct NearestPageSnapTests {
    @Test("nearest rounds the release position half away from zero and ignores velocity", arguments: [
        (425.0, 5.0, 3), (424.0, -5.0, 2), (0.0, 3.0, 0), (-500.0, 0.0, 0), (99_999.0, 0.0, 39),
    ] as [(Double, Double, Int)])
    func nearest(offset: Double, velocity: Double, index: Int) {
        let d = NearestPageSnap().decide(Release(offset: offset, velocity: velocity), in: layout)
        #expect(d.targetIndex == index)
        #expect(d.targetOffset == layout.snapOffset(ofSlot: index))
        #expect(d.rule == "nearest-to-release")
    }

    @Test("the projected variant rounds UIKit's normal-rate target", arguments: [
        (425.0, 0.2, 3),   // 425 + 99.8 = 524.8 → 3.09
        (425.0, -0.2, 2),  // 325.2 → 1.91
        (425.0, 50.0, 38), // clamped to 6435 → 37.85
        (425.0, -50.0, 0),
    ] as [(Double, Double, Int)])
    func projected(offset: Double, velocity: Double, index: Int) {
        let policy = NearestPageSnap(basis: .projectedOffset)
        #expect(policy.id == "uikit-projected-nearest")
        let d = policy.decide(Release(offset: offset, velocity: velocity), in: layout)
        #expect(d.targetIndex == index)
        #expect(d.rule == "nearest-to-projection")
    }

    @Test("nearest has no parameters; the projected variant has its rate")
    func parameters() throws {
        #expect(NearestPageSnap().parameterSpecs.isEmpty)
        var p = NearestPageSnap(basis: .projectedOffset)
        try p.setParameterValues([0.99])
        // 425 + 0.2·99 = 444.8 → 2.62 → 3
        #expect(p.decide(Release(offset: 425, velocity: -0.2), in: layout).targetIndex == 2)
        #expect(throws: ParameterError.self) { try p.setParameterValues([0.99, 1]) }
    }
}
