import SnapLabSupport


/// What `--quiet` keeps of a command's notes on standard error: warnings (lines containing
/// `warning`) and skipped traces (lines starting `skipped`); counts, seeds and `wrote FILE`
/// lines go. Errors never pass through here (they are printed by the error path).
enum QuietFilter {
    /// `notes` unchanged, or only its kept lines when ``ProgressOutput/isQuiet``.
    static func apply(_ notes: String, quiet: Bool = ProgressOutput.isQuiet) -> String {
        guard quiet else { return notes }
        let kept = notes.split(separator: "\n", omittingEmptySubsequences: true).filter {
            $0.hasPrefix("skipped") || $0.lowercased().contains("warning")
        }
        return kept.isEmpty ? "" : kept.joined(separator: "\n") + "\n"
    }
}
