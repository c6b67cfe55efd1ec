import SnapStrategies
import SnapLabSupport
import SnapTraces

/// What one `snaplab compare` run counted, as mergeable tallies: per policy its totals, per user
/// and per file its scored traces and hits per policy, the hit patterns of the paired tests, the
/// agreements on unlabelled traces, the data checks and the files read. `snaplab compare
/// --emit-summary FILE` writes it (``jsonLines()``); `snaplab merge` reads several
/// (``parse(_:path:)``), sums them (``merged(_:)``) and prints exactly the table `compare` prints
/// on all their traces together.
///
/// Everything kept is a sum over traces, so summaries of any split of the traces add up to the
/// summary of the whole: a user whose traces are in two summaries is one user whose tallies are
/// summed (the bootstrap's unit is the user, so summing is what one run over all the traces does;
/// keeping the two halves as two users would narrow the intervals). The intervals draw users in
/// ``CanonicalUserOrder`` (by name), so they do not depend on the split either.
///
/// The format (JSON lines, one object per line, every object keyed by `record`) is documented in
/// Docs/scale.md; ``version`` changes whenever a reader of the previous version would misread it.
public struct ComparisonSummary: Sendable {
    /// The `format` of the header line.
    public static let formatName = "snaplab-compare-summary"
    /// The version written; readers refuse others.
    public static let version = 1
    /// The header's `frames` value when the velocities were read on rebuilt frames.
    public static let framesRebuilt = "rebuilt"

    /// What must be equal for summaries to be merged: the same policies (ids and parameter
    /// values, in order), hit criterion, velocity estimator and bootstrap.
    public struct Settings: Sendable, Equatable {
        public var policies: [PolicySetting]
        public var hit: HitCriterion
        public var velocity: VelocityMethod
        /// Whether ``velocity`` was replayed on rebuilt frames (`--frames`, ``DataChecks/framesRebuilt``):
        /// written as `"frames": "rebuilt"` only when true, so other summaries read as before.
        public var framesRebuilt: Bool
        public var resamples: Int
        public var seed: UInt64

        public init(policies: [any SnapPolicy], hit: HitCriterion, velocity: VelocityMethod, framesRebuilt: Bool = false,
                    resamples: Int, seed: UInt64) {
            self.framesRebuilt = framesRebuilt && velocity.canRebuildFrames
            self.policies = policies.map { PolicySetting(id: $0.id, parameters: $0.parameterValues) }
            self.hit = hit
            self.velocity = velocity
            self.resamples = resamples
            self.seed = seed
        }
    }

    /// A policy as a summary names it: its identifier (with any `@max<n>` cap) and parameter values.
    public struct PolicySetting: Sendable, Equatable {
        public var id: String
        public var parameters: [Double]

        /// Compared bit for bit (a parameter read back from text is the value written).
        public static func == (a: PolicySetting, b: PolicySetting) -> Bool {
            a.id == b.id && a.parameters.map(\.bitPattern) == b.parameters.map(\.bitPattern)
        }
    }

    /// One file read: what `compare` prints about it (its preamble line, its notices).
    public struct FileEntry: Sendable {
        public var path: String
        public var kind: TraceFileKind
        public var unknownColumns: [String]
        public var tracesRead: Int
        public var tracesYielded: Int
        public var tracesCancelled: Int
        public var rows: Int
        /// The skipped traces (lenient reads), as `compare` lists them.
        public var skipped: [String]

        /// The reader's summary of the file (its skipped traces only counted, in ``skipped``).
        public var readSummary: FileReadSummary {
            var f = FileReadSummary(path: path, kind: kind, unknownColumns: unknownColumns)
            f.tracesRead = tracesRead
            f.tracesYielded = tracesYielded
            f.tracesCancelled = tracesCancelled
            f.rows = rows
            return f
        }
    }

    public var settings: Settings
    public var files: [FileEntry]
    /// The user table the tallies' user indices refer to (order of first appearance).
    public var userNames: [String]
    /// The tallies.
    public var totals: ScoreAccumulator
    public var checks: DataChecks

