import ArgumentParser
import SnapStrategies

/// `--param NAME=VALUE` overrides, repeatable; a name may be qualified as `policy.NAME` to touch
/// one policy only. Unqualified names apply to every selected policy that has them, and must
/// match at least one.
public struct ParameterOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("param"), parsing: .singleValue, help: ArgumentHelp(
        "Override a parameter: NAME=VALUE or POLICY.NAME=VALUE (repeatable).", valueName: "name=value"))
    public var overrides: [String] = []

    public init() {}

    /// The parsed overrides: (policy or nil, name, value).
    public func parsed() throws -> [(policy: String?, name: String, value: Double)] {
        try overrides.map { text in
            guard let eq = text.firstIndex(of: "=") else {
                throw ValidationError("--param '\(text)': expected NAME=VALUE")
            }
            let key = String(text[..<eq])
            let rawValue = String(text[text.index(after: eq)...])
            guard let value = Double(rawValue), value.isFinite else {
                throw ValidationError("--param '\(text)': '\(rawValue)' is not a finite number")
            }
            if let dot = key.lastIndex(of: ".") {
                return (String(key[..<dot]), String(key[key.index(after: dot)...]), value)
            }
            return (nil, key, value)
        }
    }

    /// `policies` with the overrides applied. Every override is placed first and the vectors
    /// validated after, so `--param lowTier=3 --param highTier=5` works in either order.
    /// - Throws: `ValidationError` for an unknown name, an out-of-range value, or values that break
    ///   a policy's declared order (naming both parameters) (exit 64).
    public func apply(to policies: [any SnapPolicy]) throws -> [any SnapPolicy] {
        var result = policies
        var vectors = policies.map(\.parameterValues)
        for (policy, name, value) in try parsed() {
            var matched = false
            for i in result.indices where policy == nil || result[i].id == policy {
                let specs = result[i].parameterSpecs
                guard let k = specs.firstIndex(where: { $0.name == name }) else {
                    if policy != nil {
                        throw ValidationError(ParameterError.unknownName(
                            policy: result[i].id, name: name, known: specs.map(\.name)).description
                                              + NameSuggestion.hint(for: name, among: specs.map(\.name)))
                    }
                    continue
                }
                let spec = specs[k]
                guard spec.accepts(value) else {
                    throw ValidationError(ParameterError.outOfRange(
                        policy: result[i].id, name: name, value: value, minimum: spec.minimum,
                        maximum: spec.maximum, isInteger: spec.isInteger).description)
                }
                vectors[i][k] = value
                matched = true
            }
            if !matched {
                if let policy {
                    let ids = result.map(\.id)
                    throw ValidationError("--param \(policy).\(name): policy '\(policy)' is not selected."
                                          + NameSuggestion.hint(for: policy, among: ids) + " Selected: " + ids.joined(separator: ", "))
                }
                var known: [String] = []
                for p in result { for spec in p.parameterSpecs where !known.contains(spec.name) { known.append(spec.name) } }
                throw ValidationError("--param \(name): no selected policy has a parameter named '\(name)'."
                                      + NameSuggestion.hint(for: name, among: known)
                                      + (known.isEmpty ? " The selected policies have no parameters." : " Known: " + known.joined(separator: ", ")))
            }
        }
        for i in result.indices where vectors[i] != result[i].parameterValues {
            do { try result[i].setParameterValues(vectors[i]) } catch {
                throw ValidationError("--param: " + error.description)
            }
        }
        return result
    }
}
