import SnapStrategies

/// Streams the traces of one CSV trace file (Docs/trace-format.md), one at a time.
///
/// - Reading: POSIX `pread()` into one reusable byte buffer (``TraceReadOptions/bufferSize``,
///   256 KiB by default; it grows only for a single row longer than the buffer). Fields are parsed
///   from the bytes in place: no `String` per field; numbers through ``DecimalParser``.
/// - Memory does not grow with the number of traces when their ids are increasing integers: one
///   trace's samples are held at a time, in reused storage, and the ids are kept as runs of
///   consecutive integers (to detect non-contiguous traces; ids 1, 2, 3, … are one run). Other
///   ids cost 16 bytes per trace (hash and line). It grows with the number of distinct users.
/// - Bounded per row and per trace: a row longer than ``TraceReadOptions/maxRowBytes`` (64 MiB)
///   or a trace with more than ``TraceReadOptions/maxSamplesPerTrace`` samples (4 Mi) is a
///   ``TraceParseError`` naming the line; at most 8192 fields of a row are kept apart.
/// - Both kinds of file, any column order, unknown columns listed, LF/CRLF, UTF-8 BOM,
///   RFC 4180 quoting (fields may contain commas, doubled quotes and line breaks), empty lines
///   skipped; per-trace values on every row or on the first only, checked to agree.
/// - Strict by default: the first bad row throws a ``TraceParseError``. Lenient: the trace is
///   skipped and listed in the summary.
/// - A byte range can be read (``init(path:options:users:range:)``): the range start moves to
///   the next line start and then to the next trace boundary; the range's last trace is read to
///   its end. Consecutive ranges thus split the file's traces exactly (see `TraceReader+Parallel`,
///   which falls back to one serial read when two ranges do not meet).
/// - Stages (Docs/design/trace-reader.md), each a non-copyable struct in a file of its own, owned by
///   one ``ReaderCore`` value: ``FileWindow``, ``RowTokenizer``, ``RowPlan``, ``TraceAssembler``,
///   ``ContiguityTracker``, ``ReleaseBuilder``; the checked row decoder (`CheckedRowDecoder.swift`,
///   the reference path) and the fast row decoder (`FastRowDecoder.swift`, `FastRowSteps.swift`)
///   are `mutating` methods of the core. `TraceReader+Loop.swift` is the loop over them and the
///   only place that decides strict vs lenient. The loop runs as one `mutating` method of the
///   core: one exclusivity access per read, every stage access inside it checked statically.
///
/// ```swift
/// let reader = try TraceReader(path: "swipes.csv", options: TraceReadOptions())
/// let summary = try reader.forEach { record in print(record.release.velocity) }
/// ```
public final class TraceReader {
    public let path: String
    /// The users table (indices in yielded releases point into it). It lives in storage of the
    /// reader's own, so that the read loop interns a new user through a plain pointer: a closure
    /// capturing the reader (a class) cost a few reference-count operations per trace.
    public internal(set) var users: TraceUsers {
        get { usersStorage.pointee }
        set { usersStorage.pointee = newValue }
    }
    private let usersStorage: UnsafeMutablePointer<TraceUsers>
    /// The reader's stages.
    var core: ReaderCore
    /// The file's kind (from its header).
    public let kind: TraceFileKind
    /// Unknown header columns.
    public let unknownColumns: [String]

    /// Opens `path` and reads its header.
    /// - Parameters:
    ///   - users: a users table to extend (share one across the files of a run).
    ///   - range: a byte range of the file (for parallel reading); `nil` reads all of it.
    /// - Throws: ``TraceParseError`` (unreadable, empty, bad header).
    public init(path: String, options: TraceReadOptions, users: TraceUsers = TraceUsers(),
                range: Range<Int>? = nil) throws(TraceParseError) {
        // a string of this reader's own: every yielded trace's location retains it, and readers
        // running in parallel would otherwise all bump the reference count of one shared object
        let path = String(decoding: Array(path.utf8), as: UTF8.self)
        self.path = path
        var core = try ReaderCore(path: path, options: options, range: range)
        try core.readHeader()
        if core.rangeStart > 0 { try core.seekToRangeStart() }
        core.firstRowOffset = core.window.offset
        kind = core.summary.kind
        unknownColumns = core.summary.unknownColumns
        self.core = core
        // (allocated once nothing can throw: a failed init runs no deinit)
        usersStorage = .allocate(capacity: 1)
        usersStorage.initialize(to: users)
    }

