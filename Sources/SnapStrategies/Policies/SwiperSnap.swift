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
/// travel = 0, or a known |finger| ≤ threshold:  no swipe; stay on the slide selected before the drag
/// timeDiff > longSwipesMs:   // long swipe
///     next: ratio ≥ longSwipesRatio      ? stopIndex + 1 : stopIndex
///     prev: ratio > 1 − longSwipesRatio  ? stopIndex + 1 : stopIndex
/// else:                      // short swipe
///     next: stopIndex + 1;  prev: stopIndex
/// ```
/// With `longSwipes` or `shortSwipes` off, that kind of swipe returns to the slide selected before the drag.
/// At or past the end every rule lands on the last slide (`slideTo` clamps `stopIndex + 1`).
///
/// Travel, from `onTouchMove.ts` and `onTouchEnd.ts`: the threshold is on the **finger** and only
/// decides whether the content moves. `onTouchMove` returns early while the pointer is within
/// `threshold` of touch-down; on the first move with `Math.abs(diff) > params.threshold` (strict)
/// it sets `allowThresholdMove`, restarts the finger from there (`touches.startX =
/// touches.currentX`, `data.currentTranslate = data.startTranslate`, `touches.diff` = 0) and
/// returns; later moves translate the content by the finger's travel since that point. So the
/// content's travel *is* the finger's travel past the threshold, and `onTouchEnd` gates on the
/// content alone: no swipe when `touches.diff === 0` or `currentTranslate === startTranslate`
/// (no `threshold` there). SnapLab therefore decides:
/// - no finger travel known (the offsets are Swiper's content): a swipe iff the content moved,
///   however little (5 pt of content travel is a swipe; the finger was at least 5 px + 5 pt away);
/// - finger travel known (``Release/fingerTravel``, e.g. a trace from a platform whose content
///   follows the finger from touch-down): a swipe iff the finger ends more than `threshold` from
///   touch-down and the content moved (Swiper's content would have moved by the excess).
/// Direction, stop slide and ratio use the content offsets.
/// Constants: `longSwipesMs` 300, `longSwipesRatio` 0.5, `threshold` 5 px, `slidesPerGroup` 1
/// (one layout stride per slide), `shortSwipes` and `longSwipes` on. 1 px = 1 pt.
/// Looping layouts use floor for `stopIndex`, without clamps.
public struct SwiperSnap: DeclaredParameters, LayoutHoistingPolicy, Hashable {
    public var id: String { "swiper" }
    public var summary: String {
        "Swiper: contact under 300 ms is a short swipe (next slide in the drag direction); longer swipes move on past 0.5 of a slide; velocity ignored"
    }
    public var source: String {
        "nolimits4web/swiper v14.0.6 src/core/events/onTouchEnd.ts, onTouchMove.ts (longSwipesMs 300, longSwipesRatio 0.5, threshold 5 px; src/core/defaults.ts)"
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

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(
        SwiperSnap(longSwipesMs: .nan, longSwipesRatio: .nan, threshold: .nan, shortSwipes: .nan, longSwipes: .nan))

    public init(longSwipesMs: Double = SwiperSnap.defaults.longSwipesMs,
                longSwipesRatio: Double = SwiperSnap.defaults.longSwipesRatio,
                threshold: Double = SwiperSnap.defaults.threshold,
                shortSwipes: Double = SwiperSnap.defaults.shortSwipes,
                longSwipes: Double = SwiperSnap.defaults.longSwipes) {
        self.longSwipesMs = longSwipesMs
        self.longSwipesRatio = longSwipesRatio
        self.threshold = threshold
        self.shortSwipes = shortSwipes
        self.longSwipes = longSwipes
    }

    /// The parameters, declared once (``DeclaredParameters``).
    public static let parameters = ParameterTable<SwiperSnap>([
        ParameterField(\.longSwipesMs, "longSwipesMs", unit: "ms", default: 300, range: 0...5000,
                       comparedWith: ThresholdFeature(.duration, .exceeds),
                       summary: "contact longer than this is a long swipe"),
        ParameterField(\.longSwipesRatio, "longSwipesRatio", unit: "fraction of slide", default: 0.5, range: 0...1,
                       summary: "a long swipe moves on past this fraction of a slide"),
        ParameterField(\.threshold, "threshold", unit: "pt", default: 5, range: 0...200,
                       summary: "travel below this is not a swipe"),
        ParameterField(\.shortSwipes, "shortSwipes", unit: "flag", default: 1, range: 0...1, isInteger: true,
                       summary: "1: short swipes change slides"),
        ParameterField(\.longSwipes, "longSwipes", unit: "flag", default: 1, range: 0...1, isInteger: true,
                       summary: "1: long swipes past the ratio change slides"),
    ])

    public var parameterTable: ParameterTable<SwiperSnap> { Self.parameters }

    @inline(__always)
    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let travel = release.travel
        let start = release.startSlot(in: layout)
        // onTouchEnd: the content did not move → no swipe; onTouchMove: a known finger must be past the threshold.
        let fingerPastThreshold = release.fingerTravel.map { abs($0) > threshold } ?? true
        guard travel != 0, travel == travel, fingerPastThreshold else {
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
