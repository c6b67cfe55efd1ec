/// Output formats of the reports that are tables.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Aligned plain text for a terminal.
    case table
    /// A GitHub-flavoured Markdown table.
    case markdown
    /// RFC 4180 CSV with a header row.
    case csv
    /// One JSON document.
    case json
}
