import ArgumentParser
import Foundation
import SnapStrategies
import SnapLabSupport
import SnapTraces
import SnapReports

extension SnapLab {
    /// `snaplab plot`: pictures of policies (SVG).
    public struct Plot: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "plot",
            abstract: "Draw pictures of policies as SVG.",
            subcommands: [DecisionMapPlot.self, HitRatePlot.self])

        public init() {}
    }
}

/// Options shared by the plot commands: output file and trace sampling.
public struct PlotOutputOptions: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp("The file to write: .svg, or .png (rendered through rsvg-convert).", valueName: "file"))
    public var out: String

    @Option(help: "At most this many traces are kept for a plot (a seeded uniform sample beyond).")
    public var maxTraces: Int = 200_000

    @Option(help: "Seed of the trace sample (printed to standard error).")
    public var seed: UInt64 = 12345

    @OptionGroup public var hitOptions: HitOptions

    public init() {}

    public func validate() throws {
        try PositiveCount.check(maxTraces, option: "--max-traces", unit: "traces")
        guard !out.isEmpty else { throw ValidationError("--out needs a file name") }
        let ext = (out as NSString).pathExtension.lowercased()
        if ext == "svg" || ext == "png" { return }
        // a device, FIFO or `-` has no extension to go by: SVG (a directory is refused here)
        do { if case .stream = try OutputTarget.resolve(out) { return } } catch { throw ValidationError(error.description) }
        throw ValidationError("--out \(out): plots are written as .svg or .png, not '.\(ext)'")
    }

    /// Reads `input` into a seeded sample of at most ``maxTraces`` traces.
    /// Also returns the data checks' lines (``DataChecks/lines(users:)``) for
    /// ``notes(_:_:checks:)``; `users` (the plot's intervals come from that many) adds the
    /// few-users warning.
    func sample(_ input: TraceInputOptions, users: (TraceReservoir) -> Int? = { _ in nil }) throws
        -> (TraceReservoir, ReadSummary, checks: [String]) {
        let reservoir = try TraceReservoir(capacity: maxTraces, seed: seed)
        let (summary, checks) = try input.read(hit: hitOptions.hit) { reservoir.add($0.release) }
        return (reservoir, summary, checks.lines(users: users(reservoir)))
    }

    /// Writes `document` to ``out`` whole (a temporary file renamed into place).
    func write(_ document: SVGDocument) throws {
        let svg = document.rendered()
        let bytes = (out as NSString).pathExtension.lowercased() == "png" ? try PNGRenderer.png(svg: svg) : Array(svg.utf8)
        let file = try AtomicFileOutput(path: out)
        try file.write(bytes)
        try file.commit()
    }

    func notes(_ reservoir: TraceReservoir, _ summary: ReadSummary, checks: [String]) -> String {
        var lines = summary.notices() + checks
        if !reservoir.isComplete {
            lines.append("plotted a uniform sample of \(reservoir.traces.count) of \(reservoir.seen) traces")
        }
        lines.append("seed: \(seed)")
        lines.append("wrote \(out)")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension SnapLab.Plot {
    /// `snaplab plot decision-map`: pages moved over (release velocity, position in item).
    public struct DecisionMapPlot: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "decision-map",
            abstract: "Pages moved over the plane (release velocity, fractional position), traces overlaid as hit/miss.",
            discussion: """
                Each cell is a release at its velocity and position within the start item (the middle \
                item), the drag starting at rest on the start item 120 ms earlier. With trace files, \
                the map is drawn in the files' own layout (the most common one, with a note when there \
                are several) and a seeded sample of --overlay-traces traces is drawn at their own release \
                velocity and position (dot: hit, cross: miss). Past three policies, panels wrap into rows.
                Example: snaplab plot decision-map --policies tag99,nearest Data/synthetic.csv --out map.svg
                """)

        @Option(help: "A policy identifier.")
        var policy: String?

        @Option(help: "Several policies side by side: a comma-separated list or 'all'.")
        var policies: String?

        @OptionGroup var parameters: ParameterOptions

        @Option(help: "Velocity range of the x axis: ±this many pt/ms.")
        var maxVelocity: Double = 4

        @Option(help: "Traces drawn over the map (a seeded uniform sample, --seed).")
        var overlayTraces: Int = DecisionMap.overlayLimit

        @OptionGroup var input: TraceInputOptions

        @OptionGroup var output: PlotOutputOptions

        public init() {}

        public func validate() throws {
            guard (policy == nil) != (policies == nil) else {
                throw ValidationError("give --policy ID or --policies a,b (one of them)")
            }
            guard maxVelocity.isFinite, maxVelocity > 0, maxVelocity <= 100 else {
                throw ValidationError("--max-velocity must be in (0, 100] pt/ms")
            }
            try PositiveCount.check(overlayTraces, option: "--overlay-traces", unit: "traces")
        }

        public func run() throws {
            try TraceCommand.run { try Output.notice(render()) }
        }

        /// Draws the map and writes it; returns the notes for standard error.
        public func render() throws -> String {
            let selected = try parameters.apply(to: PolicySelection.parse(policy ?? policies ?? "all"))
            var layout = try LayoutFile.resolve(file: input.layout, options: input.layoutOptions)
            var traces: [TraceRelease] = []
            var notes = ""
            var mapNote: String?
            if !input.files.isEmpty {
                var sampling = output
                sampling.maxTraces = overlayTraces
                let (reservoir, summary, checks) = try sampling.sample(input)
                notes = sampling.notes(reservoir, summary, checks: checks)
                // The file's own layout: the most common one among the sampled traces.
                if let common = DecisionMap.commonLayout(of: reservoir.traces) {
                    layout = common.layout
                    traces = reservoir.traces.filter { $0.layout == common.layout }
                    if common.distinct > 1 {
                        mapNote = "Drawn in the most common of \(common.distinct) layouts (\(common.count) of "
                            + "\(reservoir.traces.count) sampled traces); traces in other layouts are not drawn."
                        notes = mapNote! + "\n" + notes
                    }
                }
            } else {
                notes = "wrote \(output.out)\n"
            }
            let map = DecisionMap(policies: selected, layout: layout, traces: traces,
                                  grid: DecisionMap.Grid(maxVelocity: maxVelocity))
            let title = "Pages moved by " + selected.map(\.id).joined(separator: ", ")
            try output.write(map.svg(title: title, note: mapNote))
            return notes
        }
    }

    /// `snaplab plot hit-rate`: hit rate per release-speed bin, one line per policy.
    public struct HitRatePlot: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "hit-rate",
            abstract: "Hit rate per release-speed bin with 95% intervals, one line per policy.",
            discussion: """
                Bins hold equal numbers of labelled traces (at most --bins, at least 30 traces each) \
                and are drawn equally wide (the x axis is the share of traces, labelled with the speeds \
                at the bin edges); intervals are Wilson intervals per bin (traces treated as independent).
                Example: snaplab plot hit-rate Data/synthetic.csv --policies tag99,nearest,embla --out curve.svg
                """)

        @Option(help: "Policies: a comma-separated list or 'all'.")
        var policies: String = "ashorizontal,tag99,nearest"

        @OptionGroup var parameters: ParameterOptions

        @Option(help: "Number of speed bins (equal counts).")
        var bins: Int = 6

        @OptionGroup var input: TraceInputOptions

        @OptionGroup var output: PlotOutputOptions

        public init() {}

        public func validate() throws {
            try input.requireFiles()
            try PositiveCount.check(bins, option: "--bins", unit: "bins", max: 100)
        }

        public func run() throws {
            try TraceCommand.run { try Output.notice(render()) }
        }

        public func render() throws -> String {
            let selected = try parameters.apply(to: PolicySelection.parse(policies))
            let (reservoir, summary, checks) = try output.sample(input) { reservoir in
                Set(reservoir.traces.lazy.filter { $0.intendedIndex != nil }.map(\.user)).count
            }
            guard reservoir.traces.contains(where: { $0.intendedIndex != nil }) else {
                throw UnscorableDataError.unlabelled(traces: summary.tracesRead, warnings: checks)
            }
            let curve = HitRateCurve(policies: selected, traces: reservoir.traces, binning: .quantiles(bins))
            try output.write(curve.svg(title: "Hit rate by release speed"))
            return output.notes(reservoir, summary, checks: checks)
        }
    }
}
