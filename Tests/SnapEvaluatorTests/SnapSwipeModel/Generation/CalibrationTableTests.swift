import Foundation
import SnapStrategies
import SnapLabSupport
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

    /// A file of `traces` traces by `users` people of the issue-16 truth: drawn (gain log sd 0.35),
    /// or with `recorded` log gains, the recording's people (``RecordedUser``).
    func people(traces: Int, users: Int, seed: UInt64, recorded: [Double]? = nil) throws -> (summary: RecordingSummary, generator: TraceGenerator) {
        var p = truthParameters()
        p.recordedUsers = recorded.map { g in g.indices.map { RecordedUser(id: "r\($0)", logGain: g[$0], traceShare: 1 / Double(g.count)) } }
        let layout = try benchLayout()
        let g = try TraceGenerator(model: SwipeModel(parameters: p, layout: layout), traceCount: traces, userCount: users,
                                   seed: seed, livePolicy: PolicyCatalog.policy(id: "compose-lazyrow-snap"))
        let features = try allSwipes(g).filter { !$0.isCancelled }.map { TraceFeatures($0, pitch: layout.stride, estimator: LSQ2VelocityEstimator()) }
        return (RecordingSummary(features: features, layout: layout), g)
    }

    /// Issue 32: a fitted row that a file of the recording's people misses while the fit reached it
    /// says so ("fitted on the simulated population", the people's gain sd and the file's value), not
    /// that the model cannot reach it; a row whose parameter did not converge still says that; a
    /// file of drawn users that misses a reached row names the draw; without the fit's context the
    /// note is the old one.
    @Test func aMissedRowSaysWhetherTheFitReachedIt() throws {
        let rec = try people(traces: 1200, users: 12, seed: 3).summary
        // the recording's 12 people with nearly equal gains: the file's gain spread falls well below the recording's
        let gains = (0..<12).map { Double($0 - 6) * 0.002 }
        let file = try people(traces: 1200, users: 12, seed: 4, recorded: gains)
        #expect(file.generator.recordedUsers?.map(\.logGain) == gains)
        let spread = StatisticKind.pooledSpeedSpread
        let fitted: Set<StatisticKind> = [spread, .travelP50]
        let reached = CalibrationTable.FitContext(unreached: [], gainSpread: spread, gainLogSD: 0.35, recordedUsers: file.generator.recordedUsers)
        let row = try #require(CalibrationTable.rows(recording: rec, generated: file.summary, fitted: fitted, fit: reached).first { $0.id == spread.id })
        #expect(row.passes == false && row.generated < row.recording * 0.8, "\(row)")
        #expect(row.note.hasPrefix("NOT MATCHED in this file: fitted on the simulated population (gain log sd 0.35 reaches it)"), "\(row.note)")
        #expect(row.note.contains("the recording's 12 people") && row.note.contains(NumberFormat.compact(row.generated, 3) + " here"), "\(row.note)")
        #expect(!row.note.contains("cannot reach"))
        #expect(abs(try #require(reached.recordedGainSD) - 0.00721) < 1e-4)
        // the same miss when the fit did not reach the statistic, and without the fit's context: the model cannot reach it
        var unreached = reached
        unreached.unreached = [spread]
        for fit in [unreached, nil] {
            let old = CalibrationTable.rows(recording: rec, generated: file.summary, fitted: fitted, fit: fit).first { $0.id == spread.id }
            #expect(old?.note == CalibrationTable.unreachedNote)
        }
        // another fitted row missed by the file of the recording's people, and a miss by drawn users
        #expect(reached.missNote(.travelP50, generated: 1).contains("this file generates the recording's 12 people (estimated log gains, sd 0.007 against the fitted 0.35)"))
        var drawn = reached
        drawn.recordedUsers = nil
        #expect(drawn.missNote(spread, generated: 0.2).hasSuffix("this file's draw of users and traces misses it"))
        // a model's context: the problem parameter's statistics are unreached, the gain spread's statistic named
        let calibration = ModelCalibration(task: .reveal, livePolicy: nil, seed: 0)
        let candidates = calibration.candidates(from: SwipeModelParameters(), targets: rec.statisticValues).compactMap { f, s in s.map { (f, $0) } }
        var result = ModelCalibration.Result(parameters: truthParameters(), userCount: 12, rounds: 10, keptFrom: 6, notes: [])
        result.fitted = candidates
        let amplitude = try #require(candidates.first { $0.0.key != "gainLogSD" })
        result.problems = [CalibrationProblem(kind: .notConverged, parameter: amplitude.0.name, key: amplitude.0.key, value: 1,
                                              finding: "test", statistic: .travelP90, target: 1, simulated: 2)]
        let context = CalibrationTable.FitContext(result, recordedUsers: result.parameters.recordedUsers)
        #expect(context.unreached == [amplitude.1, .travelP90])
        #expect(context.gainSpread == spread && context.gainLogSD == truthParameters().gainLogSD && context.recordedUsers == nil)
    }
}

