/// The geometry of a horizontal carousel of equal items, in points.
///
/// Content coordinates: item `i` occupies `[leadingInset + i·stride, leadingInset + i·stride + itemWidth]`,
/// where `stride = itemWidth + spacing`. The content is
/// `contentWidth = leadingInset + count·itemWidth + (count − 1)·spacing + trailingInset` wide and the
/// scroll offset of a bounded carousel lives in `[0, maxOffset]`, `maxOffset = max(0, contentWidth − viewportWidth)`.
///
/// A *slot* is an item position along the axis. In a bounded layout slots are the item indices
/// `0..<count`; in a looping layout (seed 002) slots continue in both directions and slot `s` shows
/// item `s mod count`, one cycle being `count·stride` points.
///
/// Invariants (checked by ``init(itemWidth:spacing:leadingInset:trailingInset:viewportWidth:itemCount:alignment:isLooping:)``):
/// every length finite, `itemWidth > 0`, `viewportWidth > 0`, `spacing ≥ 0`, insets `≥ 0`,
/// `itemCount ≥ 1`. An item may be wider than the viewport (platforms support it: androidx
/// `PagerSnapHelperTest` runs 1 400 px children in a 1 000 px RecyclerView, and
/// `PagerSnapHelper.findTargetSnapPosition` has a branch for children larger than the viewport;
/// Chromium `cc/input/scroll_snap_data.cc` has a "covering" path for snap areas larger than the
/// snapport). Only ASHorizontal's margin solving (``ASHorizontalMargins``) needs a whole item on
/// screen, and keeps its ``LayoutError/noWholeItemFits(viewportWidth:needed:detail:)`` error.
///
/// ```swift
/// let layout = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10,
///                                 viewportWidth: 375, itemCount: 40)
/// layout.snapOffset(ofSlot: 3)   // 510
/// layout.nearestSlot(toOffset: 600) // 4 (p = 3.53)
/// ```
public struct CarouselLayout: Sendable, Hashable {
    /// Width of one item, points.
    public let itemWidth: Double
    /// Gap between neighbouring items, points.
    public let spacing: Double
    /// Space before the first item, points.
    public let leadingInset: Double
    /// Space after the last item, points.
    public let trailingInset: Double
    /// Width of the visible area, points.
    public let viewportWidth: Double
    /// Number of items (at least 1).
    public let itemCount: Int
    /// Where a resting item sits in the viewport.
    public let alignment: SnapAlignment
    /// Whether the carousel wraps around (no ends, indices modulo ``itemCount``).
    public let isLooping: Bool

    /// Builds and validates a layout.
    ///
    /// - Parameter trailingInset: defaults to `leadingInset` (as the trace format does).
    /// - Throws: ``LayoutError`` naming the offending field.
    public init(
        itemWidth: Double,
        spacing: Double = 0,
        leadingInset: Double = 0,
        trailingInset: Double? = nil,
        viewportWidth: Double,
        itemCount: Int,
        alignment: SnapAlignment = .leading,
        isLooping: Bool = false
    ) throws(LayoutError) {
        let trailing = trailingInset ?? leadingInset
        for (name, value) in [("item width", itemWidth), ("spacing", spacing),
                              ("leading inset", leadingInset), ("trailing inset", trailing),
                              ("viewport width", viewportWidth)] where !value.isFinite {
            throw .notFinite(field: name, value: value)
        }
        guard itemWidth > 0 else { throw .notPositive(field: "item width", value: itemWidth) }
        guard viewportWidth > 0 else { throw .notPositive(field: "viewport width", value: viewportWidth) }
        guard spacing >= 0 else { throw .negative(field: "spacing", value: spacing) }
        guard leadingInset >= 0 else { throw .negative(field: "leading inset", value: leadingInset) }
        guard trailing >= 0 else { throw .negative(field: "trailing inset", value: trailing) }
        guard itemCount >= 1 else { throw .noItems(count: itemCount) }
        self.itemWidth = itemWidth
        self.spacing = spacing
        self.leadingInset = leadingInset
        self.trailingInset = trailing
        self.viewportWidth = viewportWidth
        self.itemCount = itemCount
        self.alignment = alignment
        self.isLooping = isLooping
        // Derived once here: every policy reads them several times per decision.
        let stride = itemWidth + spacing
        self.stride = stride
        maxOffset = Swift.max(0, Self.contentWidth(itemWidth: itemWidth, spacing: spacing, leadingInset: leadingInset,
                                                   trailingInset: trailing, itemCount: itemCount) - viewportWidth)
        alignmentOrigin = Self.origin(of: alignment, itemWidth: itemWidth, leadingInset: leadingInset,
                                      trailingInset: trailing, viewportWidth: viewportWidth)
    }

    /// The alignment origin of `alignment`: 0 (leading), `L + w/2 − V/2` (centre),
    /// `L + w − (V − R)` (trailing), points.
    static func origin(of alignment: SnapAlignment, itemWidth: Double, leadingInset: Double,
                       trailingInset: Double, viewportWidth: Double) -> Double {
        switch alignment {
        case .leading: return 0
        case .center: return leadingInset + itemWidth / 2 - viewportWidth / 2
        case .trailing: return leadingInset + itemWidth - (viewportWidth - trailingInset)
        }
    }

    /// Distance between the leading edges of neighbouring items: `itemWidth + spacing`, points.
    public let stride: Double

    /// `leadingInset + count·itemWidth + (count − 1)·spacing + trailingInset`, points.
    /// For a looping layout this is the width of one cycle's items plus the insets.
    @inlinable public var contentWidth: Double {
        Self.contentWidth(itemWidth: itemWidth, spacing: spacing, leadingInset: leadingInset,
                          trailingInset: trailingInset, itemCount: itemCount)
    }

    @inlinable
    static func contentWidth(itemWidth: Double, spacing: Double, leadingInset: Double, trailingInset: Double,
                             itemCount: Int) -> Double {
        leadingInset + Double(itemCount) * itemWidth + Double(itemCount - 1) * spacing + trailingInset
    }

    /// The largest offset of a bounded carousel: `max(0, contentWidth − viewportWidth)`, points.
    public let maxOffset: Double

    /// Length of one loop cycle: `itemCount · stride`, points.
    @inlinable public var cycleLength: Double { Double(itemCount) * stride }

    /// The (unclamped) offset that brings slot 0 to its snap position: the layout's
    /// ``alignment``'s, or the one a policy declares (``snapped(to:)``).
    public internal(set) var alignmentOrigin: Double
}

extension CarouselLayout: CustomStringConvertible {
    public var description: String {
        "item \(itemWidth) pt, spacing \(spacing) pt, insets \(leadingInset)/\(trailingInset) pt, "
            + "viewport \(viewportWidth) pt, \(itemCount) items, \(alignment.rawValue)"
            + (isLooping ? ", looping" : "")
    }
}
