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
        let header = RunHeader(files: Self.files, method: .ios, hit: .revealed, traces: "15 read", labels: "from behaviour",
                               users: 2, trailing: [("seed", "7")])
        #expect(header.entries.map(\.key) == ["file", "file", "traces", "labels", "users", "velocity", "hit", "seed"])
        #expect(header.entries[0].value == "a.csv (sample-level, 12 traces)")
        #expect(header.velocity == "ios (sample-level files), recorded (release-level files)")
        #expect(header.entries.first { $0.key == "velocity" }?.value == header.velocity)
        #expect(header.entries.first { $0.key == "hit" }?.value == "revealed")
    }

    @Test func optionalEntriesAndFilesCanBeLeftOut() {
        let header = RunHeader(files: Self.files, method: .lsq2, hit: .exact, trailing: [("warning", "w")], listsFiles: false)
        #expect(header.entries.map(\.key) == ["velocity", "hit", "warning"])
        // the files still say which velocity was used
        #expect(header.velocity.hasSuffix("recorded (release-level files)"))
    }
}
