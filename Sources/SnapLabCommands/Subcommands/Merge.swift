import ArgumentParser
import Foundation
import SnapLabSupport
import SnapTraces
import SnapScoring
import SnapReports

extension SnapLab {
    /// `snaplab merge`: the `compare` table of several runs' summaries together.
    public struct Merge: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Print the compare table of the traces behind several compare --emit-summary files, as one compare run over all of them would.",
            discussion: """
                Each summary holds one compare run's per-user, per-policy tallies (Docs/scale.md). The summaries \
                must share policies, parameters, --hit, --velocity, --bootstrap and --seed (an error names the \
                files otherwise). A user found in several summaries is one user: their tallies are summed. \
                The intervals draw users in name order, so any split of the traces by user, in any order, \
                gives the same table; the file lines follow the order of the summaries given. \
                Make the summaries with e.g. snaplab compare part1.csv --policies tag99,nearest --emit-summary part1.jsonl \
                (Scripts/spark/snaplab_spark.py does this per partition of a Spark dataset).
                Example: snaplab merge part1.jsonl
                """)

        @Argument(help: ArgumentHelp("Summary files written by snaplab compare --emit-summary.", valueName: "summary"))
        var summaries: [String] = []

        @Option(help: "Add a per-group breakdown: user or file.")
        var by: ComparisonReport.Breakdown?

        @Option(help: "Output format: table, markdown, csv or json.")
        var format: ReportFormat = .table

        @Option(help: ArgumentHelp("Also write the run metadata (files, counts, estimator, seed) as JSON to this file.", valueName: "file.json"))
        var meta: String?

        public init() {}

        public func validate() throws {
            guard !summaries.isEmpty else { throw ValidationError("give at least one summary file (snaplab compare --emit-summary FILE)") }
        }

        public func run() throws {
            do { try output().write() } catch let error as SummaryError {
                Output.error.write("Error: \(error.description)\n")
                throw TraceCommand.badData
            }
        }

        /// What the command prints, built whole before anything is written.
        public func output() throws -> CommandOutput {
            var read: [(path: String, summary: ComparisonSummary)] = []
            for path in summaries {
                let text: String
                do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                    throw SummaryError("\(path): cannot read the summary (\(error.localizedDescription))")
                }
                read.append((path, try ComparisonSummary.parse(text, path: path)))
            }
            let merged = try ComparisonSummary.merged(read)
            let s = merged.settings
            let printout = try ComparisonPrintout(
                totals: merged.totals, userNames: merged.userNames,
                files: .init(files: merged.files.map(\.readSummary), tracesRead: merged.tracesRead,
                             tracesSkipped: merged.tracesSkipped, tracesCancelled: merged.tracesCancelled),
                labelNote: nil, hit: s.hit, resamples: s.resamples, seed: s.seed,
                checks: merged.checks, format: format, breakdown: by ?? .none)
            var result = CommandOutput()
            result.standardOutput = printout.standardOutput
            if let meta { try SideFile.write(printout.report.runJSON().rendered(pretty: true) + "\n", to: meta) }
            var notes = ["merged \(read.count) summar\(read.count == 1 ? "y" : "ies"): \(merged.files.count) files, "
                         + "\(merged.userNames.count) users, \(merged.totals.labelled) scored traces"]
            for f in merged.files {
                notes.append("\(f.path): \(f.kind.rawValue) file, \(f.tracesRead) traces, \(f.rows) rows")
                notes += f.skipped.map { "skipped \($0)" }
            }
            notes += printout.checkLines
            if merged.totals.labelled == 0 && format == .csv { notes.append(UnlabelledComparisonReport.note) }
            notes.append("seed: \(s.seed)")
            result.standardError = notes.joined(separator: "\n") + "\n"
            return result
        }
    }
}
