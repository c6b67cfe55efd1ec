import Testing
@testable import SnapStrategies

/// Finger travel vs content travel (issue #14 item 3): policies that gate on travel use the
/// finger's when the release knows it, else the content travel plus their platform's touch slop.
@Suite("Finger travel")
struct FingerTravelTests {
    private let pages = try! CarouselLayout(itemWidth: 360, viewportWidth: 360, itemCount: 10)

    @Test("Release.fingerTravel(touchSlop:): known travel wins; else content ± slop; 0 and NaN give 0")
    func derivation() {
        #expect(Release(offset: 120, velocity: 0, startOffset: 100).fingerTravel(touchSlop: 16) == 36)
        #expect(Release(offset: 80, velocity: 0, startOffset: 100).fingerTravel(touchSlop: 16) == -36)
        #expect(Release(offset: 100, velocity: 0, startOffset: 100).fingerTravel(touchSlop: 16) == 0)
        #expect(Release(offset: .nan, velocity: 0, startOffset: 100).fingerTravel(touchSlop: 16) == 0)
        #expect(Release(offset: 120, velocity: 0, startOffset: 100, fingerTravel: 21).fingerTravel(touchSlop: 16) == 21)
    }

    /// Worked example (ViewPager, density 1, pages 360 pt, selected page 2): a 20 pt content drag
    /// at 1 pt/ms (1 000 dp/s > 400) from p = 2.0 to p = 2.056.
    /// - content only: finger = 20 + 16 (paging slop) = 36 > 25 dp → fling → page 3;
    /// - finger known to be 20 pt (a trace with `touch_x`): 20 ≤ 25 → slow → 2 + ⌊0.056 + 0.4⌋ = 2.
    @Test("ViewPager: the 25 dp fling distance is finger travel; content travel + 16 dp paging slop")
    func viewPager() {
        let policy = AndroidViewPagerSnap()
        let contentOnly = Release(offset: 740, velocity: 1, startOffset: 720, startTime: 0, time: 80, startIndex: 2)
        #expect(policy.decide(contentOnly, in: pages).rule == "fling-forward")
        #expect(policy.decide(contentOnly, in: pages).targetIndex == 3)
        var measured = contentOnly
        measured.fingerTravel = 20
        #expect(policy.decide(measured, in: pages).rule == "slow-stay")
        // ViewPager.onTouchEvent translated: scrolling starts at mInitialMotionX ± mTouchSlop, so
        // the finger's totalDelta is content + slop; 9 pt of content (25 − 16) is at the gate, not
        // past it, and so is 9.9 (25.9 px truncates to 25); 10 pt is past it.
        var atGate = contentOnly
        atGate.offset = 729
        #expect(policy.decide(atGate, in: pages).rule == "slow-stay")
        atGate.offset = 729.9
        #expect(policy.decide(atGate, in: pages).rule == "slow-stay")
        atGate.offset = 730
        #expect(policy.decide(atGate, in: pages).rule == "fling-forward")
        // The slop is a parameter (0 restores content-only gating).
        var noSlop = policy
        noSlop.touchSlop = 0
        #expect(noSlop.decide(contentOnly, in: pages).rule == "slow-stay")
    }

    /// Worked example (Compose Pager, density 1, page 360 pt, start page 5, slow release): a 50 pt
    /// content drag forward. Dead zone: min(56 dp, 180)/360 = 0.156 page.
    /// - content only: pointer drag = 50 + 8 = 58 pt, f = 0.161 ≥ 0.156 → not the dead zone; frac
    ///   0.161 ≤ 0.5, forward → lower bound → page 5 ("drag-below-threshold");
    /// - pointer known to be 50 pt: f = 0.139 < 0.156 → dead zone → nearest page of p = 5.139 → 5
    ///   ("dead-zone-nearest").
    @Test("Compose Pager: upDownDifference is pointer travel, content travel + 8 dp touch slop")
    func composePager() {
        let policy = ComposePagerSnap()
        let contentOnly = Release(offset: 1850, velocity: 0, startOffset: 1800, startTime: 0, time: 300)
        #expect(policy.decide(contentOnly, in: pages).rule == "drag-below-threshold")
        var measured = contentOnly
        measured.fingerTravel = 50
        #expect(policy.decide(measured, in: pages).rule == "dead-zone-nearest")
        // A drag of 0.5 page of content is 0.5 page + 8 pt of pointer: past the positional threshold.
        let half = Release(offset: 1980, velocity: 0, startOffset: 1800, startTime: 0, time: 300)
        #expect(policy.decide(half, in: pages).targetIndex == 6)
        var halfMeasured = half
        halfMeasured.fingerTravel = 180
        #expect(policy.decide(halfMeasured, in: pages).targetIndex == 5)
    }
}
