/// Where a policy's platform brings a resting item, when the platform decides that itself rather
/// than following the layout's ``SnapAlignment``.
///
/// A policy declares it with ``SnapPolicy/snapOrigin`` and decides in
/// ``CarouselLayout/snapped(to:)``: the same layout with the slot positions (and so the snap
/// offsets, nearest items and decisions) measured from the declared origin. With `L` and `R` the
/// leading and trailing insets (Android padding / Compose content padding), `w` the item width and
/// `V` the viewport width, the offset that brings slot 0 to rest is:
///
/// | origin | item at rest | slot-0 offset |
/// |---|---|---|
/// | ``layout`` | the layout's alignment | ``CarouselLayout/alignmentOrigin`` |
/// | ``start`` | leading edge `L` from the viewport's leading edge | `0` |
/// | ``paddedCenter`` | centre at `L + (V − L − R)/2` | `(L + R)/2 + w/2 − V/2` |
/// | ``end`` | trailing edge `R` from the viewport's trailing edge | `L + w − (V − R)` |
///
/// ``paddedCenter`` is Android's: `PagerSnapHelper`/`LinearSnapHelper` `distanceToCenter` and
/// `findCenterView` measure child centres against `startAfterPadding + totalSpace/2`
/// (androidx `recyclerview/.../PagerSnapHelper.java`, `LinearSnapHelper.java`), and Compose
/// `SnapPosition.Center` aligns the item centre with `(layoutSize − beforeContentPadding −
/// afterContentPadding)/2` after the leading padding (`compose/foundation/.../gestures/snapping/
/// SnapPosition.kt`). It equals the layout's `.center` when `L = R`; with unequal insets the
/// viewport centre and the padded centre are `(R − L)/2` apart, and they pick different items.
public enum SnapOrigin: String, Sendable, Hashable, CaseIterable {
    /// The layout's own alignment (the default for policies that follow the app's layout).
    case layout
    /// Leading edge at the leading inset (Compose `SnapPosition.Start`, ViewPager).
    case start
    /// Centre of the area inside the insets (Android snap helpers, Compose `SnapPosition.Center`).
    case paddedCenter
    /// Trailing edge at the trailing inset (Compose `SnapPosition.End`, CSS `end`).
    case end
}

extension CarouselLayout {
    /// The slot-0 resting offset for `origin` (see ``SnapOrigin``), points.
    public func alignmentOrigin(for origin: SnapOrigin) -> Double {
        switch origin {
        case .layout: return alignmentOrigin
        case .start: return 0
        case .paddedCenter: return (leadingInset + trailingInset) / 2 + itemWidth / 2 - viewportWidth / 2
        case .end: return Self.origin(of: .trailing, itemWidth: itemWidth, leadingInset: leadingInset,
                                      trailingInset: trailingInset, viewportWidth: viewportWidth)
        }
    }

    /// This layout with its snap offsets measured from `origin` (unchanged for ``SnapOrigin/layout``).
    public func snapped(to origin: SnapOrigin) -> CarouselLayout {
        if origin == .layout { return self }
        var copy = self
        copy.alignmentOrigin = alignmentOrigin(for: origin)
        return copy
    }
}
