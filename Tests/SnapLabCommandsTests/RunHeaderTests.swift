import Foundation
import Testing
import SnapTraces
@testable import SnapLabCommands

/// The run header the scoring commands print first, built in one place.
@Suite struct RunHeaderTests {
    static let files: [FileReadSummary] = [("a.csv", TraceFileKind.sampleLevel, 12), ("b.csv", .releaseLevel, 3)].map {
        var f = FileReadSummary(path: $0.0, kind: $0.1, unknownColumns: [])
        f.tracesRead = $0.2
        return f
    }

    @Test func entriesInTheOrderEveryCommandPrintsThem() {
        let header = RunHeader(files: Self.files, checks: DataChecks(velocity: .ios), hit: .revealed, traces: "15 read", labels: "from behaviour",
                               users: 2, trailing: [("seed", "7")])
        #expect(header.entries.map(\.key) == ["file", "file", "traces", "labels", "users", "velocity", "hit", "seed"])
        #expect(header.entries[0].value == "a.csv (sample-level, 12 traces)")
        #expect(header.velocity == "ios (sample-level files), recorded (release-level files)")
        #expect(header.entries.first { $0.key == "velocity" }?.value == header.velocity)
        #expect(header.entries.first { $0.key == "hit" }?.value == "revealed")
    }

    @Test func optionalEntriesAndFilesCanBeLeftOut() {
        let header = RunHeader(files: Self.files, checks: DataChecks(), hit: .exact, trailing: [("warning", "w")], listsFiles: false)
        #expect(header.entries.map(\.key) == ["velocity", "hit", "warning"])
        // the files still say which velocity was used
        #expect(header.velocity.hasSuffix("recorded (release-level files)"))
    }
}

/// The `hit` entry says what the traces were scored under: a trace's own `hit` column wins over
/// `--hit`, so a file of `revealed` traces read under the default `--hit exact` must not say `exact`.
@Suite struct RunHeaderHitTests {
    static func checks(labelled: Int, revealed: Int) -> DataChecks {
        var c = DataChecks()
        c.labelled = labelled
        c.revealedLabelled = revealed
        return c
    }

    @Test func hitEntrySaysWhatTheTracesWereScoredUnder() {
        let files = RunHeaderTests.files
        func text(_ hit: HitCriterion, _ c: DataChecks) -> String { RunHeader(files: files, checks: c, hit: hit).hitText }
        // every trace under --hit (or nothing counted): the option, as before
        #expect(text(.exact, DataChecks()) == "exact")
        #expect(text(.exact, Self.checks(labelled: 10, revealed: 0)) == "exact")
        #expect(text(.revealed, Self.checks(labelled: 10, revealed: 10)) == "revealed")
        #expect(text(.exact, Self.checks(labelled: 0, revealed: 0)) == "exact")
        // every trace under the other criterion: their own column, with the count
        #expect(text(.exact, Self.checks(labelled: 10, revealed: 10))
                == "revealed, from the traces' hit column (all 10 labelled traces; --hit exact applies to traces without one)")
        #expect(text(.revealed, Self.checks(labelled: 4, revealed: 0))
                == "exact, from the traces' hit column (all 4 labelled traces; --hit revealed applies to traces without one)")
        // a mix: both counts
        #expect(text(.exact, Self.checks(labelled: 10, revealed: 4))
                == "mixed, from the traces' hit column where they have one, else --hit exact: exact 6, revealed 4 labelled traces")
    }

    /// Release-level swipes (``flingFixture(users:labelled:)``) with a `hit` column: `revealed` on
    /// every trace, or on the first `revealed` traces of each user and `exact` on the others.
    static func fixture(revealed: Int = 40) -> String {
        let lines = flingFixture().split(separator: "\n").map(String.init)
        return ([lines[0] + ",hit"] + lines.dropFirst().map { line in
            let k = Int(line.split(separator: ",")[0].split(separator: "-")[1]) ?? 0
            return line + (k <= revealed ? ",revealed" : ",exact")
        }).joined(separator: "\n") + "\n"
    }

    @Test("compare's header, in table, markdown, json and --meta, and merge's say the file's own criterion; the scores are unchanged")
    func compareHeaderNamesTheFilesCriterion() throws {
        let path = try CommandFixtures.write(Self.fixture(), name: "revealed.csv")
        let expected = "revealed, from the traces' hit column (all 240 labelled traces; --hit exact applies to traces without one)"
        let dir = try TestScratch.directory("hit-header")
        let meta = dir.appendingPathComponent("run.json").path, summary = dir.appendingPathComponent("s.jsonl").path
        let table = try MergeTests.compare([path], ["--policies", "nearest,tag99", "--bootstrap", "20", "--meta", meta],
                                           summary: summary).text
        #expect(table.contains("\nhit: " + expected + "\n"))
        #expect(!table.contains("hit: exact\n"))
        let markdown = try MergeTests.compare([path], ["--policies", "nearest,tag99", "--bootstrap", "20", "--format", "markdown"]).text
        #expect(markdown.contains("- **hit**: " + expected + "\n"))
        let json = try MergeTests.compare([path], ["--policies", "nearest,tag99", "--bootstrap", "20", "--format", "json"]).text
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((doc["run"] as? [String: Any])?["hit"] as? String == expected)
        let run = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: meta))) as? [String: Any])
        #expect(run["hit"] as? String == expected)
        #expect(try MergeTests.merge([summary]).text == table)
        // the same traces scored under --hit revealed (no column): the same table but for the header line
        let plain = flingFixture()
        let revealedRun = try MergeTests.compare([try CommandFixtures.write(plain, name: "plain.csv")],
                                                 ["--policies", "nearest,tag99", "--bootstrap", "20", "--hit", "revealed"]).text
        func body(_ t: String) -> [Substring] { t.split(separator: "\n").filter { !$0.hasPrefix("hit: ") && !$0.hasPrefix("file: ") } }
        #expect(body(revealedRun) == body(table))
        #expect(revealedRun.contains("\nhit: revealed\n"))
        // a mix of the two in one file
        let mixed = try MergeTests.compare([try CommandFixtures.write(Self.fixture(revealed: 10), name: "mixed.csv")],
                                           ["--policies", "nearest", "--bootstrap", "20"]).text
        #expect(mixed.contains("\nhit: mixed, from the traces' hit column where they have one, else --hit exact: exact 180, revealed 60 labelled traces\n"))
    }
}

