import Testing
@testable import SnapStrategies

@Suite("Android whole pixels")
struct AndroidPixelsTests {
    @Test("getDimensionPixelSize rounds (at least 1 px), (int) truncates, velocities truncate toward zero")
    func conversions() {
        #expect(AndroidPixels.dimensionPixelSize(50, density: 2.625) == 131)     // 131.25
        #expect(AndroidPixels.dimensionPixelSize(8, density: 2.625) == 21)       // 21.0
        #expect(AndroidPixels.dimensionPixelSize(8, density: 1.3) == 10)         // 10.4
        #expect(AndroidPixels.dimensionPixelSize(0.2, density: 1) == 1)          // 0.2 → at least 1
        #expect(AndroidPixels.dimensionPixelSize(0, density: 2) == 0)
        #expect(AndroidPixels.truncated(25, density: 2.625) == 65)               // 65.625
        #expect(AndroidPixels.truncated(400, density: 2.625) == 1050)
        #expect(AndroidPixels.trackedVelocity(1.0509) == 1050)
        #expect(AndroidPixels.trackedVelocity(-1.0509) == -1050)
        #expect(AndroidPixels.trackedVelocity(.nan) == 0)
    }

    /// Worked example (ViewPager, ρ = 2.625, 1 080 px pages, page 2 selected, spec §1.2 style):
    /// gates `(int)(25·ρ)` = 65 px and `(int)(400·ρ)` = 1 050 px/s.
    ///
    /// | finger Δ px | v_f px/s | whole pixels | continuous |
    /// |---|---|---|---|
    /// | −65.7 | −2 000 | (int) 65 ≯ 65 → slow → 2 | 65.7 > 65.625 → fling → 3 |
    /// | −300 | −1 050.9 | (int) 1 050 ≯ 1 050 → slow → 2 | 1 050.9 > 1 050 → fling → 3 |
    /// | −300 | −1 051 | fling → 3 | fling → 3 |
    @Test("ViewPager at ρ = 2.625: the int gates change decisions", arguments: [
        (65.7, 2.0, 2, 3), (300, 1.0509, 2, 3), (300, 1.051, 3, 3),
    ] as [(Double, Double, Int, Int)])
    func viewPager(finger: Double, speed: Double, whole: Int, continuous: Int) {
        let pages = try! CarouselLayout(itemWidth: 1080, viewportWidth: 1080, itemCount: 10)
        let r = Release(offset: 2 * 1080 + 80, velocity: speed, startOffset: 2 * 1080, startTime: 0, time: 100,
                        startIndex: 2, fingerTravel: finger)
        #expect(AndroidViewPagerSnap(density: 2.625).decide(r, in: pages).targetIndex == whole)
        #expect(AndroidViewPagerSnap(density: 2.625, wholePixels: 0).decide(r, in: pages).targetIndex == continuous)
    }

    /// The paging slop is twice the int touch slop: at ρ = 1.3, 2 × round(10.4) = 20 px (not
    /// 16 × 1.3 = 20.8), and the gate is (int)(25 × 1.3) = 32 px (not 32.5). A 12 px content drag
    /// is a 32 px finger drag, not past 32 (slow); continuous, 32.8 > 32.5 (a fling).
    @Test("ViewPager's paging slop in whole pixels")
    func pagingSlop() throws {
        let pages = try CarouselLayout(itemWidth: 400, viewportWidth: 400, itemCount: 10)
        let r = Release(offset: 812, velocity: 2, startOffset: 800, startTime: 0, time: 100, startIndex: 2)
        #expect(AndroidViewPagerSnap(density: 1.3).decide(r, in: pages).rule == "slow-stay")
        #expect(AndroidViewPagerSnap(density: 1.3, wholePixels: 0).decide(r, in: pages).rule == "fling-forward")
    }
}
