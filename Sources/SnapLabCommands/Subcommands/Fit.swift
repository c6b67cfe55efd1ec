import ArgumentParser
import SnapStrategies
import SnapGSL
import SnapTraces
import SnapFitting
import SnapReports

extension SnapLab {
    /// `snaplab fit`: one policy's parameters fitted to labelled traces, cross-validated by user.
    public struct Fit: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "fit",
            abstract: "Fit a policy's parameters to labelled traces: values with user-bootstrap intervals, train/test scores, convergence.",
            discussion: """
                An exact coordinate search over the step-shaped hit rate (each step finds the best \
                value over every trace's change point; thresholds that declare their feature sweep \
                it exactly), from seeded starts, bounds and declared orders kept; Nelder–Mead only \
                polishes platform constants named with --params. Values marked ? are not \
                identified by the data (no trace scores differently across their plateau, which \
                reaches the end of their range). Train and test scores are means \
                over user-grouped folds (--folds); the values are a fit on all traces, their 95% \
                intervals from --bootstrap refits on resampled users. --param NAME=VALUE sets start \
                values (and fixed values of parameters not fitted). learned-threshold (all parameters): \
                maximum likelihood, then exact cut points for the objective, and the headroom (the best \
                any release-time policy could do on this data; same folds, seeded with --seed).
                Example: snaplab fit Data/synthetic.csv --policy tag99 --params lowTier,highTier --format json
                """)

        @OptionGroup var input: TraceInputOptions

        @Option(help: "The policy to fit (an identifier from 'snaplab policies'; 'ID@max<n>' caps it at n items per fling).")
        var policy: String

        @Option(help: ArgumentHelp("Parameters to fit, comma-separated (default: every threshold; platform constants only when named).", valueName: "a,b"))
        var params: String?

        @OptionGroup var parameters: ParameterOptions

        @OptionGroup var fitOptions: FitOptions

        @Option(help: "User-bootstrap refits for the intervals of the fitted values (0 for none).")
        var bootstrap: Int = 50

        @OptionGroup var sample: LabelledTraceOptions

        @OptionGroup var behaviour: BehaviourLabelOptions

        @Option(help: "Output format: table or json.")
        var format: TableOrJSON = .table

        public init() {}

        public func validate() throws {
            try input.requireFiles()
            guard bootstrap >= 0, bootstrap <= 10_000 else {
                throw ValidationError("--bootstrap must be between 0 and 10000 refits")
            }
            guard !policy.contains(","), policy != "all" else { throw ValidationError("--policy takes one identifier") }
        }

        public func run() throws {
            try TraceCommand.run { try output().write() }
        }

        /// The policy with the `--param` start values, and the names to fit.
        /// - Throws: `ValidationError` for an unknown policy or parameter, or nothing to fit.
        func selection() throws -> (policy: any SnapPolicy, names: [String]?) {
            guard let chosen = try parameters.apply(to: PolicySelection.parse(policy)).first else {
                throw ValidationError("--policy: no policy named '\(policy)'")
            }
            let names = params.map { $0.split(separator: ",").map { String($0) } }
            do {
                let free = try BoundTransform(policy: chosen.id, specs: chosen.parameterSpecs,
                                              values: chosen.parameterValues, free: names)
                guard free.count > 0 else { throw FitError.noFreeParameters(policy: chosen.id) }
            } catch {
                throw ValidationError(String(describing: error))
            }
            return (chosen, names)
        }

        /// What the command prints, built whole before anything is written.
        public func output() throws -> CommandOutput {
            let (start, names) = try selection()
            let fitter = try fitOptions.fitter()
            let (data, labelled, summary, checks, labels) = try sample.readFitData(input, seed: fitOptions.seed, behaviour: behaviour)
            try fitOptions.checkFolds(users: data.userCounts(data.allIndices).count)
            let fit = try CrossValidatedFit.run(policy: start, data: data, parameters: names, fitter: fitter,
                                                folds: fitOptions.folds, bootstrapResamples: bootstrap, seed: fitOptions.seed)
            let preamble = RunHeader(files: summary.files, checks: checks, hit: sample.hitOptions.hit,
                                     labels: labels?.description, trailing: [("seed", "\(fitOptions.seed)")]).entries
            let units = Dictionary(start.parameterSpecs.map { ($0.name, $0.unit) }, uniquingKeysWith: { a, _ in a })
            var report = FitReport(fit: fit, preamble: preamble, units: units)
            report.degenerate = Degeneracy(data: data).reasons(fit.fitted.policy, fitted: fit.fitted.fittedNames)
            if start is LearnedThresholdSnap {
                report.headroom = try Headroom.run(data: data, folds: fitOptions.folds, seed: fitOptions.seed)
            }
            var result = CommandOutput()
            let json = report.json().setting("warnings", to: checks.json(users: fit.users))
            result.standardOutput = Array((format == .json ? json.rendered(pretty: true) + "\n" : report.table()).utf8)
            var notes = summary.notices(scored: data.count)
            notes += sample.notes(kept: data.count, labelled: labelled)
            notes += checks.lines(users: fit.users)
            notes.append("seed: \(fitOptions.seed)")
            result.standardError = notes.joined(separator: "\n") + "\n"
            return result
        }
    }
}
