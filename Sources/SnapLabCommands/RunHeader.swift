import SnapTraces

/// The run header every scoring command prints first (`compare`, `merge`, `fit`, `recommend`,
/// `report`): the files read, what the command adds about its traces, the release velocity the
/// run used, the hit criterion, then the command's own entries (bootstrap, platform, seed).
/// Built here once, so the commands say the same thing in the same words and order.
struct RunHeader {
    /// The files read (one `file` entry each when ``listsFiles``); they also say which velocity
    /// was used (``velocity``).
    var files: [FileReadSummary]
    /// The data checks of the traces read: the estimator they were read with
    /// (``DataChecks/velocity``, `--velocity` as the reader used it), and
    /// (``DataChecks/labelled``, ``DataChecks/revealedLabelled``) when some labelled traces were
    /// scored under another criterion than `--hit` (their own `hit` column), the `hit` entry says
    /// which with the counts (``hitText``).
    var checks: DataChecks
    /// `--hit`.
    var hit: HitCriterion
    /// `traces`: the command's counts, when it states them.
    var traces: String? = nil
    /// `labels`: how labels were derived (`--labels behaviour`).
    var labels: String? = nil
    /// `users`: the number of users, when the command states it here.
    var users: Int? = nil
    /// Entries after `hit`, in order.
    var trailing: [(key: String, value: String)] = []
    /// Whether the header starts with one `file` entry per file (the HTML report says the
    /// files elsewhere).
    var listsFiles = true
    /// Said in brackets after the velocity (e.g. that `--platform compose` read frame-logged
    /// traces with compose-frames).
    var velocityNote: String? = nil

    /// The velocity the run used: `--velocity` for sample-level files, the recorded one for
    /// release-level files (``VelocityInUse``).
    var velocity: String { VelocityInUse.header(method: checks.velocity, files: files, framesRebuilt: checks.framesRebuilt) }

    /// The header's entries, in order.
    var entries: [(key: String, value: String)] {
        var e: [(key: String, value: String)] = listsFiles
            ? files.map { ("file", "\($0.path) (\($0.kind.rawValue), \($0.tracesRead) traces)") } : []
        if let traces { e.append(("traces", traces)) }
        if let labels { e.append(("labels", labels)) }
        if let users { e.append(("users", "\(users)")) }
        e.append(("velocity", velocity + (velocityNote.map { " (" + $0 + ")" } ?? "")))
        e.append(("hit", hitText))
        return e + trailing
    }

    /// The `hit` entry: what the labelled traces were scored under. `--hit` when every one was
    /// (or nothing says otherwise); else the criterion their own `hit` column gave, with counts,
    /// e.g. `revealed, from the traces' hit column (all 10000 labelled traces; --hit exact applies
    /// to traces without one)`, or both criteria's counts when the traces mix them.
    /// A summary written before the criteria were counted (``DataChecks/criteriaCounted``) says
    /// `--hit` and that its traces' own `hit` columns, if any, are not known.
    var hitText: String {
        guard checks.labelled > 0 else { return hit.rawValue }
        guard checks.criteriaCounted else {
            return hit.rawValue + " (--hit; this summary was written before the criteria used were counted: traces with "
                + "their own hit column were scored under it, and how many did is not known)"
        }
        let revealed = checks.revealedLabelled, exact = checks.labelled - revealed
        guard (hit == .exact ? revealed : exact) > 0 else { return hit.rawValue }
        if exact == 0 || revealed == 0 {
            return (exact == 0 ? HitCriterion.revealed : .exact).rawValue + ", from the traces' hit column (all \(checks.labelled) "
                + "labelled traces; --hit \(hit.rawValue) applies to traces without one)"
        }
        return "mixed, from the traces' hit column where they have one, else --hit \(hit.rawValue): exact \(exact), "
            + "revealed \(revealed) labelled traces"
    }
}
