import ArgumentParser
import Testing
@testable import SnapLabCommands

/// The command tree: every command names itself (``SnapLab`` and its subcommands).
@Suite struct SnapLabTests {
    /// `command` and every command under it.
    static func tree(_ command: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
        [command] + command.configuration.subcommands.flatMap { tree($0) }
    }

    /// Without a `commandName`, swift-argument-parser derives each name from the type's by
    /// reflection (`String(describing:)`) while it parses, some 18 M instructions a start for the
    /// tree (callgrind): every command gives its name, the one users type.
    @Test func everyCommandGivesTheNameUsersType() {
        var names: [String] = []
        for command in Self.tree(SnapLab.self) {
            let name = command.configuration.commandName
            #expect(name != nil, "\(command) gives no commandName")
            names.append(name ?? "")
        }
        #expect(names == ["snaplab", "compare", "merge", "explain", "policies", "velocity", "describe", "generate", "import",
                          "plot", "decision-map", "hit-rate", "fit", "recommend", "export", "report", "record",
                          "validate-labels"])
    }
}
