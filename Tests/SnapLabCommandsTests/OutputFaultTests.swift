import Foundation
import Testing

/// Issue 35, defects 1 and 2 and the fault-injection test over every writer, through the built
/// binary: a symbolic link is followed (the link stays a link), a device or FIFO is written
/// through (never replaced), a directory is refused with exit 64, a full or read-only file system
/// fails with exit 1, and a failed command leaves none of its outputs nor any temporary file.
@Suite("Output faults", .serialized, .enabled(if: ExitCodeTests.binary != nil, "the snaplab binary is not built: run `swift build` first"))
struct OutputFaultTests {
    /// The inputs the writers read: a labelled sample-level trace file and a JSON-lines log.
    struct Inputs {
        var traces: String
        var log: String

        init() throws {
            let dir = try TestScratch.directory("writer-inputs").path
            traces = dir + "/t.csv"
            let made = try ExitCodeTests.run(["generate", "--traces", "40", "--users", "4", "--seed", "3", "-q", "--out", traces])
            #expect(made.status == 0, "\(made.stderr)")
            log = dir + "/log.jsonl"
            var lines = ""
            for s in 0..<3 {
                for k in 0..<5 {
                    let type = k == 0 ? "pointerdown" : k == 4 ? "pointerup" : "pointermove"
                    lines += #"{"type":"\#(type)","pointerId":1,"stroke":"s\#(s)","timeStamp":\#(1000 * s + 16 * k),"clientX":\#(300 - 30 * k),"clientY":5}"# + "\n"
                }
            }
            try Data(lines.utf8).write(to: URL(fileURLWithPath: log))
        }
    }

    /// One writer: a name and its command line with `out` as the output under test (`side` is a
    /// scratch directory for the command's other outputs).
    struct Writer: Sendable {
        var name: String
        var args: @Sendable (_ out: String, _ side: String, _ inputs: Inputs) -> [String]
    }

    static let writers: [Writer] = [
        Writer(name: "generate") { out, _, _ in ["generate", "--traces", "3", "--seed", "1", "-q", "--out", out] },
        Writer(name: "generate --save-model") { out, side, _ in
            ["generate", "--traces", "3", "--seed", "1", "-q", "--out", side + "/g.csv", "--save-model", out]
        },
        Writer(name: "generate --hidden-truth") { out, side, _ in
            ["generate", "--traces", "3", "--seed", "1", "-q", "--out", side + "/g.csv", "--hidden-truth", out]
        },
        Writer(name: "import") { out, _, i in
            ["import", i.log, "--from", "pointer-jsonl", "--scale", "1", "--item-width", "100", "--viewport", "100", "--count", "10", "--out", out]
        },
        Writer(name: "report") { out, _, i in
            ["report", i.traces, "--policies", "nearest,tag99", "--baseline", "nearest", "--no-recommendation", "--out", out]
        },
        Writer(name: "plot") { out, _, i in ["plot", "hit-rate", i.traces, "--policies", "nearest", "--out", out] },
        Writer(name: "record") { out, _, _ in ["record", "--policy", "tag99", "--trials", "3", "--task", "paging", "--seed", "1", "--out", out] },
        Writer(name: "compare --per-trace") { out, _, i in ["compare", i.traces, "--policies", "nearest", "--per-trace", out] },
        Writer(name: "compare --meta") { out, _, i in ["compare", i.traces, "--policies", "nearest", "--meta", out] },
        Writer(name: "validate-labels --strokes-out") { out, _, _ in
            ["validate-labels", "--strokes", "100", "--live-policy", "tag99", "--seed", "1", "--strokes-out", out]
        },
        Writer(name: "export") { out, _, _ in ["export", "--policy", "nearest", "--lang", "js", "--out", out] },
    ]

