import ArgumentParser
import SnapEvaluator
import SnapStrategies

extension SnapLab {
    /// `snaplab report`: one self-contained HTML page about a data set and its policies.
    public struct Report: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Write one self-contained HTML page: dataset summary, comparison, plots and recommendation.",
            discussion: """
                The files are read once; the page has inline CSS and inline SVG only (no scripts, no \
                links, no external files). Plots: decision map of the top 3 policies by hit rate in \
                the layout of the first trace, with a seeded sample of traces overlaid; hit rate by \
                release speed of the top 4. The recommendation fits at most --max-fit-traces labelled \
                traces (a seeded uniform sample beyond, stated on the page).
                Example: snaplab report Data/synthetic.csv --out report.html
                """)

        @OptionGroup var input: TraceInputOptions

        @Option(help: ArgumentHelp("The HTML file to write.", valueName: "file"))
        var out: String

        @Option(help: "Policies: a comma-separated list of identifiers, or 'all'.")
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

        @Option(help: "Pages per direction of the ordinal model fitted for the learned-threshold policy.")
        var maxPages: Int = 3

        @Option(help: "Policies with more non-integer parameters than this are scored with defaults only.")
        var maxFittedParameters: Int = 6

        @OptionGroup var fitOptions: FitOptions

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
            let selected = try parameters.apply(to: PolicySelection.parse(policies))
            let collector = try ReportCollector(policies: selected, overlayCapacity: overlayTraces,
                                                fitCapacity: maxFitTraces, seed: fitOptions.seed)
            let summary = try input.read { collector.add($0) }
            var page = ReportPage()
            page.bootstrap = bootstrap
            page.seed = fitOptions.seed
            page.recommend = !noRecommendation
            page.fitter = try fitOptions.fitter(defaultStarts: 2)
            page.folds = fitOptions.folds
            page.maxPages = maxPages
            page.maxFittedParameters = maxFittedParameters
            page.preamble = [("velocity", input.velocity.rawValue)]
            page.footer = "snaplab report, seed \(fitOptions.seed)"
            let (html, pageNotes) = try page.build(collector, summary: summary)
            let file = try AtomicFileOutput(path: out)
            try file.write(Array(html.rendered().utf8))
            try file.commit()
            var notes = summary.notices(scored: collector.scores.labelled)
            notes += pageNotes
            notes.append("seed: \(fitOptions.seed)")
            notes.append("wrote \(out)")
            return notes.joined(separator: "\n") + "\n"
        }
    }
}
