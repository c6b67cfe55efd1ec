import SnapTraces

/// What the synthetic people are trying to do (issue 16; `Docs/swipe-model.md` §2).
///
/// - ``paging``: go to the next or previous items of a snapping carousel (goals `k` items away,
///   one swipe or a page-stepper series; labelled `exact`).
/// - ``reveal``: bring item `k` into view in a free-scrolling row by a series of strokes in one
///   direction, each continuing from where the previous came to rest (labelled `revealed`). This
///   is the task of the 2024 A30 / Compose `LazyRow` study quoted in `Data/README.md`.
/// - ``browse``: strokes with no goal (unlabelled), for unlabelled-data studies.
public enum SwipeTask: String, Sendable, Hashable, CaseIterable, Codable {
    case paging
    case reveal
    case browse

    /// The `hit` criterion written for the task's traces (`nil`: unlabelled).
    public var hitCriterion: HitCriterion? {
        switch self {
        case .paging: return .exact
        case .reveal: return .revealed
        case .browse: return nil
        }
    }
}
