@testable import SnapStrategies
import Testing

/// Chromium proximity (issue #14 item 6): the range is strict, and it is measured from the
/// unclamped `current + displacement` (`cc/input/scroll_snap_data.cc` `FindClosestValidAreaInternal`,
/// `snap_selection_strategy.cc` `EndAndDirectionStrategy::base_position`).
@Suite("CSS scroll snap proximity")
struct CSSScrollSnapProximityTests {
    /// Snaps every 1 000 pt (300 pt items, 700 spacing) in a 900 pt snapport: range 300 pt;
    /// 5 items, content 4 300, max offset 3 400 (item 4's snap 4 000 clamps to 3 400).
    let sparse = try! CarouselLayout(itemWidth: 300, spacing: 700, viewportWidth: 900, itemCount: 5)

    /// `smallest_distance` starts at the proximity range; a candidate at `distance > smallest`
    /// returns, and only `distance < smallest` is taken: a snap exactly 300 away is not.
    @Test("a snap exactly at the proximity range is rejected; just inside it is taken")
    func strictRange() {
        let proximity = CSSScrollSnap(strictness: .proximity, frameInterval: 16)
        let at = proximity.decide(Release(offset: 300, velocity: 0), in: sparse)
        #expect(at.rule == "no-snap-in-range" && at.targetOffset == 300)
        let inside = proximity.decide(Release(offset: 299.5, velocity: 0), in: sparse)
        #expect(inside.rule == "end-position" && inside.targetOffset == 0)
        // Mandatory has no range: unaffected.
        #expect(CSSScrollSnap(strictness: .mandatory, frameInterval: 16).decide(Release(offset: 300, velocity: 0), in: sparse).targetOffset == 0)
    }

    /// Worked example: release at 3 300 with a forward fling estimate of 500 pt (16 × 1.25 × 25).
    /// Unclamped, intended = 3 800; the only valid snap (item 4, at 3 400) is 400 > 300 away: the
    /// estimate finds no snap (the scroll would rest at the end, 3 400, an unsnapped position, nearest
    /// item 3, p = 3.4). Clamping first (intended 3 400) found item 4 at distance 0.
    @Test("after a fling the range is measured from the unclamped intended position")
    func unclampedIntended() {
        let d = CSSScrollSnap(strictness: .proximity, frameInterval: 16).decide(current: 3300, displacement: 500, in: sparse)
        #expect(d.rule == "no-snap-in-range")
        #expect(d.targetOffset == 3400)
        #expect(d.targetIndex == 3)
        // Mandatory: the closest valid snap to 3 800 is still item 4.
        let m = CSSScrollSnap(strictness: .mandatory, frameInterval: 16).decide(current: 3300, displacement: 500, in: sparse)
        #expect(m.rule == "fling-closest-in-direction" && m.targetIndex == 4 && m.targetOffset == 3400)
        // Backward past the start: intended −300, snap 0 is exactly 300 away: no snap (rests at 0).
        let back = CSSScrollSnap(strictness: .proximity, frameInterval: 16).decide(current: 200, displacement: -500, in: sparse)
        #expect(back.rule == "no-snap-in-range" && back.targetOffset == 0)
    }

    /// The same fling as a release (1.25 pt/ms forward from 3 300): the first estimate (483.5 pt, 25 ×
    /// the fling curve's first 16 ms) finds nothing in range, so the fling goes on without snap
    /// (`InputHandler` sets `kNativeFling`). The fling, 240 pt long, reaches the end of the content
    /// (100 pt on); there the scroll ends on item 4's snap, which is in range: it is the target
    /// (`SnapAtScrollEnd`).
    /// With `scrollEndSnap` 0 (the default) it rests at the end, unsnapped (nearest item 3).
    @Test("a proximity fling with nothing in range goes on and snaps at scroll end")
    func coastingToTheEnd() throws {
        let release = Release(offset: 3300, velocity: 1.25)
        let d = try CSSScrollSnap(strictness: .proximity).withParameterValues([25, 16, 0.03, 1.0 / 3, 0, 1, 0, CSSScrollSnap.desktopFirstUpdate, 0]).decide(release, in: sparse)
        #expect(d.rule == "scroll-end-position" && d.targetIndex == 4 && d.targetOffset == 3400)
        let rest = CSSScrollSnap(strictness: .proximity, frameInterval: 16).decide(release, in: sparse)
        #expect(rest.rule == "no-snap-in-range" && rest.targetOffset == 3400 && rest.targetIndex == 3)
    }

