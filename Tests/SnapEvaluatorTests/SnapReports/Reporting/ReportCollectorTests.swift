import Foundation
import Testing
import SnapStrategies
@testable import SnapTraces
@testable import SnapReports

@Suite("ReportCollector")
struct ReportCollectorTests {
    @Test("one pass feeds the description, the scores and both samples")
    func onePass() throws {
        let path = try TestFiles.fixture("gen50_seed3.csv")
        let collector = try ReportCollector(policies: [Tag99Snap(), NearestPageSnap()], overlayCapacity: 10, fitCapacity: 30, seed: 3)
        let summary = try TraceReader.read(paths: [path], options: withLayout) { collector.add($0) }
        #expect(summary.tracesYielded == 50)
        #expect(collector.description.traces == 50 && collector.description.users == 44)
        #expect(collector.scores.labelled == 50)
        #expect(collector.overlay.traces.count == 10 && collector.overlay.seen == 50 && !collector.overlay.isComplete)
        #expect(collector.labelled.traces.count == 30 && collector.labelled.seen == 50)
        #expect(collector.labelled.traces.allSatisfy { $0.intendedIndex != nil })
        #expect(collector.firstLayout?.itemWidth == 160)
    }
}
