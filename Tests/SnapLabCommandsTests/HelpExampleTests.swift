import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands

/// Every `Example:` line in every subcommand's `--help` runs and exits 0, on a small generated
/// trace file standing in for `Data/synthetic.csv` (and `swipes.csv`), in a scratch directory.
@Suite("Help examples")
struct HelpExampleTests {
    /// `Example:` lines of every command, recursively.
    static func examples(_ command: any ParsableCommand.Type = SnapLab.self) -> [String] {
        let own = command.configuration.discussion.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "Example: ") else { return nil }
            return String(line[r.upperBound...])
        }
        return own + command.configuration.subcommands.flatMap { examples($0) }
    }

    @Test("every subcommand with options shows at least one example")
    func present() {
        let text = Self.examples().joined(separator: "\n")
        for name in ["compare", "explain", "describe", "velocity", "generate", "plot decision-map", "plot hit-rate",
                     "fit", "recommend", "report"] {
            #expect(text.contains("snaplab \(name) "), "no example for \(name)")
        }
    }

    @Test("each example runs", .enabled(if: ExitCodeTests.binary != nil, "the snaplab binary is not built"),
          .timeLimit(.minutes(5)))
    func run() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snaplab-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let small = dir.appendingPathComponent("small.csv").path
        let made = try ExitCodeTests.run(["generate", "--traces", "300", "--users", "10", "--seed", "4", "--out", small])
        try #require(made.status == 0, "\(made.stderr)")
        // A raw pointer log standing in for `log.csv` (import's example): three strokes of 8 samples.
        var log = "stroke,time,x,y\n"
        for stroke in 0..<3 {
            for i in 0..<8 { log += "\(stroke),\(1000 * stroke + 16 * i),\(600 - 40 * i),300\n" }
        }
        let pointerLog = dir.appendingPathComponent("log.csv").path
        try log.write(toFile: pointerLog, atomically: true, encoding: .utf8)
        for example in Self.examples() {
            var words = example.split(separator: " ").map(String.init)
            #expect(words.first == "snaplab")
            words.removeFirst()
            let isGenerate = words.first == "generate"
            words = words.map { w in
                if isGenerate { return w == "Data/synthetic.csv" ? dir.appendingPathComponent("gen.csv").path : w == "20000" ? "200" : w }
                if w == "Data/synthetic.csv" || w == "swipes.csv" { return small }
                if w == "log.csv" { return pointerLog }
                if w == "traces.csv" { return dir.appendingPathComponent(w).path }
                if w.hasSuffix(".svg") || w.hasSuffix(".html") || w.hasSuffix(".json") || w.hasSuffix(".png") {
                    return dir.appendingPathComponent(w).path
                }
                return w
            }
            let r = try ExitCodeTests.run(words)
            #expect(r.status == 0, "\(example): \(r.stderr)")
        }
    }
}
