import SnapLabSupport

/// A counted warning about valid but suspicious data, with up to
/// ``DataChecks/exampleLimit`` example traces by file and line.
public struct DataWarning: Sendable, Hashable {
    /// Stable identifier for JSON (`outside-content`, `unreachable-intended`, `zero-velocity`,
    /// `few-users`, `one-label`).
    public var id: String
    /// Traces concerned (users for `few-users`).
    public var count: Int
    /// Out of how many.
    public var total: Int
    /// One sentence saying what is wrong and what it means.
    public var message: String
    public var examples: [TraceLocation]

    public init(id: String, count: Int, total: Int, message: String, examples: [TraceLocation] = []) {
        self.id = id
        self.count = count
        self.total = total
        self.message = message
        self.examples = examples
    }

    /// `warning: 12 of 400 traces …; e.g. a.csv:3, a.csv:17`.
    public var text: String {
        var s = "warning: \(message)"
        if !examples.isEmpty { s += "; e.g. " + examples.map(\.description).joined(separator: ", ") }
        return s
    }

    /// For JSON output (``JSONValue``).
    public var json: JSONValue {
        .object([("id", .string(id)), ("count", .int(count)), ("total", .int(total)),
                 ("message", .string(message)), ("examples", .array(examples.map { .string($0.description) }))])
    }
}
