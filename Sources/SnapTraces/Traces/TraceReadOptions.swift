import SnapStrategies

/// How to read traces.
public struct TraceReadOptions: Sendable {
    /// The release-velocity estimator for sample-level files (release-level files always use
    /// the recorded velocity).
    public var velocity: VelocityMethod
    /// Replay ``velocity`` on the input samples rebuilt between logged frames
    /// (``FramesRebuiltEstimator``; `--frames`). Ignored for `recorded` and `compose-frames`
    /// (``VelocityMethod/canRebuildFrames``). Default false: the rows as logged.
    public var rebuildsFrames = false
    /// Skip bad traces (listed in the summary) instead of stopping at the first error.
    public var lenient: Bool
    /// Layout fields for traces whose columns do not give them (from `--layout FILE` over the
    /// command-line options; see ``LayoutFields``). A trace that ends up without a whole layout
    /// is an error (``TraceParseError/invalidLayout(file:line:reason:)``).
    public var baseLayout: LayoutFields
    /// Bytes per `read()` or mapped window (it grows only for a longer row). Default 256 KiB: small
    /// enough that the bytes the kernel copies in are still in the core's L2 cache when they are
    /// parsed (a 4 MiB buffer measured about 20% slower per byte, kernel copy included).
    public var bufferSize: Int
    /// Whether a regular file is mapped window by window instead of read into the buffer with
    /// `pread()` (``FileWindow``; Linux): the same bytes either way (tests compare the two fill
    /// by fill). Default `false`: which is faster depends on the host. Mapping saves the kernel's
    /// copy but pays a page fault, a page-table entry and, at each window's remap, a TLB flush on
    /// every core the reading threads run on. On the project's first machine (Intel Xeon, KVM)
    /// mapping saved about 0.1 CPU-s of system time on the 1M benchmark file; on its current one
    /// (AMD EPYC, KVM) `pread()` takes 0.55 s wall and 1.07 CPU-s against 0.65 s and 1.26 CPU-s
    /// mapped, 7% less on one thread (`Docs/research/2026-12-01-compare-newhost.md`).
    public var mapsFiles = false
    /// The longest row accepted, in bytes (a quoted field's line breaks included): a longer row
    /// is ``TraceParseError/rowTooLong(file:line:limit:)`` instead of a buffer that grows without
    /// bound. Default 64 MiB (a real row is well under 1 KiB). The read buffer never exceeds
    /// `max(bufferSize, maxRowBytes)` rounded up to a power-of-two multiple of `bufferSize`.
    public var maxRowBytes: Int
    /// The most samples one trace may hold: a trace with more is
    /// ``TraceParseError/traceTooLong(file:line:traceID:limit:)`` (skipped in lenient mode).
    /// The samples of the current trace are kept (17 bytes each) for the velocity estimate and
    /// the record's ``TraceSamples``; the default, 4 Mi samples (about 70 MB, 9 hours at
    /// 120 Hz), bounds that memory.
    public var maxSamplesPerTrace: Int
    /// The per-trace column whose value groups the traces into tasks or screens
    /// (``TraceRelease/group``), read only when asked for: `nil` (the default) leaves every such
    /// column unknown and costs nothing.
    public var groupBy: GroupColumn?

    /// Which column groups the traces.
    public enum GroupColumn: Sendable, Hashable {
        /// This column (`--group-by`): a file without it is an error naming the header.
        case named(String)
        /// The first of ``automaticNames`` the header has, if any.
        case automatic

        /// The columns that group traces without being asked: `screen`, then `session_kind`.
        public static let automaticNames = ["screen", "session_kind"]
    }

    /// The hit criterion of a trace without its own `hit` column (`--hit`): the reader gives it
    /// to such a trace (``TraceRelease/hit``), so every trace read carries the criterion it is
    /// scored under. `nil` (the default) leaves it `nil`, which scores as ``HitCriterion/exact``
    /// (``TraceRelease/criterion``) and lets a reader ask what the file itself says (`generate --like`).
    public var hit: HitCriterion?

    /// The estimator the reader uses for sample-level traces: ``velocity``, on rebuilt frames when
    /// ``rebuildsFrames``.
    public var estimator: any VelocityEstimator { velocity.estimator(rebuildingFrames: rebuildsFrames) }

    /// Whether the estimator is replayed on rebuilt frames (``rebuildsFrames`` and the method can be).
    public var framesRebuilt: Bool { rebuildsFrames && velocity.canRebuildFrames }

    public init(velocity: VelocityMethod = .lsq2, lenient: Bool = false, baseLayout: LayoutFields = LayoutFields(),
                bufferSize: Int = 256 << 10, maxRowBytes: Int = 64 << 20, maxSamplesPerTrace: Int = 4 << 20,
                hit: HitCriterion? = nil) {
        self.velocity = velocity
        self.lenient = lenient
        self.baseLayout = baseLayout
        self.bufferSize = bufferSize
        self.maxRowBytes = maxRowBytes
        self.maxSamplesPerTrace = maxSamplesPerTrace
        self.hit = hit
    }
}
