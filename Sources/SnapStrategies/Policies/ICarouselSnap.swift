/// nicklockwood/iCarousel's release rule, default and `pagingEnabled` (`iCarousel/iCarousel.m`
/// at c9e043e: `didPan:` (`UIGestureRecognizerStateEnded`), `decelerationDistance`,
/// `shouldDecelerate`, `shouldScroll`, `startDecelerating`; `policies.md` Part 2 §6).
///
/// iCarousel works in items: `p` = fractional item position of the release, `v` = velocity in
/// items/s (`v_pt/ms × 1000 / stride × scrollSpeed`, scaled by the bounce factor
/// `1 − min(overscroll, bounceDistance) / bounceDistance` when the release is past an end),
/// `D = v / (2 · 30 · (1 − rate))` items (``ICarouselDeceleration``; `v / 3` at rate 0.95):
/// ```
/// if |v| > 2 and |D| > 0.1:                                      // shouldDecelerate
///     end = p + D
///     pagingEnabled:        end = D > 0 ? ceil(p) : floor(p)       // at most one item
///     stopAtItemBoundary:   end = D > 0 ? ceil(end) : floor(end)
///     bounded: end = clamp(end, −bounceDistance, n − 1 + bounceDistance), then settle on clamp(round(end))
/// else:
///     cur = round(p) (clamped);  |p − cur| < 1e−6: stay
///     elif |v| > 2 and |p − cur| > 0.1: cur + sign(v)             // shouldScroll
///     else: cur
/// ```
/// Constants: `SCROLL_SPEED_THRESHOLD` 2 items/s, `DECELERATE_THRESHOLD` 0.1 items,
/// `SCROLL_DISTANCE_THRESHOLD` 0.1 items, `DECELERATION_MULTIPLIER` 30, `decelerationRate` 0.95,
/// `scrollSpeed` 1, `bounceDistance` 1 item, `FLOAT_ERROR_MARGIN` 1e−6; `stopAtItemBoundary`,
/// `scrollToItemBoundary` and `bounces` on (the defaults).
///
/// Two identifiers: `icarousel` (defaults) and `icarousel-paging` (`pagingEnabled = YES`). A looping
/// layout is iCarousel's `wrapEnabled`: no clamps, no bounce factor. Item positions come from the
/// layout (its alignment origin), so the rule holds for iCarousel's centred items and any other alignment.
public struct ICarouselSnap: DeclaredParameters, LayoutHoistingPolicy, Hashable {
    /// Whether `pagingEnabled` is set.
    public let pagingEnabled: Bool
    /// iCarousel `decelerationRate` (0…1; higher decelerates more slowly).
    public var decelerationRate: Double
    /// `DECELERATION_MULTIPLIER`.
    public var decelerationMultiplier: Double
    /// `SCROLL_SPEED_THRESHOLD`, items/s.
    public var scrollSpeedThreshold: Double
    /// `DECELERATE_THRESHOLD`, items.
    public var decelerateThreshold: Double
    /// `SCROLL_DISTANCE_THRESHOLD`, items.
    public var scrollDistanceThreshold: Double
    /// `scrollSpeed`: gain on the finger velocity.
    public var scrollSpeed: Double
    /// `bounceDistance`, items.
    public var bounceDistance: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(
        ICarouselSnap(decelerationRate: .nan, decelerationMultiplier: .nan, scrollSpeedThreshold: .nan,
                      decelerateThreshold: .nan, scrollDistanceThreshold: .nan, scrollSpeed: .nan,
                      bounceDistance: .nan))

    public init(pagingEnabled: Bool = false,
                decelerationRate: Double = ICarouselSnap.defaults.decelerationRate,
                decelerationMultiplier: Double = ICarouselSnap.defaults.decelerationMultiplier,
                scrollSpeedThreshold: Double = ICarouselSnap.defaults.scrollSpeedThreshold,
                decelerateThreshold: Double = ICarouselSnap.defaults.decelerateThreshold,
                scrollDistanceThreshold: Double = ICarouselSnap.defaults.scrollDistanceThreshold,
                scrollSpeed: Double = ICarouselSnap.defaults.scrollSpeed,
                bounceDistance: Double = ICarouselSnap.defaults.bounceDistance) {
        self.pagingEnabled = pagingEnabled
        self.decelerationRate = decelerationRate
        self.decelerationMultiplier = decelerationMultiplier
        self.scrollSpeedThreshold = scrollSpeedThreshold
        self.decelerateThreshold = decelerateThreshold
        self.scrollDistanceThreshold = scrollDistanceThreshold
        self.scrollSpeed = scrollSpeed
        self.bounceDistance = bounceDistance
    }

