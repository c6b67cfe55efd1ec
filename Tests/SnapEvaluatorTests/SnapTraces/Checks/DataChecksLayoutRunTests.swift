import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapScoring

/// ``DataChecks`` counts runs of traces of one layout in one file at once (issue 36): the counts,
/// and so the mixed-layouts warning, are those of counting trace by trace, the 64-layout cap included.
@Suite struct DataChecksLayoutRunTests {
    @Test("runs, alternations and more than 64 layouts in two files: the per-trace counts, also after merge")
    func sameCountsAsTraceByTrace() throws {
        let layouts = try (1...80).map { try CarouselLayout(itemWidth: Double(50 + $0), viewportWidth: 300, itemCount: 10) }
        var rng: UInt64 = 36
        var traces: [TraceRelease] = []
        for line in 0..<3000 {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            let r = Int(rng >> 33)
            // long runs of a few layouts, then every layout in turn, in two files
            let layout = line < 1000 ? layouts[(line / 50) % 3] : layouts[r % layouts.count]
            traces.append(TraceRelease(traceID: "\(line)", user: 0, intendedIndex: 1, layout: layout,
                                       release: Release(offset: 150, velocity: 1, startOffset: 100), sampleCount: 5,
                                       location: TraceLocation(file: r % 5 == 0 ? "b.csv" : "a.csv", line: line)))
        }
        // trace by trace, as before runs were counted
        var expected: [String: [CarouselLayout: Int]] = [:]
        for t in traces {
            var counts = expected[t.location.file, default: [:]]
            if counts[t.layout] != nil || counts.count < DataChecks.layoutsPerFileKept { counts[t.layout, default: 0] += 1 }
            expected[t.location.file] = counts
        }
        var checks = DataChecks()
        for t in traces { checks.add(t) }
        #expect(checks.layoutsByFile == expected)
        #expect(expected["a.csv"]?.count == DataChecks.layoutsPerFileKept)
        #expect(checks.warnings().filter { $0.id == "mixed-layouts" }.count == 2)
        // two halves merged: the sum of the halves' counts
        var first = DataChecks(), second = DataChecks()
        for t in traces[..<1500] { first.add(t) }
        for t in traces[1500...] { second.add(t) }
        var merged = first
        merged.merge(second)
        var sum = first.layoutsByFile
        for (file, counts) in second.layoutsByFile { sum[file, default: [:]].merge(counts, uniquingKeysWith: +) }
        #expect(merged.layoutsByFile == sum)
    }
}
