/// Where a resting item sits in the viewport.
///
/// - `leading`: the item's leading edge sits `leadingInset` points from the viewport's
///   leading edge (UIKit paging, ASHorizontalScrollView, CSS `scroll-snap-align: start`).
/// - `center`: the item's centre sits at the viewport's centre (PagerSnapHelper, iCarousel).
/// - `trailing`: the item's trailing edge sits `trailingInset` points from the viewport's
///   trailing edge (CSS `end`).
public enum SnapAlignment: String, Sendable, Hashable, CaseIterable {
    case leading
    case center
    case trailing
}
