import Foundation
import Testing
import SnapLabSupport
@testable import SnapScoring
@testable import SnapSwipeModel

@Suite struct CalibrationVerdictTests {
    func row(_ kind: StatisticKind, _ recording: Double, _ generated: Double) -> CalibrationTable.Row {
        let passes = RecordingSummary.Statistic(kind, value: recording).matches(generated)
        return .init(statistic: kind.label, id: kind.id, recording: recording, generated: generated, tolerance: kind.toleranceText,
                     passes: passes, isFitted: false, note: "")
    }
    var goodRows: [CalibrationTable.Row] {
        [row(.releaseSpeedP50, 0.6, 0.62), row(.travelP50, 1.28, 1.3), row(.travelP90, 1.76, 1.8), row(.rowsP50, 5, 31)]
    }
    let problem = CalibrationProblem(kind: .atLimit, parameter: "stroke amplitude median (pitches)", key: "stroke.amplitudeMedian",
                                     value: 80, finding: "still moving", statistic: .travelLocation, target: 1.2, simulated: 0.17)

    @Test func usableWhenConvergedWithTheReleaseKinematicsAndTheRanking() {
        let rank = RankBootstrap.Result(rho: 0.93, interval: Interval(lower: 0.81, upper: 0.97), resamples: 1000, seed: 1)
        let v = CalibrationVerdict(problems: [], fittedCount: 10, rows: goodRows, rank: rank, rankedAgainst: ["home.csv"], generated: 100)
        #expect(v.reasons.isEmpty)
        #expect(v.line == "verdict: usable for ranking: the fit converged, release kinematics within tolerance "
                + "(release_speed_p50, travel_p50, travel_p90), ρ = 0.93 (95% interval 0.81–0.97) with home.csv")
        let unchecked = CalibrationVerdict(problems: [], fittedCount: 10, rows: goodRows, rank: nil, rankedAgainst: [], generated: 100)
        #expect(unchecked.line.hasSuffix("; its ranking was not checked against a labelled recording (--rank-against FILE checks it)"))
        #expect(!unchecked.line.contains("\n"))
        // `--match` names what it was fitted to when the targets hold no release kinematics
        let published = CalibrationVerdict(problems: [], fittedCount: 4, rows: [row(.rowsP50, 5, 5)], rank: nil, rankedAgainst: [],
                                           generated: 100, reference: "the published statistics")
        #expect(published.line.hasPrefix("verdict: usable for ranking: the fit converged, release kinematics within tolerance "
                                         + "(none in the published statistics); its ranking was not checked"), "\(published.line)")
    }

    @Test func notUsableSaysWhy() {
        let rank = RankBootstrap.Result(rho: 0.31, interval: Interval(lower: -0.1, upper: 0.62), resamples: 1000, seed: 1)
        let rows = goodRows + [row(.releaseSpeedP50, 0.604, 0.009)].map { r in var r = r; r.statistic += " "; return r }
        let v = CalibrationVerdict(problems: [problem], fittedCount: 10, rows: [rows[1], rows[2], rows[4]], rank: rank,
                                   rankedAgainst: ["home.csv"], generated: 100)
        #expect(v.reasons == ["1 of 10 fitted parameters did not converge (stroke.amplitudeMedian)",
                              "release kinematics off: release_speed_p50 0.009 against 0.604 (±15%)",
                              "it ranks the policies unlike home.csv: ρ = 0.31 (95% interval -0.10–0.62), below 0.8"])
        #expect(v.line.hasPrefix("verdict: NOT usable for ranking: 1 of 10 fitted parameters did not converge"))
        let nothing = CalibrationVerdict(problems: [], fittedCount: 10, rows: goodRows, rank: nil, rankedAgainst: [], generated: 0)
        #expect(nothing.line == "verdict: NOT usable for ranking: nothing was generated to check (--traces 0)")
        let flat = RankBootstrap.Result(rho: .nan, interval: Interval(lower: .nan, upper: .nan), resamples: 1000, seed: 1)
        #expect(CalibrationVerdict(problems: [], fittedCount: 10, rows: goodRows, rank: flat, rankedAgainst: ["a.csv"], generated: 5)
            .reasons == ["no rank correlation with a.csv (a side's hit rates are all equal)"])
    }
}

extension CalibrationVerdictTests {
    /// A fit judged converged only within the recording's own uncertainty of a target says so.
    @Test func aFitConvergedWithinTheRecordingsOwnUncertaintySaysSo() {
        let widened = "release_speed_p50 0.7 against 0.604 (±15% widened to the recording's own uncertainty ±21.0%)"
        let v = CalibrationVerdict(problems: [], fittedCount: 10, rows: goodRows, rank: nil, rankedAgainst: [], generated: 100,
                                   matchedByWidening: [widened])
        #expect(v.reasons.isEmpty)
        #expect(v.line.hasPrefix("verdict: usable for ranking: the fit converged (within the recording's own uncertainty of the target, "
                                 + "not the fixed tolerance: " + widened + "), release kinematics within tolerance"), "\(v.line)")
    }
}
