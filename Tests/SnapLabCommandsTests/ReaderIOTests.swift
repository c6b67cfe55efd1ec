import Foundation
import Testing

/// Reader input and output defects of issue 12, through the built `snaplab` binary: failed writes
/// (defect 6), standard input (defect 8), `generate` interrupted (defect 10).
@Suite("Reader I/O", .enabled(if: ExitCodeTests.binary != nil, "the snaplab binary is not built: run `swift build` first"))
struct ReaderIOTests {
    static let traces = "trace_id,t_ms,offset\n1,0,0\n1,8,4\n2,0,10\n2,8,12\n"

    /// Runs snaplab with `stdin` bytes (or none) and standard output to `stdoutPath` (or a pipe).
    func run(_ args: [String], stdin: String? = nil, stdoutPath: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ExitCodeTests.binary))
        process.arguments = args
        let out = Pipe(), err = Pipe(), input = Pipe()
        if let stdoutPath { process.standardOutput = FileHandle(forWritingAtPath: stdoutPath) } else { process.standardOutput = out }
        process.standardError = err
        if stdin != nil { process.standardInput = input }
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        let o = stdoutPath == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test("defect 6: a failed write of standard output is exit 1 naming it",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func writeToDevFullFails() throws {
        let path = try CommandFixtures.write(Self.traces, name: "t.csv")
        let r = try run(["velocity", path], stdoutPath: "/dev/full")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write to standard output"), "\(r.stderr)")
    }

    @Test("defect 8: '-' reads standard input, whatever --jobs says")
    func dashReadsStandardInput() throws {
        let path = try CommandFixtures.write(Self.traces, name: "t.csv")
        let fromFile = try run(["velocity", path, "--jobs", "1"])
        for jobs in ["1", "4"] {
            let r = try run(["velocity", "-", "--jobs", jobs], stdin: Self.traces)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout == fromFile.stdout)
            #expect(!r.stdout.isEmpty)
        }
    }

    @Test("defect 10: generate stopped by SIGINT or SIGTERM leaves no temporary file",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3 to unblock signals"))
    func interruptedGenerateRemovesItsTemporaryFile() throws {
        // a child inherits ignored signals: test those this process does not ignore
        let handled = [SIGINT, SIGTERM, SIGHUP].filter { sig in
            var old = sigaction()
            return sigaction(sig, nil, &old) == 0 && unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) != 1
        }
        #expect(handled.contains(SIGTERM))
        for sig in handled {
            let dir = try TestScratch.directory("gen")
            let out = dir.appendingPathComponent("big.csv").path
            // through python3, which unblocks the signals (a child inherits the test runner's
            // blocked mask) and execs snaplab
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            let unblock = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, [1, 2, 15]); os.execv(sys.argv[1], sys.argv[1:])"
            process.arguments = ["python3", "-c", unblock, try #require(ExitCodeTests.binary), "generate", "--traces", "20000000", "--seed", "1", "--out", out, "--threads", "1"]
            process.standardError = FileHandle.nullDevice
            try process.run()
            // wait until the temporary file exists (at most 120 s on a busy machine)
            var seen = false
            for _ in 0..<1200 where !seen {
                usleep(100_000)
                seen = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).contains { $0.contains(".tmp-") }
            }
            #expect(seen, "generate made no temporary file")
            kill(process.processIdentifier, sig)
            var waited = 0
            while process.isRunning && waited < 300 { usleep(100_000); waited += 1 }
            if process.isRunning {
                Issue.record("signal \(sig) did not stop generate")
                kill(process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            #expect(left.isEmpty, "left behind: \(left)")
            try? FileManager.default.removeItem(at: dir)
        }
    }
}
