#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SnapStrategies

/// Streams the traces of one CSV trace file (shared/spec/trace-format.md), one at a time.
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
///   which falls back to one serial read when two ranges do not meet, e.g. at a cut inside a
///   quoted field with line breaks).
/// - Stages, one file each: this file (state, opening, closing), `+Tokenizer` (file window:
///   `pread`/`read`, buffer; row tokenizer: field spans, quoting faults), `+Rows` (header, range
///   start, the checked row loop: the reference path, and the one place deciding strict vs
///   lenient), `+FastRows` and `+FastSteps` (the fast row decoder: it only detects, and leaves
///   any row it cannot take to the checked path), `+Traces` (trace assembly, contiguity, release
///   building: layout cache, users, `touch_x`, estimator).
///
/// ```swift
/// let reader = try TraceReader(path: "swipes.csv", options: TraceReadOptions())
/// let summary = try reader.forEach { record in print(record.release.velocity) }
/// ```
public final class TraceReader {
    public let path: String
    let options: TraceReadOptions
    let estimator: any VelocityEstimator
    /// The users table (indices in yielded releases point into it).
    public internal(set) var users: TraceUsers

    /// The state the per-row code touches, behind a pointer: a final class's stored `var`s
    /// cost a dynamic exclusivity check per access, a pointer's pointee does not.
    struct HotState {
        var buf: UnsafeMutablePointer<UInt8>
        var cap: Int
        var pos: Int
        var end: Int
        var bufFileOffset: Int
        var readOffset: Int
        var eof: Bool
        var fs: UnsafeMutablePointer<Int>
        var fe: UnsafeMutablePointer<Int>
        var fq: UnsafeMutablePointer<Bool>
        var spanCap: Int
        var nf: Int
        var rowNewlines: Int
        var line: Int
        var inTrace: Bool
        var idBytes: ByteArena
        var t: GrowableBuffer<Double>
        var x: GrowableBuffer<Double>
        var mv: GrowableBuffer<UInt8>
        var lastTime: Double
        var cancelled: Bool
        var arena: ByteArena
        var rowStart: Int
        var rowFirstLine: Int
        var releaseOffsetValue: Double
        var rows: Int
        var hasBad: Bool
        var ptCount: Int
        /// The plan of a sample row for ``fastRows()``: `stepCount` steps, each a column or a run
        /// of consecutive trace id / per-trace columns (`stepFirst...stepLast`).
        var stepKind = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        var stepFirst = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        var stepLast = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        var stepCount = 0
        /// The trace id's column.
        var traceIDColumn = 0
        /// Whether the plan is the usual one (``RowStep/usual``), which has its own unrolled code.
        var usualPlan = false
        /// Per step: for a run of trace id / per-trace columns, its bytes on the trace's last row
        /// that checked them column by column (an identical run needs no check).
        var stepBytes = UnsafeMutablePointer<ByteArena>.allocate(capacity: 1)

