import ArgumentParser
import SnapStrategies

/// Turns `--policy`/`--policies` text into policies, as a usage error when unknown.
enum PolicySelection {
    static func parse(_ list: String) throws -> [any SnapPolicy] {
        do { return try PolicyCatalog.policies(list: list) } catch {
            let hint = NameSuggestion.hint(for: error.id, among: error.known)
            throw ValidationError("unknown policy '\(error.id)'.\(hint) Known policies: " + error.known.joined(separator: ", "))
        }
    }
}
