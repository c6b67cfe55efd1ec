import ArgumentParser
import SnapReports

extension ReportFormat: ExpressibleByArgument {}

/// Output formats of the commands that print a table or JSON only.
public enum TableOrJSON: String, ExpressibleByArgument, CaseIterable, Sendable {
    case table
    case json
}