        // per trace (the per-trace code touches these once or twice a trace: the same reason)
        var traceID = ""
        var traceLine = 0
        var isSampleLevel = true
        var hasTouchX = false
        var hasPhase = false
        var tracesRead = 0
        var tracesYielded = 0
        var tracesCancelled = 0
        var monotone = true
        var lastNumericID: UInt64 = 0
        var firstNumericID: UInt64?
        /// The `last` of the last id run: kept here, not in `runs` (extending a run writes no array).
        var runLast: UInt64 = 0
        /// The layout of the last trace that computed one, and the bytes of its layout columns
        /// (`layoutKeyLen`: per layout field, its length, -1 absent): an identical set of bytes
        /// gives the identical layout (``traceLayout()``).
        var cachedLayout: CarouselLayout?
        var layoutKey = ByteArena()
        var layoutKeyLen = UnsafeMutablePointer<Int>.allocate(capacity: TraceReader.layoutFieldCount)
        /// User indices by the bytes of their `user_id` (``internUser()``).
        var userIndices = ByteKeyTable()
        /// The index of `"unknown"` (traces without a `user_id`), -1 until needed.
        var unknownUser = -1
    }
    let hot: UnsafeMutablePointer<HotState>
    var buf: UnsafeMutablePointer<UInt8> {
        @inline(__always) get { hot.pointee.buf }
        @inline(__always) set { hot.pointee.buf = newValue }
    }
    var cap: Int {
        @inline(__always) get { hot.pointee.cap }
        @inline(__always) set { hot.pointee.cap = newValue }
    }
    var pos: Int {
        @inline(__always) get { hot.pointee.pos }
        @inline(__always) set { hot.pointee.pos = newValue }
    }
    var end: Int {
        @inline(__always) get { hot.pointee.end }
        @inline(__always) set { hot.pointee.end = newValue }
    }
    var bufFileOffset: Int {
        @inline(__always) get { hot.pointee.bufFileOffset }
        @inline(__always) set { hot.pointee.bufFileOffset = newValue }
    }
    var readOffset: Int {
        @inline(__always) get { hot.pointee.readOffset }
        @inline(__always) set { hot.pointee.readOffset = newValue }
    }
    var eof: Bool {
        @inline(__always) get { hot.pointee.eof }
        @inline(__always) set { hot.pointee.eof = newValue }
    }
    var fs: UnsafeMutablePointer<Int> {
        @inline(__always) get { hot.pointee.fs }
        @inline(__always) set { hot.pointee.fs = newValue }
    }
    var fe: UnsafeMutablePointer<Int> {
        @inline(__always) get { hot.pointee.fe }
        @inline(__always) set { hot.pointee.fe = newValue }
    }
    var fq: UnsafeMutablePointer<Bool> {
        @inline(__always) get { hot.pointee.fq }
        @inline(__always) set { hot.pointee.fq = newValue }
    }
    var spanCap: Int {
        @inline(__always) get { hot.pointee.spanCap }
        @inline(__always) set { hot.pointee.spanCap = newValue }
    }
    var nf: Int {
        @inline(__always) get { hot.pointee.nf }
        @inline(__always) set { hot.pointee.nf = newValue }
    }
    var rowNewlines: Int {
        @inline(__always) get { hot.pointee.rowNewlines }
        @inline(__always) set { hot.pointee.rowNewlines = newValue }
    }
    var line: Int {
        @inline(__always) get { hot.pointee.line }
        @inline(__always) set { hot.pointee.line = newValue }
    }
    var inTrace: Bool {
        @inline(__always) get { hot.pointee.inTrace }
        @inline(__always) set { hot.pointee.inTrace = newValue }
    }
    var idBytes: ByteArena {
        @inline(__always) get { hot.pointee.idBytes }
        @inline(__always) set { hot.pointee.idBytes = newValue }
    }
    var t: GrowableBuffer<Double> {
        @inline(__always) get { hot.pointee.t }
        @inline(__always) set { hot.pointee.t = newValue }
    }
    var x: GrowableBuffer<Double> {
        @inline(__always) get { hot.pointee.x }
        @inline(__always) set { hot.pointee.x = newValue }
    }
    var mv: GrowableBuffer<UInt8> {
        @inline(__always) get { hot.pointee.mv }
        @inline(__always) set { hot.pointee.mv = newValue }
    }
    var lastTime: Double {
        @inline(__always) get { hot.pointee.lastTime }
        @inline(__always) set { hot.pointee.lastTime = newValue }
    }
    var cancelled: Bool {
        @inline(__always) get { hot.pointee.cancelled }
        @inline(__always) set { hot.pointee.cancelled = newValue }
    }
    var arena: ByteArena {
        @inline(__always) get { hot.pointee.arena }
        @inline(__always) set { hot.pointee.arena = newValue }
    }
    var rowStart: Int {
        @inline(__always) get { hot.pointee.rowStart }
        @inline(__always) set { hot.pointee.rowStart = newValue }
    }
    var rowFirstLine: Int {
        @inline(__always) get { hot.pointee.rowFirstLine }
        @inline(__always) set { hot.pointee.rowFirstLine = newValue }
    }
    var releaseOffsetValue: Double {
        @inline(__always) get { hot.pointee.releaseOffsetValue }
        @inline(__always) set { hot.pointee.releaseOffsetValue = newValue }
    }
    var rows: Int {
        @inline(__always) get { hot.pointee.rows }
        @inline(__always) set { hot.pointee.rows = newValue }
    }
    var hasBad: Bool {
        @inline(__always) get { hot.pointee.hasBad }
        @inline(__always) set { hot.pointee.hasBad = newValue }
    }