    static func entries(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    static func fileType(_ path: String, following: Bool = false) -> mode_t {
        var st = stat()
        let r = following ? stat(path, &st) : lstat(path, &st)
        return r == 0 ? st.st_mode & S_IFMT : 0
    }

    @Test("defect 1: a link is followed, the file it names is written and the link stays")
    func symlinkIsFollowed() throws {
        let inputs = try Inputs()
        for w in Self.writers {
            let dir = try TestScratch.directory("link").path
            let target = dir + "/real.svg", link = dir + "/so.svg"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.svg")
            let r = try ExitCodeTests.run(w.args(link, dir, inputs))
            #expect(r.status == 0, "\(w.name): \(r.stderr)")
            #expect(Self.fileType(link) == S_IFLNK, "\(w.name): the link was replaced")
            #expect(((try? Data(contentsOf: URL(fileURLWithPath: target)))?.count ?? 0) > 0, "\(w.name): nothing written where the link points")
            #expect(!Self.entries(dir).contains { $0.contains(".tmp-") }, "\(w.name): \(Self.entries(dir))")
        }
    }

    @Test("defect 1: a link to /proc/self/fd/1 writes to standard output; /dev/null is written through")
    func linkToStandardOutputAndDevNull() throws {
        let inputs = try Inputs()
        for w in Self.writers {
            let dir = try TestScratch.directory("fd1").path
            let link = dir + "/so"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/fd/1")
            let r = try ExitCodeTests.run(w.args(link, dir, inputs))
            #expect(r.status == 0, "\(w.name): \(r.stderr)")
            #expect(!r.stdout.isEmpty, "\(w.name): nothing on standard output")
            #expect(Self.fileType(link) == S_IFLNK, "\(w.name): the link was replaced")
            let null = try ExitCodeTests.run(w.args("/dev/null", dir, inputs))
            #expect(null.status == 0, "\(w.name): \(null.stderr)")
            #expect(Self.fileType("/dev/null") == S_IFCHR)
        }
        #expect(!Self.entries("/dev").contains { $0.hasPrefix("null.") || $0.hasPrefix(".null") })
    }

    @Test("defect 1: /dev/full is written through and its ENOSPC reported (exit 1); the node stays a device",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func devFullReportsTheWriteError() throws {
        let inputs = try Inputs()
        for w in Self.writers {
            let dir = try TestScratch.directory("full").path
            let r = try ExitCodeTests.run(w.args("/dev/full", dir, inputs))
            #expect(r.status == 1, "\(w.name): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("/dev/full") && r.stderr.contains("No space left"), "\(w.name): \(r.stderr)")
            #expect(Self.fileType("/dev/full") == S_IFCHR, "/dev/full is no longer a device")
            // defect 2: a failed command leaves none of its other outputs
            #expect(Self.entries(dir).isEmpty, "\(w.name) left \(Self.entries(dir))")
        }
    }

    @Test("a FIFO with a reader gets the bytes; the FIFO stays a FIFO")
    func fifoIsWrittenThrough() throws {
        let inputs = try Inputs()
        for w in Self.writers {
            let dir = try TestScratch.directory("fifo").path
            let fifo = dir + "/pipe"
            #expect(mkfifo(fifo, 0o644) == 0)
            let box = ReadBox()
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                let h = FileHandle(forReadingAtPath: fifo)
                box.count = h?.readDataToEndOfFile().count ?? -1
                done.signal()
            }
            let r = try ExitCodeTests.run(w.args(fifo, dir, inputs))
            #expect(r.status == 0, "\(w.name): \(r.stderr)")
            if r.status != 0 {
                // the command never opened the FIFO: release the reader
                let fd = open(fifo, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { close(fd) }
            }
            #expect(done.wait(timeout: .now() + 60) == .success)
            #expect(box.count > 0, "\(w.name): the FIFO's reader got nothing")
            #expect(Self.fileType(fifo) == S_IFIFO)
        }
    }

    final class ReadBox: @unchecked Sendable { var count = 0 }

    @Test("a directory or a link to one is refused: exit 64 naming the path, nothing written")
    func directoryIsAUsageError() throws {
        let inputs = try Inputs()
        for w in Self.writers {
            let dir = try TestScratch.directory("dir").path
            let target = dir + "/d"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(atPath: dir + "/ld", withDestinationPath: "d")
            for path in [target, dir + "/ld"] {
                let r = try ExitCodeTests.run(w.args(path, dir, inputs))
                #expect(r.status == 64, "\(w.name) \(path): \(r.status) \(r.stderr)")
                #expect(r.stderr.contains(path) && r.stderr.contains("directory"), "\(w.name): \(r.stderr)")
                #expect(Self.entries(target).isEmpty)
                // defect 2: generate's trace file and sidecar do not appear either
                #expect(Self.entries(dir) == ["d", "ld"], "\(w.name) left \(Self.entries(dir))")
            }
        }
    }

    @Test("defect 2: generate --hidden-truth into a missing directory leaves no trace file and no sidecar")
    func failedHiddenTruthLeavesNothing() throws {
        let dir = try TestScratch.directory("multi").path
        let r = try ExitCodeTests.run(["generate", "--traces", "5", "--seed", "1", "-q", "--out", dir + "/g.csv",
                                       "--save-model", dir + "/m.json", "--hidden-truth", dir + "/missing/h.csv"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(Self.entries(dir).isEmpty, "left \(Self.entries(dir))")
    }

    @Test("SIGINT or SIGTERM midway: a generate with three outputs leaves none of them and no temporary",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3 to unblock signals"))
    func signalMidwayLeavesNothing() throws {
        for sig in [SIGINT, SIGTERM] {
            let dir = try TestScratch.directory("signal").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            // python3 unblocks the signals (a child inherits the test runner's mask) and execs snaplab
            let unblock = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, [1, 2, 15]); "
                + "signal.signal(2, signal.SIG_DFL); signal.signal(15, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])"
            process.arguments = ["python3", "-c", unblock, try #require(ExitCodeTests.binary), "generate", "--traces", "20000000", "--seed", "1",
                                 "--out", dir + "/g.csv", "--save-model", dir + "/m.json", "--hidden-truth", dir + "/h.csv", "--threads", "1"]
            process.standardError = FileHandle.nullDevice
            try process.run()
            // the model is staged first, then the trace file's temporary grows: wait for both
            var seen = false
            for _ in 0..<1200 where !seen {
                usleep(100_000)
                seen = Self.entries(dir).filter { $0.contains(".tmp-") }.count >= 2
            }
            #expect(seen, "generate made no temporary files: \(Self.entries(dir))")
            kill(process.processIdentifier, sig)
            var waited = 0
            while process.isRunning && waited < 300 { usleep(100_000); waited += 1 }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            #expect(Self.entries(dir).isEmpty, "signal \(sig) left \(Self.entries(dir))")
        }
    }

    /// A tmpfs mounted at `dir` (root only; nil with the reason when mounting is not permitted).
    static func mountTmpfs(_ dir: String, options: String) -> String? {
        guard getuid() == 0 else { return "not root: no tmpfs" }
        guard let r = try? ExitCodeTests.shell("mount -t tmpfs -o \(options) snaplab-test '\(dir)'"), r == 0 else {
            return "mount -t tmpfs is not permitted here"
        }
        return nil
    }

    static let canMount: Bool = {
        guard let dir = try? TestScratch.directory("probe").path, mountTmpfs(dir, options: "size=64k") == nil else { return false }
        _ = try? ExitCodeTests.shell("umount '\(dir)'")
        return true
    }()

    @Test("a full file system (a 64 KiB tmpfs, filled): every writer exits 1 and leaves nothing",
          .enabled(if: canMount, "needs root and permission to mount a tmpfs"))
    func fullFileSystem() throws {
        let inputs = try Inputs()
        let dir = try TestScratch.directory("tmpfs").path
        #expect(Self.mountTmpfs(dir, options: "size=64k") == nil)
        defer { _ = try? ExitCodeTests.shell("umount '\(dir)'") }
        _ = try ExitCodeTests.shell("dd if=/dev/zero of='\(dir)/filler' bs=4k 2>/dev/null")
        for w in Self.writers {
            let side = try TestScratch.directory("side").path
            let r = try ExitCodeTests.run(w.args(dir + "/out.svg", side, inputs))
            #expect(r.status == 1, "\(w.name): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("No space left"), "\(w.name): \(r.stderr)")
            #expect(Self.entries(dir) == ["filler"], "\(w.name) left \(Self.entries(dir))")
            #expect(Self.entries(side).isEmpty, "\(w.name) left \(Self.entries(side))")
        }
    }

    @Test("a read-only directory (a read-only tmpfs as root, mode 0555 otherwise): exit 1, nothing left")
    func readOnlyDirectory() throws {
        let inputs = try Inputs()
        let dir = try TestScratch.directory("ro").path
        if getuid() == 0 {
            guard Self.canMount else {
                print("OutputFaultTests.readOnlyDirectory: skipped, root cannot be refused by permissions and mount is not permitted")
                return
            }
            #expect(Self.mountTmpfs(dir, options: "ro,size=64k") == nil)
        } else {
            #expect(chmod(dir, 0o555) == 0)
        }
        defer { if getuid() == 0 { _ = try? ExitCodeTests.shell("umount '\(dir)'") } else { chmod(dir, 0o755) } }
        for w in Self.writers {
            let side = try TestScratch.directory("side").path
            let r = try ExitCodeTests.run(w.args(dir + "/out.svg", side, inputs))
            #expect(r.status == 1, "\(w.name): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(dir), "\(w.name): \(r.stderr)")
            #expect(Self.entries(dir).isEmpty && Self.entries(side).isEmpty, "\(w.name) left files")
        }
    }
}

extension ExitCodeTests {
    /// Runs `command` with `/bin/sh -c`; returns its exit status.
    static func shell(_ command: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
