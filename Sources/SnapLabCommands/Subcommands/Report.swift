import ArgumentParser
import SnapStrategies
import SnapLabSupport
import SnapTraces
import SnapReports

extension SnapLab {
    /// `snaplab report`: one self-contained HTML page about a data set and its policies.
    public struct Report: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Write one self-contained HTML page: the verdict first, then the comparison, pictures, per-intent and per-user views.",
            discussion: """
                The files are read once; the page has inline CSS, SVG and a little script, and no \
                links or external files (it opens offline, also on a phone). Verdict: the recommended \
                policy, its hit rate with interval, and the difference to --baseline. Pictures: decision \
                maps of the top 3 policies in the files' most common layout with a seeded sample of \
                traces, where they disagree, hit rate by release speed of the top 4. The recommendation \
                fits at most --max-fit-traces labelled traces (a seeded uniform sample beyond, stated \
                on the page); when it cannot be made (too few users), the page says why.
                Example: snaplab report Data/synthetic.csv --out report.html
                Example: snaplab report Data/synthetic.csv --policies tag99,nearest,embla --baseline nearest --no-recommendation --out quick.html
                """)

        @OptionGroup var input: TraceInputOptions

        @OptionGroup var hitOptions: HitOptions

        @Option(help: ArgumentHelp("The HTML file to write.", valueName: "file"))
        var out: String

        @Option(help: "Policies: a comma-separated list of identifiers ('ID@max<n>': at most n items per fling), 'all' or 'all@max<n>'.")
        var policies: String = "all"

        @OptionGroup var parameters: ParameterOptions

        @Option(help: "Bootstrap resamples of users for the comparison intervals.")
        var bootstrap: Int = 2000

        @Flag(help: "Leave out the recommendation (no fitting).")
        var noRecommendation = false

        @Option(help: "Labelled traces kept for fitting and the hit-rate curve (a seeded uniform sample beyond).")
        var maxFitTraces: Int = 200_000

        @Option(help: "Traces overlaid on the decision map (a seeded uniform sample).")
        var overlayTraces: Int = 1_500

        @Option(help: "The policy the app ships today: the verdict says how much better the recommendation is.")
        var baseline: String?

        @Option(help: "Pages per direction of the ordinal model fitted for the learned-threshold policy.")
        var maxPages: Int = 3

        @Option(help: "Policies with more non-integer parameters than this are scored with defaults only.")
        var maxFittedParameters: Int = 6

        @OptionGroup var platformOptions: PlatformOptions

        @OptionGroup var groupOptions: GroupOptions

        @Flag(help: "Let a candidate with a degenerate fitted value (at an end of its range, coinciding cut points, a speed gate that never or always fires) be recommended.")
        var allowDegenerate = false

        @OptionGroup var fitOptions: FitOptions

        @OptionGroup var behaviour: BehaviourLabelOptions

        public init() {}

        public func validate() throws {
            try input.requireFiles()
            guard !out.isEmpty else { throw ValidationError("--out needs a file name") }
            try PositiveCount.check(bootstrap, option: "--bootstrap", unit: "resamples", max: 1_000_000)
            try PositiveCount.check(maxFitTraces, option: "--max-fit-traces", unit: "traces")
            try PositiveCount.check(overlayTraces, option: "--overlay-traces", unit: "traces")
            guard maxPages >= 1, maxPages <= 20 else { throw ValidationError("--max-pages must be between 1 and 20") }
            guard maxFittedParameters >= 0 else { throw ValidationError("--max-fitted-parameters must be 0 or more") }
        }

        public func run() throws {
            try TraceCommand.run { Output.notice(try render()) }
        }

        /// Reads the traces once, builds the page, writes it atomically to ``out``; returns the
        /// notes for standard error.
        public func render() throws -> String {
            let all = try parameters.apply(to: PolicySelection.parse(policies))
            let selected = try platformOptions.candidates(all)
            _ = try platformOptions.applied(to: self.input)  // --velocity against --platform, checked before --baseline
            if let baseline, !selected.contains(where: { $0.id == baseline }) {
                _ = try PolicySelection.parse(baseline)  // an unknown id: did-you-mean
                throw ValidationError("--baseline \(baseline) is not among the selected --policies")
            }
            let (input, frames) = try platformOptions.input(self.input)
            let (collector, summary, checks, labels) = try collect(input, selected)
            var page = ReportPage()
            page.bootstrap = bootstrap
            page.seed = fitOptions.seed
            page.recommend = !noRecommendation
            page.fitter = try fitOptions.fitter(defaultStarts: 2)
            page.folds = fitOptions.folds
            page.maxPages = maxPages
            page.maxFittedParameters = maxFittedParameters
            page.allowDegenerate = allowDegenerate
            page.native = platformOptions.native
            page.groupColumn = GroupOptions.column(summary)
            page.groupsByColumnOnly = groupOptions.groupBy != nil
            page.platform = platformOptions.platform
            page.offPlatform = platformOptions.offPlatform(all)
            let users = collector.scores.userCounts.filter { $0 > 0 }.count
            if !noRecommendation { try fitOptions.checkFolds(users: users) }
            // the page lists the files elsewhere; its header carries the warnings, then the labels
            var trailing: [(key: String, value: String)] = checks.warnings(users: users).map {
                ("warning", $0.text.dropPrefix("warning: "))
            }
            if let labels { trailing.append(("labels", labels.description)) }
            let header = RunHeader(files: summary.files, checks: checks, hit: hitOptions.hit, trailing: trailing,
                                   listsFiles: false)
            page.assumptions = platformOptions.assumptions(velocity: header.velocity, hit: header.hitText, frames: frames != nil,
                                                               framesRebuilt: checks.framesRebuilt)
            page.preamble = header.entries
            page.estimatorWarning = checks.estimatorWarning(platformGiven: platformOptions.platform != nil,
                                                            readsStandardInput: input.readsStream)
            page.baseline = baseline
            page.footerItems = [("made by", "snaplab \(SnapLab.configuration.version)"),
                                ("command", CommandLineText.current)]
            let (html, pageNotes) = try page.build(collector, summary: summary)
            let file = try AtomicFileOutput(path: out)
            try file.write(Array(html.rendered().utf8))
            try file.commit()
            var notes = summary.notices(scored: collector.scores.labelled)
            notes += checks.lines(users: users)
            notes += pageNotes
            if let w = page.estimatorWarning { notes.append(w.text) }
            if frames != nil { notes.append("note: " + PlatformOptions.framesNote) }
            notes.append("seed: \(fitOptions.seed)")
            notes.append("wrote \(out)")
            return notes.joined(separator: "\n") + "\n"
        }

        /// One pass over the traces of `input` into a new collector of `policies`.
        func collect(_ input: TraceInputOptions, _ policies: [any SnapPolicy]) throws
            -> (collector: ReportCollector, summary: ReadSummary, checks: DataChecks, labels: BehaviourRelabelling.Summary?) {
            let collector = try ReportCollector(policies: policies, overlayCapacity: overlayTraces,
                                                fitCapacity: maxFitTraces, seed: fitOptions.seed)
            collector.hit = hitOptions.hit
            if behaviour.labels == .behaviour {
                let (summary, labels, checks) = try behaviour.readRelabelled(input, hit: hitOptions.hit, groupBy: groupOptions.readGroup) { collector.add($0) }
                return (collector, summary, checks, labels)
            }
            let (summary, checks) = try input.read(hit: hitOptions.hit, groupBy: groupOptions.readGroup) { collector.add($0) }
            return (collector, summary, checks, nil)
        }
    }
}

extension String {
    fileprivate func dropPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}