    deinit {
        usersStorage.deinitialize(count: 1)
        usersStorage.deallocate()
    }

    /// Reads every trace, calling `body` for each good, non-cancelled one. The record is the
    /// reader's, lent for the call (a record kept is a copy; its samples are a view valid only
    /// during the call).
    /// - Returns: the file's counts, kind, unknown columns and (lenient) skipped traces.
    /// - Throws: the first ``TraceParseError`` (strict), or whatever `body` throws.
    @discardableResult
    public func forEach(_ body: (TraceRecord) throws -> Void) throws -> FileReadSummary {
        // `body` may read `users` (not part of `core`: no conflict); new users are interned
        // before `body` sees their first trace. The record is the reader's own, overwritten in
        // place by the next trace (``ReleaseBuilder/lent``): the core passes its address, and
        // this call gives `body` a bitwise copy of it (no reference counting)
        let users = usersStorage
        return try core.read({ try body($0) }, intern: { users.pointee.intern($0) })
    }

    /// Where the reader's first row starts and where it stopped (parallel reading: ranges must meet).
    var firstRowOffset: Int { core.firstRowOffset }
    var stopOffset: Int { core.stopOffset }
}

/// The reader's stages, owned by one value: the read loop is a `mutating` method of it, so every
/// access to a stage's state is checked for exclusivity statically (no dynamic checks in the
/// hot loop, no state behind a pointer).
struct ReaderCore: ~Copyable {
    let options: TraceReadOptions
    let lenient: Bool
    /// ``TraceReadOptions/maxSamplesPerTrace``.
    let maxSamples: Int
    let rangeStart: Int
    /// Traces starting at or after this offset belong to the next range.
    let rangeEnd: Int
    var window: FileWindow
    var tokenizer = RowTokenizer()
    var plan = RowPlan()
    var trace: TraceAssembler
    var ids = ContiguityTracker()
    var builder: ReleaseBuilder
    /// The shapes of the last `t_ms` and `offset` cells the fast row loop read (kept across traces).
    var shapes = ReaderCore.UsualShapes()
    /// The fast row loop's fixed-point row templates, kept across traces (``RowTemplateCache``).
    var rowTemplates = RowTemplateCache()
    /// The shapes of the `t_ms` and `offset` cells of the last first rows the fast first row read
    /// (``ReaderCore/FirstRowShapes``, ``ReaderCore/firstRowNumber(_:_:_:_:commaFollows:)``).
    var firstRowShapes = (time: ReaderCore.FirstRowShapes(), offset: ReaderCore.FirstRowShapes())
    /// The line of the row being processed: its last line (rows may span lines). Relative to
    /// the range's first row for ranges after the first (made absolute in one place: the
    /// parallel merge).
    var line = 0
    /// The file offset and first line of the row being processed.
    var rowStart = 0
    var rowFirstLine = 0
    /// Data rows read.
    var rows = 0
    /// The quoting fault of the current row (lenient mode), and the first field it concerns.
    var rowFault: TraceParseError?
    var rowFaultField = 0
    var summary = FileReadSummary(path: "", kind: .sampleLevel, unknownColumns: [])
    /// The file offset of the first row this reader reads (after the header, or at its range's
    /// first trace boundary), and of the first row it leaves to the next range (the file's end
    /// when it read to the end): consecutive ranges must meet (``TraceReader/readInParallel``).
    var firstRowOffset = 0
    var stopOffset = 0

    init(path: String, options: TraceReadOptions, range: Range<Int>?) throws(TraceParseError) {
        self.options = options
        lenient = options.lenient
        maxSamples = Swift.max(options.maxSamplesPerTrace, 1)
        rangeStart = range?.lowerBound ?? 0
        rangeEnd = range?.upperBound ?? Int.max
        window = try FileWindow(path: path, bufferSize: options.bufferSize, maxRowBytes: options.maxRowBytes,
                                startsAtZero: rangeStart <= 0, maps: options.mapsFiles)
        trace = TraceAssembler(path: path)
        builder = ReleaseBuilder(path: path, options: options)
    }

    /// The header's column names.
    var cols: TraceColumns { plan.cols! }

    /// Column `i`'s header name.
    func columnName(_ i: Int) -> String { plan.columnName(i) }

    /// Field `i` of the current row, unquoted in place and trimmed.
    @inline(__always)
    func field(_ i: Int) -> (UnsafePointer<UInt8>, UnsafePointer<UInt8>) { tokenizer.field(i, window.buf) }
}