    public var id: String { pagingEnabled ? "icarousel-paging" : "icarousel" }

    public var summary: String {
        pagingEnabled
            ? "iCarousel pagingEnabled: above 2 items/s go to the next item boundary in the flick direction (at most one item), else the nearest item"
            : "iCarousel: above 2 items/s coast with constant deceleration (v/3 items) and stop at the next item boundary, else the nearest item"
    }

    public var source: String {
        "nicklockwood/iCarousel iCarousel/iCarousel.m didPan: (Ended), decelerationDistance, shouldDecelerate, shouldScroll (rate 0.95, multiplier 30, thresholds 2 items/s, 0.1 items)"
            + (pagingEnabled ? ", pagingEnabled" : "")
    }

    /// The parameters, declared once (``DeclaredParameters``); the same with and without paging.
    public static let parameters = ParameterTable<ICarouselSnap>([
        ParameterField(\.decelerationRate, "decelerationRate", unit: "fraction", default: 0.95, range: 0...0.999,
                       role: .platformConstant, summary: "iCarousel decelerationRate: higher coasts farther"),
        ParameterField(\.decelerationMultiplier, "decelerationMultiplier", unit: "per s", default: 30, range: 0.1...1000,
                       role: .platformConstant, summary: "DECELERATION_MULTIPLIER: deceleration = v x multiplier x (1 - rate)"),
        ParameterField(\.scrollSpeedThreshold, "scrollSpeedThreshold", unit: "items/s", default: 2, range: 0...100,
                       comparedWith: Self.speedFeature,
                       summary: "SCROLL_SPEED_THRESHOLD: slower releases settle on the nearest item"),
        ParameterField(\.decelerateThreshold, "decelerateThreshold", unit: "items", default: 0.1, range: 0...10,
                       comparedWith: Self.coastFeature,
                       summary: "DECELERATE_THRESHOLD: shorter coasts do not decelerate"),
        ParameterField(\.scrollDistanceThreshold, "scrollDistanceThreshold", unit: "items", default: 0.1, range: 0...1,
                       comparedWith: Self.offsetFeature,
                       summary: "SCROLL_DISTANCE_THRESHOLD: a fast release this far off an item scrolls to the neighbour"),
        ParameterField(\.scrollSpeed, "scrollSpeed", unit: "gain", default: 1, range: 0...10,
                       summary: "scrollSpeed: multiplies the finger velocity"),
        ParameterField(\.bounceDistance, "bounceDistance", unit: "items", default: 1, range: 0.01...10,
                       summary: "bounceDistance: overscroll allowed past an end; damps the velocity of releases past an end"),
    ])

    public var parameterTable: ParameterTable<ICarouselSnap> { Self.parameters }

    /// The release velocity in items per second as iCarousel sees it (scroll speed and bounce factor applied).
    public func itemVelocity(_ release: Release, in layout: CarouselLayout) -> Double {
        itemVelocity(release.velocity, at: layout.position(atOffset: release.offset), in: layout)
    }

    /// ``itemVelocity(_:in:)`` of a release with velocity `v` pt/ms at item position `p`.
    @inline(__always)
    private func itemVelocity(_ v: Double, at p: Double, in layout: CarouselLayout) -> Double {
        guard v == v else { return 0 }
        var factor = 1.0
        if !layout.isLooping {
            let over = abs(p - SnapMath.clamp(p, 0, Double(layout.itemCount - 1)))
            factor = 1 - Swift.min(over, bounceDistance) / bounceDistance
            if factor != factor { factor = 0 }
        }
        return v * 1000 / layout.stride * scrollSpeed * factor
    }

