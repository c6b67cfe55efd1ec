import Foundation
import ArgumentParser
import SnapStrategies
import SnapLabSupport
import SnapGSL
import SnapTraces
import SnapSwipeModel

extension VelocityMethod: ExpressibleByArgument {}

/// `--frames`: whether the release-velocity estimator is replayed on the input samples rebuilt
/// between logged frames (``FramesRebuiltEstimator``).
public enum FramesMode: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// Rebuild when the first traces of the files look frame-logged
    /// (``TraceInputOptions/firstTracesLookFrameLogged(given:layoutNeeded:limit:)``); standard input is
    /// not pre-scanned (as logged).
    case auto
    /// Always rebuild.
    case rebuild
    /// Replay the estimator on the rows as logged.
    case asLogged = "as-logged"
}

/// The trace files a command reads and how: shared by `velocity`, `describe` and the later
/// `compare` and `fit`.
///
/// Layout precedence, highest first: per-trace columns, then `--layout FILE`, then the layout
/// options (whose defaults count as a layout: the shared benchmark carousel).
public struct TraceInputOptions: ParsableArguments, Sendable {
    @Argument(help: "Trace files (CSV, sample-level or release-level).")
    public var files: [String] = []

    @Flag(help: "Skip bad traces (listed on standard error) instead of stopping at the first.")
    public var lenient = false

    @Option(help: ArgumentHelp("Release-velocity estimator: \(VelocityMethod.allCases.map(\.rawValue).joined(separator: ", ")) (Docs/real-recordings.md says which matches which platform)."))
    public var velocity: VelocityMethod = .lsq2

    @Option(help: ArgumentHelp("Replay the velocity estimator on the input samples rebuilt between logged frames: auto (when the files' first 2,000 traces look logged one row per display frame, data check frame-logged; standard input and pipes are not pre-scanned: as logged), rebuild, as-logged (the rows as logged). recorded and compose-frames (rebuilt already) are never rebuilt (Docs/real-recordings.md, \"frame-logged recordings\").",
                               valueName: "mode"))
    public var frames: FramesMode = .auto

    @Option(help: ArgumentHelp("A JSON layout file (item_width, item_spacing, leading_inset, trailing_inset, viewport_width, item_count, alignment, looping).", valueName: "file"))
    public var layout: String?

    @OptionGroup public var layoutOptions: LayoutOptions

    @Option(help: "Threads per file: each reads its own byte range of the file (1 = serial, 0 = one per core).")
    public var jobs: Int = 0

    @Flag(name: .shortAndLong, help: "No progress line and no notices on standard error (errors and warnings still print).")
    public var quiet = false

    public init() {}

    /// Also switches the progress line on or off for the run (``ProgressOutput/configure(quiet:)``):
    /// validation runs once, after parsing and before `run()`.
    public func validate() throws {
        guard jobs >= 0 else { throw ValidationError("--jobs must be 0 (one per core) or a positive number of threads, not \(jobs).") }
        guard jobs <= 256 else { throw ValidationError("--jobs must be between 0 (one per core) and 256.") }
        ProgressOutput.configure(quiet: quiet)
    }

    /// A usage error unless at least one trace file was given (every command but
    /// `plot decision-map` needs one).
    public func requireFiles() throws {
        guard !files.isEmpty else { throw ValidationError("Give at least one trace file.") }
    }

