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

    @Test("unreachable intended items counted per run of one layout: the counts and examples of asking trace by trace")
    func unreachableAsTraceByTrace() throws {
        // bounded leading/centre/trailing rows (their last or first items unreachable), a looping
        // one, and one with signed zeros (equal to its unsigned twin); items out of range and past 64
        let layouts = try [
            CarouselLayout(itemWidth: 100, spacing: 10, viewportWidth: 375, itemCount: 90, alignment: .leading),
            CarouselLayout(itemWidth: 100, spacing: 10, viewportWidth: 375, itemCount: 12, alignment: .trailing),
            CarouselLayout(itemWidth: 80, spacing: 0, leadingInset: 0, viewportWidth: 375, itemCount: 7, alignment: .center),
            CarouselLayout(itemWidth: 80, spacing: -0.0, leadingInset: -0.0, viewportWidth: 375, itemCount: 7, alignment: .center),
            CarouselLayout(itemWidth: 160, spacing: 10, viewportWidth: 375, itemCount: 5, alignment: .leading, isLooping: true),
        ]
        var rng: UInt64 = 3636
        var traces: [TraceRelease] = []
        for line in 0..<4000 {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            let r = Int(rng >> 33)
            let layout = layouts[line < 2000 ? (line / 97) % layouts.count : r % layouts.count]
            let item = [r % 100 - 5, r % 8, Int.max, Int.min][r % 7 == 0 ? (r / 7) % 4 : 1 - min(1, r % 3)]
            traces.append(TraceRelease(traceID: "\(line)", user: 0, intendedIndex: r % 11 == 0 ? nil : item, layout: layout,
                                       release: Release(offset: 150, velocity: 1, startOffset: 100), sampleCount: 5,
                                       location: TraceLocation(file: r % 13 == 0 ? "b.csv" : "a.csv", line: line),
                                       hit: r % 5 == 0 ? .revealed : nil))
        }
        var expected: [Int] = [], revealed = 0
        for t in traces {
            guard let item = t.intendedIndex, !DataChecks.isReachable(item: item, in: t.layout) else { continue }
            expected.append(t.location.line)
            if t.criterion == .revealed { revealed += 1 }
        }
        var checks = DataChecks()
        for t in traces { checks.add(t) }
        #expect(expected.count > 100 && expected.count < traces.count / 2)
        #expect(checks.unreachable.count == expected.count)
        #expect(checks.unreachable.examples.map(\.line) == Array(expected.prefix(DataChecks.exampleLimit)))
        #expect(checks.unreachableRevealed == revealed)
        // after the layout checks are dropped and run again on a new layout's traces
        checks.dropLayoutChecks()
        checks.checksLayout = true
        for t in traces[..<500] { checks.add(t) }
        #expect(checks.unreachable.count == expected.filter { $0 < 500 }.count)
    }

    @Test("sameLayout is CarouselLayout's ==: every stored property compared (fails when one is added)")
    func sameLayoutIsEquality() throws {
        let base = try CarouselLayout(itemWidth: 100, spacing: 10, leadingInset: 5, viewportWidth: 375, itemCount: 9)
        #expect(Mirror(reflecting: base).children.count == 11, "a new stored property: compare it in DataChecks.sameLayout")
        let variants = try [
            base,
            CarouselLayout(itemWidth: 101, spacing: 10, leadingInset: 5, viewportWidth: 375, itemCount: 9),
            CarouselLayout(itemWidth: 100, spacing: 11, leadingInset: 5, viewportWidth: 375, itemCount: 9),
            CarouselLayout(itemWidth: 100, spacing: 10, leadingInset: 6, viewportWidth: 375, itemCount: 9),
            CarouselLayout(itemWidth: 100, spacing: 10, leadingInset: 5, trailingInset: 7, viewportWidth: 375, itemCount: 9),
            CarouselLayout(itemWidth: 100, spacing: 10, leadingInset: 5, viewportWidth: 376, itemCount: 9),
            CarouselLayout(itemWidth: 100, spacing: 10, leadingInset: 5, viewportWidth: 375, itemCount: 8),
            CarouselLayout(itemWidth: 100, spacing: 10, leadingInset: 5, viewportWidth: 375, itemCount: 9, alignment: .center),
            CarouselLayout(itemWidth: 100, spacing: 10, leadingInset: 5, viewportWidth: 375, itemCount: 9, isLooping: true),
            CarouselLayout(itemWidth: 100, spacing: -0.0, leadingInset: 0, viewportWidth: 375, itemCount: 9),
            CarouselLayout(itemWidth: 100, spacing: 0, leadingInset: -0.0, viewportWidth: 375, itemCount: 9),
            base.snapped(to: .paddedCenter),
        ]
        for a in variants {
            for b in variants { #expect(DataChecks.sameLayout(a, b) == (a == b), "\(a) vs \(b)") }
        }
    }
}
