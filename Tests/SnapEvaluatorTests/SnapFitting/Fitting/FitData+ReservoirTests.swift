import Testing
import SnapStrategies
@testable import SnapTraces
@testable import SnapFitting

@Suite("Fit data reservoir")
struct FitDataReservoirTests {
    @Test("the compact reservoir keeps the same sample, in the same order, as TraceReservoir then FitData")
    func reservoirMatchesTraceReservoir() throws {
        let all = try FitDataTests.traces(500)
        for capacity in [1, 37, 200, 10_000] {
            let reference = try TraceReservoir(capacity: capacity, seed: 9)
            let compact = try FitData.Reservoir(capacity: capacity, seed: 9)
            for t in all where t.intendedIndex != nil {
                reference.add(t)
                compact.add(t)
            }
            #expect(compact.seen == reference.seen && compact.count == reference.traces.count)
            #expect(FitDataTests.same(compact.data, FitData(reference.traces)), "capacity \(capacity)")
        }
    }
}
