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

    /// Worked example: release at 3 300 flinging forward at 1.25 pt/ms (16 × 1.25 × 25 = 500 pt).
    /// Unclamped, intended = 3 800; the only valid snap (item 4, at 3 400) is 400 > 300 away: no
    /// snap, the fling rests at the end (3 400), an unsnapped position (nearest item 3, p = 3.4).
    /// Clamping first (intended 3 400) found item 4 at distance 0.
    @Test("after a fling the range is measured from the unclamped intended position")
    func unclampedIntended() {
        let d = CSSScrollSnap(strictness: .proximity, frameInterval: 16).decide(Release(offset: 3300, velocity: 1.25), in: sparse)
        #expect(d.rule == "no-snap-in-range")
        #expect(d.targetOffset == 3400)
        #expect(d.targetIndex == 3)
        // Mandatory: the closest valid snap to 3 800 is still item 4.
        let m = CSSScrollSnap(strictness: .mandatory, frameInterval: 16).decide(Release(offset: 3300, velocity: 1.25), in: sparse)
        #expect(m.rule == "fling-closest-in-direction" && m.targetIndex == 4 && m.targetOffset == 3400)
        // Backward past the start: intended −300, snap 0 is exactly 300 away: no snap (rests at 0).
        let back = CSSScrollSnap(strictness: .proximity, frameInterval: 16).decide(Release(offset: 200, velocity: -1.25), in: sparse)
        #expect(back.rule == "no-snap-in-range" && back.targetOffset == 0)
    }
}
