import Foundation
import SnapLabTestSupport
import Testing
import SnapTraces
import SnapScoring
@testable import SnapLabCommands

/// `compare --emit-summary` and `merge` (issue 36): the summaries of any split of the traces by
/// user, merged in any order, print byte for byte what `compare` prints on the same files.
@Suite("snaplab merge: compare's table from per-user summaries")
struct MergeTests {
    /// A generated sample-level file (14 users, 420 traces), its traces shuffled so that users do
    /// not first appear in name order, and split by user into `parts` files.
    struct SplitData {
        let whole: String
        let parts: [String]
        let dir: URL
    }

    static func splitData(parts k: Int, seed: UInt64 = 3) throws -> SplitData {
        let dir = try TestScratch.directory("merge")
        let generated = dir.appendingPathComponent("generated.csv").path
        let generate = try #require(try SnapLab.parseAsRoot(["generate", "--traces", "420", "--users", "14", "--seed", String(seed),
                                                              "--out", generated]) as? SnapLab.Generate)
        try generate.run()
        let lines = try String(contentsOfFile: generated, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0]
        let columns = header.split(separator: ",").map(String.init)
        let idColumn = try #require(columns.firstIndex(of: "trace_id")), userColumn = try #require(columns.firstIndex(of: "user_id"))
        // Traces in file order (their rows are contiguous), then in a fixed shuffled order.
        var traces: [(id: String, user: String, rows: [String])] = []
        for line in lines.dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if traces.last?.id != cells[idColumn] { traces.append((cells[idColumn], cells[userColumn], [])) }
            traces[traces.count - 1].rows.append(line)
        }
        var rng = SplitMix64(seed: seed)
        for i in stride(from: traces.count - 1, to: 0, by: -1) { traces.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
        func text(_ ts: [(id: String, user: String, rows: [String])]) -> String {
            ([header] + ts.flatMap(\.rows)).joined(separator: "\n") + "\n"
        }
        let whole = dir.appendingPathComponent("whole.csv").path
        try Data(text(traces).utf8).write(to: URL(fileURLWithPath: whole))
        // users to parts by a hash of the name, so each part holds users from all over the name order
        let users = Array(Set(traces.map(\.user))).sorted()
        #expect(users.count == 14)
        var paths: [String] = []
        for part in 0..<k {
            let mine = traces.filter { t in (users.firstIndex(of: t.user)! * 7) % k == part }
            let path = dir.appendingPathComponent("part\(part).csv").path
            try Data(text(mine).utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return SplitData(whole: whole, parts: paths, dir: dir)
    }

    /// `compare FILES OPTIONS`'s output, writing its summary to `summary` when given.
    static func compare(_ files: [String], _ options: [String], summary: String? = nil) throws -> CommandOutput {
        let args = ["compare"] + files + options + (summary.map { ["--emit-summary", $0] } ?? [])
        return try #require(try SnapLab.parseAsRoot(args) as? SnapLab.Compare).output()
    }

    static func merge(_ summaries: [String], _ options: [String] = []) throws -> CommandOutput {
        try #require(try SnapLab.parseAsRoot(["merge"] + summaries + options) as? SnapLab.Merge).output()
    }

    /// The table without its `file:` lines (which name the files read).
    static func withoutFileLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("file: ") }.joined(separator: "\n")
    }

    @Test("k parts in different orders, with --hit, --velocity, --bootstrap, --seed and capped policies: merge prints compare's bytes",
          arguments: [2, 3, 5])
    func splitByUser(parts k: Int) throws {
        let data = try Self.splitData(parts: k)
        let options = ["--policies", "all,tag99@max1", "--hit", "revealed", "--velocity", "ios", "--bootstrap", "300", "--seed", "99"]
        var summaries: [String] = []
        for (i, part) in data.parts.enumerated() {
            let s = data.dir.appendingPathComponent("s\(i).jsonl").path
            _ = try Self.compare([part], options, summary: s)
            summaries.append(s)
        }
        let whole = try Self.compare([data.whole], options)
        for order in [Array(0..<k), Array((0..<k).reversed()), Array(1..<k) + [0]] {
            for format in [["--format", "table"], ["--format", "markdown"], ["--format", "json"], ["--format", "csv"], ["--by", "user"], ["--by", "file"]] {
                let direct = try Self.compare(order.map { data.parts[$0] }, options + format)
                let merged = try Self.merge(order.map { summaries[$0] }, format)
                #expect(merged.text == direct.text, "order \(order), \(format)")
                #expect(merged.text.count > 500)
            }
            // The same rows as one compare over the whole shuffled file: only the file lines differ.
            let merged = try Self.merge(order.map { summaries[$0] })
            #expect(Self.withoutFileLines(merged.text) == Self.withoutFileLines(whole.text), "order \(order)")
            #expect(merged.text.contains("bootstrap: 300 user resamples, seed 99"))
            #expect(merged.standardError.contains("seed: 99"))
        }
    }

    @Test("a user whose traces are in two summaries is one user: their tallies are summed")
    func userInTwoSummaries() throws {
        let data = try Self.splitData(parts: 1)
        let lines = try String(contentsOfFile: data.whole, encoding: .utf8).split(separator: "\n").map(String.init)
        // Split by trace (alternate traces), so every user is in both halves.
        var halves = [[lines[0]], [lines[0]]]
        var trace = -1, last = ""
        for line in lines.dropFirst() {
            let id = String(line.prefix { $0 != "," })
            if id != last { trace += 1; last = id }
            halves[trace % 2].append(line)
        }
        var paths: [String] = [], summaries: [String] = []
        for (i, half) in halves.enumerated() {
            let p = data.dir.appendingPathComponent("half\(i).csv").path
            try Data((half.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: p))
            paths.append(p)
            let s = data.dir.appendingPathComponent("half\(i).jsonl").path
            _ = try Self.compare([p], ["--bootstrap", "200"], summary: s)
            summaries.append(s)
        }
        let merged = try Self.merge(summaries)
        #expect(merged.text == (try Self.compare(paths, ["--bootstrap", "200"])).text)
        #expect(merged.text.contains("users: 14\n"))
        #expect(Self.withoutFileLines(merged.text) == Self.withoutFileLines(try Self.compare([data.whole], ["--bootstrap", "200"]).text))
    }

    @Test("summaries made with different settings do not merge: the error names both files and the setting")
    func mismatchedSettings() throws {
        let data = try Self.splitData(parts: 2)
        let base = ["--policies", "nearest,tag99", "--bootstrap", "100"]
        let a = data.dir.appendingPathComponent("a.jsonl").path
        _ = try Self.compare([data.parts[0]], base, summary: a)
        for (extra, setting) in [(["--seed", "1"], "--seed"), (["--hit", "revealed"], "--hit"), (["--velocity", "ios"], "--velocity"),
                                 (["--bootstrap", "101"], "--bootstrap"), (["--policies", "nearest"], "policies"),
                                 (["--param", "tag99.lowTier=2.0"], "parameters of tag99")] {
            let b = data.dir.appendingPathComponent("b.jsonl").path
            _ = try Self.compare([data.parts[1]], base + extra, summary: b)
            do {
                _ = try Self.merge([a, b])
                Issue.record("expected a mismatch for \(setting)")
            } catch let error as SummaryError {
                #expect(error.description.contains(a) && error.description.contains(b), "\(error)")
                #expect(error.description.contains("different \(setting)"), "\(error)")
            }
        }
    }

    @Test("another format version, a truncated file, or not a summary: an error naming the file and line (exit 65)")
    func badSummaries() throws {
        let data = try Self.splitData(parts: 2)
        let good = data.dir.appendingPathComponent("good.jsonl").path
        _ = try Self.compare([data.parts[0]], ["--policies", "nearest,tag99", "--bootstrap", "50"], summary: good)
        let text = try String(contentsOfFile: good, encoding: .utf8)
        #expect(text.hasPrefix("{\"record\":\"header\",\"format\":\"snaplab-compare-summary\",\"version\":1,"))
        let cases: [(String, String)] = [
            (text.replacingOccurrences(of: "\"version\":1,", with: "\"version\":2,"), "good2.jsonl:1: summary version 2"),
            (text.split(separator: "\n").dropLast(3).joined(separator: "\n") + "\n", "truncated summary"),
            ("trace_id,offset\n1,2\n", "malformed JSON"),
            (text.replacingOccurrences(of: "\"hits\":[", with: "\"hits\":[\"x\",", options: [], range: text.range(of: "{\"record\":\"user\"")
                .map { $0.lowerBound..<text.endIndex }), "key 'hits'"),
        ]
        for (bad, expected) in cases {
            let path = data.dir.appendingPathComponent("good2.jsonl").path
            try Data(bad.utf8).write(to: URL(fileURLWithPath: path))
            do {
                _ = try Self.merge([path])
                Issue.record("expected an error: \(expected)")
            } catch let error as SummaryError {
                #expect(error.description.hasPrefix(path), "\(error)")
                #expect(error.description.contains(expected), "\(error)")
            }
        }
    }

    @Test("merge as a process: exit 65 on a bad summary, 64 without one", .enabled(if: ExitCodeTests.binary != nil, "the snaplab binary is not built"))
    func exitCodes() throws {
        let path = try CommandFixtures.write("{}\n", name: "empty.jsonl")
        let bad = try ExitCodeTests.run(["merge", path])
        #expect(bad.status == 65, "\(bad.stderr)")
        #expect(bad.stderr.contains(path) && bad.stdout.isEmpty)
        #expect(try ExitCodeTests.run(["merge"]).status == 64)
    }
}
