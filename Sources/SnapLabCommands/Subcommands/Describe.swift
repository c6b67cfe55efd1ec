import ArgumentParser
import SnapStrategies
import SnapTraces
import SnapReports

extension SnapLab {
    /// `snaplab describe`: what a set of trace files holds.
    public struct Describe: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "describe",
            abstract: "Describe trace files: kind, traces, users, labels, sampling, release speeds, page deltas, warnings.",
            discussion: """
                Quantiles are exact up to 100,000 values per quantity and estimated from a fixed-seed \
                reservoir sample beyond, so memory stays bounded for any file size.
                Example: snaplab describe --format json swipes.csv
                """)

        @OptionGroup var input: TraceInputOptions

        @Option(help: "Output format: table or json.")
        var format: TableOrJSON = .table

        public init() {}

        public func validate() throws { try input.requireFiles() }

        public func run() throws {
            try TraceCommand.run { try output().write() }
        }

        /// What the command prints (built whole first: nothing is printed if the read fails).
        public func output() throws -> CommandOutput {
            var description = TraceDescription()
            var summary: ReadSummary, checks: DataChecks
            do {
                (summary, checks) = try input.read { description.add($0) }
            } catch let error as TraceParseError {
                guard case .invalidLayout(let reason) = error.kind, reason.hasPrefix("no layout:") else { throw error }
                // sampling and speeds need no layout: read again under a stand-in, and the fields
                // that need one say so
                description = TraceDescription()
                (summary, checks) = try input.read(layoutNeeded: false) { description.add($0) }
            }
            let hasLayout = checks.checksLayout
            var result = CommandOutput()
            let warnings = checks.lines()
            let used = VelocityInUse.header(method: input.velocity, files: summary.files, framesRebuilt: checks.framesRebuilt)
            switch format {
            case .table:
                result.standardOutput = Array(("velocity: \(used)\n" + description.table(summary: summary, hasLayout: hasLayout)).utf8)
                result.standardError = (summary.notices(scored: description.traces) + warnings).joined(separator: "\n") + "\n"
            case .json:
                let json = description.json(summary: summary, hasLayout: hasLayout).setting("velocity", to: .string(used)).setting("warnings", to: checks.json())
                result.standardOutput = Array((json.rendered(pretty: true) + "\n").utf8)
                let lines = summary.skipped.map { "skipped \($0.description)" } + warnings
                if !lines.isEmpty { result.standardError = lines.joined(separator: "\n") + "\n" }
            }
            return result
        }
    }
}
