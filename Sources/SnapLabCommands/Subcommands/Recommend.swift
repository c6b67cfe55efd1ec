import ArgumentParser
import SnapStrategies
import SnapTraces
import SnapFitting
import SnapReports

extension SnapLab {
    /// `snaplab recommend`: which policy to ship, by cross-validated score and simplicity.
    public struct Recommend: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "recommend",
            abstract: "Recommend a policy: every policy with default and fitted parameters, cross-validated by user; the simplest within one SE of the best.",
            discussion: """
                Each policy is scored with its defaults and, if it has thresholds (non-integer parameters that are not platform constants) \
                (at most --max-fitted-parameters of them), fitted on each training fold; learned \
                thresholds are the ordinal model with --max-pages. Test scores are means over the \
                same user-grouped folds for every candidate. Rule: among the candidates within one \
                standard error of the best, the one with the fewest fitted parameters, then fewest \
                parameters, then the better score, then catalogue order. Prints Swift code that builds the chosen policy, and the \
                headroom: the same folds' hit rate of boosted decision stumps on the learned-threshold \
                features, the best any release-time policy could do on this data (seeded with --seed).
                Example: snaplab recommend Data/synthetic.csv --policies tag99,nearest,embla
                Example: snaplab recommend Data/synthetic.csv --policies tag99,nearest --export kotlin
                """)

        @OptionGroup var input: TraceInputOptions

        @Option(help: "Policies: a comma-separated list of identifiers ('ID@max<n>': at most n items per fling), 'all' or 'all@max<n>'.")
        var policies: String = "all"

        @Option(help: "Pages per direction of the ordinal model fitted for the learned-threshold policy.")
        var maxPages: Int = 3

        @Option(help: "Policies with more thresholds than this are scored with defaults only.")
        var maxFittedParameters: Int = 6

        @Option(help: FitSampleCap.help)
        var fitSampleCap: String = FitSampleCap.defaultText

        @OptionGroup var fitOptions: FitOptions

        @OptionGroup var sample: LabelledTraceOptions

        @OptionGroup var behaviour: BehaviourLabelOptions

        @Option(help: "Output format: table or json.")
        var format: TableOrJSON = .table

        @Option(help: "Also print the chosen configuration as snaplab export writes it: swift, kotlin or js (json: key \"export\").")
        var export: ExportLanguage?

        @OptionGroup var platformOptions: PlatformOptions

        @OptionGroup var groupOptions: GroupOptions

        @Flag(help: "Let a candidate with a degenerate fitted value (at an end of its range, coinciding cut points, a speed gate that never or always fires) be recommended.")
        var allowDegenerate = false

        public init() {}

        public func validate() throws {
            try input.requireFiles()
            guard maxPages >= 1, maxPages <= 20 else { throw ValidationError("--max-pages must be between 1 and 20") }
            guard maxFittedParameters >= 0 else { throw ValidationError("--max-fitted-parameters must be 0 or more") }
            _ = try FitSampleCap.parse(fitSampleCap)
        }

        public func run() throws {
            try TraceCommand.run { try output().write() }
        }

        /// The recommendation and the report around it (shared with the tests).
        func recommendation() throws -> (report: RecommendationReport, notes: [String]) {
            let all = try PolicySelection.parse(policies)
            let selected = try platformOptions.candidates(all)
            let fitter = try fitOptions.fitter(defaultStarts: 4)
            let (input, frames) = try platformOptions.input(self.input)
            let (data, labelled, summary, checks, labels) = try sample.readFitData(input, seed: fitOptions.seed, behaviour: behaviour,
                                                                                  groupBy: groupOptions.readGroup)
            try fitOptions.checkFolds(users: data.userCounts(data.allIndices).count)
            var recommendation = try Recommendation.run(
                policies: selected, data: data, fitter: fitter, folds: fitOptions.folds, maxPages: maxPages,
                maxFittedParameters: maxFittedParameters, seed: fitOptions.seed, withHeadroom: true,
                sampleCap: try FitSampleCap.parse(fitSampleCap), allowDegenerate: allowDegenerate,
                native: platformOptions.native, groupsByColumnOnly: groupOptions.groupBy != nil, platform: platformOptions.platform,
                offPlatform: platformOptions.offPlatform(all))
            let header = RunHeader(files: summary.files, checks: checks, hit: sample.hitOptions.hit,
                                   traces: "\(data.count) labelled from \(data.userCounts(data.allIndices).count) users",
                                   labels: labels?.description,
                                   trailing: [("platform", platformOptions.platform.map { $0.summary(readWith: frames) } ?? "not given"),
                                              ("seed", "\(fitOptions.seed)")],
                                   velocityNote: frames != nil ? PlatformOptions.framesNote : nil)
            recommendation.codeHeader = [platformOptions.assumptions(velocity: header.velocity, hit: header.hitText, frames: frames != nil,
                                                               framesRebuilt: checks.framesRebuilt)]
            let preamble = header.entries
            let users = data.userCounts(data.allIndices).count
            var notes = summary.notices(scored: data.count)
            notes += sample.notes(kept: data.count, labelled: labelled)
            notes += checks.lines(users: users)
            if frames != nil { notes.append("note: " + PlatformOptions.framesNote) }
            notes.append("seed: \(fitOptions.seed)")
            var report = RecommendationReport(recommendation: recommendation, preamble: preamble, headroom: recommendation.headroom)
            report.users = users
            report.userNames = summary.users.names
            report.warnings = checks.json(users: users)
            report.estimatorWarning = checks.estimatorWarning(platformGiven: platformOptions.platform != nil,
                                                              readsStandardInput: input.readsStream)
            if let w = report.estimatorWarning { notes.insert(w.text, at: notes.count - 1) }
            return (report, notes)
        }

        /// What the command prints, built whole before anything is written.
        public func output() throws -> CommandOutput {
            let (report, notes) = try recommendation()
            var result = CommandOutput()
            var json = report.json(), table = report.table()
            if let export {
                let code = try exportCode(report, export)
                if case .object(let items) = json { json = .object(items + [("export", .string(code))]) }
                table += "\n\(export.rawValue) export:\n" + code
            }
            result.standardOutput = Array((format == .json ? json.rendered(pretty: true) + "\n" : table).utf8)
            result.standardError = notes.joined(separator: "\n") + "\n"
            return result
        }

        /// The chosen configuration as `snaplab export` writes it in `language` (the module for js).
        func exportCode(_ report: RecommendationReport, _ language: ExportLanguage) throws -> String {
            let r = report.recommendation
            let run = Dictionary(report.preamble.map { ($0.key, $0.value) }, uniquingKeysWith: { a, b in a + "; " + b })
            let header = r.exportHeader(velocity: run["velocity"] ?? input.velocity.rawValue,
                                        hit: run["hit"] ?? sample.hitOptions.hit.rawValue,
                                        data: [run["file"], run["traces"], run["labels"]].compactMap { $0 }.joined(separator: "; "),
                                        platform: platformOptions.platform?.rawValue
                                            ?? "not given (recommend ran without --platform: the velocity estimator above was assumed)")
            do {
                return try PolicyExport(policy: r.chosen.policy, header: header).files(language)[0].text
            } catch {
                throw ValidationError("--export: " + error.description)
            }
        }
    }
}
