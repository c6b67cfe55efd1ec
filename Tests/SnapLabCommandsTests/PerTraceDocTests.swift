import Foundation
import Testing
@testable import SnapLabCommands

/// `compare --per-trace` in long form (issue 31): Docs/per-trace.md's pandas example runs on it,
/// and behaviour labels are written too.
@Suite struct PerTraceDocTests {
    static var docs: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Docs/per-trace.md")
    }

    /// The first ```python block of Docs/per-trace.md.
    static func example() throws -> String {
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.range(of: "```python\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test("the doc's pandas example runs on compare's per-trace file (pandas from Scripts/setup.sh --tests)")
    func docExampleRunsWithPandas() throws {
        let input = CommandFixtures.path("gen50_seed3.csv")
        let dir = try TestScratch.directory("per-trace-doc")
        let rows = dir.appendingPathComponent("traces.csv").path
        let command = try SnapLab.parseAsRoot(["compare", input, "--policies", "nearest,tag99", "--bootstrap", "10", "--per-trace", rows])
        _ = try #require(command as? SnapLab.Compare).output()
        let script = try Self.example().replacingOccurrences(of: "\"traces.csv\"", with: "\"\(rows)\"")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 with pandas (bash Scripts/setup.sh --tests installs it): \(stderr)")
        #expect(stdout.contains("nearest") && stdout.contains("tag99"), "\(stdout)")
    }

    @Test("--per-trace with --labels behaviour writes the derived labels")
    func behaviourLabels() throws {
        let path = try temporaryCSV(BehaviourLabelOptionsTests.telemetry)
        let rows = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("behaviour-rows.csv").path
        let command = try SnapLab.parseAsRoot(["compare", path, "--labels", "behaviour", "--policies", "nearest", "--bootstrap", "10",
                                               "--per-trace", rows,
                                               "--item-width", "160", "--spacing", "10", "--leading-inset", "10", "--viewport", "375", "--count", "40"])
        let out = try #require(command as? SnapLab.Compare).output()
        #expect(out.standardError.contains("wrote 2 traces × 1 policies = 2 per-trace rows"))
        let lines = try String(contentsOfFile: rows, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        // the file's labels are 9; the derived ones 5 (dwell on stroke 1's rest... then the tap on 5)
        let intended = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[6] }
        #expect(!intended.contains("9") && lines.dropFirst().allSatisfy { $0.contains(",S,") }, "\(lines)")
    }
}