    /// A fling whose first estimate finds nothing in range is not searched again: by
    /// `cc/input/input_handler.cc` `InputHandler::GetSnapFlingInfoAndSetAnimatingSnapTarget`, a search
    /// that finds no area sets `snap_fling_state_ = kNativeFling`, and from then on the function
    /// returns false at once, whatever `SnapFlingController::HandleGestureScrollUpdate` offers it; the
    /// fling runs its whole curve (`ChromiumFlingCurve.aura`) and `SnapAtScrollEnd` snaps once, where
    /// it ends.
    ///
    /// Worked example, snaps every 1 000 pt, range 300: from 400 at 5 pt/ms forward the first
    /// estimate is 400 + 25 × 77.6 = 2 340.0, 340 past item 2's snap (2 000) and 1 340 from item 1's:
    /// nothing in range. The curve coasts 1 193.1 pt, to 1 593.1, which is 406.9 from 2 000 and
    /// 593.1 from 1 000: nothing in range there either, so the content rests at 1 593.1 unsnapped
    /// (nearest item 2). A search at every later update (the model before this change) found 2 000
    /// ahead when the fling had reached 624.7 (update 66.8, estimate 2 294.3) and snapped there.
    /// From 1 450 at 2.4 pt/ms the first estimate (2 380.1) also finds nothing; the curve ends at
    /// 1 972.9, 27.1 before 2 000, so the scroll snaps forward to item 2 at scroll end; from 1 600 it
    /// ends at 2 122.9 and snaps back to 2 000. With `scrollEndSnap` 0 (the default) the fling rests
    /// at the first estimate, unsnapped.
    @Test("a fling that found nothing in range is not searched again: it snaps once, where its curve ends")
    func nativeFlingSnapsOnceAtItsEnd() throws {
        let coasting = CSSScrollSnap(strictness: .proximity, frameInterval: 16, scrollEndSnap: 1)
        let sparseEnd = coasting.decide(Release(offset: 400, velocity: 5), in: sparse)
        #expect(sparseEnd.rule == "no-snap-in-range" && sparseEnd.targetIndex == 2)
        #expect(abs(sparseEnd.targetOffset - (400 + ChromiumFlingCurve.aura.coastDistance(velocity: 5))) < 1e-9)
        #expect(abs(sparseEnd.targetOffset - 1593.13) < 0.01)
        let d = coasting.decide(Release(offset: 1450, velocity: 2.4), in: sparse)
        #expect(d.rule == "scroll-end-position" && d.targetIndex == 2 && d.targetOffset == 2000)
        let late = coasting.decide(Release(offset: 1600, velocity: 2.4), in: sparse)
        #expect(late.rule == "scroll-end-position" && late.targetIndex == 2 && late.targetOffset == 2000)
        let off = CSSScrollSnap(strictness: .proximity, frameInterval: 16).decide(Release(offset: 1450, velocity: 2.4), in: sparse)
        #expect(off.rule == "no-snap-in-range" && off.targetIndex == 2 && abs(off.targetOffset - 2380.14) < 0.01)
    }

    /// A slow fling whose estimate finds nothing in range, then a snap at scroll end
    /// (`InputHandler::SnapAtScrollEnd`, `EndPositionStrategy`), which may be behind: from 250 at
    /// 0.2 pt/ms forward, snaps at 0 and 1 000; the estimate (25 × the first 16 ms, 75.7 pt → 325.7)
    /// is 674.3 from 1 000, the only snap ahead; the fling itself stops 18.2 pt on, at 268.2, and 0
    /// is within 300 of that: the scroll snaps back to 0.
    @Test("a proximity fling that finds nothing snaps at scroll end, even against its direction")
    func scrollEndSnapsBack() throws {
        let d = CSSScrollSnap(strictness: .proximity, frameInterval: 16, scrollEndSnap: 1)
            .decide(Release(offset: 250, velocity: 0.2), in: sparse)
        #expect(d.rule == "scroll-end-position" && d.targetIndex == 0 && d.targetOffset == 0)
        let natural = ChromiumFlingCurve.aura.coastDistance(velocity: 0.2)
        #expect(abs(natural - 18.19) < 0.01)
    }
}