    /// The summary of a run that scored `totals` over the files of `read`.
    public init(settings: Settings, totals: ScoreAccumulator, read: ReadSummary, checks: DataChecks) {
        self.settings = settings
        self.totals = totals
        self.checks = checks
        userNames = read.users.names
        files = read.files.map {
            FileEntry(path: $0.path, kind: $0.kind, unknownColumns: $0.unknownColumns, tracesRead: $0.tracesRead,
                      tracesYielded: $0.tracesYielded, tracesCancelled: $0.tracesCancelled, rows: $0.rows,
                      skipped: $0.skipped.map(\.description))
        }
    }

    /// A summary read or merged: its checks were made on traces read with `settings.velocity`.
    init(settings: Settings, files: [FileEntry], userNames: [String], totals: ScoreAccumulator, checks: DataChecks) {
        self.settings = settings
        self.files = files
        self.userNames = userNames
        self.totals = totals
        self.checks = checks
        self.checks.velocity = settings.velocity
        self.checks.framesRebuilt = settings.framesRebuilt
    }

    /// Traces read, skipped and cancelled over all files.
    public var tracesRead: Int { files.reduce(0) { $0 + $1.tracesRead } }
    public var tracesSkipped: Int { files.reduce(0) { $0 + $1.skipped.count } }
    public var tracesCancelled: Int { files.reduce(0) { $0 + $1.tracesCancelled } }

    // MARK: - Writing

    /// The summary as JSON lines (Docs/scale.md): a header, then `file`, `policy`, `agreements`,
    /// `pattern`, `user`, `group`, `checks` records, then `end`. Floating-point sums and parameter
    /// values are strings in Swift's shortest round-trip form, so they read back bit for bit.
    public func jsonLines() -> String {
        var out = ""
        func line(_ record: String, _ fields: [(String, JSONValue)]) {
            out += JSONValue.object([("record", .string(record))] + fields).rendered() + "\n"
        }
        let t = totals, p = t.policies.count
        let users = userNames.count
        var header: [(String, JSONValue)] = [
            ("format", .string(Self.formatName)), ("version", .int(Self.version)),
            ("policies", .array(settings.policies.map { s in
                .object([("id", .string(s.id)), ("parameters", .array(s.parameters.map(Self.exact)))])
            })),
            ("hit", .string(settings.hit.rawValue)), ("velocity", .string(settings.velocity.rawValue)),
            ("bootstrap", .int(settings.resamples)), ("seed", .string(String(settings.seed))),
            ("labelled", .int(t.labelled)), ("unlabelled", .int(t.unlabelled)),
            ("files", .int(files.count)), ("users", .int(users)), ("patterns", .int(t.hitPatterns.count)),
            ("groups", .int(t.fileNames.count)),
        ]
        if settings.framesRebuilt { header.insert(("frames", .string(Self.framesRebuilt)), at: 5) }
        line("header", header)
        for f in files {
            line("file", [("path", .string(f.path)), ("kind", .string(f.kind.rawValue)),
                          ("unknown_columns", .array(f.unknownColumns.map(JSONValue.string))),
                          ("traces_read", .int(f.tracesRead)), ("traces_yielded", .int(f.tracesYielded)),
                          ("traces_cancelled", .int(f.tracesCancelled)), ("rows", .int(f.rows)),
                          ("skipped", .array(f.skipped.map(JSONValue.string)))])
        }
        let counters = t.outcomeCounters, absoluteErrors = t.outcomeAbsoluteErrors
        for k in 0..<p {
            let row = k * ScoreAccumulator.Counter.stride
            func counter(_ c: Int) -> JSONValue { .int(counters[row + c]) }
            typealias C = ScoreAccumulator.Counter
            line("policy", [
                ("index", .int(k)), ("id", .string(t.policies[k].id)),
                ("hits", counter(C.hits)), ("overshoots", counter(C.overshoots)), ("undershoots", counter(C.undershoots)),
                ("intended_changes", counter(C.intendedChanges)), ("missed_changes", counter(C.missedChanges)),
                ("intended_stays", counter(C.intendedStays)), ("false_changes", counter(C.falseChanges)),
                ("absolute_error", Self.exact(absoluteErrors[k])), ("snap_correction", Self.exact(t.corrections[k])),
                ("cells_reconfigured", Self.exact(t.cellSums[k])),
                ("signed_errors", Self.histogram(counters, start: row + C.errorBins, overflow: t.errorOverflow[k])),
                ("unlabelled_pages_moved", Self.histogram(counters, start: row + C.pagesBins, overflow: t.pagesOverflow[k])),
            ])
        }
        line("agreements", [("counts", .array(t.agreements.map(JSONValue.int)))])
        // Patterns sorted, so that equal tallies give equal files.
        let patterns = t.hitPatterns.map { (hits: Self.indices(of: $0.key, policies: p), traces: $0.value) }
            .sorted { $0.hits.lexicographicallyPrecedes($1.hits) }
        for pattern in patterns {
            line("pattern", [("hits", .array(pattern.hits.map(JSONValue.int))), ("traces", .int(pattern.traces))])
        }
        let hits = t.userHitCounts
        for u in 0..<users {
            let scored = u < t.userCounts.count
            line("user", [("name", .string(userNames[u])), ("traces", .int(scored ? Int(t.userCounts[u]) : 0)),
                          ("hits", .array((0..<p).map { .int(scored ? Int(hits[u * p + $0]) : 0) }))])
        }
        for (f, name) in t.fileNames.enumerated() {
            line("group", [("file", .string(name)), ("traces", .int(Int(t.fileCounts[f]))),
                           ("hits", .array((0..<p).map { .int(Int(t.fileHitCounts[f * p + $0])) }))])
        }
        line("checks", checksFields())
        line("end", [])
        return out
    }

