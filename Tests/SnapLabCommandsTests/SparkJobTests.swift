import Foundation
import Testing
@testable import SnapLabCommands

/// The Spark job of Scripts/spark (issue 36): in Spark's `local[2]` mode, on a generated dataset
/// written as Parquet (and read back as CSV), the table merged from the per-partition summaries
/// equals `snaplab compare`'s on the same traces (Scripts/spark/check_snaplab_spark.py checks it).
/// Needs pyspark and a Java runtime (`Scripts/setup.sh --tests` installs both); skipped, with the
/// reason, without them. Run in test.sh's serial pass: Spark's JVM takes both cores.
@Suite("Spark job: merged per-partition summaries equal compare")
struct SparkJobTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Why the test cannot run here, or `nil` when it can.
    static let missing: String? = {
        if ExitCodeTests.binary == nil { return "the snaplab binary is not built" }
        guard let probe = try? Self.process("/usr/bin/env", ["python3", "-c", "import pyspark"]), probe.status == 0 else {
            return "pyspark is not installed (bash Scripts/setup.sh --tests installs it)"
        }
        guard let java = try? Self.process("/usr/bin/env", ["java", "-version"]), java.status == 0 else {
            return "no Java runtime (bash Scripts/setup.sh --tests installs openjdk-17-jre-headless)"
        }
        return nil
    }()

    @Test("local[2], Parquet and CSV input, 4 partitions by user, --hit revealed --velocity ios: the merged table is compare's",
          .enabled(if: missing == nil, "\(missing ?? "")"), .timeLimit(.minutes(10)))
    func mergedTableEqualsCompare() throws {
        let binary = try #require(ExitCodeTests.binary)
        let dir = try TestScratch.directory("spark")
        let csv = dir.appendingPathComponent("traces.csv").path
        let made = try ExitCodeTests.run(["generate", "--traces", "1200", "--users", "24", "--seed", "36", "--out", csv])
        try #require(made.status == 0, "\(made.stderr)")
        let script = Self.root.appendingPathComponent("Scripts/spark/check_snaplab_spark.py").path
        let run = try Self.process("/usr/bin/env", [
            "python3", script, "--snaplab", binary, "--csv", csv, "--work", dir.path, "--",
            "--bootstrap", "300", "--seed", "7", "--hit", "revealed", "--velocity", "ios"])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("parquet: merged table equals compare's"), "\(run.stdout)")
        #expect(run.stdout.contains("csv: merged table equals compare's"), "\(run.stdout)")
        #expect(run.stdout.contains("4 partition summaries"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("OK\n"), "\(run.stdout)")
    }

    /// Runs `executable args`, its output in files (Spark writes much to standard error: two pipes
    /// read one after the other could fill and stall).
    static func process(_ executable: String, _ args: [String]) throws -> ExitCodeTests.Run {
        let dir = try TestScratch.directory("spark-process")
        let out = dir.appendingPathComponent("stdout"), err = dir.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = args
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return ExitCodeTests.Run(status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
                                 stderr: try String(contentsOf: err, encoding: .utf8))
    }
}