    // MARK: quoting faults (``nextRow()``)
    var strayQuoteField = -1
    var junkAfterQuoteField = -1
    var lineBreakField = -1
    var openQuoteField = 0
    /// The quoting fault of the current row (lenient mode), and the first field it concerns.
    var rowFault: TraceParseError?
    var rowFaultField = 0
    /// Whether a stored per-trace value or the trace id holds a `"` (the fast paths compare raw
    /// bytes, which for such a value could be a stray-quote spelling: they leave the trace alone).
    var storedQuote = false

    // MARK: file and buffer
    let fd: Int32
    let fileSize: Int
    /// Whether the input is not a regular file (a pipe, FIFO, `-`): read with `read()`, serially.
    let isStream: Bool
    /// The file's size and modification time when opened: compared again at the end (a file
    /// that changes while read gives ``TraceParseError/changedWhileReading(file:reason:)``).
    let stamp: FileStamp
    /// The file offset of the first row this reader reads (after the header, or at its range's
    /// first trace boundary), and of the first row it leaves to the next range (the file's end
    /// when it read to the end): consecutive ranges must meet (``readInParallel``).
    var firstRowOffset = 0
    var stopOffset = 0
    /// ``TraceReadOptions/maxRowBytes`` and ``TraceReadOptions/maxSamplesPerTrace``.
    let maxRowBytes: Int
    let maxSamples: Int
    let rangeStart: Int
    let rangeEnd: Int     // traces starting at or after this offset belong to the next range

    // MARK: header and rows
    var cols: TraceColumns!
    var ncols = 0
    /// Line number of the row being processed (relative to the range start for ranges > 0).
    var summary: FileReadSummary!
    /// Lines before this reader's first line (for ranges read in parallel; fixed up on merge).
    let isFirstRange: Bool

    // MARK: the current trace
    var traceID: String { hot.pointee.traceID }
    var traceLine: Int { hot.pointee.traceLine }
    var bad: TraceParseError?
    let ptStart = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    let ptLen = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    let ptLine = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    /// Column and field of each per-trace column present (`ptCount` of them).
    let ptCol = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    let ptField = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    /// Per column: 1 trace id, 2 time, 3 offset/touch_x, 4 phase, 10 + k per-trace field k, 0 other.
    let roleCode = UnsafeMutablePointer<Int>.allocate(capacity: 4096)
    var ptCount: Int { get { hot.pointee.ptCount } set { hot.pointee.ptCount = newValue } }

    // MARK: contiguity
    /// The increasing integer ids read while ``idsAreIncreasingIntegers`` held, as runs (the
    /// last one's `last` is `hot.pointee.runLast`: ``idRuns``).
    var runs: [IDRun] = []
    /// The increasing integer ids read while ``idsAreIncreasingIntegers`` held, as runs.
    var idRuns: [IDRun] {
        var r = runs
        if !r.isEmpty { r[r.count - 1].last = hot.pointee.runLast }
        return r
    }
    /// FNV-1a hashes and lines of the ids read after the first id out of order.
    var idHashes: [UInt64] = []
    var idLines: [Int] = []
    var seenSet: Set<UInt64>?

    /// Whether every trace id so far was an integer greater than the one before.
    var idsAreIncreasingIntegers: Bool { hot.pointee.monotone }
    var firstIntegerID: UInt64? { hot.pointee.firstNumericID }
    var lastIntegerID: UInt64 { hot.pointee.lastNumericID }

    // MARK: caches
    var lastLayoutFields: LayoutFields?
    var lastLayout: CarouselLayout?
    /// The per-trace fields that make a layout: `itemWidth` through `looping`.
    static let layoutFieldCount = 8
    static let firstLayoutField = PerTraceField.itemWidth.rawValue