/// A `compare --emit-summary` file written before the criteria were counted (no
/// `revealed_labelled`, no `unreachable_revealed`): `merge` says `--hit` and that the traces' own
/// columns are not known, instead of "exact, from the traces' hit column" (issue 30 follow-up).
@Suite struct OlderSummaryHitTests {
    /// 30 release-level traces in 10 items of 100 pt in a 300-pt viewport; 5 intend item 9, which never rests.
    static let text: String = {
        var text = "trace_id,user_id,release_offset,release_velocity,start_offset,intended_index,"
            + "item_width,item_spacing,leading_inset,viewport_width,item_count\n"
        for k in 0..<30 { text += "t\(k),user\(k % 6),220,\(0.05 * Double(k % 9)),200,\(k < 5 ? 9 : k % 3 + 1),100,0,0,300,10\n" }
        return text
    }()

    /// The summary of `compare --hit revealed` on ``text`` with `keys` removed from its checks record.
    static func summary(_ name: String, without keys: [String]) throws -> String {
        let path = try CommandFixtures.write(text, name: name + ".csv")
        let summary = try TestScratch.directory("older-summary").appendingPathComponent(name + ".jsonl").path
        _ = try MergeTests.compare([path], ["--policies", "nearest", "--bootstrap", "20", "--hit", "revealed"], summary: summary)
        var lines = try String(contentsOfFile: summary, encoding: .utf8)
        for key in keys {
            let before = lines
            lines = lines.replacingOccurrences(of: "\"\(key)\" *: *[0-9]+ *, *", with: "", options: .regularExpression)
            #expect(lines != before, "the summary has no \(key) to remove")
        }
        try lines.write(toFile: summary, atomically: true, encoding: .utf8)
        return summary
    }

    @Test func anOlderSummaryMadeWithHitRevealedSaysWhatIsKnown() throws {
        let current = try MergeTests.merge([try Self.summary("current", without: [])])
        #expect(current.text.contains("\nhit: revealed\n"), "\(current.text)")
        #expect(current.standardError.contains("(scored under revealed: they can only be revealed, never rest at the snap position)"))
        let older = try MergeTests.merge([try Self.summary("older", without: ["revealed_labelled", "unreachable_revealed"])])
        #expect(!older.text.contains("from the traces' hit column"), "\(older.text)")
        #expect(older.text.contains("\nhit: revealed (--hit; this summary was written before the criteria used were counted: "
                                    + "traces with their own hit column were scored under it, and how many did is not known)\n"))
        #expect(older.standardError.contains("(the criterion each was scored under is not recorded (a summary written before it was "
                                             + "counted): under exact, no policy can hit them; under revealed, they can only be revealed"),
                "\(older.standardError)")
        // merged with a current summary, the run still does not know: the same words
        let both = try MergeTests.merge([try Self.summary("older2", without: ["revealed_labelled", "unreachable_revealed"]),
                                         try Self.summary("current2", without: [])])
        #expect(both.text.contains("\nhit: revealed (--hit; this summary was written before"))
        // a summary that counted the criteria but not yet the unreachable ones: every trace revealed, so those are too
        let between = try MergeTests.merge([try Self.summary("between", without: ["unreachable_revealed"])])
        #expect(between.text.contains("\nhit: revealed\n"))
        #expect(between.standardError.contains("(scored under revealed: they can only be revealed"))
        // the scores are the same whatever the header says
        func body(_ t: String) -> [Substring] { t.split(separator: "\n").filter { !$0.hasPrefix("hit: ") && !$0.hasPrefix("file: ") } }
        #expect(body(older.text) == body(current.text))
    }
}
