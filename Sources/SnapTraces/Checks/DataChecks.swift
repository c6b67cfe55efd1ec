import SnapStrategies
import SnapLabSupport
import SnapGSL

/// Checks that stop silent nonsense: counts, over the traces a command reads, what is valid
/// but suspicious, and turns the counts into ``DataWarning``s.
///
/// - **outside-content**: a release offset more than one item (`stride`) outside `[0, maxOffset]`
///   of a bounded layout (a `touch_x` → offset conversion that ignored the touch slop or the
///   content's ends).
/// - **unreachable-intended**: the intended item can never be a resting item under the layout's
///   alignment (``isReachable(item:in:)``: e.g. the last items of a bounded `leading` row);
///   no policy can hit such a trace scored under `exact` (``TraceRelease/criterion``, per trace),
///   one scored under `revealed` can only be revealed. The warning says which criteria were used.
/// - **zero-velocity**: more than 5% of releases have velocity exactly 0 (an estimator's 40 ms
///   rule on frame-batched input; `describe` shows the share per estimator).
/// - **frame-logged**: more than 5% of sample-level traces match ``FrameLoggedPattern`` (one row
///   per display frame, a late first move, too few samples for Compose's tracker): the device
///   computed from samples the log lacks (`--frames rebuild`, the default `--frames auto` on a
///   file that looks so, rebuilds them for any estimator).
/// - **fling-clamp**: release velocities at the platforms' 8 pt/ms fling clamp
///   (``VelocityWindow/maximumFlingVelocity``): a touchscreen glitch, or a real 8000 dp/s fling.
/// - **mixed-layouts**: one file holds traces of more than one layout (several screens or
///   devices in one log): pooled figures mix them.
/// - **few-users**: fewer than 5 users: per-user intervals are not meaningful.
/// - **one-label**: every labelled trace has the same intended item.
///
/// Merge the checks of parallel parts with ``merge(_:lineOffset:)`` in file order: examples
/// are the first traces found.
public struct DataChecks: Sendable {
    /// Examples kept per warning.
    public static let exampleLimit = 5
    /// Share of zero velocities above which ``zeroVelocityWarning`` fires.
    public static let zeroVelocityShare = 0.05
    /// Fewer users than this get ``fewUsersWarning``.
    public static let minimumUsers = 5

    package struct Finding: Sendable {
        package var count = 0
        package var examples: [TraceLocation] = []
        package init() {}
        mutating func add(_ location: TraceLocation) {
            count += 1
            if examples.count < DataChecks.exampleLimit { examples.append(location) }
        }
        package mutating func merge(_ other: Finding, lineOffset: Int) {
            count += other.count
            for e in other.examples where examples.count < DataChecks.exampleLimit {
                examples.append(TraceLocation(file: e.file, line: e.line + lineOffset))
            }
        }
    }

