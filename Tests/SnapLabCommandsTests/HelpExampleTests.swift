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
        let small = try ExampleRunner.smallFile(in: dir)
        for example in Self.examples() {
            let r = try ExampleRunner.run(example, in: dir, small: small)
            #expect(r.status == 0, "\(example): \(r.stderr)")
        }
    }
}

/// Runs documented `snaplab …` examples against a small generated trace file standing in for
/// `Data/synthetic.csv` (and `swipes.csv`), writing their output files into a scratch directory.
enum ExampleRunner {
    /// 300 labelled traces from 10 users (enough users for 5 folds).
    static func smallFile(in dir: URL) throws -> String {
        let small = dir.appendingPathComponent("small.csv").path
        let made = try ExitCodeTests.run(["generate", "--traces", "300", "--users", "10", "--seed", "4", "--out", small])
        try #require(made.status == 0, "\(made.stderr)")
        // A pointer log for `snaplab import`'s example: two strokes (stroke, time ms, x, y px).
        try Data("stroke,time,x,y\n1,0,300,100\n1,16,280,100\n1,32,250,101\n1,48,210,101\n2,1000,200,100\n2,1016,220,100\n2,1032,250,100\n".utf8)
            .write(to: dir.appendingPathComponent("log.csv"))
        return small
    }

    /// 300 labelled traces from 10 users with frame delivery (made once per directory).
    static func framesFile(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("small-frames.csv").path
        guard !FileManager.default.fileExists(atPath: path) else { return path }
        let made = try ExitCodeTests.run(["generate", "--traces", "300", "--users", "10", "--seed", "4", "--delivery", "frames", "--out", path])
        try #require(made.status == 0, "\(made.stderr)")
        return path
    }

    static func run(_ example: String, in dir: URL, small: String) throws -> ExitCodeTests.Run {
        var words = example.split(separator: " ").map(String.init)
        #expect(words.first == "snaplab")
        words.removeFirst()
        let isGenerate = words.first == "generate"
        // `generate --like` fits a frame-delivered model (as real recordings are), which cannot
        // converge on the scan-delivered small file (issue 32: that is an error), so its recording
        // is a small frame-delivered file
        let recording = isGenerate && words.contains("--like") ? try framesFile(in: dir) : small
        words = words.map { w in
            if isGenerate {  // a small generated file in, small files out into the scratch directory
                if w == "Data/synthetic.csv" { return dir.appendingPathComponent("gen.csv").path }
                if w == "swipes.csv" { return recording }
                if ["20000", "100000", "1000000"].contains(w) { return "200" }
                if !w.hasPrefix("Data/"), [".json", ".csv"].contains(where: { w.hasSuffix($0) }) { return dir.appendingPathComponent(w).path }
            }
            if w == "Data/synthetic.csv" || w == "swipes.csv" { return small }
            if w == "log.csv" { return dir.appendingPathComponent(w).path }
            if w.hasPrefix("Data/") {  // a file committed under Data/ (e.g. Data/pointer-example.csv)
                return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent(w).path
            }
            if [".svg", ".html", ".json", ".jsonl", ".png", ".csv", ".kt", ".mjs", ".swift"].contains(where: { w.hasSuffix($0) }) {
                return dir.appendingPathComponent(w).path
            }
            return w
        }
        return try ExitCodeTests.run(words)
    }
}
