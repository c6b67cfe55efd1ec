import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands

/// `--labels behaviour` on `fit`, `recommend` and `report` (the logic is in
/// Sources/SnapLabCommands/Options/LabelSource.swift and SnapTraces/Labels).
@Suite("fit, recommend and report --labels behaviour")
struct BehaviourLabelCommandsTests {
    /// Simulated telemetry: 800 strokes of 8 users chaining under tag99 (session_id, settled_index,
    /// times), written once per test by `snaplab generate`.
    static func telemetry() throws -> String {
        let path = try CommandFixtures.write("", name: "telemetry.csv")
        let generate = try #require(try SnapLab.parseAsRoot(["generate", "--traces", "800", "--users", "8", "--seed", "3",
                                                             "--live-policy", "tag99", "--out", path]) as? SnapLab.Generate)
        try generate.run()
        return path
    }

    /// The generator's pauses between strokes are 250 ms + Exp(600 ms): a 700 ms dwell threshold
    /// ends about half the runs, so there is plenty to label.
    static let behaviour = ["--labels", "behaviour", "--dwell-ms", "700"]

    /// "behaviour labels: N of M traces labelled (…)" → N.
    static func labelledCount(_ text: String) throws -> Int {
        let line = try #require(text.split(separator: "\n").first { $0.contains("behaviour labels: ") })
        let tail = try #require(line.range(of: "behaviour labels: "))
        return try #require(Int(line[tail.upperBound...].prefix { $0.isNumber }))
    }

    @Test("recommend fits on the derived labels: its labelled traces are the labeller's, not the file's")
    func recommend() throws {
        let path = try Self.telemetry()
        let args = ["recommend", path, "--policies", "nearest,android-pagersnap", "--folds", "2", "--starts", "1", "--seed", "2"]
        let command = try #require(try SnapLab.parseAsRoot(args + Self.behaviour) as? SnapLab.Recommend)
        let text = try command.output().text
        let derived = try Self.labelledCount(text)
        #expect(derived > 50 && derived < 800, "\(derived)")
        #expect(text.contains("traces: \(derived) labelled from 8 users"))
        // With the file's labels every stroke but the cancelled ones is labelled: many more.
        let plain = try #require(try SnapLab.parseAsRoot(args) as? SnapLab.Recommend)
        let plainText = try plain.output().text
        #expect(!plainText.contains("behaviour labels"))
        let line = try #require(plainText.split(separator: "\n").first { $0.contains("traces: ") && $0.contains(" labelled from 8 users") })
        let count = try #require(line.range(of: "traces: ").flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) })
        #expect(count > derived + 100 && count <= 800, "\(count) with the file's labels, \(derived) derived")
    }

    @Test("fit reports the labeller's counts in its preamble and fits on them")
    func fit() throws {
        let path = try Self.telemetry()
        let args = ["fit", path, "--policy", "android-pagersnap", "--folds", "2", "--starts", "1", "--bootstrap", "0"] + Self.behaviour
        let command = try #require(try SnapLab.parseAsRoot(args) as? SnapLab.Fit)
        let out = try command.output()
        #expect(try Self.labelledCount(out.text) > 50)
        #expect(out.text.contains("minFlingVelocity"))
    }

    @Test("report reads the files twice and writes the labeller's counts on the page; standard input is refused")
    func report() throws {
        let path = try Self.telemetry()
        let html = path + ".html"
        let args = ["report", path, "--policies", "nearest,android-pagersnap", "--no-recommendation", "--bootstrap", "50",
                    "--out", html] + Self.behaviour
        let command = try #require(try SnapLab.parseAsRoot(args) as? SnapLab.Report)
        _ = try command.render()
        let page = try String(contentsOfFile: html, encoding: .utf8)
        let derived = try Self.labelledCount(page)
        #expect(derived > 50 && derived < 800)
        #expect(page.contains("\(derived) labelled swipes"))
        let stdin = try #require(try SnapLab.parseAsRoot(["report", "-", "--out", html] + Self.behaviour) as? SnapLab.Report)
        #expect(throws: ValidationError.self) { _ = try stdin.render() }
    }
}