    public package(set) var traces = 0
    public package(set) var labelled = 0
    /// Labelled traces scored under ``HitCriterion/revealed`` (``TraceRelease/criterion``: their own
    /// `hit` column, else `--hit`); the others are scored under `exact`. The run header says which
    /// criterion was used from these (a file's `hit` column wins over `--hit`).
    public package(set) var revealedLabelled = 0
    /// Whether ``revealedLabelled`` and ``unreachableRevealed`` were counted: false for checks read
    /// from a `compare --emit-summary` file written before they were (no `revealed_labelled` key),
    /// whose traces' own `hit` columns, if any, are not known; the run header and the
    /// unreachable-intended warning then say that instead of a count.
    public package(set) var criteriaCounted = true {
        didSet { if !criteriaCounted { unreachableCriteriaCounted = false } }
    }
    /// Whether ``unreachableRevealed`` was counted (false, too, for a summary that counted
    /// ``revealedLabelled`` but not yet it, when its traces mix the criteria).
    package var unreachableCriteriaCounted = true
    package var outside = Finding()
    package var unreachable = Finding()
    /// Of ``unreachable``, the traces scored under ``HitCriterion/revealed`` (``TraceRelease/criterion``).
    package var unreachableRevealed = 0
    package var zeroVelocity = Finding()
    package var frameLogged = Finding()
    /// Touch-down to first-move delays of the frame-logged traces, ms.
    package var frameLoggedDelays: [Double] = []
    package var clamped = Finding()
    /// Labelled sample-level traces whose finger moved (``isMoving(_:)``): the base of
    /// ``movingReadAsZero`` (``estimatorWarning(platformGiven:readsStandardInput:)``). Counted only
    /// when ``estimatorMayReadFrameZeros`` (else the warning cannot fire, and nothing is counted).
    package var movingLabelled = 0
    /// Of ``movingLabelled``, those whose release velocity reads exactly 0 under ``velocity``.
    package var movingReadAsZero = Finding()
    /// Of ``movingReadAsZero``, those that `compose-frames` (Compose's tracker on the input samples
    /// rebuilt between frames) reads as moving: the zeros that come from the logging, not from a
    /// finger at rest before lift-off.
    package var movingZeroRebuilt = 0
    /// Sample-level traces (the frame-logged share's base).
    package var sampleLevel = 0
    /// Traces per distinct layout, per file (at most ``layoutsPerFileKept`` layouts a file).
    package var layoutsByFile: [String: [CarouselLayout: Int]] {
        get {
            guard let run = layoutRun else { return layoutCounts }
            var all = layoutCounts
            Self.count(run, into: &all)
            return all
        }
        set {
            layoutCounts = newValue
            layoutRun = nil
        }
    }
    /// ``layoutsByFile`` but for the current run of traces of one layout in one file, counted
    /// when the run ends: consecutive traces almost always share file and layout, and the
    /// dictionaries' hashing and copying per trace cost about a tenth of `compare`'s instructions.
    private var layoutCounts: [String: [CarouselLayout: Int]] = [:]
    private var layoutRun: (file: String, layout: CarouselLayout, traces: Int)? {
        get { runLayout.map { (runFile, $0, runTraces) } }
        set {
            runLayout = newValue?.layout
            runFile = newValue?.file ?? ""
            runTraces = newValue?.traces ?? 0
            runReachable = ReachableItems()
        }
    }
    /// The current run (``layoutRun``) as stored: its layout (`nil`: no run), file and traces, kept
    /// apart so that a trace of the run adds 1 to `runTraces` and copies nothing.
    private var runLayout: CarouselLayout?
    private var runFile = ""
    private var runTraces = 0
    /// ``isReachable(item:in:)`` of the run's layout for the items seen so far (those below 64):
    /// it depends on the item and the layout only, and the run's traces have one layout.
    private var runReachable = ReachableItems()
    /// Distinct layouts counted per file; more are counted under the last.
    static let layoutsPerFileKept = 64
    package var firstLabel: Int?
    package var labelsVary = false
    /// Sample-level traces that carried a `release_velocity` (``VelocityInUse/ignoredNotice(method:ignored:)``).
    public package(set) var recordedVelocities = 0
    /// Whether the layout checks (outside-content, unreachable-intended) run: false when the
    /// traces' layout is only a stand-in (`snaplab velocity` without a layout).
    public internal(set) var checksLayout = true

    /// The estimator the sample-level traces' release velocities came from (`--velocity`,
    /// ``TraceReadOptions/velocity``): decided where the traces are read and carried here, so the
    /// lines (``lines(users:)``, the notice about an ignored `release_velocity` column) and the run
    /// header say it without being told again. A part merged in (``merge(_:lineOffset:)``) is of
    /// the same run: its estimator is this one.
    public package(set) var velocity: VelocityMethod
    /// Whether ``velocity`` was replayed on the input samples rebuilt between logged frames
    /// (``TraceReadOptions/framesRebuilt``, `--frames`): said with the estimator's name
    /// (``VelocityInUse``), in a note (``lines(users:)``), and the `estimator-reads-zero` warning
    /// does not apply.
    public package(set) var framesRebuilt: Bool
    /// Whether the command has `--frames` (the `frame-logged` warning names it); false for
    /// `generate --like`, which describes the log as logged and names `--velocity compose-frames`.
    public var offersFramesOption = true

    /// - Parameters:
    ///   - checksLayout: run the checks that need the traces' real layout.
    ///   - velocity: the estimator the traces are read with (``velocity``).
    ///   - framesRebuilt: whether it was replayed on rebuilt frames (``framesRebuilt``).
    public init(checksLayout: Bool = true, velocity: VelocityMethod = .lsq2, framesRebuilt: Bool = false) {
        self.checksLayout = checksLayout
        self.velocity = velocity
        self.framesRebuilt = framesRebuilt && velocity.canRebuildFrames
    }

