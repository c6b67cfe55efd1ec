/// The ASHorizontalScrollView "1/3" snap (seed documents 000/001; ASHorizontalScrollView 1.5.2,
/// `scrollViewWillEndDragging`; `policies.md` §1.1).
///
/// Rule, on UIKit's proposed target `t` (the release projected with the `.fast` rate 0.99 per ms,
/// `t = clamp(x + v·r/(1 − r))`, which ASHorizontal sets as its deceleration rate), with left
/// margin `L` (the layout's leading inset), item width `w` and stride `m + w`:
/// ```
/// if t + viewportWidth < contentWidth:            // not at the end
///     index = max(0, Int((t − L) / (m + w)))        // Int truncates toward zero
///     if t − (L + index·(m + w)) > w · widthToScrollNextItem: index += 1
///     target offset = index · (m + w)
/// else: target offset = t                         // no snap at the end: UIKit's target stands
/// ```
/// Constants: `widthToScrollNextItem` = 1/3, deceleration rate 0.99 per ms (`.fast`).
///
/// Where ours differs from the original, by necessity:
/// - The original reads `items[index + 1]` without a guard and crashes past the last item; ours
///   clamps the index to the last item (its snap offset, clamped to the content).
/// - At the end the original leaves `t`, which is no item's snap offset; ours reports `t` as the
///   target offset and the item nearest `t` as the target item.
/// - Offsets are taken relative to the layout's alignment origin, so the rule is the original one
///   for leading alignment and the same rule shifted for centre or trailing alignment.
/// - In a looping layout there is no end, the index is floored (not truncated, so that a release
///   shifted by a whole cycle decides the same) and not clamped at 0.
/// - `(t − L)/(m + w)` is snapped to a whole item within 1e-9 (``SnapMath/snappedToWhole(_:)``)
///   and `t − itemX` computed as `(q − index)·(m + w)`, so that a target exactly on an item's edge
///   (a release at rest) does not jump an item when rounding lands it a hair either side.
public struct ASHorizontalSnap: DeclaredParameters, LayoutHoistingPolicy, Hashable {
    public var id: String { "ashorizontal" }
    public var summary: String {
        "advance when UIKit's fast-rate target is more than 1/3 of an item past the item's leading edge; no snap at the end"
    }
    public var source: String {
        "seed 000/001: ASHorizontalScrollView 1.5.2, scrollViewWillEndDragging (widthToScrollNextItem 1/3, decelerationRate .fast 0.99/ms)"
    }

    /// Fraction of an item width past its leading edge beyond which the next item is chosen.
    public var widthToScrollNextItem: Double
    /// Per-millisecond deceleration rate used for UIKit's proposed target.
    public var decelerationRate: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(
        ASHorizontalSnap(widthToScrollNextItem: .nan, decelerationRate: .nan))

    public init(widthToScrollNextItem: Double = ASHorizontalSnap.defaults.widthToScrollNextItem,
                decelerationRate: Double = ASHorizontalSnap.defaults.decelerationRate) {
        self.widthToScrollNextItem = widthToScrollNextItem
        self.decelerationRate = decelerationRate
    }

    /// The parameters, declared once (``DeclaredParameters``).
    public static let parameters = ParameterTable<ASHorizontalSnap>([
        ParameterField(\.widthToScrollNextItem, "widthToScrollNextItem", unit: "fraction of item width",
                       default: 1.0 / 3.0, range: 0...1,
                       summary: "advance when the target is this far into the current item"),
        ParameterField(\.decelerationRate, "decelerationRate", unit: "per ms", default: 0.99,
                       range: 0.5...0.9999,
                       role: .platformConstant, summary: "UIKit deceleration rate of the projected target (.fast = 0.99)"),
    ])

    public var parameterTable: ParameterTable<ASHorizontalSnap> { Self.parameters }

    @inline(__always)
    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let target = UIKitDeceleration(rate: decelerationRate).restingOffset(of: release, in: layout)
        let origin = layout.alignmentOrigin
        if !layout.isLooping && !(target + layout.viewportWidth < layout.contentWidth) {
            let slot = layout.nearestSlot(toOffset: target)
            return SnapDecision(targetSlot: slot, targetIndex: layout.itemIndex(ofSlot: slot),
                                targetOffset: target, rule: "end-keeps-uikit-target" as StaticString)
        }
        let u = target - origin
        let left = layout.leadingInset
        let stride = layout.stride
        // (t − L)/(m + w) in items, snapped to a whole item within 1e-9 (SnapMath.snappedToWhole)
        // so that a target exactly on an item's edge decides the same after a shift by whole cycles.
        let q = SnapMath.snappedToWhole((u - left) / stride)
        var index: Int
        if layout.isLooping {
            index = SnapMath.flooredIndex(q)
        } else {
            index = Swift.max(0, SnapMath.truncatedIndex(q))
        }
        // t − itemX = t − (L + index·(m + w)) = (q − index)·(m + w).
        let advance = (q - Double(index)) * stride > layout.itemWidth * widthToScrollNextItem
        if advance { index += 1 }
        if !layout.isLooping && index > layout.itemCount - 1 {
            return layout.decision(slot: layout.itemCount - 1, rule: "clamped-to-last-item")
        }
        return layout.decision(slot: index, rule: advance ? "advance-past-third" : "stay-before-third")
    }
}
