/// A language `snaplab export` writes a policy in.
public enum ExportLanguage: String, Sendable, Hashable, CaseIterable {
    /// Swift built on `SnapStrategies` (the package is the dependency; the policies are its own code).
    case swift
    /// One self-contained Kotlin file (JVM/Android), no dependencies.
    case kotlin
    /// One self-contained ES module and its TypeScript declarations (`.d.ts`), no dependencies.
    case js
    /// The platform's own configuration, when it has the knobs (``NativeSettings``).
    case native

    /// The file extension of the main file.
    public var fileExtension: String {
        switch self {
        case .swift: return "swift"
        case .kotlin: return "kt"
        case .js: return "mjs"
        case .native: return "txt"
        }
    }
}

/// One file of an export: a name suffix relative to the main file and its text.
public struct ExportFile: Sendable, Hashable {
    /// `""` for the main file; `".d.ts"` for the declarations beside an ES module (written as
    /// `<out without extension>.d.ts`).
    public var role: Role
    public var text: String

    public enum Role: Sendable, Hashable {
        case main
        case declarations
    }

    public init(role: Role, text: String) {
        self.role = role
        self.text = text
    }

    /// The path of this file for the main file's path `path`: the declarations replace the main
    /// file's extension (`carousel.mjs` → `carousel.d.ts`, as TypeScript looks for them).
    public func path(forMain path: String) -> String {
        guard role == .declarations else { return path }
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        let stem = name.lastIndex(of: ".").map { String(path[..<$0]) } ?? path
        return stem + ".d.ts"
    }
}

/// Why a policy cannot be exported.
public enum ExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The policy has no translation to that language yet.
    case unsupported(policy: String, language: ExportLanguage, supported: [String])

    public var description: String {
        switch self {
        case let .unsupported(policy, .native, supported):
            return "policy '\(policy)' has no native settings (its platform has no knobs for it, or it is not a platform's policy); "
                + "policies with native settings: " + supported.joined(separator: ", ")
        case let .unsupported(policy, language, supported):
            return "policy '\(policy)' has no \(language.rawValue) translation yet; exportable to \(language.rawValue): "
                + supported.joined(separator: ", ") + " (every policy exports to swift)"
        }
    }
}
