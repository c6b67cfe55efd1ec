import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands

/// The exit codes documented in the README: 0 success, 1 failure, 64 usage error, 65 bad input
/// data. The built `snaplab` binary runs as a subprocess (`swift test` builds the executable
/// product too); without it those tests are skipped with the reason, and the in-process tests
/// below still check `SnapLab.exitCode(for:)` on the errors the commands throw.
@Suite("Exit codes")
struct ExitCodeTests {
    /// The `snaplab` binary next to the test bundle, or in the package's `.build/debug`.
    static let binary: String? = {
        var candidates: [URL] = []
        if let exe = Bundle.main.executableURL { candidates.append(exe.deletingLastPathComponent().appendingPathComponent("snaplab")) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("snaplab"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/snaplab"))
        return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ args: [String]) throws -> Run {
        try runProcess(try #require(binary), args)
    }

    /// Runs `executable` with `args` (and `environment`, else this process's), collecting its output.
    static func runProcess(_ executable: String, _ args: [String], environment: [String: String]? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = args
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                   stderr: String(decoding: e, as: UTF8.self))
    }

    static let malformed = "trace_id,t_ms,offset\n1,0,5\n1,8,abc\n"

    @Test("subprocess: 0 success, 64 usage, 65 bad data (malformed, 0-byte, missing), 1 failure",
          .enabled(if: binary != nil, "the snaplab binary is not built: run `swift build` first"))
    func subprocess() throws {
        let ok = try Self.run(["explain", "--policy", "tag99", "--offset", "425", "--velocity", "-0.5"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("one-page-back"))

        for args in [["explain", "--no-such-option"], ["no-such-command"], ["explain", "--policy", "no-such-policy"],
                     ["velocity"], ["explain", "--velocity", "nan"],
                     ["compare", "x.csv", "--count", "4611686018427387905", "--looping"], ["describe", "x.csv", "--count", "0"]] {
            let r = try Self.run(args)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(!r.stderr.isEmpty)
        }

        let bad = try CommandFixtures.write(Self.malformed, name: "bad.csv")
        let empty = try CommandFixtures.write("", name: "empty.csv")
        for (args, fragment) in [(["velocity", bad], "\(bad):3: column 'offset'"),
                                 (["describe", bad, "--item-width", "160", "--viewport", "375", "--count", "40"], "\(bad):3:"),
                                 // describe needs no layout (issue 31): the malformed row is the error
                                 (["describe", bad], "\(bad):3: column 'offset'"),
                                 (["velocity", empty], "the file is empty (0 bytes)"),
                                 (["compare", empty, "--item-width", "160", "--viewport", "375", "--count", "40"], "empty"),
                                 (["velocity", "/nonexistent/traces.csv"], "cannot read the file")] {
            let r = try Self.run(args)
            #expect(r.status == 65, "\(args): \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(args)")
            #expect(r.stderr.contains(fragment), "\(args): \(r.stderr)")
        }

        let headerOnly = try CommandFixtures.write("trace_id,t_ms,offset\n", name: "header.csv")
        let zero = try Self.run(["velocity", headerOnly])
        #expect(zero.status == 0, "\(zero.stderr)")
        #expect(zero.stdout == "trace_id,velocity,samples_used\n")

        let missingDirectory = "/nonexistent-snaplab-dir-\(UUID().uuidString)/out.csv"
        let failed = try Self.run(["generate", "--traces", "5", "--seed", "1", "--out", missingDirectory])
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(!failed.stderr.isEmpty)
        let plot = try Self.run(["plot", "decision-map", "--policy", "tag99", "--out", missingDirectory + ".svg",
                                 "--item-width", "160", "--viewport", "375", "--count", "40"])
        #expect(plot.status == 1, "\(plot.stderr)")
    }

    @Test("in process: the errors the commands throw map to 1, 64 and 65")
    func inProcess() throws {
        // 64: a bad option
        do {
            _ = try SnapLab.parseAsRoot(["explain", "--no-such-option"])
            Issue.record("expected a usage error")
        } catch {
            #expect(SnapLab.exitCode(for: error).rawValue == 64)
        }
        // 65: malformed and 0-byte files
        for text in [Self.malformed, ""] {
            let path = try CommandFixtures.write(text)
            let command = try SnapLab.Velocity.parse([path])
            do {
                try command.run()
                Issue.record("expected bad input data")
            } catch {
                #expect(SnapLab.exitCode(for: error).rawValue == 65)
            }
        }
        // 1: an output file in a directory that does not exist
        let command = try SnapLab.parseAsRoot(["generate", "--traces", "5", "--seed", "1", "--out",
                                               "/nonexistent-snaplab-dir-\(UUID().uuidString)/out.csv"])
        do {
            let generate = try #require(command as? SnapLab.Generate)
            try generate.run()
            Issue.record("expected a failure")
        } catch {
            #expect(SnapLab.exitCode(for: error).rawValue == 1)
        }
    }
}