    /// `scrollSpeedThreshold`'s feature, `|v|` items/s (``itemVelocity(_:in:)``): `didPan:` (Ended)
    /// and `shouldScroll` compare `fabs(velocity) > SCROLL_SPEED_THRESHOLD`, and it gates both
    /// branches of ``decide(_:in:)``; with the other parameters held, a release decelerates or
    /// scrolls (whichever the other tests say) below its `|v|` and settles on the nearest item at
    /// and above it. Depends on `scrollSpeed` and `bounceDistance` (the bounce factor).
    public static let speedFeature = ThresholdFeature(.measured(Names.itemSpeed, dependsOn: ["scrollSpeed", "bounceDistance"]),
                                                   .exceeds)
    /// `decelerateThreshold`'s feature, the coast `|D|` items (``coastDistance(_:in:)``):
    /// `shouldDecelerate` compares `fabs(decelerationDistance) > DECELERATE_THRESHOLD` (after the
    /// speed test). Depends on `decelerationRate` and `decelerationMultiplier` (the deceleration)
    /// and on what the item velocity depends on.
    public static let coastFeature = ThresholdFeature(
        .measured(Names.coast, dependsOn: ["decelerationRate", "decelerationMultiplier", "scrollSpeed", "bounceDistance"]),
        .exceeds)
    /// `scrollDistanceThreshold`'s feature, how far the release is from the item it would settle
    /// on, `|p − cur|` items (``itemOffset(_:in:)``): `shouldScroll` compares
    /// `fabs(difference) > SCROLL_DISTANCE_THRESHOLD`, reached only when the release does not
    /// decelerate and is not on an item. Depends on no parameter.
    public static let offsetFeature = ThresholdFeature(.measured(Names.itemOffset, dependsOn: []), .exceeds)

    /// The names of the measured quantities (short: compared inline).
    private enum Names {
        static let itemSpeed = "item speed"
        static let coast = "coast distance"
        static let itemOffset = "item offset"
    }

    /// The coast of a release in items, `D` (``ICarouselDeceleration``, the item width cancels),
    /// from its item velocity `v` items/s.
    private func coast(_ v: Double) -> Double {
        ICarouselDeceleration(rate: decelerationRate, multiplier: decelerationMultiplier).coastDistance(velocity: v / 1000)
    }

    /// The coast of `release` in items (signed), as ``decide(_:in:)`` computes it.
    public func coastDistance(_ release: Release, in layout: CarouselLayout) -> Double {
        coast(itemVelocity(release, in: layout))
    }

    /// The item a release that does not decelerate settles on before `shouldScroll`, `cur`, and
    /// how far the release is from it, items.
    private func nearestItem(_ p: Double, in layout: CarouselLayout) -> (slot: Int, offset: Double) {
        let current = layout.clampedSlot(SnapMath.roundedIndex(p))
        return (current, abs(p - Double(current)))
    }

    /// How far `release` is from the item it settles on when it does not decelerate, items.
    public func itemOffset(_ release: Release, in layout: CarouselLayout) -> Double {
        nearestItem(layout.position(atOffset: release.offset), in: layout).offset
    }

    /// The features of ``speedFeature``, ``coastFeature`` and ``offsetFeature`` (NaN for any other name).
    public func measuredFeature(_ name: String, of release: Release, in layout: CarouselLayout) -> Double {
        switch name {
        case Names.itemSpeed: return abs(itemVelocity(release, in: layout))
        case Names.coast: return abs(coastDistance(release, in: layout))
        case Names.itemOffset: return itemOffset(release, in: layout)
        default: return .nan
        }
    }

    @inline(__always)
    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let p = layout.position(atOffset: release.offset)
        let v = itemVelocity(release.velocity, at: p, in: layout)
        let distance = coast(v)   // items
        if abs(v) > scrollSpeedThreshold && abs(distance) > decelerateThreshold {
            let end: Int
            if pagingEnabled {
                end = distance > 0 ? SnapMath.ceiledIndex(p) : SnapMath.flooredIndex(p)
            } else {
                end = distance > 0 ? SnapMath.ceiledIndex(p + distance) : SnapMath.flooredIndex(p + distance)
            }
            return layout.decision(slot: end, rule: pagingEnabled ? "paging-one-item" : "decelerate-to-boundary")
        }
        let (current, off) = nearestItem(p, in: layout)
        if off < 1e-6 { return layout.decision(slot: current, rule: "at-item") }
        if abs(v) > scrollSpeedThreshold && off > scrollDistanceThreshold {
            return layout.decision(slot: current &+ (v > 0 ? 1 : -1), rule: "scroll-to-neighbour")
        }
        return layout.decision(slot: current, rule: "nearest-item")
    }
}