    /// Opens `path` and reads its header.
    /// - Parameters:
    ///   - users: a users table to extend (share one across the files of a run).
    ///   - range: a byte range of the file (for parallel reading); `nil` reads all of it.
    /// - Throws: ``TraceParseError`` (unreadable, empty, bad header).
    public init(path: String, options: TraceReadOptions, users: TraceUsers = TraceUsers(),
                range: Range<Int>? = nil) throws(TraceParseError) {
        // a string of this reader's own: every yielded trace's location retains it, and readers
        // running in parallel would otherwise all bump the reference count of one shared object
        self.path = String(decoding: Array(path.utf8), as: UTF8.self)
        self.options = options
        self.estimator = options.velocity.estimator
        self.users = users
        // `-` is standard input (trace-format.md)
        let fd = path == "-" ? dup(0) : open(path, O_RDONLY)
        guard fd >= 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .unreadable(file: path, reason: reason)
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw .unreadable(file: path, reason: "is a directory")
        }
        self.fd = fd
        self.fileSize = Int(st.st_size)
        // pipes, FIFOs, terminals, `-`: read with read(), serially, from the start
        self.isStream = path == "-" || (st.st_mode & S_IFMT) != S_IFREG
        self.stamp = FileStamp(st)
        if isStream && (range?.lowerBound ?? 0) > 0 {
            close(fd)
            throw .unreadable(file: path, reason: "not a regular file: it can only be read serially, from its start")
        }
        self.maxRowBytes = Swift.max(options.maxRowBytes, 1)
        self.maxSamples = Swift.max(options.maxSamplesPerTrace, 1)
        let capacity = Swift.max(options.bufferSize, 1024)
        hot = .allocate(capacity: 1)
        hot.initialize(to: HotState(
            buf: .allocate(capacity: capacity + 1), cap: capacity, pos: 0, end: 0, bufFileOffset: 0, readOffset: 0, eof: false,
            fs: .allocate(capacity: 64), fe: .allocate(capacity: 64), fq: .allocate(capacity: 64), spanCap: 64, nf: 0,
            rowNewlines: 0, line: 0, inTrace: false, idBytes: ByteArena(), t: GrowableBuffer(), x: GrowableBuffer(),
            mv: GrowableBuffer(), lastTime: -.infinity, cancelled: false, arena: ByteArena(), rowStart: 0, rowFirstLine: 0,
            releaseOffsetValue: 0, rows: 0, hasBad: false, ptCount: 0))
        ptLen.initialize(repeating: -1, count: PerTraceField.count)
        ptStart.initialize(repeating: 0, count: PerTraceField.count)
        ptLine.initialize(repeating: 0, count: PerTraceField.count)
        rangeStart = range?.lowerBound ?? 0
        rangeEnd = range?.upperBound ?? Int.max
        isFirstRange = rangeStart <= 0
        do {
            try readHeader()
            if rangeStart > 0 { try seekToRangeStart() }
            firstRowOffset = hot.pointee.bufFileOffset + hot.pointee.pos
        } catch {
            closeFile()
            throw error
        }
    }

    deinit { closeFile() }

    var closed = false
    func closeFile() {
        guard !closed else { return }
        closed = true
        close(fd)
        buf.deallocate()
        fs.deallocate()
        fe.deallocate()
        fq.deallocate()
        t.free(); x.free(); mv.free(); idBytes.free(); arena.free()
        for i in 0..<hot.pointee.stepCount { hot.pointee.stepBytes[i].free() }
        hot.pointee.stepBytes.deallocate()
        hot.pointee.stepKind.deallocate(); hot.pointee.stepFirst.deallocate(); hot.pointee.stepLast.deallocate()
        hot.pointee.layoutKey.free(); hot.pointee.layoutKeyLen.deallocate(); hot.pointee.userIndices.free()
        ptStart.deallocate(); ptLen.deallocate(); ptLine.deallocate(); ptCol.deallocate(); ptField.deallocate(); roleCode.deallocate()
        hot.deinitialize(count: 1)
        hot.deallocate()
    }

    /// The file's kind (from its header).
    public var kind: TraceFileKind { cols.kind }
    /// Unknown header columns.
    public var unknownColumns: [String] { cols.unknown }
}
