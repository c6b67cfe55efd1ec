import ArgumentParser
import Foundation
import SnapLabSupport

extension SnapLab {
    /// The `snaplab` entry point: ArgumentParser's, with usage errors that help.
    ///
    /// - A usage error thrown while running (an unknown policy or parameter) prints the usage of
    ///   the subcommand that was run, not the root's, and exits 64.
    /// - Unknown subcommands and invalid option values get a did-you-mean (``NameSuggestion``)
    ///   and the list of known names.
    /// - A negative number after an option (`--bootstrap -5`) is read as its value when the
    ///   command line does not parse otherwise, so validation can say that it must be positive
    ///   instead of ArgumentParser's "Missing value".
    public static func runMain(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        var command: any ParsableCommand
        do {
            command = try parse(arguments)
        } catch {
            fail(error, subcommand: nil, arguments: arguments)
        }
        do {
            // all of a command's output files appear together, or none does
            try OutputCommitGroup.run { try command.run() }
        } catch {
            fail(error, subcommand: type(of: command), arguments: arguments)
        }
        Foundation.exit(0)
    }

    /// Parses `arguments`, retrying with negative numbers joined to the option before them.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        do {
            return try parseAsRoot(arguments)
        } catch {
            let joined = joiningNegativeValues(arguments)
            guard joined != arguments else { throw error }
            // The joined line's own error (a validation message) is the more accurate one.
            return try parseAsRoot(joined)
        }
    }

    /// `["--bootstrap", "-5"]` → `["--bootstrap=-5"]` (options without `=`, before `--`).
    static func joiningNegativeValues(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" { out += arguments[i...]; break }
            if a.hasPrefix("--"), !a.contains("="), i + 1 < arguments.count, isNegativeNumber(arguments[i + 1]) {
                out.append(a + "=" + arguments[i + 1])
                i += 2
                continue
            }
            out.append(a)
            i += 1
        }
        return out
    }

    static func isNegativeNumber(_ s: String) -> Bool {
        s.count > 1 && s.hasPrefix("-") && Double(s) != nil
    }

    /// The message for `error` with hints added, the usage to print and the exit code.
    static func explain(_ error: any Error, subcommand: (any ParsableCommand.Type)?, arguments: [String])
        -> (text: String, code: Int32) {
        if subcommand != nil, error is ValidationError, let sub = subcommand {
            let usage = usageString(for: sub)
            let path = usage.split(separator: " ").prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") && !$0.hasPrefix("-") }
                .joined(separator: " ")
            let text = "Error: \(message(for: error))\nUsage: \(usage)\n  See '\(path) --help' for more information.\n"
            return (text, ExitCode.validationFailure.rawValue)
        }
        if let refused = error as? FileOutputError, refused.isUsageError {
            return ("Error: \(refused.description)\n", ExitCode.validationFailure.rawValue)
        }
        let code = exitCode(for: error).rawValue
        var full = fullMessage(for: error)
        let original = message(for: error)
        var hinted = original
        let names = configuration.subcommands.map { $0._commandName }
        if let first = arguments.first, !first.hasPrefix("-"), !names.contains(first), original.contains("'\(first)'") {
            hinted = "unknown command '\(first)'." + NameSuggestion.hint(for: first, among: names)
                + " Commands: " + names.joined(separator: ", ")
        } else if let range = original.range(of: "Please provide one of ") {
            // "The value 'jsn' is invalid for '--format <format>'. Please provide one of 'table', … and 'json'."
            let known = quoted(String(original[range.upperBound...]))
            if let typed = quoted(original).first {
                let hint = NameSuggestion.hint(for: typed, among: known)
                if !hint.isEmpty { hinted = original + hint }
            }
        }
        if hinted != original {
            full = full.replacingOccurrences(of: original, with: hinted)
        }
        return (full.hasSuffix("\n") ? full : full + "\n", code)
    }

    /// The single-quoted words in `text`, in order.
    static func quoted(_ text: String) -> [String] {
        text.split(separator: "'", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    private static func fail(_ error: any Error, subcommand: (any ParsableCommand.Type)?, arguments: [String]) -> Never {
        if let exit = error as? ExitCode { Foundation.exit(exit.rawValue) }
        let (text, code) = explain(error, subcommand: subcommand, arguments: arguments)
        if code == 0 {
            Output.standard.write(text)   // --help, --version
        } else {
            Output.error.write(text)
        }
        Foundation.exit(code)
    }
}