    /// A `Double` as its shortest round-trip text (also `nan`, `inf`).
    static func exact(_ x: Double) -> JSONValue { .string(String(x)) }

    /// Non-empty bins plus overflow, as `[[value, traces], …]` by value.
    private static func histogram(_ counters: [Int], start: Int, overflow: [Int: Int]) -> JSONValue {
        var all = overflow
        let r = ScoreAccumulator.Histogram.radius
        for b in 0..<ScoreAccumulator.Histogram.binCount where counters[start + b] > 0 {
            all[b - r, default: 0] += counters[start + b]
        }
        return .array(all.sorted { $0.key < $1.key }.map { .array([.int($0.key), .int($0.value)]) })
    }

    /// The policy indices whose bit is set in `words`.
    static func indices(of words: [UInt64], policies: Int) -> [Int] {
        (0..<policies).filter { words[$0 / 64] & (1 << UInt64($0 % 64)) != 0 }
    }

    private func checksFields() -> [(String, JSONValue)] {
        let c = checks
        func finding(_ f: DataChecks.Finding) -> JSONValue {
            .object([("count", .int(f.count)),
                     ("examples", .array(f.examples.map { .array([.string($0.file), .int($0.line)]) }))])
        }
        var layouts: [JSONValue] = []
        let byFile = c.layoutsByFile
        for file in byFile.keys.sorted() {
            for (layout, traces) in byFile[file, default: [:]].sorted(by: { $0.key.description < $1.key.description }) {
                layouts.append(.object([("file", .string(file)), ("layout", Self.layout(layout)), ("traces", .int(traces))]))
            }
        }
        return [
            ("traces", .int(c.traces)), ("labelled", .int(c.labelled)), ("revealed_labelled", .int(c.revealedLabelled)),
            ("sample_level", .int(c.sampleLevel)),
            ("recorded_velocities", .int(c.recordedVelocities)), ("checks_layout", .bool(c.checksLayout)),
            ("first_label", c.firstLabel.map(JSONValue.int) ?? .null), ("labels_vary", .bool(c.labelsVary)),
            ("outside_content", finding(c.outside)), ("unreachable_intended", finding(c.unreachable)),
            ("unreachable_revealed", .int(c.unreachableRevealed)),
            ("zero_velocity", finding(c.zeroVelocity)), ("frame_logged", finding(c.frameLogged)),
            ("fling_clamp", finding(c.clamped)),
            ("frame_logged_delays", .array(c.frameLoggedDelays.map(Self.exact))),
            ("layouts", .array(layouts)),
        ]
    }

    /// A layout as `[item_width, spacing, leading_inset, trailing_inset, viewport_width,
    /// item_count, alignment, looping]`.
    private static func layout(_ l: CarouselLayout) -> JSONValue {
        .array([exact(l.itemWidth), exact(l.spacing), exact(l.leadingInset), exact(l.trailingInset),
                exact(l.viewportWidth), .int(l.itemCount), .string(l.alignment.rawValue), .bool(l.isLooping)])
    }
}