    /// Threads per file: `--jobs`, or one per active core (at most 8) for 0.
    public var effectiveJobs: Int {
        jobs > 0 ? jobs : Swift.min(8, Swift.max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// The reader options these flags describe.
    ///
    /// The base layout is `--layout FILE` over the layout options actually given: a file
    /// without layout columns and without these is an error (``TraceParseError/invalidLayout(file:line:reason:)``
    /// naming the missing fields). With `layoutNeeded` false (`velocity`, which uses no layout)
    /// the shared benchmark layout fills the rest, so that any file reads.
    /// `hit` is the scoring commands' `--hit` (``HitOptions``): the reader gives it to every
    /// trace without its own `hit` column (``TraceReadOptions/hit``). `--frames` decides
    /// ``TraceReadOptions/rebuildsFrames`` (``rebuildsFrames(given:layoutNeeded:)``).
    /// - Throws: ``TraceParseError`` for a bad layout file, or what the pre-scan's read throws.
    public func readOptions(layoutNeeded: Bool = true, hit: HitCriterion? = nil) throws -> TraceReadOptions {
        let given = try givenLayout()
        var options = readOptions(given: given, layoutNeeded: layoutNeeded, hit: hit)
        options.rebuildsFrames = try rebuildsFrames(given: given, layoutNeeded: layoutNeeded)
        return options
    }

    /// Whether the estimator is replayed on rebuilt frames: `--frames rebuild`; under `auto`, when
    /// the first traces look frame-logged (``firstTracesLookFrameLogged(given:layoutNeeded:limit:)``, a
    /// pre-scan only when `--velocity` can be rebuilt, ``VelocityMethod/canRebuildFrames``).
    /// - Throws: what the pre-scan's read throws (a bad trace among the first).
    func rebuildsFrames(given: LayoutFields? = nil, layoutNeeded: Bool = true) throws -> Bool {
        guard velocity.canRebuildFrames else { return false }
        switch frames {
        case .rebuild: return true
        case .asLogged: return false
        case .auto: return try firstTracesLookFrameLogged(given: given ?? givenLayout(), layoutNeeded: layoutNeeded)
        }
    }

    /// The layout fields `--layout FILE` and the layout options give (nothing else).
    /// - Throws: ``TraceParseError`` for a bad layout file.
    func givenLayout() throws -> LayoutFields {
        var base = layoutOptions.givenFields
        if let layout { base = try LayoutFields.read(layoutFile: layout).merged(over: base) }
        return base
    }

    /// ``readOptions(layoutNeeded:)`` over `given` (``givenLayout()``, read once per command), reading
    /// the group column `groupBy` when asked (``TraceReadOptions/groupBy``), as logged (no pre-scan:
    /// the callers set ``TraceReadOptions/rebuildsFrames``).
    func readOptions(given: LayoutFields, layoutNeeded: Bool, hit: HitCriterion? = nil,
                     groupBy: TraceReadOptions.GroupColumn? = nil) -> TraceReadOptions {
        var options = TraceReadOptions(velocity: velocity, lenient: lenient,
                                       baseLayout: layoutNeeded ? given : given.merged(over: LayoutOptions.benchmark), hit: hit)
        options.groupBy = groupBy
        return options
    }

    /// Reads every file in order, calling `body` per trace; one users table across files.
    /// Shows a progress line (`reading`, traces so far, rate) on a terminal. Runs the data checks
    /// (``DataChecks``) over every trace read: the caller says what they found
    /// (``DataChecks/lines(users:)`` on standard error, ``DataChecks/json(users:)``
    /// under `warnings`), so that every command warns the same way. `hit`: as in
    /// ``readOptions(layoutNeeded:hit:)``. `groupBy`: also read this group column per trace
    /// (``TraceRelease/group``).
    public func read(layoutNeeded: Bool = true, hit: HitCriterion? = nil, groupBy: TraceReadOptions.GroupColumn? = nil,
                     _ body: (TraceRecord) throws -> Void) throws -> (summary: ReadSummary, checks: DataChecks) {
        let progress = ProgressLine(stage: "reading", unit: "traces", checkEvery: 512)
        let given = try givenLayout()
        var options = readOptions(given: given, layoutNeeded: layoutNeeded, hit: hit, groupBy: groupBy)
        options.rebuildsFrames = try rebuildsFrames(given: given, layoutNeeded: layoutNeeded)
        var checks = DataChecks(readWith: options)
        let summary = try TraceReader.read(paths: files, options: options) { record in
            checks.add(record)
            try body(record)
            progress.advance()
        }
        progress.finish()
        if !layoutNeeded && !Self.layoutIsReal(summary, given: given) { checks.dropLayoutChecks() }
        return (summary, checks)
    }

    /// Whether the first `limit` sample-level traces of the files (all of them when fewer) look
    /// logged one row per display frame: more than ``DataChecks/zeroVelocityShare`` of them match
    /// ``FrameLoggedPattern``, the `frame-logged` data check's rule, on a pre-scan that stops after
    /// them. Standard input, a pipe or a FIFO cannot be read twice (``readsStream``), so such a read
    /// is not pre-scanned (false; the data check still warns and names `--frames rebuild`). A bad trace in the prefix throws
    /// what the full read would. `given`, `layoutNeeded`: as the command's read.
    func firstTracesLookFrameLogged(given: LayoutFields? = nil, layoutNeeded: Bool = true, limit: Int = 2000) throws -> Bool {
        struct Enough: Error {}
        guard !readsStream else { return false }
        var sampleLevel = 0, framed = 0
        let options = readOptions(given: try given ?? givenLayout(), layoutNeeded: layoutNeeded)
        do {
            _ = try TraceReader.read(paths: files, options: options) { record in
                guard record.samples.count > 1 else { return }
                sampleLevel += 1
                if FrameLoggedPattern.delay(record.samples) != nil { framed += 1 }
                if sampleLevel >= limit { throw Enough() }
            }
        } catch is Enough {}
        return DataChecks.looksFrameLogged(framed: framed, of: sampleLevel)
    }

    /// Whether a file is standard input (`-`) or not a regular file (a pipe such as `<(…)`, a
    /// FIFO): it can be read only once, so it is never pre-scanned.
    var readsStream: Bool {
        files.contains { path in
            var info = stat()
            return path == "-" || stat(path, &info) != 0 || (info.st_mode & S_IFMT) != S_IFREG
        }
    }

    /// Whether every trace of a read under a stand-in layout (`velocity` without a layout)
    /// really had its own: every field where the stand-in (``LayoutOptions/benchmark``) gives
    /// what a read without it would not (the required fields, and spacing and inset, which are
    /// 0 when absent), and that neither `--layout FILE` nor an option gives, is a column of
    /// every file. Otherwise the layout checks (content bounds, reachable labels) would judge a
    /// made-up layout, and are dropped.
    static func layoutIsReal(_ summary: ReadSummary, given base: LayoutFields) -> Bool {
        let standIn = base.merged(over: LayoutOptions.benchmark)
        var filled = base.missingRequired
        if base.spacing == nil && standIn.spacing != 0 { filled.append("item_spacing") }
        if base.leadingInset == nil && standIn.leadingInset != 0 { filled.append("leading_inset") }
        if base.alignment == nil && standIn.alignment != .leading { filled.append("alignment") }
        if base.isLooping == nil && standIn.isLooping == true { filled.append("looping") }
        return summary.files.allSatisfy { file in filled.allSatisfy(file.layoutColumns.contains) }
    }
}

extension TraceInputOptions {
    /// Reads every file in byte ranges, up to `jobs` at once
    /// (``TraceReader/readFolding(paths:options:parts:bytesPerPart:into:initial:accumulate:fold:afterFile:)``),
    /// each range folding its traces into its own partial result, and folds the partials into
    /// `folded` in file order as they come (at most `2 · jobs` of them alive: memory flat in the
    /// number of parts). Within a partial, user indices and lines are local to its range.
    public func readFoldingParts<Partial: Sendable, Folded>(
        layoutNeeded: Bool = true,
        into folded: inout Folded,
        initial: @escaping @Sendable () -> Partial,
        accumulate: @escaping @Sendable (inout Partial, TraceRecord) throws -> Void,
        fold: (inout Folded, Partial) throws -> Void
    ) throws -> (summary: ReadSummary, checks: DataChecks) {
        let progress = ProgressLine(stage: "reading", unit: "traces", checkEvery: 512)
        defer { progress.finish() }
        let given = try givenLayout()
        var options = readOptions(given: given, layoutNeeded: layoutNeeded)
        options.rebuildsFrames = try rebuildsFrames(given: given, layoutNeeded: layoutNeeded)
        var checks = DataChecks(readWith: options)
        let summary = try TraceReader.readFolding(
            paths: files, options: options, parts: effectiveJobs, into: &folded,
            initial: { (partial: initial(), checks: DataChecks()) },
            accumulate: { part, record in
                part.checks.add(record)
                try accumulate(&part.partial, record)
                progress.advance()
            },
            fold: { folded, part in
                checks.merge(part.partial.checks, lineOffset: part.lineOffset)
                try fold(&folded, part.partial.partial)
            })
        if !layoutNeeded && !Self.layoutIsReal(summary, given: given) { checks.dropLayoutChecks() }
        return (summary, checks)
    }
}

/// Runs a trace command body, mapping bad input data (unreadable traces, or data a fit cannot
/// use) to exit code 65 (after printing the error on standard error) and writing nothing to
/// standard output on failure.
enum TraceCommand {
    static let badData = ExitCode(65)

    static func run(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as TraceParseError {
            Output.error.write("Error: \(error.description)\n")
            throw badData
        } catch let error as UnscorableDataError {
            Output.error.write(error.warnings.map { $0 + "\n" }.joined() + "Error: \(error.description)\n")
            throw badData
        } catch let error as FitError {
            // The data cannot be fitted (no labelled traces, fewer users than folds, ...).
            Output.error.write("Error: \(error.description)\n")
            throw badData
        } catch let error where error is DataFileError || error is CalibrationError || error is GeneratedDataError {
            // a model or statistics file with a key missing or out of range; a fit at a search limit
            // or short of its targets (--allow-unconverged uses it anyway); generated traces that
            // fail the data checks (nothing was written)
            Output.error.write("Error: \(error)\n")
            throw badData
        }
    }
}

/// A command's complete output, written only once it is all known.
public struct CommandOutput: Sendable {
    /// Bytes for standard output (tables, CSV, JSON).
    public var standardOutput: [UInt8] = []
    /// Text for standard error (notices, counts, skipped traces).
    public var standardError = ""

    public init() {}

    /// Standard output as text.
    public var text: String { String(decoding: standardOutput, as: UTF8.self) }

    /// Writes standard output, then standard error (under `--quiet` only its warning and
    /// skipped-trace lines, ``QuietFilter``).
    public func write() {
        Output.standard.write(bytes: standardOutput)
        let notes = QuietFilter.apply(standardError)
        if !notes.isEmpty { Output.error.write(notes) }
    }
}
