/// Swiper's duration-based short/long swipe rule (nolimits4web/swiper v14.0.6:
/// `src/core/events/onTouchEnd.ts`, defaults in `src/core/defaults.ts`; `policies.md` Part 2 §7.1).
///
/// Swiper ignores the release velocity. It uses the contact time `timeDiff` (touch-end − touch-start,
/// ``Release/duration``), the direction of the total displacement (``Release/travel``: > 0 is
/// 'next') and where the release lies in its slide: `stopIndex` = the slide whose
/// `[grid[i], grid[i+1])` contains the position (the last slide past the end, the first before
/// the start; **the last slide when the release is at or past the end of a bounded carousel**,
/// `swipeToLast = currentPos >= -maxTranslate() && !loop`), `ratio` = fraction of a slide past it
/// (negative for the last slide when its own position lies beyond the end):
/// ```
/// |finger| ≤ threshold or travel = 0:  no swipe; stay on the slide selected before the drag
/// timeDiff > longSwipesMs:   // long swipe
///     next: ratio ≥ longSwipesRatio      ? stopIndex + 1 : stopIndex
///     prev: ratio > 1 − longSwipesRatio  ? stopIndex + 1 : stopIndex
/// else:                      // short swipe
///     next: stopIndex + 1;  prev: stopIndex
/// ```
/// With `longSwipes` or `shortSwipes` off, that kind of swipe returns to the slide selected before the drag.
/// At or past the end every rule lands on the last slide (`slideTo` clamps `stopIndex + 1`).
///
/// Travel: the move threshold is strict and on the **finger** (`onTouchMove.ts`:
/// `Math.abs(diff) > params.threshold`, `diff` = pointer − start): ``Release/fingerTravel`` when
/// known; else the content travel plus the threshold, since Swiper holds the content until the
/// pointer passes the threshold and then restarts it from there (`touches.startX = currentX`,
/// `currentTranslate = startTranslate`), so any content travel means the threshold was passed. A
/// release whose content did not move is no swipe either (`onTouchEnd.ts`: `touches.diff === 0`,
/// `currentTranslate === startTranslate`). Direction, stop slide and ratio use the content.
/// Constants: `longSwipesMs` 300, `longSwipesRatio` 0.5, `threshold` 5 px, `slidesPerGroup` 1
/// (one layout stride per slide), `shortSwipes` and `longSwipes` on. 1 px = 1 pt.
/// Looping layouts use floor for `stopIndex`, without clamps.
public struct SwiperSnap: SnapPolicy, Hashable {
    public var id: String { "swiper" }
    public var summary: String {
        "Swiper: contact under 300 ms is a short swipe (next slide in the drag direction); longer swipes move on past 0.5 of a slide; velocity ignored"
    }
    public var source: String {
        "nolimits4web/swiper v14.0.6 src/core/events/onTouchEnd.ts (longSwipesMs 300, longSwipesRatio 0.5, threshold 5 px; src/core/defaults.ts)"
    }

    /// Contact longer than this is a long swipe, ms.
    public var longSwipesMs: Double
    /// A long swipe moves on when the release is this far into the next slide.
    public var longSwipesRatio: Double
    /// Travel below this is no swipe at all, pt.
    public var threshold: Double
    /// 1: short swipes change slides; 0: they return.
    public var shortSwipes: Double
    /// 1: long swipes change slides past the ratio; 0: they return.
    public var longSwipes: Double

    public init(longSwipesMs: Double = 300, longSwipesRatio: Double = 0.5, threshold: Double = 5,
                shortSwipes: Double = 1, longSwipes: Double = 1) {
        self.longSwipesMs = longSwipesMs
        self.longSwipesRatio = longSwipesRatio
        self.threshold = threshold
        self.shortSwipes = shortSwipes
        self.longSwipes = longSwipes
    }

    public var parameterSpecs: [PolicyParameter] {
        [
            PolicyParameter(name: "longSwipesMs", unit: "ms", defaultValue: 300, minimum: 0, maximum: 5000,
                            comparedWith: ThresholdFeature(.duration, .exceeds),
                            summary: "contact longer than this is a long swipe"),
            PolicyParameter(name: "longSwipesRatio", unit: "fraction of slide", defaultValue: 0.5, minimum: 0, maximum: 1,
                            summary: "a long swipe moves on past this fraction of a slide"),
            PolicyParameter(name: "threshold", unit: "pt", defaultValue: 5, minimum: 0, maximum: 200,
                            summary: "travel below this is not a swipe"),
            PolicyParameter(name: "shortSwipes", unit: "flag", defaultValue: 1, minimum: 0, maximum: 1, isInteger: true,
                            summary: "1: short swipes change slides"),
            PolicyParameter(name: "longSwipes", unit: "flag", defaultValue: 1, minimum: 0, maximum: 1, isInteger: true,
                            summary: "1: long swipes past the ratio change slides"),
        ]
    }

    public var parameterValues: [Double] { [longSwipesMs, longSwipesRatio, threshold, shortSwipes, longSwipes] }

    public mutating func assignValidatedParameterValues(_ values: [Double]) {
        longSwipesMs = values[0]
        longSwipesRatio = values[1]
        threshold = values[2]
        shortSwipes = values[3]
        longSwipes = values[4]
    }

    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let travel = release.travel
        let start = release.startSlot(in: layout)
        guard abs(release.fingerTravel(touchSlop: threshold)) > threshold, travel != 0, travel == travel else {
            return layout.decision(slot: start, rule: "no-swipe")
        }
        let p = layout.position(atOffset: release.offset)
        var stopIndex = SnapMath.flooredIndex(p)
        if !layout.isLooping {
            // swipeToLast: at or past the end the stop slide is the last one.
            stopIndex = release.offset >= layout.maxOffset ? layout.itemCount - 1
                : SnapMath.clamp(stopIndex, 0, layout.itemCount - 1)
        }
        let ratio = p - Double(stopIndex)
        let next = travel > 0
        if release.duration > longSwipesMs {
            guard longSwipes != 0 else { return layout.decision(slot: start, rule: "long-swipes-off") }
            let moveOn = next ? ratio >= longSwipesRatio : ratio > 1 - longSwipesRatio
            return layout.decision(slot: moveOn ? stopIndex &+ 1 : stopIndex,
                                   rule: next ? (moveOn ? "long-next-past-ratio" : "long-next-back")
                                              : (moveOn ? "long-prev-back" : "long-prev-past-ratio"))
        }
        guard shortSwipes != 0 else { return layout.decision(slot: start, rule: "short-swipes-off") }
        return layout.decision(slot: next ? stopIndex &+ 1 : stopIndex, rule: next ? "short-next" : "short-prev")
    }
}
