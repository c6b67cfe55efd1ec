/// What counts as reaching the intended item (trace format 1.1, column `hit`; option `--hit`).
///
/// - ``exact``: the resting item is the intended item (the carousel snapped to it).
/// - ``revealed``: the intended item lies wholly inside the viewport when the carousel rests
///   (a "bring item k into view" task: being visible is enough).
///
/// One `intended_index` cannot say which of the two a study meant, and the choice moves hit
/// rates a lot (0.08 against 0.77 for the same policy on one real recording), so it is stated
/// per run and, for mixed tasks, per trace.
public enum HitCriterion: String, Sendable, Hashable, CaseIterable {
    case exact
    case revealed
}
