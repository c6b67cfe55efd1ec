import SnapTraces

/// The mark next to every interval computed from fewer than ``minimumUsers`` users: a user
/// bootstrap (or fold standard error) over so few people says nothing about other people, so
/// the interval is shown but flagged, with a footnote saying why (text, Markdown, HTML), a
/// column in CSV and a flag in JSON (`intervals_from_few_users`).
public enum FewUsersMark {
    /// Fewer users than this get the mark (``DataChecks/minimumUsers``).
    public static let minimumUsers = DataChecks.minimumUsers
    /// The mark.
    public static let symbol = "†"

    /// Whether intervals from `users` users (with at least one scored trace) get the mark.
    public static func applies(users: Int) -> Bool { users > 0 && users < minimumUsers }

    /// `text`, with the mark when `applies`.
    public static func marked(_ text: String, _ applies: Bool) -> String { applies ? text + " " + symbol : text }

    /// The footnote under a table whose intervals carry the mark.
    public static func footnote(users: Int) -> String {
        "\(symbol) from \(users) user\(users == 1 ? "" : "s") (fewer than \(minimumUsers)): intervals and tests "
            + "are not meaningful (they cannot say how other people would fare)"
    }
}

extension ComparisonReport {
    /// Whether the comparison's intervals come from fewer than five users (``FewUsersMark``).
    public var intervalsFromFewUsers: Bool { comparison.labelled > 0 && FewUsersMark.applies(users: comparison.users) }

    /// The legend under the table, saying what a hit is under ``hit``.
    public var legend: String {
        let hitLine = switch hit {
        case .exact: "hit: share of labelled traces that rest on the intended item (--hit exact; a trace's own hit column wins)"
        case .revealed: "hit: share of labelled traces whose intended item lies wholly in the viewport at rest "
            + "(--hit revealed; a trace's own hit column wins)"
        }
        var text = hitLine + "; 95% CI: user-clustered bootstrap (cluster-robust normal above 5000 users).\n" + Self.legendRest
        if intervalsFromFewUsers { text += "\n" + FewUsersMark.footnote(users: comparison.users) }
        return text
    }

    static let legendRest = """
        vs best: difference in hit rate to the best policy; p (Holm): clustered McNemar test (users as units) against the best, Holm-adjusted (sig: * < 0.05, ** < 0.01, *** < 0.001).
        over/under: share past / short of the intended item in the swipe's direction (in items, whatever --hit); missed: share of intended changes that stayed; false: share of intended stays that changed.
        snap pt: mean |target offset - UIKit normal-rate resting offset|; cells: mean cells reconfigured by a reuse pool while settling.
        """
}
