import SnapStrategies
import SnapTraces

extension HitCriterion {
    /// Whether a carousel resting at `targetOffset` on item `targetIndex` reaches `intended`:
    /// - ``exact``: the resting item is the intended one (``TraceOutcome/itemError(target:intended:in:)`` is 0);
    /// - ``revealed``: item `intended` lies wholly inside the viewport `[targetOffset,
    ///   targetOffset + viewportWidth]` (content coordinates: item `i` spans
    ///   `[leadingInset + i·stride, … + itemWidth]`; in a looping layout any copy of it), with
    ///   a tolerance of 1e-6 pt.
    @inlinable
    public func reaches(intended: Int, targetIndex: Int, targetOffset: Double, in layout: CarouselLayout) -> Bool {
        switch self {
        case .exact:
            return TraceOutcome.itemError(target: targetIndex, intended: intended, in: layout) == 0
        case .revealed:
            return Self.isRevealed(item: intended, atOffset: targetOffset, in: layout)
        }
    }

    /// Whether item `item` lies wholly inside the viewport when the content rests at `offset`.
    @inlinable
    public static func isRevealed(item: Int, atOffset offset: Double, in layout: CarouselLayout) -> Bool {
        guard offset.isFinite else { return false }
        let tolerance = 1e-6
        func inside(_ slot: Int) -> Bool {
            let start = layout.leadingInset + Double(slot) * layout.stride
            return start >= offset - tolerance && start + layout.itemWidth <= offset + layout.viewportWidth + tolerance
        }
        guard layout.isLooping else { return item >= 0 && item < layout.itemCount && inside(item) }
        // The copy of the item nearest the viewport's leading edge, and its neighbours a cycle away.
        let n = layout.itemCount
        let near = layout.slot(ofItem: item, near: offset)
        return inside(near) || inside(near - n) || inside(near + n)
    }
}
