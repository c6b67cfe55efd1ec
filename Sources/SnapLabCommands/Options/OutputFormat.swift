import ArgumentParser

/// Output formats of the commands that print tables.
public enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case table
    case markdown
    case csv
    case json
}

/// Output formats of the commands that print a table or JSON only.
public enum TableOrJSON: String, ExpressibleByArgument, CaseIterable, Sendable {
    case table
    case json
}
