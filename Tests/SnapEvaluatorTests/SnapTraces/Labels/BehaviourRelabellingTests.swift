import SnapStrategies
import Testing
import SnapTraces

@Suite("BehaviourRelabelling")
struct BehaviourRelabellingTests {
    @Test("groups by session in time order, drops file labels, counts traces it cannot use")
    func relabel() throws {
        let layout = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
        func trace(_ id: String, t: Double, from: Int, to: Int, settled: Int?, intended: Int? = 9) -> TraceRelease {
            let a = layout.snapOffset(ofSlot: from), b = a + Double(to - from) * 100
            return TraceRelease(traceID: id, user: 0, intendedIndex: intended, layout: layout,
                                release: Release(offset: b, velocity: 0, startOffset: a, startTime: t, time: t + 100),
                                sampleCount: 1, location: TraceLocation(file: "t.csv", line: 2), settledIndex: settled)
        }
        // Session A given out of order: 3 → 4 at 0 ms, 4 → 5 at 3200 ms (after a dwell on 4), 5 → 6 at 3500 ms.
        let traces = [trace("a2", t: 3200, from: 4, to: 5, settled: 5), trace("a1", t: 0, from: 3, to: 4, settled: 4),
                      trace("a3", t: 3500, from: 5, to: 6, settled: 6), trace("x", t: 0, from: 1, to: 2, settled: 2),
                      trace("y", t: 0, from: 1, to: 2, settled: nil)]
        let (out, summary) = BehaviourRelabelling.relabel(traces, sessions: ["A", "A", "A", nil, "B"], labeller: BehaviourLabeller())
        #expect(out.map(\.intendedIndex) == [nil, 4, nil, nil, nil])
        #expect(summary.traces == 5 && summary.withoutSession == 1 && summary.withoutSettledIndex == 1)
        #expect(summary.labelledByRule == [.dwell: 1] && summary.unlabelled == 4 && summary.sessions == 1)
        #expect(summary.description.hasPrefix("behaviour labels: 1 of 5 traces labelled (0 tap, 1 dwell, 0 correction)"))
    }
}
