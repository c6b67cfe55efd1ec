import Foundation
import Testing
@testable import SnapLabCommands

/// The progress line as a user sees it: the built `snaplab` run under a pseudo-terminal
/// (`script -qec`, util-linux) draws `\r`-updated lines on standard error; with `--quiet`, or
/// when standard error is a pipe, it draws nothing.
@Suite("Progress on a terminal")
struct ProgressTerminalTests {
    static let script: String? = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs `snaplab args` under a pseudo-terminal, returning what the terminal received.
    static func underTerminal(_ args: [String]) throws -> String {
        let binary = try #require(ExitCodeTests.binary)
        let command = ([binary] + args).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(script))
        process.arguments = ["-qec", command, "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    /// Enough traces that generating takes well over the 100 ms between redraws.
    static let traces = "12000"

    @Test("generate draws a progress line on a terminal, none with --quiet or through a pipe",
          .enabled(if: ExitCodeTests.binary != nil && script != nil, "needs the built snaplab and script(1)"),
          .timeLimit(.minutes(8)))  // generous: the whole suite on a loaded 2-core machine
    func generate() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snaplab-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("t.csv").path
        let shown = try Self.underTerminal(["generate", "--traces", Self.traces, "--seed", "1", "--kind", "releases",
                                            "--threads", "1", "--out", file])
        #expect(shown.contains("\r\u{1B}[2Kgenerating  "), "\(shown.prefix(300))")
        #expect(shown.contains("traces/s"))
        // fewer rows than swipes: cancelled swipes have no release row (and a warning says how many)
        #expect(shown.contains(" traces (releases, ") && shown.contains("generated swipes were cancelled"))

        let quiet = try Self.underTerminal(["generate", "--traces", Self.traces, "--seed", "1", "--kind", "releases",
                                            "--threads", "1", "--out", file, "--quiet"])
        #expect(!quiet.contains("\r\u{1B}[2K"))
        #expect(!quiet.contains("wrote"), "--quiet drops notices")

        let piped = try ExitCodeTests.run(["generate", "--traces", Self.traces, "--seed", "1", "--kind", "releases",
                                           "--threads", "1", "--out", file])
        #expect(piped.status == 0)
        #expect(!piped.stderr.contains("\r"), "no terminal, no progress line")
        #expect(piped.stderr.hasPrefix("seed: 1\nwrote ") && piped.stderr.contains(" traces (releases, "), "\(piped.stderr)")

        let compare = try Self.underTerminal(["compare", file, "--policies", "tag99,nearest", "--bootstrap", "10"])
        #expect(compare.contains("hit"), "the table still prints")
        let compareQuiet = try Self.underTerminal(["compare", file, "--policies", "tag99,nearest", "--bootstrap", "10", "-q"])
        #expect(!compareQuiet.contains("\r\u{1B}[2K"))
        #expect(!compareQuiet.contains("traces read"))

        // fit counts its fits (folds, the all-traces fit, the bootstrap refits): 5 + 1 + 40.
        let fit = try Self.underTerminal(["fit", file, "--policy", "tag99", "--params", "lowTier,highTier", "--bootstrap", "40"])
        #expect(fit.contains("\r\u{1B}[2Kfitting tag99  "), "\(fit.prefix(300))")
        #expect(fit.contains("/46 fits"))
        let fitQuiet = try Self.underTerminal(["fit", file, "--policy", "tag99", "--params", "lowTier", "--bootstrap", "5", "-q"])
        #expect(!fitQuiet.contains("\r\u{1B}[2K"))
    }
}
