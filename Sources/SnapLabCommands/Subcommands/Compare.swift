import ArgumentParser
import Foundation
import SnapStrategies
import SnapTraces
import SnapScoring
import SnapSwipeModel
import SnapReports

extension ComparisonReport.Breakdown: ExpressibleByArgument {}

extension SnapLab {
    /// `snaplab compare`: every policy scored against what people intended, with uncertainty.
    public struct Compare: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "compare",
            abstract: "Score snapping policies against labelled swipe traces: hit rate with user-clustered intervals, errors, paired tests.",
            discussion: """
                The table is sorted by hit rate. Intervals: a bootstrap that resamples users \
                (--bootstrap resamples, --seed). Each policy is compared with the best by the \
                interval of the difference and a clustered McNemar test (users as the units), Holm-adjusted.
                CSV is plain RFC 4180 with one header row (--meta FILE.json writes the run metadata); \
                --per-trace FILE.csv writes one row per scored trace (Docs/per-trace.md); \
                --emit-summary FILE.jsonl writes the tallies snaplab merge combines (Docs/scale.md).
                Example: snaplab compare Data/synthetic.csv --policies tag99,nearest --format markdown
                Example: snaplab compare Data/synthetic.csv --policies tag99,nearest --format csv --by user --meta run.json
                Example: snaplab compare Data/synthetic.csv --policies tag99,nearest --emit-summary part1.jsonl
                """)

        @OptionGroup var input: TraceInputOptions

        @OptionGroup var hitOptions: HitOptions

        @Option(help: "Policies: a comma-separated list of identifiers ('ID@max<n>': at most n items per fling), 'all' or 'all@max<n>'.")
        var policies: String = "all"

        @OptionGroup var parameters: ParameterOptions

        @OptionGroup var behaviour: BehaviourLabelOptions

        @Option(help: "Add a per-group breakdown: user or file.")
        var by: ComparisonReport.Breakdown?

        @Option(help: "Output format: table, markdown, csv or json.")
        var format: ReportFormat = .table

        @Option(help: "Bootstrap resamples of users.")
        var bootstrap: Int = 2000

        @Option(help: "Seed of the bootstrap (printed to standard error).")
        var seed: UInt64 = 12345

        @Option(help: ArgumentHelp("Also write the run metadata (files, counts, estimator, seed) as JSON to this file.", valueName: "file.json"))
        var meta: String?

        @Option(help: ArgumentHelp("Also write one CSV row per scored trace and policy (ids, policy, target, hit 0/1, criterion, release values; Docs/per-trace.md) to this file.", valueName: "file.csv"))
        var perTrace: String?

        @Option(help: ArgumentHelp("Also write the run's per-user, per-policy tallies as a versioned JSON-lines summary to this file; snaplab merge prints this table from such summaries of any split of the traces by user (Docs/scale.md).", valueName: "file.jsonl"))
        var emitSummary: String?

        public init() {}

        public func validate() throws {
            try input.requireFiles()
            if emitSummary != nil && behaviour.labels == .behaviour {
                throw ValidationError("--emit-summary needs --labels file: labels derived from behaviour depend on whole sessions, which a summary of a split cannot see")
            }
            try PositiveCount.check(bootstrap, option: "--bootstrap", unit: "resamples", max: 1_000_000)
        }

        public func run() throws {
            try TraceCommand.run { try output().write() }
        }

        /// What the command prints, built whole before anything is written.
        public func output() throws -> CommandOutput {
            let selected = try parameters.apply(to: PolicySelection.parse(policies))
            var labelNote: String?
            let (totals, summary, checks): (ScoreAccumulator, ReadSummary, DataChecks)
            var relabelled: (traces: [TraceRelease], sessions: [String?])? = nil
            var readOptions: TraceReadOptions?  // read once: --frames auto pre-scans the files
            if behaviour.labels == .behaviour {
                let run = try behaviour.accumulate(input, policies: selected, hit: hitOptions.hit)
                (totals, summary, checks, labelNote) = (run.totals, run.summary, run.checks, run.labels.description)
                relabelled = (run.traces, run.sessions)
            } else {
                let options = try input.readOptions(hit: hitOptions.hit)
                readOptions = options
                (totals, summary, checks) = try ComparisonRun.accumulateChecked(
                    paths: input.files, options: options, policies: selected, parts: input.effectiveJobs)
            }
            let printout = try ComparisonPrintout(
                totals: totals, userNames: summary.users.names,
                files: .init(files: summary.files, tracesRead: summary.tracesRead, tracesSkipped: summary.tracesSkipped,
                             tracesCancelled: summary.tracesCancelled),
                labelNote: labelNote, hit: hitOptions.hit, resamples: bootstrap, seed: seed,
                checks: checks, format: format, breakdown: by ?? .none)
            let report = printout.report
            var result = CommandOutput()
            result.standardOutput = printout.standardOutput
            if let emitSummary {
                let settings = ComparisonSummary.Settings(policies: selected, hit: hitOptions.hit, velocity: input.velocity,
                                                          framesRebuilt: checks.framesRebuilt, resamples: bootstrap, seed: seed)
                try SideFile.write(ComparisonSummary(settings: settings, totals: totals, read: summary, checks: checks).jsonLines(),
                                   to: emitSummary)
            }
            if let meta { try SideFile.write(report.runJSON().rendered(pretty: true) + "\n", to: meta) }
            var notes = input.files.compactMap(GeneratorModelFile.notice(forTraceFile:))
                + summary.notices(scored: totals.labelled) + printout.checkLines
            if let perTrace {
                let traces: Int
                if let relabelled {
                    traces = try PerTraceCSV.write(traces: relabelled.traces, sessions: relabelled.sessions, userNames: summary.users.names,
                                                   policies: selected, to: perTrace)
                } else {
                    traces = try PerTraceCSV.write(paths: input.files, options: readOptions ?? input.readOptions(hit: hitOptions.hit),
                                                   policies: selected, to: perTrace)
                }
                notes.append("wrote \(traces) traces × \(selected.count) policies = \(traces * selected.count) per-trace rows to \(perTrace)")
            }
            if totals.labelled == 0 && format == .csv { notes.append(UnlabelledComparisonReport.note) }
            notes.append("seed: \(seed)")
            result.standardError = notes.joined(separator: "\n") + "\n"
            return result
        }
    }
}
