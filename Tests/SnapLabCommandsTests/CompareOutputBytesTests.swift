import Foundation
import Testing
@testable import SnapLabCommands

/// `compare`'s table on the bundled data, byte for byte as the build of `main` 58198de printed it
/// (`snaplab compare Data/FILE.csv --bootstrap 1000`, run from the package root, standard output
/// kept in Tests/SnapEvaluatorTests/Fixtures/compare-FILE-bootstrap1000.txt): issue 36's "output
/// byte-identical, a test on small data" (the 1M file is checked by Scripts/bench/bench-compare.sh
/// and Scripts/tools/check-byte-identical.sh). Every figure of the table (hit rates, intervals,
/// tests, errors, snap corrections, cells) of all 27 policies, with the bootstrap's default seed;
/// a faster path that changes a decision, a sum's order or a printed digit fails it.
@Suite("snaplab compare: the bundled data's table, byte for byte")
struct CompareOutputBytesTests {
    @Test("Data/synthetic.csv and Data/reveal.csv (revealed hits) print the table kept from 58198de",
          arguments: ["synthetic", "reveal"])
    func bundledTable(name: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let data = root.appendingPathComponent("Data/\(name).csv").path
        let command = try SnapLab.parseAsRoot(["compare", data, "--bootstrap", "1000"])
        let text = try #require(command as? SnapLab.Compare).output().text
            .replacingOccurrences(of: data, with: "Data/\(name).csv")
        let kept = try String(contentsOfFile: CommandFixtures.path("compare-\(name)-bootstrap1000.txt"), encoding: .utf8)
        // the first line that differs, to say where (the whole texts are long)
        let (a, b) = (text.split(separator: "\n", omittingEmptySubsequences: false),
                      kept.split(separator: "\n", omittingEmptySubsequences: false))
        let first = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? (a.count == b.count ? nil : a.count)
        #expect(first == nil, "line \((first ?? 0) + 1) differs from the kept table")
        #expect(text == kept)
    }
}
