import SnapStrategies

/// Turns a finger's travel into the content offsets a scroll view shows.
///
/// `u_i` is the finger's travel since touch-down along the scroll axis, in the direction that
/// increases the offset (points; a finger moving toward the leading edge gives positive `u`).
/// - The content stays still until `|u|` first exceeds the touch slop `s`; from then on it
///   follows `u − sign·s` (the slop is taken off once, as Android's `RecyclerView` and Compose's
///   `awaitTouchSlopOrCancellation` → `postSlopOffset` do, so the drag starts without a jump).
/// - ``OverscrollModel/clamp``: each step's change is applied to the previous offset and the
///   result clamped to `[0, maxOffset]` (scroll views consume deltas; at an end the excess is
///   lost and a reversal scrolls back at once).
/// - ``OverscrollModel/rubberBand``: the unclamped offset `start + u − sign·s` is shown with
///   ``OverscrollModel/rubberBand(_:viewport:)`` applied to its excess past either end.
/// A looping layout has no ends.
public struct FingerToContent: Sendable {
    public var touchSlop: Double
    public var overscroll: OverscrollModel
    public var layout: CarouselLayout

    public init(touchSlop: Double, overscroll: OverscrollModel, layout: CarouselLayout) {
        self.touchSlop = touchSlop
        self.overscroll = overscroll
        self.layout = layout
    }

    /// The content offset at each finger travel `travel[i]`, starting from `start`, and whether
    /// the drag pushed the content past an end (bounded layouts).
    public func offsets(travel: [Double], start: Double) -> (offsets: [Double], reachedEnd: Bool) {
        var reachedEnd = false
        var out: [Double] = []
        out.reserveCapacity(travel.count)
        var sign = 0.0
        var shown = start
        var previousDrag = 0.0
        for u in travel {
            if sign == 0, Swift.abs(u) > touchSlop { sign = u > 0 ? 1 : -1 }
            let drag = sign == 0 ? 0 : u - sign * touchSlop
            if !layout.isLooping, drag != 0, start + drag < 0 || start + drag > layout.maxOffset { reachedEnd = true }
            if layout.isLooping {
                shown = start + drag
            } else {
                switch overscroll {
                case .clamp:
                    shown = Swift.min(layout.maxOffset, Swift.max(0, shown + (drag - previousDrag)))
                case .rubberBand:
                    let raw = start + drag
                    if raw > layout.maxOffset {
                        shown = layout.maxOffset + OverscrollModel.rubberBand(raw - layout.maxOffset, viewport: layout.viewportWidth)
                    } else if raw < 0 {
                        shown = -OverscrollModel.rubberBand(-raw, viewport: layout.viewportWidth)
                    } else {
                        shown = raw
                    }
                }
            }
            previousDrag = drag
            out.append(shown)
        }
        return (out, reachedEnd)
    }
}
