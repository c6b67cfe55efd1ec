import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapSwipeModel

@Suite struct CalibrationTableTests {
    /// A recording of a few generated traces (reveal, frame delivery).
    func recording(traces: Int, seed: UInt64) throws -> RecordingSummary {
        let layout = try benchLayout()
        let g = try TraceGenerator(model: SwipeModel(parameters: truthParameters(), layout: layout), traceCount: traces, userCount: 5,
                                   seed: seed, livePolicy: PolicyCatalog.policy(id: "compose-lazyrow-snap"))
        return RecordingSummary(features: try allSwipes(g).map { TraceFeatures($0, pitch: layout.stride, estimator: LSQ2VelocityEstimator()) },
                                layout: layout)
    }

    /// `--traces 0`: nothing was generated, so no row is marked as passing or failing (before, every
    /// fitted row said "NOT MATCHED"), and the line under the table says why.
    @Test func nothingGeneratedIsNotCompared() throws {
        let rec = try recording(traces: 300, seed: 3)
        let empty = RecordingSummary(features: [], layout: rec.layout)
        let fitted = ModelCalibration(task: .reveal, livePolicy: nil, seed: 0).drivers(start: SwipeModelParameters(), targets: rec.statisticValues)
        let rows = CalibrationTable.rows(recording: rec, generated: empty, fitted: fitted)
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.passes == nil && $0.note == CalibrationTable.notGeneratedNote && $0.generated.isNaN })
        #expect(!CalibrationTable.rendered(rows).contains("NOT MATCHED"))
        #expect(CalibrationTable.summary(rows).hasPrefix("no traces generated (--traces 0)"))
        let published = CalibrationTable.rows(targets: [StatisticKind.travelP50: 1.2], generated: empty, fitted: [])
        #expect(published.count == 1 && published[0].passes == nil && published[0].note == CalibrationTable.notGeneratedNote)
    }

    /// With generated traces the rows are compared: the same data passes every row it has a value
    /// for; another sample fails some, and the summary counts them.
    @Test func generatedTracesAreCompared() throws {
        let rec = try recording(traces: 300, seed: 3)
        let same = CalibrationTable.rows(recording: rec, generated: rec, fitted: [])
        #expect(same.allSatisfy { $0.passes != false })
        #expect(CalibrationTable.summary(same).hasSuffix("statistics within tolerance"))
        let other = try recording(traces: 40, seed: 8)
        let rows = CalibrationTable.rows(recording: rec, generated: other, fitted: [])
        let failed = rows.filter { $0.passes == false }.count
        #expect(failed > 0)
        #expect(rows.filter { $0.passes == false }.allSatisfy { $0.note.hasPrefix("NOT MATCHED") })
        #expect(CalibrationTable.summary(rows).contains("; \(failed) not matched"))
    }

    /// A reveal recording's table has no paging-only rows (paging's stroke styles: before, the A30
    /// home table listed them, most "not in the recording"); a paging recording's keeps every row, and a
    /// fitted statistic is always shown.
    @Test func aRecordingsTableShowsItsTasksRows() throws {
        let rec = try recording(traces: 300, seed: 3)
        let all = Set(CalibrationTable.rows(recording: rec, generated: rec, fitted: []).map(\.id))
        let pagingOnly = Set(StatisticKind.pagingOnly.map(\.id))
        #expect(!all.isDisjoint(with: pagingOnly))
        let reveal = CalibrationTable.rows(recording: rec, generated: rec, fitted: [], task: .reveal).map(\.id)
        #expect(Set(reveal).isDisjoint(with: pagingOnly) && Set(reveal) == all.subtracting(pagingOnly))
        #expect(Set(CalibrationTable.rows(recording: rec, generated: rec, fitted: [], task: .browse).map(\.id)).isDisjoint(with: pagingOnly))
        let paging = CalibrationTable.rows(recording: rec, generated: rec, fitted: [], task: .paging).map(\.id)
        #expect(Set(paging) == all)
        let kept = CalibrationTable.rows(recording: rec, generated: rec, fitted: [.flickTravelSpread], task: .reveal).map(\.id)
        #expect(kept.contains(StatisticKind.flickTravelSpread.id))
        // every paging-only statistic is one the recording summary leaves out under the revealed criterion
        var revealed = rec
        revealed.hit = .revealed
        #expect(Set(revealed.statistics.map(\.kind.id)).isDisjoint(with: pagingOnly))
        #expect(Set(rec.statistics.map(\.kind.id)).subtracting(revealed.statistics.map(\.kind.id)) == pagingOnly.intersection(all))
    }
}
