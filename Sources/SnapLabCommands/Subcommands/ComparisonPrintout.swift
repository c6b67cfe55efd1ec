import SnapLabSupport
import SnapTraces
import SnapScoring
import SnapReports
import SnapStrategies

/// What `compare` and `merge` print from the same tallies: the comparison (bootstrap, tests),
/// its report with the run's preamble, and the data checks' lines. One place builds it, so a merge
/// of summaries prints byte for byte what `compare` prints on the same traces.
struct ComparisonPrintout {
    /// The files read and their counts, as the preamble states them.
    struct Files {
        var files: [FileReadSummary]
        var tracesRead: Int
        var tracesSkipped: Int
        var tracesCancelled: Int
    }

    let comparison: Comparison
    let report: ComparisonReport
    /// Standard output in `format`.
    let standardOutput: [UInt8]
    /// The data checks' lines for standard error.
    let checkLines: [String]

    init(totals: ScoreAccumulator, userNames: [String], files: Files, labelNote: String?,
         hit: HitCriterion, resamples: Int, seed: UInt64, checks: DataChecks,
         format: ReportFormat, breakdown: ComparisonReport.Breakdown) throws {
        let boot = UserBootstrap(resamples: resamples, seed: seed)
        let comparison = try Comparison(totals, userNames: userNames, bootstrap: boot)
        let preamble = RunHeader(
            files: files.files, checks: checks, hit: hit,
            traces: "\(files.tracesRead) read, \(totals.labelled) scored, "
                + "\(totals.unlabelled) unlabelled, \(files.tracesSkipped) skipped, \(files.tracesCancelled) cancelled",
            labels: labelNote, users: comparison.users,
            trailing: [("bootstrap", comparison.intervalMethod == .bootstrap ? "\(resamples) user resamples, seed \(seed)"
                : "cluster-robust normal intervals (\(comparison.users) users, above \(boot.normalAboveUsers))")]).entries
        let warnings = checks.warnings(users: comparison.users)
        var report = ComparisonReport(comparison: comparison, preamble: preamble, breakdown: breakdown)
        report.warnings = warnings
        report.hit = hit
        if totals.labelled == 0 {
            let unlabelled = UnlabelledComparisonReport(comparison: comparison, preamble: preamble, warnings: warnings)
            standardOutput = Array(unlabelled.render(format).utf8)
        } else {
            standardOutput = Array(report.render(format).utf8)
        }
        self.comparison = comparison
        self.report = report
        checkLines = checks.lines(users: comparison.users)
    }
}