    /// Checks for a read with `options`: its estimator and whether it rebuilt frames.
    public init(readWith options: TraceReadOptions) {
        self.init(velocity: options.velocity, framesRebuilt: options.framesRebuilt)
    }

    /// The frame-logged rule: more than ``zeroVelocityShare`` of `sampleLevel` sample-level traces
    /// match ``FrameLoggedPattern`` (the `frame-logged` warning, and `--platform compose`'s pre-scan).
    public static func looksFrameLogged(framed: Int, of sampleLevel: Int) -> Bool {
        sampleLevel > 0 && Double(framed) > zeroVelocityShare * Double(sampleLevel)
    }

    /// Counts `record`'s release, and whether a sample-level trace carried a recorded velocity.
    public mutating func add(_ record: TraceRecord) {
        add(record.release)
        let s = record.samples
        guard s.count > 1 else { return }
        sampleLevel += 1
        if s.recordedVelocity != nil { recordedVelocities += 1 }
        if let delay = FrameLoggedPattern.delay(s) {
            frameLogged.add(record.release.location)
            frameLoggedDelays.append(delay)
        }
        if Swift.abs(record.release.release.velocity) >= VelocityWindow.maximumFlingVelocity { clamped.add(record.release.location) }
        if estimatorMayReadFrameZeros, record.release.intendedIndex != nil, Self.isMoving(s) {
            movingLabelled += 1
            if record.release.release.velocity == 0 {
                movingReadAsZero.add(record.release.location)
                if VelocityMethod.composeFrames.estimator.estimate(s).velocity != 0 { movingZeroRebuilt += 1 }
            }
        }
    }

    /// The outside-content check: a release offset more than one item (`stride`) outside
    /// `[0, maxOffset]` of a bounded layout.
    public static func isOutsideContent(offset: Double, layout: CarouselLayout) -> Bool {
        !layout.isLooping && (offset < -layout.stride || offset > layout.maxOffset + layout.stride)
    }

    /// Counts `trace`. (Inlined into the `add(_:)` of a record, once per trace of every read: as a
    /// call of its own it cost about 20 instructions a trace in `compare`, issue 36.)
    @inline(__always)
    public mutating func add(_ trace: TraceRelease) {
        traces += 1
        let layout = trace.layout, release = trace.release
        if checksLayout, Self.isOutsideContent(offset: release.offset, layout: layout) { outside.add(trace.location) }
        if release.velocity == 0 { zeroVelocity.add(trace.location) }
        if checksLayout {
            if let runLayout, Self.sameLayout(runLayout, layout), runFile == trace.location.file {
                runTraces += 1
            } else {
                if let run = layoutRun { Self.count(run, into: &layoutCounts) }
                layoutRun = (trace.location.file, layout, 1)
            }
        }
        guard let intended = trace.intendedIndex else { return }
        labelled += 1
        if trace.criterion == .revealed { revealedLabelled += 1 }
        if let first = firstLabel { if first != intended { labelsVary = true } } else { firstLabel = intended }
        if checksLayout, !runReachable.isReachable(item: intended, in: layout) {
            unreachable.add(trace.location)
            if trace.criterion == .revealed { unreachableRevealed += 1 }
        }
    }

    /// Adds a run of `traces` traces of one layout in one file to `counts`: as adding them one by
    /// one (whether the layout is kept is decided by its first trace: the others find it kept, or
    /// the file still full).
    private static func count(_ run: (file: String, layout: CarouselLayout, traces: Int),
                              into counts: inout [String: [CarouselLayout: Int]]) {
        var byLayout = counts[run.file, default: [:]]
        if byLayout[run.layout] != nil || byLayout.count < layoutsPerFileKept { byLayout[run.layout, default: 0] += run.traces }
        counts[run.file] = byLayout
    }

    /// Forgets what the layout checks found and stops running them: for reads whose layout
    /// turned out to be (partly) a stand-in (``checksLayout``).
    public mutating func dropLayoutChecks() {
        checksLayout = false
        outside = Finding()
        unreachable = Finding()
        unreachableRevealed = 0
        layoutsByFile = [:]
    }

