import Testing
@testable import SnapStrategies

@Suite("UIKit paging spring model")
struct UIKitPagingSpringSnapTests {
    /// The decompiled width formulas: 3.0e−4 and 0.970 at 320 pt, 1.7e−4 and 0.977 at 1 024 pt and beyond.
    @Test("_pagingSpringPull and _pagingFriction from the bounds width")
    func widthFormulas() {
        #expect(abs(UIKitPagingSpringSnap.springPull(width: 320) - 0.0003) < 1e-9)
        #expect(abs(UIKitPagingSpringSnap.friction(width: 320) - 0.97) < 1e-9)
        #expect(abs(UIKitPagingSpringSnap.springPull(width: 1024) - 0.00017) < 1e-9)
        #expect(abs(UIKitPagingSpringSnap.friction(width: 1024) - 0.977) < 1e-9)
        #expect(UIKitPagingSpringSnap.springPull(width: 2048) == 0.00017)
        #expect(UIKitPagingSpringSnap.friction(width: 2048) == 0.977)
    }

    /// The same releases through Scripts/research/fit-uikit-paging.py's `simulate` (390 pt pages, the
    /// default parameters and pull +0.0006, friction −0.05): the Swift model and the script agree.
    /// (position in pages from the start page, velocity pt/ms, landed default, landed adjusted)
    @Test("agrees with the fitting script's simulation", arguments: [
        (0.3, 0.0, 0, 0), (0.3, 3.0, 0, 0), (0.55, 0.0, 1, 1), (0.55, -2.5, 0, 1), (-0.3, -2.0, 0, 0),
        (0.2, 6.0, 1, 0),
    ] as [(Double, Double, Int, Int)])
    func matchesScript(position: Double, velocity: Double, landed: Int, adjusted: Int) throws {
        let pages = try CarouselLayout(itemWidth: 390, viewportWidth: 390, itemCount: 20)
        let r = Release(offset: (5 + position) * 390, velocity: velocity, startOffset: 5 * 390, startIndex: 5)
        #expect(UIKitPagingSpringSnap().decide(r, in: pages).targetIndex == 5 + landed)
        let tuned = UIKitPagingSpringSnap(pullAdjustment: 0.0006, frictionAdjustment: -0.05)
        #expect(tuned.decide(r, in: pages).targetIndex == 5 + adjusted)
    }

    @Test("never more than one page from the release page; settles on a page at rest")
    func onePage() throws {
        let pages = try CarouselLayout(itemWidth: 390, viewportWidth: 390, itemCount: 20)
        for v in stride(from: -20.0, through: 20, by: 0.5) {
            let d = UIKitPagingSpringSnap().decide(Release(offset: 5 * 390 + 10, velocity: v), in: pages)
            #expect(abs(d.targetIndex - 5) <= 1)
        }
        #expect(UIKitPagingSpringSnap().decide(Release(offset: 7 * 390, velocity: 0), in: pages).targetIndex == 7)
    }
}
