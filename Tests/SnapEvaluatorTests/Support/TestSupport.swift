import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SnapLabTestSupport
import SnapStrategies
@testable import SnapTraces
@testable import SnapReports

/// The package's root directory (this file is Tests/SnapEvaluatorTests/Support/TestSupport.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// Per-process scratch directories, removed at exit (shared with the other test target).
typealias TestScratch = SnapLabTestSupport.TestScratch

/// Files written for one test, in a fresh temporary directory.
enum TestFiles {
    static func write(_ text: String, name: String = "traces.csv") throws -> String {
        let dir = try TestScratch.directory("reader")
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Starts a thread that opens the FIFO at `path` for writing (blocking until a reader opens
    /// it), writes `text` whole and closes it: the writing end of a test that reads a stream.
    @discardableResult
    static func feed(fifo path: String, with text: String) -> Thread {
        let writer = Thread {
            let fd = open(path, O_WRONLY)
            let bytes = Array(text.utf8)
            var done = 0
            while done < bytes.count {
                let n = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                done += n
            }
            close(fd)
        }
        writer.start()
        return writer
    }

    static func fixture(_ name: String) throws -> String {
        guard let base = Bundle.module.resourceURL else { throw CocoaError(.fileNoSuchFile) }
        return base.appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }
}

/// What a read gave, copied out of the reader's views.
struct ReadTrace: Equatable {
    var id: String
    var velocity: Double
    var samplesUsed: Int
    var line: Int
    var user: String
    var release: Release
    var intended: Int?
    var layout: CarouselLayout
    var sampleCount: Int
}

func readAll(_ path: String, _ options: TraceReadOptions = TraceReadOptions()) throws -> (traces: [ReadTrace], summary: FileReadSummary, users: TraceUsers) {
    let reader = try TraceReader(path: path, options: options)
    var out: [ReadTrace] = []
    let summary = try reader.forEach { r in
        out.append(ReadTrace(id: r.release.traceID, velocity: r.release.release.velocity, samplesUsed: r.estimate.samplesUsed,
                             line: r.release.location.line, user: "", release: r.release.release,
                             intended: r.release.intendedIndex, layout: r.release.layout, sampleCount: r.release.sampleCount))
        out[out.count - 1].user = String(r.release.user)
    }
    let users = reader.users
    for i in out.indices { out[i].user = Int(out[i].user).map { users.names[$0] } ?? "?" }
    return (out, summary, users)
}

/// The error a read throws, if any.
func readError(_ text: String, _ options: TraceReadOptions = TraceReadOptions()) throws -> TraceParseError? {
    let path = try TestFiles.write(text)
    do {
        _ = try readAll(path, options)
        return nil
    } catch let e as TraceParseError {
        return e
    }
}

/// A base layout for tests (the benchmark carousel).
let benchLayout = LayoutFields(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
let withLayout = TraceReadOptions(baseLayout: benchLayout)

/// Relative closeness as check_baseline.py defines it.
func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool {
    a == b || Swift.abs(a - b) <= tol * Swift.max(Swift.abs(a), Swift.abs(b))
}

/// SplitMix64 (SnapLabTestSupport), for reproducible random tests.
typealias SeededGenerator = SplitMix64

extension TraceParseError {
    /// The error with its column's number (as the reader gives it: position in the header, 1-based).
    func inColumn(_ number: Int) -> TraceParseError {
        var e = self
        e.location.column = number
        return e
    }
}