    /// Adds `other` (a later part of the same run); its example lines move by `lineOffset`.
    public mutating func merge(_ other: DataChecks, lineOffset: Int = 0) {
        traces += other.traces
        labelled += other.labelled
        revealedLabelled += other.revealedLabelled
        criteriaCounted = criteriaCounted && other.criteriaCounted
        unreachableCriteriaCounted = unreachableCriteriaCounted && other.unreachableCriteriaCounted
        recordedVelocities += other.recordedVelocities
        outside.merge(other.outside, lineOffset: lineOffset)
        unreachable.merge(other.unreachable, lineOffset: lineOffset)
        unreachableRevealed += other.unreachableRevealed
        zeroVelocity.merge(other.zeroVelocity, lineOffset: lineOffset)
        frameLogged.merge(other.frameLogged, lineOffset: lineOffset)
        frameLoggedDelays += other.frameLoggedDelays
        clamped.merge(other.clamped, lineOffset: lineOffset)
        movingLabelled += other.movingLabelled
        movingReadAsZero.merge(other.movingReadAsZero, lineOffset: lineOffset)
        movingZeroRebuilt += other.movingZeroRebuilt
        sampleLevel += other.sampleLevel
        // ``layoutsByFile`` is built from its parts on every read: read and write it once
        let others = other.layoutsByFile
        if !others.isEmpty {
            var all = layoutsByFile
            for (file, counts) in others { all[file, default: [:]].merge(counts, uniquingKeysWith: +) }
            layoutsByFile = all
        }
        if let o = other.firstLabel {
            if let f = firstLabel { if f != o { labelsVary = true } } else { firstLabel = o }
        }
        labelsVary = labelsVary || other.labelsVary
    }

    /// `a == b`, field by field here (``CarouselLayout``'s `==` compares its 11 stored properties
    /// in a call to another module, once per trace): the same answer, inlined.
    @inline(__always)
    static func sameLayout(_ a: CarouselLayout, _ b: CarouselLayout) -> Bool {
        a.itemWidth == b.itemWidth && a.spacing == b.spacing && a.leadingInset == b.leadingInset
            && a.trailingInset == b.trailingInset && a.viewportWidth == b.viewportWidth && a.itemCount == b.itemCount
            && a.alignment == b.alignment && a.isLooping == b.isLooping && a.stride == b.stride
            && a.maxOffset == b.maxOffset && a.alignmentOrigin == b.alignmentOrigin
    }

    /// ``isReachable(item:in:)`` of items 0..<64 in one layout, each computed once: bit `i` of
    /// `known` says whether item `i`'s answer is in bit `i` of `reachable`. Other items are
    /// computed each time.
    struct ReachableItems {
        var known: UInt64 = 0, reachable: UInt64 = 0
        /// ``DataChecks/isReachable(item:in:)``; `layout` must be the same (`==`) on every call.
        @inline(__always)
        mutating func isReachable(item: Int, in layout: CarouselLayout) -> Bool {
            guard item >= 0 && item < 64 else { return DataChecks.isReachable(item: item, in: layout) }
            let bit: UInt64 = 1 << UInt64(item)
            if known & bit != 0 { return reachable & bit != 0 }
            let answer = DataChecks.isReachable(item: item, in: layout)
            known |= bit
            if answer { reachable |= bit }
            return answer
        }
    }

    /// Whether `item` can be a resting item: the slot nearest its resting offset
    /// (``CarouselLayout/snapOffset(ofSlot:)``, clamped to the content) is its own. Always true
    /// in a looping layout.
    public static func isReachable(item: Int, in layout: CarouselLayout) -> Bool {
        guard !layout.isLooping else { return true }
        guard item >= 0 && item < layout.itemCount else { return false }
        return layout.nearestSlot(toOffset: layout.snapOffset(ofSlot: item)) == item
    }

