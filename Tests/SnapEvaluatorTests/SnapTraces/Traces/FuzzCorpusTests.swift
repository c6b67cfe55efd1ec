import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapFitting
@testable import SnapReports

/// The fuzz target's checks (Fuzz/ReaderFuzz.swift) over the seed corpus in Fuzz/corpus, in
/// the normal test run: every file reads or fails with a TraceParseError; a strict read that
/// succeeds is matched by the lenient one; a 1 KiB buffer gives what the 4 MiB one gives; every
/// policy's target on every yielded release is an item of its layout. Inputs that crashed the
/// fuzzer are added to Fuzz/corpus (and so become regression cases here).
@Suite struct FuzzCorpusTests {
    static let corpus: [String] = {
        let dir = packageRoot.appendingPathComponent("Fuzz/corpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted().map { dir.appendingPathComponent($0).path }
    }()

    struct Outcome: Equatable {
        var ids: [String] = []
        var velocities: [UInt64] = []
        var failed = false
        var skipped = 0
    }

    static func read(_ path: String, lenient: Bool, bufferSize: Int) -> Outcome {
        var out = Outcome()
        let options = TraceReadOptions(lenient: lenient, baseLayout: benchLayout, bufferSize: bufferSize)
        do {
            let reader = try TraceReader(path: path, options: options)
            let summary = try reader.forEach { record in
                out.ids.append(record.release.traceID)
                out.velocities.append(record.release.release.velocity.bitPattern)
                for policy in PolicyCatalog.all {
                    let d = policy.decide(record.release.release, in: record.release.layout)
                    #expect((0..<record.release.layout.itemCount).contains(d.targetIndex), "\(policy.id) on \(path)")
                }
            }
            out.skipped = summary.skipped.count
        } catch is TraceParseError {
            out.failed = true
        } catch {
            Issue.record("\(path): \(error) is not a TraceParseError")
            out.failed = true
        }
        return out
    }

    @Test func theSeedCorpusIsThere() {
        #expect(Self.corpus.count >= 20)
    }

    @Test(arguments: corpus)
    func corpusFile(_ path: String) {
        let strict = Self.read(path, lenient: false, bufferSize: 1024)
        let lenient = Self.read(path, lenient: true, bufferSize: 1024)
        if !strict.failed {
            #expect(!lenient.failed && lenient.skipped == 0)
            #expect(lenient.ids == strict.ids && lenient.velocities == strict.velocities)
        }
        #expect(Self.read(path, lenient: true, bufferSize: 4 << 20) == lenient)
    }
}
