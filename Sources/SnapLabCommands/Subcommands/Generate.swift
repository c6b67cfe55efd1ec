import ArgumentParser
import Foundation
import SnapStrategies
import SnapLabSupport
import SnapTraces
import SnapSwipeModel
import SnapFitting
import SnapReports

extension TraceCSVWriter.Kind: ExpressibleByArgument {}
extension SwipeTask: ExpressibleByArgument {}

extension SnapLab {
    /// `snaplab generate`: a labelled synthetic trace set from the swipe model (`Docs/swipe-model.md`).
    public struct Generate: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "generate",
            abstract: "Write labelled synthetic swipe traces from the swipe model (Docs/swipe-model.md).",
            discussion: """
                The output is a trace CSV (Docs/trace-format.md): sample-level (Kind A) by default, \
                release-level (Kind B) with --kind releases. The same arguments always give the same \
                bytes; the seed used is printed to standard error. Beside the output, OUT.json records \
                the model (the generator's marker: compare says such a file is synthetic).
                Example: snaplab generate --traces 20000 --users 100 --seed 1 --out my-swipes.csv
                """)

        /// Touch sampling rates the model knows (Hz).
        enum TouchRate: Int, ExpressibleByArgument, CaseIterable {
            case hz60 = 60, hz120 = 120, hz240 = 240
        }

        @Option(help: "Number of traces to write.")
        var traces: Int

        @Option(help: "Random seed (default: a random seed, printed to standard error).")
        var seed: UInt64?

        @Option(help: "Number of synthetic users (default: 100, or the recording's users with --like or a model file's recorded users; another count draws new users from the population).")
        var users: Int?

        @Option(parsing: .upToNextOption, help: "Fit the model to these sample-level recordings first (labelled or not), then generate like them; prints recording vs generated statistics.")
        var like: [String] = []

        @Option(help: "Touch sampling rate for every user: 60, 120 or 240 Hz (default: a device mix of 60/120/240 Hz weighted 0.3/0.5/0.2).")
        var rate: TouchRate?

        @Option(help: "A JSON layout file (keys item_width, item_spacing, leading_inset, trailing_inset, viewport_width, item_count, alignment, looping); overrides the layout options.")
        var layout: String?

        @OptionGroup var layoutOptions: LayoutOptions

        @Option(help: "Task: paging (next/previous items), reveal (bring an item into view in a free-scrolling row; needs --live-policy) or browse (unlabelled strokes; needs --live-policy).")
        var task: SwipeTask?

        @Option(help: "The live carousel's policy (any catalogue id, or free-scroll: a row that does not snap and rests where the Android spline fling ends): each swipe of a session starts where the previous one came to rest under it, and settled_index is written.")
        var livePolicy: String?

        @Option(help: "Input delivery: scans (one row per touch scan, the model before issue 16) or frames (one row per display frame after the touch slop, repeated lift-off, stalls).")
        var delivery: Delivery?

        @Option(help: "Display frame rate for every user with --delivery frames: 60, 90 or 120 Hz (default: a mix).")
        var frameRate: Int?

        @Option(parsing: .upToNextOption, help: "With --like or --match: also score every catalogue policy on these labelled files and on the generated traces (the task's hit criterion) and print both hit rates and their Spearman rank correlation with its bootstrap interval over users (seeded with --seed).")
        var rankAgainst: [String] = []

        @Option(help: "Fit the model to published statistics first: a JSON object of statistic id → value (ids as in the --like table's id column; e.g. Data/a30-facts.json), then generate; prints target vs generated.")
        var match: String?

        @Option(help: "Read the model (parameters, task, live policy, layout) from a JSON file written by --save-model or beside a generated file; with --like or --match, the fit's starting model (its task and layout must be the recording's).")
        var model: String?

        @Option(help: "Every session is one trial toward this item (0-based), opening as the model's trials do (at offset 0 without them): with --model and --layout, the calibrated people on another screen and goal.")
        var target: Int?

        @Option(help: "Also write each swipe's hidden draws (user gain, amplitude and duration draws, hold, stall, dwell, repeat) to this CSV file, for checking estimators against them.")
        var hiddenTruth: String?

        @Option(help: "Write the model used to this JSON file.")
        var saveModel: String?

        @Flag(help: "With --like or --match: use a model whose fit did not converge (a parameter at a search limit, or a statistic short of its target) instead of failing with exit 65; the problems are printed as a warning.")
        var allowUnconverged = false

        @Flag(inversion: .prefixedNo, help: "With --like: read the screen off a recording with finger positions (touch_x) logged one row per frame — where strokes touch down and the screen's edge, past which the finger is reported at the edge and the trace ends (Docs/swipe-model.md §4).")
        var screenEdge = false

        @Flag(help: "Write per-trace values on each trace's first row only (smaller files).")
        var firstRowOnly = false

        /// Input delivery choices.
        enum Delivery: String, ExpressibleByArgument, CaseIterable {
            case scans, frames
        }

        @Option(help: "Kind of trace file: samples (one row per touch sample) or releases (one row per swipe).")
        var kind: TraceCSVWriter.Kind = .samples

        @Option(help: "Decimals written for t_ms.")
        var timeDecimals: Int = 3

        @Option(help: "Decimals written for offsets.")
        var offsetDecimals: Int = 3

        @Option(help: "Worker threads (the output does not depend on it; default: the number of processors).")
        var threads: Int?

        @Option(help: "Output file; written to a temporary file and renamed into place when complete.")
        var out: String

        @Flag(name: .shortAndLong, help: "No progress line and no notices on standard error.")
        var quiet = false

        public init() {}

        public func validate() throws {
            guard traces >= 0 else { throw ValidationError("--traces must be zero or a positive number of traces, not \(traces)") }
            guard traces <= 1_000_000_000 else { throw ValidationError("--traces must be between 0 and 1000000000") }
            if let users { try PositiveCount.check(users, option: "--users", unit: "users", max: 10_000_000) }
            for (name, d) in [("--time-decimals", timeDecimals), ("--offset-decimals", offsetDecimals)] where !(0...9).contains(d) {
                throw ValidationError("\(name) must be between 0 and 9")
            }
            if let threads, !(1...64).contains(threads) { throw ValidationError("--threads must be between 1 and 64") }
            if let target, target < 0 { throw ValidationError("--target must be an item index ≥ 0, not \(target)") }
            if target != nil && (!like.isEmpty || match != nil) {
                throw ValidationError("--target applies to a model read with --model (or the defaults), not to --like or --match; save the fitted model with --save-model and generate from it")
            }
            if let frameRate, ![60, 90, 120].contains(frameRate) { throw ValidationError("--frame-rate must be 60, 90 or 120") }
            guard !out.isEmpty else { throw ValidationError("--out must name a file") }
            if !rankAgainst.isEmpty && like.isEmpty && match == nil {
                throw ValidationError("--rank-against compares a fitted model's ranking: give it with --like or --match")
            }
            if screenEdge && like.isEmpty {
                throw ValidationError("--screen-edge reads the screen off a recording: give it with --like (a saved model keeps its screen)")
            }
            if !like.isEmpty && match != nil {
                throw ValidationError("--like fits the model to recordings and --match to published statistics: give one of them")
            }
            ProgressOutput.configure(quiet: quiet)
        }

        public func run() throws {
            try TraceCommand.run {
                if !like.isEmpty { try generateLike() } else if let match { try generateMatch(match) } else { _ = try generate() }
            }
        }

        func generate(calibrated: SwipeModelParameters? = nil, calibratedLayout: CarouselLayout? = nil,
                      calibratedUsers: Int? = nil, calibratedLive: String? = nil, chosenSeed: UInt64? = nil,
                      uncertainty: [ParameterUncertainty]? = nil) throws -> TraceGenerator {
            let started = Date()
            let saved = try model.map(GeneratorModelFile.read(path:))
            var fields = try LayoutFields(layoutOptions.layout())
            // the model file's layout, with the layout options given on the command line over it
            if let layout = try saved?.layout?.layout() { fields = layoutOptions.givenFields.merged(over: LayoutFields(layout)) }
            if let layout { fields = try LayoutFields.read(layoutFile: layout).merged(over: fields) }
            if let calibratedLayout { fields = LayoutFields(calibratedLayout) }
            guard let carousel = try fields.layout() else {
                throw ValidationError("the layout file gives no complete layout")
            }
            let seed = self.seed ?? chosenSeed ?? UInt64.random(in: 0...UInt64(UInt32.max))
            // A seed the user did not choose is printed even under --quiet: it is the only record of it.
            if self.seed == nil && chosenSeed == nil { Output.error.write("seed: \(seed)\n") } else { Output.notice("seed: \(seed)\n") }
            var parameters = calibrated ?? saved?.parameters ?? SwipeModelParameters()
            // a model of a recording's own people generates them (TraceGenerator) unless --users asks for others
            let users = self.users ?? calibratedUsers ?? parameters.recordedUsers?.count ?? 100
            if let recorded = parameters.recordedUsers, recorded.count != users {
                Output.error.write("note: --users \(users) is not the model's \(recorded.count) recorded users (parameters.recordedUsers): "
                                   + "\(users) new users drawn from the population (gain log sd \(NumberFormat.fixed(parameters.gainLogSD, 3)))\n")
            }
            if let rate { parameters.fixedRate = Double(rate.rawValue) }
            if let task { parameters.task = task }
            if let delivery { parameters.delivery.isEnabled = delivery == .frames }
            if let frameRate {
                parameters.delivery.frameRates = [Double(frameRate)]
                parameters.delivery.frameRateWeights = [1]
            }
            try Self.applyTarget(target, to: &parameters, layout: carousel)
            let liveID = livePolicy ?? calibratedLive ?? saved?.livePolicy
            if liveID == nil && parameters.task != .paging {
                throw ValidationError("--task \(parameters.task.rawValue) needs --live-policy ID (the policy each swipe of a session settles under)")
            }
            let live = try liveID.map { id throws(PolicyLookupError) in try FreeScrollCarousel.livePolicy(id: id) }
            let model = try SwipeModel(parameters: parameters, layout: carousel)
            let generator = try TraceGenerator(model: model, traceCount: traces, userCount: users, seed: seed, livePolicy: live)
            if let liveID, let warning = generator.simulator.unreachableTargetWarning(policyID: liveID) {
                Output.error.write(warning + "\n")
            }
            let file = GeneratorModelFile(parameters: parameters, livePolicy: liveID, layout: carousel,
                                          seed: seed, traces: traces, users: users, uncertainty: uncertainty)
            // staged now, committed with the trace file once the output has passed the data check
            let modelOutput = try saveModel.map { path in
                let staged = try AtomicFileOutput(path: path)
                try staged.write(try file.encoded())
                return staged
            }
            let newStyle = live != nil || parameters.task != .paging || parameters.delivery.isEnabled
            let columns = TraceCSVWriter.Columns(labelled: parameters.task != .browse,
                                                 hit: newStyle ? parameters.task.hitCriterion : nil,
                                                 settledIndex: live != nil, perTraceOnFirstRowOnly: firstRowOnly)
            let writer = TraceCSVWriter(kind: kind, layout: carousel, userCount: users,
                                        precision: .init(time: timeDecimals, offset: offsetDecimals), columns: columns)
            let output = try AtomicFileOutput(path: out)
            let progress = ProgressLine(stage: "generating", total: traces, unit: "traces")
            let written = try generator.write(
                with: writer, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount,
                progress: progress.isEnabled ? { done in progress.update(done: done) } : nil,
                emit: { bytes throws(FileOutputError) in try output.write(bytes) })
            // SnapLab's own data check on what it made: before anything is committed (the output
            // is discarded, no model file or sidecar is written)
            if written.releases > 0 && Double(written.outsideContent) > GeneratedDataError.outsideLimit * Double(written.releases) {
                throw GeneratedDataError(outside: written.outsideContent, releases: written.releases, path: out, isStream: output.isStream)
            }
            try modelOutput?.commit()
            try output.commit()
            // a device, FIFO or `-` has no place beside it for the model sidecar
            if output.isStream {
                Output.notice("note: \(out) is not a regular file: no model sidecar is written beside it (--save-model FILE keeps the model)\n")
            } else {
                try file.write(to: GeneratorModelFile.sidecarPath(forTraceFile: out))
            }
            if let hiddenTruth { try HiddenTruthCSV.write(generator, to: hiddenTruth) }
            progress.finish()
            let seconds = Date().timeIntervalSince(started)
            Output.notice("wrote \(written.written) traces (\(kind.rawValue), \(NumberFormat.fixed(Double(output.byteCount) / 1e6, 1)) MB) "
                               + "to \(out) in \(NumberFormat.fixed(seconds, 1)) s\n")
            if written.cancelledLeftOut > 0 {
                // Not silent: --traces counts swipes, and a release-level file has no row for a
                // swipe that was cancelled (no release).
                Output.notice("warning: \(written.cancelledLeftOut) of \(traces) generated swipes were cancelled and have no release: "
                               + "the release-level file leaves them out (--kind samples keeps them as cancelled traces)\n")
            }
            return generator
        }

        /// `--target`: every session one trial toward `target` (the model's trials, or trials opening
        /// at offset 0). Without it, a model whose fixed target lies outside `layout` is refused.
        static func applyTarget(_ target: Int?, to parameters: inout SwipeModelParameters, layout: CarouselLayout) throws {
            if let target {
                guard layout.isLooping || target < layout.itemCount else {
                    throw ValidationError("--target \(target) is not an item of the layout (items 0...\(layout.itemCount - 1))")
                }
                var trials = parameters.trials ?? TrialParameters()
                trials.targetIndex = target
                parameters.trials = trials
            } else if let fixed = parameters.trials?.targetIndex, !layout.isLooping, fixed >= layout.itemCount {
                throw ValidationError("the model's trials aim at item \(fixed), which the layout (\(layout.itemCount) items) does not have: "
                                      + "give --target INDEX for this layout")
            }
        }
    }
}