    /// The warnings that apply.
    /// - Parameter users: distinct users, when the command reports per-user intervals (`nil`: not
    ///   checked; never checked without labelled traces).
    public func warnings(users: Int? = nil) -> [DataWarning] {
        var out: [DataWarning] = []
        if outside.count > 0 {
            out.append(DataWarning(id: "outside-content", count: outside.count, total: traces,
                                   message: "\(outside.count) of \(traces) release offsets lie more than one item outside the content "
                                       + "(touch slop or content ends ignored when the offsets were made? see snaplab import)",
                                   examples: outside.examples))
        }
        if unreachable.count > 0 {
            out.append(DataWarning(id: "unreachable-intended", count: unreachable.count, total: labelled,
                                   message: "\(unreachable.count) of \(labelled) labelled traces intend an item that can never be "
                                       + "a resting item under the layout's alignment (\(unreachableVerdict))",
                                   examples: unreachable.examples))
        }
        if traces > 0, Double(zeroVelocity.count) > Self.zeroVelocityShare * Double(traces) {
            let pct = NumberFormat.fixed(100 * Double(zeroVelocity.count) / Double(traces), 1)
            out.append(DataWarning(id: "zero-velocity", count: zeroVelocity.count, total: traces,
                                   message: "\(zeroVelocity.count) of \(traces) release velocities (\(pct)%) are exactly 0 "
                                       + "(over 5%: check --velocity against the recording platform; see snaplab describe)",
                                   examples: zeroVelocity.examples))
        }
        if Self.looksFrameLogged(framed: frameLogged.count, of: sampleLevel) {
            let delay = Percentile.of(frameLoggedDelays, [0.5])[0].map { NumberFormat.fixed($0, 0) } ?? "-"
            out.append(DataWarning(id: "frame-logged", count: frameLogged.count, total: sampleLevel,
                                   message: "\(frameLogged.count) of \(sampleLevel) traces look logged one row per display frame: the first move "
                                       + "comes a median \(delay) ms after touch-down (beyond the trackers' 40 ms gap) and Compose's window "
                                       + "holds fewer than 3 samples, so a platform tracker replayed on the rows reads 0 where the device, "
                                       + "which also had the input samples between frames, flung; \(framesAdvice) "
                                       + "(Docs/real-recordings.md)",
                                   examples: frameLogged.examples))
        }
        if clamped.count > 0 {
            out.append(DataWarning(id: "fling-clamp", count: clamped.count, total: sampleLevel,
                                   message: "\(clamped.count) release velocities reached the 8 pt/ms fling clamp (8000 dp/s, where Android's "
                                       + "widgets, Compose and Flutter clamp): a touchscreen glitch (two events far apart within a few ms) or a "
                                       + "real hard fling",
                                   examples: clamped.examples))
        }
        let byFile = layoutsByFile
        for file in byFile.keys.sorted() {
            guard let counts = byFile[file], counts.count > 1 else { continue }
            let sizes = counts.values.sorted(by: >)
            let total = sizes.reduce(0, +)
            let shown = sizes.prefix(5).map(String.init).joined(separator: ", ") + (sizes.count > 5 ? ", …" : "")
            out.append(DataWarning(id: "mixed-layouts", count: counts.count, total: total,
                                   message: "\(file) mixes \(counts.count) layouts (\(shown) traces): each trace is scored in its own "
                                       + "layout, but pooled hit rates and fits mix the screens or devices; compare them one by one "
                                       + "(split by the layout columns) before pooling"))
        }
        if let users, users < Self.minimumUsers, labelled > 0 {
            out.append(DataWarning(id: "few-users", count: users, total: Self.minimumUsers,
                                   message: "only \(users) user\(users == 1 ? "" : "s") (fewer than \(Self.minimumUsers)): "
                                       + "per-user intervals and tests are not meaningful"))
        }
        if labelled >= 2, !labelsVary, let label = firstLabel {
            out.append(DataWarning(id: "one-label", count: labelled, total: labelled,
                                   message: "all \(labelled) labelled traces intend item \(label): hit rates say nothing about other items"))
        }
        return out
    }

    /// What the unreachable traces mean under the criteria they were scored under
    /// (``TraceRelease/criterion``: their own `hit` column, else `--hit`).
    var unreachableVerdict: String {
        let exactMeaning = "no policy can hit them", revealedMeaning = "they can only be revealed, never rest at the snap position"
        guard unreachableCriteriaCounted else {
            return "the criterion each was scored under is not recorded (a summary written before it was counted): under exact, "
                + exactMeaning + "; under revealed, " + revealedMeaning
        }
        let revealed = unreachableRevealed, exact = unreachable.count - revealed
        if revealed == 0 { return "unreachable under exact, the criterion they are scored under: " + exactMeaning }
        if exact == 0 { return "scored under revealed: " + revealedMeaning }
        return "\(exact) scored under exact are unreachable: \(exactMeaning); \(revealed) scored under revealed: \(revealedMeaning)"
    }
}
