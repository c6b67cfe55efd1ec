import SnapStrategies
import SnapLabSupport

/// Every policy with its parameters: the body of `snaplab policies`.
public struct PolicyListReport: Sendable {
    public let policies: [any SnapPolicy]

    public init(policies: [any SnapPolicy]) { self.policies = policies }

    /// A block per policy: identifier, description, source, then a parameter table.
    public func table() -> String {
        var out = ""
        for (k, p) in policies.enumerated() {
            if k > 0 { out += "\n" }
            out += "\(p.id): \(p.summary)\n  source: \(p.source)\n"
            let specs = p.parameterSpecs
            if specs.isEmpty { out += "  (no parameters)\n"; continue }
            let table = TextTable(
                header: ["parameter", "unit", "default", "current", "range"],
                rows: zip(specs, p.parameterValues).map { s, v in
                    [s.name, s.unit, NumberFormat.shortest(s.defaultValue), NumberFormat.shortest(v),
                     "\(NumberFormat.shortest(s.minimum))...\(NumberFormat.shortest(s.maximum))\(s.isInteger ? " (whole)" : "")"]
                },
                rightAligned: [2, 3])
            for line in table.rendered().split(separator: "\n") { out += "  " + line + "\n" }
        }
        return out
    }

    /// A JSON array: per policy `id`, `description`, `source`, `parameters` (each `name`, `unit`,
    /// `default`, `min`, `max`, `value`, `integer`, `description`).
    public func json() -> JSONValue {
        .array(policies.map { p in
            .object([
                ("id", .string(p.id)),
                ("description", .string(p.summary)),
                ("source", .string(p.source)),
                ("parameters", .array(zip(p.parameterSpecs, p.parameterValues).map { s, v in
                    .object([
                        ("name", .string(s.name)), ("unit", .string(s.unit)),
                        ("default", .number(s.defaultValue)), ("min", .number(s.minimum)),
                        ("max", .number(s.maximum)), ("value", .number(v)),
                        ("integer", .bool(s.isInteger)), ("description", .string(s.summary)),
                    ])
                })),
            ])
        })
    }
}
