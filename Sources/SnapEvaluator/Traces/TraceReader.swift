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
///   its end. Consecutive ranges thus split the file's traces exactly (see `TraceReader+Parallel`).
///   Quoted fields with line breaks are not allowed to straddle a range boundary.
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
    public private(set) var users: TraceUsers

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
    private let hot: UnsafeMutablePointer<HotState>
    private var buf: UnsafeMutablePointer<UInt8> {
        @inline(__always) get { hot.pointee.buf }
        @inline(__always) set { hot.pointee.buf = newValue }
    }
    private var cap: Int {
        @inline(__always) get { hot.pointee.cap }
        @inline(__always) set { hot.pointee.cap = newValue }
    }
    private var pos: Int {
        @inline(__always) get { hot.pointee.pos }
        @inline(__always) set { hot.pointee.pos = newValue }
    }
    private var end: Int {
        @inline(__always) get { hot.pointee.end }
        @inline(__always) set { hot.pointee.end = newValue }
    }
    private var bufFileOffset: Int {
        @inline(__always) get { hot.pointee.bufFileOffset }
        @inline(__always) set { hot.pointee.bufFileOffset = newValue }
    }
    private var readOffset: Int {
        @inline(__always) get { hot.pointee.readOffset }
        @inline(__always) set { hot.pointee.readOffset = newValue }
    }
    private var eof: Bool {
        @inline(__always) get { hot.pointee.eof }
        @inline(__always) set { hot.pointee.eof = newValue }
    }
    private var fs: UnsafeMutablePointer<Int> {
        @inline(__always) get { hot.pointee.fs }
        @inline(__always) set { hot.pointee.fs = newValue }
    }
    private var fe: UnsafeMutablePointer<Int> {
        @inline(__always) get { hot.pointee.fe }
        @inline(__always) set { hot.pointee.fe = newValue }
    }
    private var fq: UnsafeMutablePointer<Bool> {
        @inline(__always) get { hot.pointee.fq }
        @inline(__always) set { hot.pointee.fq = newValue }
    }
    private var spanCap: Int {
        @inline(__always) get { hot.pointee.spanCap }
        @inline(__always) set { hot.pointee.spanCap = newValue }
    }
    private var nf: Int {
        @inline(__always) get { hot.pointee.nf }
        @inline(__always) set { hot.pointee.nf = newValue }
    }
    private var rowNewlines: Int {
        @inline(__always) get { hot.pointee.rowNewlines }
        @inline(__always) set { hot.pointee.rowNewlines = newValue }
    }
    private(set) var line: Int {
        @inline(__always) get { hot.pointee.line }
        @inline(__always) set { hot.pointee.line = newValue }
    }
    private var inTrace: Bool {
        @inline(__always) get { hot.pointee.inTrace }
        @inline(__always) set { hot.pointee.inTrace = newValue }
    }
    private var idBytes: ByteArena {
        @inline(__always) get { hot.pointee.idBytes }
        @inline(__always) set { hot.pointee.idBytes = newValue }
    }
    private var t: GrowableBuffer<Double> {
        @inline(__always) get { hot.pointee.t }
        @inline(__always) set { hot.pointee.t = newValue }
    }
    private var x: GrowableBuffer<Double> {
        @inline(__always) get { hot.pointee.x }
        @inline(__always) set { hot.pointee.x = newValue }
    }
    private var mv: GrowableBuffer<UInt8> {
        @inline(__always) get { hot.pointee.mv }
        @inline(__always) set { hot.pointee.mv = newValue }
    }
    private var lastTime: Double {
        @inline(__always) get { hot.pointee.lastTime }
        @inline(__always) set { hot.pointee.lastTime = newValue }
    }
    private var cancelled: Bool {
        @inline(__always) get { hot.pointee.cancelled }
        @inline(__always) set { hot.pointee.cancelled = newValue }
    }
    private var arena: ByteArena {
        @inline(__always) get { hot.pointee.arena }
        @inline(__always) set { hot.pointee.arena = newValue }
    }
    private var rowStart: Int {
        @inline(__always) get { hot.pointee.rowStart }
        @inline(__always) set { hot.pointee.rowStart = newValue }
    }
    private var rowFirstLine: Int {
        @inline(__always) get { hot.pointee.rowFirstLine }
        @inline(__always) set { hot.pointee.rowFirstLine = newValue }
    }
    private var releaseOffsetValue: Double {
        @inline(__always) get { hot.pointee.releaseOffsetValue }
        @inline(__always) set { hot.pointee.releaseOffsetValue = newValue }
    }
    private var rows: Int {
        @inline(__always) get { hot.pointee.rows }
        @inline(__always) set { hot.pointee.rows = newValue }
    }
    private var hasBad: Bool {
        @inline(__always) get { hot.pointee.hasBad }
        @inline(__always) set { hot.pointee.hasBad = newValue }
    }

    // MARK: file and buffer
    private let fd: Int32
    private let fileSize: Int
    /// ``TraceReadOptions/maxRowBytes`` and ``TraceReadOptions/maxSamplesPerTrace``.
    private let maxRowBytes: Int
    private let maxSamples: Int
    private let rangeStart: Int
    private let rangeEnd: Int     // traces starting at or after this offset belong to the next range

    // MARK: header and rows
    private var cols: TraceColumns!
    private var ncols = 0
    /// Line number of the row being processed (relative to the range start for ranges > 0).
    private var summary: FileReadSummary!
    /// Lines before this reader's first line (for ranges read in parallel; fixed up on merge).
    let isFirstRange: Bool

    // MARK: the current trace
    private var traceID: String { hot.pointee.traceID }
    private var traceLine: Int { hot.pointee.traceLine }
    private var bad: TraceParseError?
    private let ptStart = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    private let ptLen = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    private let ptLine = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    /// Column and field of each per-trace column present (`ptCount` of them).
    private let ptCol = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    private let ptField = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    /// Per column: 1 trace id, 2 time, 3 offset/touch_x, 4 phase, 10 + k per-trace field k, 0 other.
    private let roleCode = UnsafeMutablePointer<Int>.allocate(capacity: 4096)
    private var ptCount: Int { get { hot.pointee.ptCount } set { hot.pointee.ptCount = newValue } }

    // MARK: contiguity
    /// The increasing integer ids read while ``idsAreIncreasingIntegers`` held, as runs (the
    /// last one's `last` is `hot.pointee.runLast`: ``idRuns``).
    private var runs: [IDRun] = []
    /// The increasing integer ids read while ``idsAreIncreasingIntegers`` held, as runs.
    var idRuns: [IDRun] {
        var r = runs
        if !r.isEmpty { r[r.count - 1].last = hot.pointee.runLast }
        return r
    }
    /// FNV-1a hashes and lines of the ids read after the first id out of order.
    private(set) var idHashes: [UInt64] = []
    private(set) var idLines: [Int] = []
    private var seenSet: Set<UInt64>?

    /// Whether every trace id so far was an integer greater than the one before.
    var idsAreIncreasingIntegers: Bool { hot.pointee.monotone }
    var firstIntegerID: UInt64? { hot.pointee.firstNumericID }
    var lastIntegerID: UInt64 { hot.pointee.lastNumericID }

    // MARK: caches
    private var lastLayoutFields: LayoutFields?
    private var lastLayout: CarouselLayout?
    /// The per-trace fields that make a layout: `itemWidth` through `looping`.
    static let layoutFieldCount = 8
    private static let firstLayoutField = PerTraceField.itemWidth.rawValue

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
        let fd = open(path, O_RDONLY)
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
        } catch {
            closeFile()
            throw error
        }
    }

    deinit { closeFile() }

    private var closed = false
    private func closeFile() {
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

    // MARK: - buffer

    /// Reads more bytes; false at end of file.
    private func fill() throws(TraceParseError) -> Bool {
        if eof { return false }
        if pos > 0 {
            let keep = end - pos
            if keep > 0 { memmove(buf, buf + pos, keep) }
            bufFileOffset += pos
            end = keep
            pos = 0
        }
        if end == cap {
            // one row fills the buffer: grow it, up to the row limit
            guard cap < maxRowBytes else {
                throw .rowTooLong(file: path, line: line + 1, limit: maxRowBytes)
            }
            let newCap = cap * 2
            let nb = UnsafeMutablePointer<UInt8>.allocate(capacity: newCap + 1)
            nb.update(from: buf, count: end)
            buf.deallocate()
            buf = nb
            cap = newCap
        }
        while true {
            let n = pread(fd, buf + end, cap - end, off_t(readOffset))
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(file: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { eof = true; return false }
            end += n
            readOffset += n
            return true
        }
    }

    // MARK: - rows

    /// Scans the row at `pos` into the field spans. Returns the next row's start, or -1 when
    /// the buffer ends first (more bytes needed), or -2 for a quote left open at end of file.
    @inline(__always)
    private func scanRow() -> Int {
        var p = pos
        var f = 0
        rowNewlines = 0
        let b = buf
        let e = end
        while true {
            if f >= spanCap { growSpans() }
            // past `maxFields` the fields are counted, their spans not kept (the row is refused)
            let k = f < spanCap ? f : spanCap - 1
            fs[k] = p
            if p < e && b[p] == 0x22 {
                fq[k] = true
                p += 1
                while true {
                    guard p < e else {
                        if eof { nf = f }
                        return eof ? -2 : -1
                    }
                    let c = b[p]
                    if c == 0x22 {
                        if p + 1 < e && b[p + 1] == 0x22 { p += 2; continue }
                        if p + 1 >= e && !eof { return -1 }
                        p += 1
                        break
                    }
                    if c == 0x0A { rowNewlines += 1 }
                    p += 1
                }
                // characters after the closing quote belong to the field (refused when used)
                while p < e {
                    let c = b[p]
                    if c == 0x2C || c == 0x0A || c == 0x0D { break }
                    p += 1
                }
            } else {
                fq[k] = false
                while p < e {
                    let c = b[p]
                    if c == 0x2C || c == 0x0A || c == 0x0D { break }
                    p += 1
                }
            }
            fe[k] = p
            f += 1
            if p >= e {
                if !eof { return -1 }
                nf = f
                return p
            }
            let c = b[p]
            if c == 0x2C { p += 1; continue }
            nf = f
            if c == 0x0D {
                p += 1
                if p >= e && !eof { return -1 }
                if p < e && b[p] == 0x0A { p += 1 }
            } else {
                p += 1
            }
            return p
        }
    }

    /// The most fields of one row kept apart (the header allows at most 4096 columns).
    static let maxFields = 8192

    private func growSpans() {
        guard spanCap < Self.maxFields else { return }
        let n = Swift.min(spanCap * 2, Self.maxFields)
        let a = UnsafeMutablePointer<Int>.allocate(capacity: n); a.update(from: fs, count: spanCap); fs.deallocate(); fs = a
        let b = UnsafeMutablePointer<Int>.allocate(capacity: n); b.update(from: fe, count: spanCap); fe.deallocate(); fe = b
        let c = UnsafeMutablePointer<Bool>.allocate(capacity: n); c.update(from: fq, count: spanCap); fq.deallocate(); fq = c
        spanCap = n
    }

    /// Scans the next non-empty row; false at end of file. Sets `line`. `rowStart` is its file offset.
    private func nextRow() throws(TraceParseError) -> Bool {
        while true {
            let next = scanRow()
            if next == -1 {
                _ = try fill()
                continue
            }
            if next == -2 {
                line += 1
                throw .unterminatedQuote(file: path, line: line, column: columnName(nf))
            }
            if next == pos { return false }   // nothing left
            rowStart = bufFileOffset + pos
            rowFirstLine = line + 1
            line += 1
            let isEmpty = nf == 1 && fe[0] == fs[0] && !fq[0]
            let lineCount = rowNewlines
            pos = next
            line += lineCount
            if isEmpty { continue }
            return true
        }
    }

    private func columnName(_ i: Int) -> String {
        guard let cols, i >= 0, i < cols.names.count else { return "column \(i + 1)" }
        return cols.names[i]
    }

    /// The field's bytes, unquoted in place and trimmed of spaces and tabs.
    @inline(__always)
    private func field(_ i: Int) -> (UnsafePointer<UInt8>, UnsafePointer<UInt8>) {
        var s = buf + fs[i]
        var e = buf + fe[i]
        if fq[i] {
            // unquote in place: content between the quotes, "" -> "
            var r = s + 1
            var w = s
            while r < e {
                if r.pointee == 0x22 {
                    if r + 1 < e && r[1] == 0x22 { w.pointee = 0x22; w += 1; r += 2; continue }
                    // closing quote: keep what follows (normally nothing)
                    r += 1
                    while r < e { w.pointee = r.pointee; w += 1; r += 1 }
                    break
                }
                w.pointee = r.pointee
                w += 1
                r += 1
            }
            fq[i] = false
            fe[i] = w - buf
            e = w
        }
        while s < e && (s.pointee == 0x20 || s.pointee == 0x09) { s += 1 }
        while e > s && (e[-1] == 0x20 || e[-1] == 0x09) { e -= 1 }
        return (UnsafePointer(s), UnsafePointer(e))
    }

    /// The field's bytes, unquoted and trimmed, copied (the buffer is left as it is).
    private func fieldCopy(_ i: Int) -> [UInt8] {
        var out: [UInt8] = []
        var p = fs[i]
        let e = fe[i]
        if fq[i] {
            p += 1
            while p < e {
                if buf[p] == 0x22 {
                    if p + 1 < e && buf[p + 1] == 0x22 { out.append(0x22); p += 2; continue }
                    p += 1
                    continue
                }
                out.append(buf[p]); p += 1
            }
        } else {
            while p < e { out.append(buf[p]); p += 1 }
        }
        while let f = out.first, f == 0x20 || f == 0x09 { out.removeFirst() }
        while let l = out.last, l == 0x20 || l == 0x09 { out.removeLast() }
        return out
    }

    @inline(__always)
    private func text(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(start: s, count: e - s), as: UTF8.self)
    }

    // MARK: - header

    private func readHeader() throws(TraceParseError) {
        readOffset = 0
        _ = try fill()
        if end == 0 { throw .emptyFile(file: path) }
        if end >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF { pos = 3 }
        guard try nextRow() else { throw .emptyFile(file: path) }
        guard nf <= 4096 else {
            throw .invalidValue(file: path, line: line, column: "(header)", found: "\(nf) columns", expected: "at most 4096 columns")
        }
        var names: [String] = []
        for i in 0..<nf {
            let (s, e) = field(i)
            names.append(text(s, e))
        }
        cols = try TraceColumns(names: names, file: path, line: line, velocity: options.velocity)
        ncols = names.count
        guard ncols <= 4096 else {
            throw .invalidValue(file: path, line: line, column: "(header)", found: "\(ncols) columns", expected: "at most 4096 columns")
        }
        ptCount = 0
        for (k, c) in cols.perTrace.enumerated() where c >= 0 {
            ptCol[ptCount] = c
            ptField[ptCount] = k
            ptCount += 1
        }
        // a layout field that neither the base layout nor a column can give: no trace can have a
        // layout (trace-format.md: an error, not a silent default)
        let missing = options.baseLayout.missingRequired.filter { PerTraceField.byName[$0].map { cols.perTrace[$0.rawValue] < 0 } ?? true }
        if !missing.isEmpty {
            throw .invalidLayout(file: path, line: line, reason: "no layout: \(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not a column of the file and not given by --layout FILE or the command line (--item-width, --viewport, --count)")
        }
        summary = FileReadSummary(path: path, kind: cols.kind, unknownColumns: cols.unknown)
        hot.pointee.isSampleLevel = cols.kind == .sampleLevel
        hot.pointee.hasTouchX = cols.touchX >= 0
        hot.pointee.hasPhase = cols.phase >= 0
    }

    /// Moves to the first trace boundary at or after `rangeStart` (ranges after the first).
    private func seekToRangeStart() throws(TraceParseError) {
        let headerEnd = bufFileOffset + pos
        guard rangeStart > headerEnd else { return }
        // The last non-empty line starting before rangeStart: back up to find a line start.
        var probe = rangeStart
        var prevLineStart = headerEnd
        var found = false
        let window = 1 << 16
        while probe > headerEnd && !found {
            let lo = Swift.max(headerEnd, probe - window)
            var tmp = [UInt8](repeating: 0, count: probe - lo)
            let n = tmp.withUnsafeMutableBytes { pread(fd, $0.baseAddress, probe - lo, off_t(lo)) }
            guard n == probe - lo else { throw .unreadable(file: path, reason: "short read") }
            // the byte at rangeStart - 1: if '\n', rangeStart is a line start.
            var i = tmp.count - 1
            // find the line start at or after rangeStart (i.e. the newline at or after rangeStart-1)
            // handled by the forward pass below; here find the start of the line containing rangeStart - 1
            while i >= 0 {
                if tmp[i] == 0x0A && lo + i < rangeStart - 1 {
                    let start = lo + i + 1
                    // skip empty lines: a line start followed by a newline
                    prevLineStart = start
                    found = true
                    break
                }
                i -= 1
            }
            probe = lo
        }
        // Read the line holding rangeStart - 1 and the following lines until one starts at or after rangeStart.
        pos = 0; end = 0; eof = false
        bufFileOffset = prevLineStart
        readOffset = prevLineStart
        var previousID: [UInt8]?
        while true {
            guard try nextRow() else { break }
            if rowStart >= rangeStart {
                // a row starting in the range: a boundary unless it continues the previous trace
                let id = fieldCopy(cols.traceID < nf ? cols.traceID : 0)
                if let previousID, previousID == id { continue }
                pos = Int(rowStart - bufFileOffset)
                line = 0
                return
            } else {
                previousID = fieldCopy(cols.traceID < nf ? cols.traceID : 0)
            }
        }
        line = 0
    }

    // MARK: - reading

    /// Reads every trace, calling `body` for each good, non-cancelled one.
    /// - Returns: the file's counts, kind, unknown columns and (lenient) skipped traces.
    /// - Throws: the first ``TraceParseError`` (strict), or whatever `body` throws.
    @discardableResult
    public func forEach(_ body: (TraceRecord) throws -> Void) throws -> FileReadSummary {
        if cols.kind == .releaseLevel {
            try readReleaseLevel(body)
        } else {
            try readSampleLevel(body)
        }
        summary.lines = line
        summary.rows = rows
        summary.tracesRead = hot.pointee.tracesRead
        summary.tracesYielded = hot.pointee.tracesYielded
        summary.tracesCancelled = hot.pointee.tracesCancelled
        return summary
    }

    /// Records `error` against the current trace (lenient) or throws it (strict).
    @inline(__always)
    private func fail(_ error: TraceParseError) throws(TraceParseError) {
        if !options.lenient { throw error }
        if bad == nil { bad = error }
        hasBad = true
    }

    private func readSampleLevel(_ body: (TraceRecord) throws -> Void) throws {
        let cT = cols.time, cX = cols.offset >= 0 ? cols.offset : cols.touchX, cP = cols.phase, cID = cols.traceID
        let xName = cols.offset >= 0 ? "offset" : "touch_x"
        for c in 0..<ncols {
            switch cols.roles[c] {
            case .traceID: roleCode[c] = 1
            case .time: roleCode[c] = 2
            case .offset, .touchX: roleCode[c] = 3
            case .phase: roleCode[c] = 4
            case let .perTrace(f): roleCode[c] = 10 + f.rawValue
            case .releaseOffset, .unknown: roleCode[c] = 0
            }
        }
        planRows()
        while true {
            if inTrace && !hasBad { try fastRows() }
            if try fastFirstRow(body) { continue }
            guard try nextRow() else { break }
            // trace id (read even from a row with the wrong number of fields, to keep traces apart)
            let idCol = cID < nf ? cID : -1
            var newTrace = !inTrace
            var idS = UnsafePointer<UInt8>(buf), idE = UnsafePointer<UInt8>(buf)
            if idCol >= 0 {
                (idS, idE) = field(idCol)
                if inTrace && !idBytes.equals(idS, idE) { newTrace = true }
            }
            if newTrace {
                if inTrace {
                    try finishTrace(body)
                }
                if rowStart >= rangeEnd { line = rowFirstLine - 1; return }
                if let e = startTrace(idS, idE) { try fail(e) }
            }
            rows += 1
            if nf != ncols {
                try fail(.fieldCount(file: path, line: line, found: nf, expected: ncols))
                continue
            }
            if hasBad { continue }
            // time
            let (ts, te) = field(cT)
            guard let tv = DecimalParser.parse(ts, te) else {
                try fail(.invalidValue(file: path, line: line, column: "t_ms", found: text(ts, te), expected: "a time in milliseconds (a decimal number)"))
                continue
            }
            guard tv.isFinite else { try fail(.nonFinite(file: path, line: line, column: "t_ms", found: text(ts, te))); continue }
            if tv < lastTime {
                try fail(.timeBackwards(file: path, line: line, column: "t_ms", found: text(ts, te), previous: lastTime))
                continue
            }
            lastTime = tv
            let (xs, xe) = field(cX)
            guard let xv = DecimalParser.parse(xs, xe) else {
                try fail(.invalidValue(file: path, line: line, column: xName, found: text(xs, xe), expected: "a position in points (a decimal number)"))
                continue
            }
            guard xv.isFinite else { try fail(.nonFinite(file: path, line: line, column: xName, found: text(xs, xe))); continue }
            var flag: UInt8 = 1
            if cP >= 0 {
                let (ps, pe) = field(cP)
                switch pe - ps {
                case 0: flag = 2
                case 5 where ps[0] == 0x6D && ps[1] == 0x6F && ps[2] == 0x76 && ps[3] == 0x65 && ps[4] == 0x64: flag = 1 // moved
                case 5 where ps[0] == 0x65 && ps[1] == 0x6E && ps[2] == 0x64 && ps[3] == 0x65 && ps[4] == 0x64: flag = 0 // ended
                case 5 where ps[0] == 0x62 && ps[1] == 0x65 && ps[2] == 0x67 && ps[3] == 0x61 && ps[4] == 0x6E: flag = 1 // began
                case 9 where text(ps, pe) == "cancelled": flag = 0; cancelled = true
                default:
                    try fail(.invalidValue(file: path, line: line, column: "phase", found: text(ps, pe), expected: "began, moved, ended or cancelled"))
                    continue
                }
            }
            if t.count >= maxSamples {
                try fail(.traceTooLong(file: path, line: traceLine, traceID: traceID, limit: maxSamples))
                continue
            }
            t.append(tv); x.append(xv); mv.append(flag)
            try perTraceValues()
        }
        if inTrace { try finishTrace(body) }
    }

    private func readReleaseLevel(_ body: (TraceRecord) throws -> Void) throws {
        let cID = cols.traceID, cR = cols.releaseOffset
        while try nextRow() {
            if inTrace { try finishTrace(body) }
            if rowStart >= rangeEnd { line = rowFirstLine - 1; return }
            var idS = UnsafePointer<UInt8>(buf), idE = UnsafePointer<UInt8>(buf)
            if cID < nf { (idS, idE) = field(cID) }
            let duplicate = startTrace(idS, idE)
            rows += 1
            if let duplicate { try fail(duplicate) }
            if nf != ncols {
                try fail(.fieldCount(file: path, line: line, found: nf, expected: ncols))
                continue
            }
            if hasBad { continue }
            let (rs, re) = field(cR)
            guard let rv = DecimalParser.parse(rs, re) else {
                try fail(.invalidValue(file: path, line: line, column: "release_offset", found: text(rs, re), expected: "a content offset in points (a decimal number)"))
                continue
            }
            guard rv.isFinite else { try fail(.nonFinite(file: path, line: line, column: "release_offset", found: text(rs, re))); continue }
            releaseOffsetValue = rv
            try perTraceValues()
        }
        if inTrace { try finishTrace(body) }
    }

    /// The fast paths read more of the file first when fewer bytes than this are left in the
    /// buffer (a row cut by the buffer's end goes to the general path, which reads on).
    static let lookahead = 1 << 12

    /// Kinds of the steps of ``fastRows()``: a column that is not read, then as `roleCode`.
    enum RowStep {
        static let other = 0
        static let constant = 1   // a run of trace id / per-trace columns
        static let time = 2
        static let offset = 3
        static let phase = 4
        /// The plan of the files SnapLab writes and of the benchmark files: trace id and
        /// per-trace columns, `t_ms`, `offset` (or `touch_x`), `phase`, per-trace columns.
        static let usual = [constant, time, offset, phase, constant]
    }

    /// Plans ``fastRows()``'s steps from `roleCode`: one step per column, except that consecutive
    /// trace id and per-trace columns make one step (on most rows their bytes are those of the
    /// row before: one comparison checks them all).
    private func planRows() {
        let h = hot
        for i in 0..<h.pointee.stepCount { h.pointee.stepBytes[i].free() }
        h.pointee.stepKind.deallocate(); h.pointee.stepFirst.deallocate(); h.pointee.stepLast.deallocate()
        h.pointee.stepBytes.deallocate()
        let capacity = Swift.max(ncols, 1)
        h.pointee.stepKind = .allocate(capacity: capacity)
        h.pointee.stepFirst = .allocate(capacity: capacity)
        h.pointee.stepLast = .allocate(capacity: capacity)
        h.pointee.stepBytes = .allocate(capacity: capacity)
        func isConstant(_ c: Int) -> Bool { roleCode[c] == 1 || roleCode[c] >= 10 }
        var n = 0
        var c = 0
        while c < ncols {
            h.pointee.stepFirst[n] = c
            if isConstant(c) {
                while c + 1 < ncols && isConstant(c + 1) { c += 1 }
                h.pointee.stepKind[n] = RowStep.constant
            } else {
                h.pointee.stepKind[n] = roleCode[c]
            }
            h.pointee.stepLast[n] = c
            (h.pointee.stepBytes + n).initialize(to: ByteArena())
            n += 1
            c += 1
        }
        h.pointee.stepCount = n
        h.pointee.traceIDColumn = cols.traceID
        h.pointee.usualPlan = n == RowStep.usual.count && (0..<n).allSatisfy { h.pointee.stepKind[$0] == RowStep.usual[$0] }
    }

    /// Reads the common rows at `pos`, one pass over the bytes of each, until a row that is not
    /// one: unquoted, the same trace as the row before, the same per-trace values (byte for byte)
    /// or empty cells, numbers in plain decimal form, phase began/moved/ended, time not going
    /// back, the trace not at its sample limit. That row is left for the general path
    /// (``nextRow()`` and the checks after it), with its exact error reporting.
    ///
    /// The loop keeps the position, the time and the samples in locals and writes them back
    /// when it stops, or before reading more of the file (which moves the buffer's bytes).
    private func fastRows() throws(TraceParseError) {
        if hot.pointee.usualPlan { try fastRowsUsualPlan() } else { try fastRowsAnyPlan() }
    }

    /// ``fastRows()`` for the usual plan. (Two functions, not one with both loops: each stays
    /// small enough for the compiler to inline the steps into it.)
    private func fastRowsUsualPlan() throws(TraceParseError) { try fastRows(usual: true) }

    /// ``fastRows()`` for any plan.
    private func fastRowsAnyPlan() throws(TraceParseError) { try fastRows(usual: false) }

    /// ``fastRows()`` for the usual plan (`usual` true: unrolled, no step dispatch) or any plan.
    ///
    /// Before each row, with less than ``lookahead`` bytes left in the buffer and the file not at
    /// its end, more is read (``fill()``); a row cut by the end of the buffer is not a common
    /// row (the general path reads on).
    ///
    /// Usual plan: while at least ``UsualRuns/span`` bytes are left, rows are read without bounds
    /// checks (``usualRowInBounds(_:_:_:)``); a row that is not read so (another trace, a run whose
    /// bytes changed, the buffer's end near, …) goes to the checked ``row(_:_:_:_:_:usual:)``, as
    /// for any plan.
    @inline(__always)
    private func fastRows(usual: Bool) throws(TraceParseError) {
        let h = hot
        let maxSamples = maxSamples
        var filled = false
        while true {
            let b = UnsafePointer(h.pointee.buf), e = b + h.pointee.end
            let eof = h.pointee.eof
            var p = b + h.pointee.pos
            var lastTime = h.pointee.lastTime
            let first = h.pointee.t.count
            var count = first
            let ts = h.pointee.t.base, xs = h.pointee.x.base, ms = h.pointee.mv.base
            let room = Swift.min(h.pointee.t.capacity, h.pointee.x.capacity, h.pointee.mv.capacity, maxSamples)
            var runs = usual ? UsualRuns(h) : UsualRuns()
            var lastRow = p
            var needsBytes = false, stopped = false
            while count < room {
                if usual && e - p >= runs.span {
                    // rows with room for the span in the buffer: no bounds checks
                    let before = count
                    Self.usualRowsInBounds(&p, e, runs, ts, xs, ms, &count, room, &lastTime, &lastRow)
                    if count > before { filled = false }
                    if count == room { break }
                }
                if !eof && e - p < Self.lookahead && !filled { needsBytes = true; break }
                filled = false
                var tv = 0.0, xv = 0.0, flag: UInt8 = 1
                var q = p
                let read = usual ? checkedUsualRow(&q, e, &tv, &xv, &flag) : row(&q, e, &tv, &xv, &flag, usual: false)
                guard read, tv >= lastTime else { stopped = true; break }
                ts[count] = tv; xs[count] = xv; ms[count] = flag
                count &+= 1
                lastTime = tv
                lastRow = p
                p = q
                // the row may have checked a run column by column (and kept its new bytes)
                if usual { runs = UsualRuns(h) }
            }
            h.pointee.t.count = count; h.pointee.x.count = count; h.pointee.mv.count = count
            h.pointee.lastTime = lastTime
            h.pointee.pos = p - b
            let rowsRead = count - first
            if rowsRead > 0 {
                h.pointee.rowStart = h.pointee.bufFileOffset + (lastRow - b)
                h.pointee.line += rowsRead
                h.pointee.rowFirstLine = h.pointee.line
                h.pointee.rows += rowsRead
            }
            if stopped { return }
            if needsBytes {
                _ = try fill()
                filled = true
            } else {
                // the general path reports a trace at its sample limit
                if count >= maxSamples { return }
                h.pointee.t.grow(); h.pointee.x.grow(); h.pointee.mv.grow()
            }
        }
    }

    /// The usual plan's two runs of trace id / per-trace columns (steps 0 and 4), as the row
    /// loop holds them: their bytes known so far in the trace (``constantStep(_:_:_:)``). Only a
    /// checked row can change them (it then reloads them).
    struct UsualRuns {
        var head: UnsafePointer<UInt8>
        var headCount: Int
        var tail: UnsafePointer<UInt8>
        var tailCount: Int
        /// The bytes from a row's start that a usual row with these runs reads at most: the two
        /// runs, two numbers (``DecimalParser/parsePrefixWide(_:)`` reads at most 32 bytes and
        /// moves at most 24), the phase, four commas and a line end. With that many bytes left in
        /// the buffer no step needs a bounds check. (`Int.max` without the usual plan.)
        var span: Int

        init() {
            head = UnsafePointer(bitPattern: 1)!; tail = head
            headCount = 0; tailCount = 0; span = .max
        }

        @inline(__always)
        init(_ h: UnsafeMutablePointer<HotState>) {
            let runs = h.pointee.stepBytes
            head = UnsafePointer(runs[0].base); headCount = runs[0].count
            tail = UnsafePointer(runs[4].base); tailCount = runs[4].count
            span = headCount + tailCount + 96
        }
    }

    /// Reads usual-plan rows at `p` with ``usualRowInBounds(_:_:_:)`` while at least `runs.span`
    /// bytes are left before `e` and `count < room`, storing their samples at `count` (as the
    /// loop of ``fastRows(usual:)``), until a row that is not read so. (Its own function: small
    /// enough for the compiler to inline the row and keep everything in registers.)
    @inline(never)
    private static func usualRowsInBounds(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ runs: UsualRuns,
                                          _ ts: UnsafeMutablePointer<Double>, _ xs: UnsafeMutablePointer<Double>,
                                          _ ms: UnsafeMutablePointer<UInt8>, _ count: inout Int, _ room: Int,
                                          _ lastTime: inout Double, _ lastRow: inout UnsafePointer<UInt8>) {
        var p0 = p, n = count, time = lastTime, last = lastRow
        let limit = e - runs.span   // p0 <= limit: at least `span` bytes left
        while n < room && p0 <= limit {
            var q = p0
            guard let (tv, xv, flag) = usualRowInBounds(&q, e, runs), tv >= time else { break }
            ts[n] = tv; xs[n] = xv; ms[n] = flag
            n &+= 1
            time = tv
            last = p0
            p0 = q
        }
        p = p0; count = n; lastTime = time; lastRow = last
    }

    /// A usual-plan row (as ``row(_:_:_:_:_:usual:)``) with at least `runs.span` bytes before `e`,
    /// read without bounds checks: its time, offset and move flag, `p` moved to the next row.
    /// `nil` when it is not a common row whose runs are, byte for byte, `runs` (the checked
    /// ``row(_:_:_:_:_:usual:)`` then decides).
    @inline(__always)
    private static func usualRowInBounds(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>,
                                         _ runs: UsualRuns) -> (Double, Double, UInt8)? {
        var q = p
        guard runs.headCount > 0, bytesEqual(runs.head, q, runs.headCount), q[runs.headCount] == 0x2C else { return nil }
        q += runs.headCount + 1
        guard let (tv, q1) = DecimalParser.parsePrefixInBounds(q, e), q1.pointee == 0x2C else { return nil }
        q = q1 + 1
        guard let (xv, q2) = DecimalParser.parsePrefixInBounds(q, e), q2.pointee == 0x2C else { return nil }
        q = q2 + 1
        let flag: UInt8
        switch UInt64(UnsafeRawPointer(q).loadUnaligned(as: UInt32.self)) | (UInt64(q[4]) << 32) {
        case moved, began: flag = 1
        case ended: flag = 0
        default: return nil
        }
        guard q[5] == 0x2C, runs.tailCount > 0, bytesEqual(runs.tail, q + 6, runs.tailCount) else { return nil }
        q += 6 + runs.tailCount
        if q.pointee == 0x0A {
            q += 1
        } else if q.pointee == 0x0D && q[1] == 0x0A {
            q += 2
        } else {
            return nil
        }
        p = q
        return (tv, xv, flag)
    }

    /// ``row(_:_:_:_:_:usual:)`` for the usual plan, out of line: it reads about one row a trace
    /// (the others go through ``usualRowInBounds(_:_:_:)``), and keeping it out of the row loop
    /// leaves the compiler room to inline that one.
    @inline(never)
    private func checkedUsualRow(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ tv: inout Double,
                                 _ xv: inout Double, _ flag: inout UInt8) -> Bool {
        row(&p, e, &tv, &xv, &flag, usual: true)
    }

    /// One common row at `p` (see ``fastRows()``): its time, offset and move flag; `p` moves to
    /// the next row. False when the row is anything else.
    @inline(__always)
    private func row(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ tv: inout Double, _ xv: inout Double,
                     _ flag: inout UInt8, usual: Bool) -> Bool {
        if usual {
            guard constantStep(0, &p, e), Self.comma(&p, e),
                  Self.numberStep(&p, e, &tv), Self.comma(&p, e),
                  Self.numberStep(&p, e, &xv), Self.comma(&p, e),
                  Self.phaseStep(&p, e, &flag), Self.comma(&p, e),
                  constantStep(4, &p, e) else { return false }
        } else {
            let steps = hot.pointee.stepCount, kinds = hot.pointee.stepKind
            var i = 0
            while true {
                let ok: Bool
                switch kinds[i] {
                case RowStep.constant: ok = constantStep(i, &p, e)
                case RowStep.time: ok = Self.numberStep(&p, e, &tv)
                case RowStep.offset: ok = Self.numberStep(&p, e, &xv)
                case RowStep.phase: ok = Self.phaseStep(&p, e, &flag)
                default: ok = Self.otherStep(&p, e)
                }
                guard ok else { return false }
                i += 1
                if i == steps { break }
                guard Self.comma(&p, e) else { return false }
            }
        }
        guard p < e else { return false }
        if p.pointee == 0x0A {
            p += 1
        } else if p.pointee == 0x0D && e - p > 1 && p[1] == 0x0A {
            p += 2
        } else {
            return false
        }
        return true
    }

    /// The comma between two cells.
    @inline(__always)
    private static func comma(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
        guard p < e, p.pointee == 0x2C else { return false }
        p += 1
        return true
    }

    /// Step `i` of the plan, a run of trace id / per-trace columns, compared in one go with its
    /// bytes on an earlier row of the trace that passed the column-by-column check
    /// (``checkConstantStep(_:_:_:)``). Such bytes stay valid for the rest of the trace: the id
    /// does not change, a per-trace value, once stored, does not change, and an empty cell is
    /// always allowed.
    @inline(__always)
    private func constantStep(_ i: Int, _ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
        let seen = hot.pointee.stepBytes + i
        let n = seen.pointee.count
        if n > 0 && e - p > n && Self.bytesEqual(UnsafePointer(seen.pointee.base), p, n) {
            p += n
            return true
        }
        return checkConstantStep(i, &p, e)
    }

    /// ``constantStep(_:_:_:)`` when the bytes differ: column by column, then the bytes are kept.
    @inline(never)
    private func checkConstantStep(_ i: Int, _ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
        let q = p
        guard constantColumns(&p, e, hot.pointee.stepFirst[i], hot.pointee.stepLast[i]) else { return false }
        let seen = hot.pointee.stepBytes + i
        seen.pointee.removeAll()
        seen.pointee.append(q, p)
        return true
    }

    /// A `t_ms` or `offset` cell in plain decimal form.
    @inline(__always)
    private static func numberStep(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ v: inout Double) -> Bool {
        guard let (value, q) = DecimalParser.parsePrefix(p, e) else { return false }
        p = q
        v = value
        return true
    }

    /// A `phase` cell: began or moved (a move sample), ended.
    @inline(__always)
    private static func phaseStep(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ flag: inout UInt8) -> Bool {
        guard e - p > 5 else { return false }
        let w = UInt64(UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)) | (UInt64(p[4]) << 32)
        switch w {
        case Self.moved, Self.began: flag = 1
        case Self.ended: flag = 0
        default: return false
        }
        p += 5
        return true
    }

    /// A cell that is not read (unknown column): anything unquoted.
    @inline(__always)
    private static func otherStep(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
        while p < e {
            let ch = p.pointee
            if ch == 0x2C || ch == 0x0A || ch == 0x0D || ch == 0x22 { break }
            p += 1
        }
        return !(p < e && p.pointee == 0x22)
    }

    /// The first row of a trace when it is a common one (a new trace id; unquoted, nothing to trim
    /// around the id and per-trace cells, plain decimals, phase began/moved/ended), in one pass
    /// over its bytes, then what the general path does with it: finish the previous trace,
    /// start this one, store its sample and its per-trace values. Anything else returns false
    /// with nothing changed (the general path takes the row).
    ///
    /// The row's runs of id / per-trace columns are, byte for byte, valid runs for the trace's
    /// next rows (``constantStep(_:_:_:)``): each cell is the id or the value just stored, or empty.
    private func fastFirstRow(_ body: (TraceRecord) throws -> Void) throws -> Bool {
        let h = hot
        if h.pointee.end - h.pointee.pos < Self.lookahead && !h.pointee.eof { _ = try fill() }
        let b = UnsafePointer(h.pointee.buf), e = b + h.pointee.end
        let rowStart = h.pointee.bufFileOffset + h.pointee.pos
        guard rowStart < rangeEnd else { return false }
        var p = b + h.pointee.pos
        var tv = 0.0, xv = 0.0, flag: UInt8 = 1
        // cell spans in the general path's scratch arrays (at least `ncols` long: the header's)
        let fs = h.pointee.fs, fe = h.pointee.fe
        for c in 0..<ncols {
            if c > 0 { guard Self.comma(&p, e) else { return false } }
            let cell = p
            switch roleCode[c] {
            case RowStep.time: guard Self.numberStep(&p, e, &tv) else { return false }
            case RowStep.offset: guard Self.numberStep(&p, e, &xv) else { return false }
            case RowStep.phase: guard Self.phaseStep(&p, e, &flag) else { return false }
            default:
                guard Self.otherStep(&p, e) else { return false }
                if p > cell {
                    let first = cell.pointee, last = p[-1]
                    if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 { return false }
                }
            }
            fs[c] = cell - b
            fe[c] = p - b
        }
        guard p < e else { return false }
        if p.pointee == 0x0A {
            p += 1
        } else if p.pointee == 0x0D && e - p > 1 && p[1] == 0x0A {
            p += 2
        } else {
            return false
        }
        let idS = b + fs[h.pointee.traceIDColumn], idE = b + fe[h.pointee.traceIDColumn]
        if h.pointee.inTrace && h.pointee.idBytes.equals(idS, idE) { return false }
        // the row is read (as ``nextRow()``)
        h.pointee.rowStart = rowStart
        h.pointee.rowFirstLine = h.pointee.line + 1
        h.pointee.line += 1
        h.pointee.pos = p - b
        // a new trace (as the general path)
        if h.pointee.inTrace { try finishTrace(body) }
        if let error = startTrace(idS, idE) { try fail(error) }
        h.pointee.rows += 1
        if h.pointee.hasBad { return true }
        h.pointee.lastTime = tv
        h.pointee.t.append(tv); h.pointee.x.append(xv); h.pointee.mv.append(flag)
        let line = h.pointee.line
        for j in 0..<ptCount {
            let c = ptCol[j]
            let n = fe[c] - fs[c]
            if n == 0 { continue }
            let k = ptField[j]
            ptStart[k] = h.pointee.arena.count
            ptLen[k] = n
            ptLine[k] = line
            h.pointee.arena.append(b + fs[c], b + fe[c])
        }
        for i in 0..<h.pointee.stepCount where h.pointee.stepKind[i] == RowStep.constant {
            h.pointee.stepBytes[i].append(b + fs[h.pointee.stepFirst[i]], b + fe[h.pointee.stepLast[i]])
        }
        return true
    }

    /// Checks the columns `first...last` (trace id and per-trace columns) at `p` column by
    /// column: the trace's id, and each per-trace value as stored or empty. Moves `p` to the
    /// end of the last one; false when a cell is anything else.
    @inline(__always)
    private func constantColumns(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ first: Int, _ last: Int) -> Bool {
        let h = hot
        var c = first
        while true {
            let role = roleCode[c]
            if role == 1 {
                let n = h.pointee.idBytes.count
                guard e - p > n, Self.bytesEqual(UnsafePointer(h.pointee.idBytes.base), p, n) else { return false }
                p += n
            } else {
                let k = role - 10
                let n = ptLen[k]
                if n > 0 && e - p > n && Self.bytesEqual(UnsafePointer(h.pointee.arena.base) + ptStart[k], p, n) {
                    p += n
                } else if p < e && (p.pointee == 0x2C || p.pointee == 0x0A || p.pointee == 0x0D) {
                    // empty cell
                } else {
                    return false
                }
            }
            if c == last { return true }
            c += 1
            guard p < e, p.pointee == 0x2C else { return false }
            p += 1
        }
    }

    static let moved: UInt64 = 0x64_6576_6F6D   // "moved" little-endian
    static let began: UInt64 = 0x6E_6167_6562   // "began"
    static let ended: UInt64 = 0x64_6564_6E65   // "ended"

    /// Stores or checks the row's per-trace values.
    @inline(__always)
    private func perTraceValues() throws(TraceParseError) {
        for j in 0..<ptCount {
            let (s, e) = field(ptCol[j])
            if s == e { continue }
            let k = ptField[j]
            if ptLen[k] < 0 {
                ptStart[k] = arena.count
                ptLen[k] = e - s
                ptLine[k] = line
                arena.append(s, e)
                continue
            }
            let len = ptLen[k]
            let stored = UnsafePointer(arena.base + ptStart[k])
            if len == e - s && Self.bytesEqual(stored, s, len) { continue }
            guard let f = PerTraceField(rawValue: k) else { continue }
            let agree: Bool
            switch f.valueKind {
            case .number:
                let a = DecimalParser.parse(stored, stored + len), b = DecimalParser.parse(s, e)
                agree = a != nil && a == b
            case .boolean:
                let a = Self.boolean(text(stored, stored + len)), b = Self.boolean(text(s, e))
                agree = a != nil && a == b
            case .text:
                agree = false
            }
            if !agree {
                try fail(.disagreement(file: path, line: line, column: f.columnName, found: text(s, e),
                                       expected: text(stored, stored + len), firstLine: ptLine[k]))
                return
            }
        }
    }

    /// Byte equality, inline for the short fields of a row: overlapping 8-, 4- or 1-byte loads,
    /// never outside the `n` bytes.
    @inline(__always)
    static func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        @inline(__always) func word(_ i: Int) -> Bool {
            ra.loadUnaligned(fromByteOffset: i, as: UInt64.self) == rb.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        }
        if n >= 8 {
            if n <= 16 { return word(0) && word(n - 8) }
            if n <= 32 { return word(0) && word(8) && word(n - 16) && word(n - 8) }
            return memcmp(a, b, n) == 0
        }
        if n >= 4 {
            return ra.loadUnaligned(as: UInt32.self) == rb.loadUnaligned(as: UInt32.self)
                && ra.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self) == rb.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
        }
        if n == 0 { return true }
        // 1 to 3 bytes: the first, the middle and the last
        return a[0] == b[0] && a[n >> 1] == b[n >> 1] && a[n - 1] == b[n - 1]
    }

    static func boolean(_ s: String) -> Bool? {
        switch s.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: return nil
        }
    }

    /// Starts a trace; returns the non-contiguity error if its id was seen before.
    private func startTrace(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> TraceParseError? {
        let h = hot
        h.pointee.inTrace = true
        h.pointee.idBytes.removeAll()
        h.pointee.idBytes.append(s, e)
        h.pointee.traceID = text(s, e)
        h.pointee.traceLine = h.pointee.line
        h.pointee.t.removeAll(); h.pointee.x.removeAll(); h.pointee.mv.removeAll()
        h.pointee.lastTime = -.infinity
        h.pointee.cancelled = false
        if h.pointee.hasBad {   // `bad` is set exactly when `hasBad` is
            bad = nil
            h.pointee.hasBad = false
        }
        h.pointee.arena.removeAll()
        for i in 0..<h.pointee.stepCount { h.pointee.stepBytes[i].removeAll() }
        for k in 0..<PerTraceField.count { ptLen[k] = -1 }
        h.pointee.tracesRead += 1
        // contiguity: increasing integer ids need no look-up, and are kept as runs of
        // consecutive integers (constant memory for ids 1, 2, 3, …)
        if h.pointee.monotone, let n = Self.integerID(s, e), h.pointee.firstNumericID == nil || n > h.pointee.lastNumericID {
            // a run exists once the first integer id was read
            if h.pointee.firstNumericID != nil && h.pointee.runLast &+ 1 == n {
                h.pointee.runLast = n
            } else {
                if !runs.isEmpty { runs[runs.count - 1].last = h.pointee.runLast }
                runs.append(IDRun(first: n, last: n, line: h.pointee.line))
                h.pointee.runLast = n
            }
            if h.pointee.firstNumericID == nil { h.pointee.firstNumericID = n }
            h.pointee.lastNumericID = n
            return nil
        }
        let hash = Self.hash(s, e)
        if h.pointee.monotone {
            // the first id out of order: from here on every id is hashed and looked up
            h.pointee.monotone = false
            var seen = Set<UInt64>()
            for run in idRuns { run.forEachHash { seen.insert($0) } }
            seenSet = seen
        }
        idHashes.append(hash)
        idLines.append(line)
        if seenSet?.insert(hash).inserted == false {
            return .nonContiguousTrace(file: path, line: line, column: "trace_id", traceID: traceID)
        }
        return nil
    }

    /// The id as a number when it is 1–18 digits without a leading zero.
    static func integerID(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> UInt64? {
        let n = e - s
        guard n >= 1, n <= 18, !(n > 1 && s[0] == 0x30) else { return nil }
        var v: UInt64 = 0
        for i in 0..<n {
            let d = s[i] &- 48
            if d > 9 { return nil }
            v = v &* 10 &+ UInt64(d)   // at most 18 digits: below 10^18, no overflow
        }
        return v
    }

    /// ``hash(_:_:)`` of the decimal text of `n` (as ``integerID(_:_:)`` reads it).
    static func hash(ofInteger n: UInt64) -> UInt64 {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes: 20 digits at most
        return withUnsafeMutableBytes(of: &digits) { raw in
            let b = raw.bindMemory(to: UInt8.self)
            var i = b.count, v = n
            repeat {
                i -= 1
                b[i] = UInt8(truncatingIfNeeded: v % 10) &+ 48
                v /= 10
            } while v > 0
            guard let base = b.baseAddress else { return 0 }
            return hash(UnsafePointer(base + i), UnsafePointer(base + b.count))
        }
    }

    /// FNV-1a, 64 bits.
    static func hash(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var p = s
        while p < e { h = (h ^ UInt64(p.pointee)) &* 0x100_0000_01b3; p += 1 }
        return h
    }

    private func perTraceText(_ f: PerTraceField) -> String? {
        let k = f.rawValue
        guard ptLen[k] >= 0 else { return nil }
        let s = UnsafePointer(arena.base + ptStart[k])
        return text(s, s + ptLen[k])
    }

    /// A per-trace number, `nil` when absent; errors name the row that gave it.
    private func perTraceNumber(_ f: PerTraceField, expected: String) throws(TraceParseError) -> Double? {
        let k = f.rawValue
        guard ptLen[k] >= 0 else { return nil }
        let s = UnsafePointer(arena.base + ptStart[k])
        guard let v = DecimalParser.parse(s, s + ptLen[k]) else {
            throw .invalidValue(file: path, line: ptLine[k], column: f.columnName, found: text(s, s + ptLen[k]), expected: expected)
        }
        guard v.isFinite else { throw .nonFinite(file: path, line: ptLine[k], column: f.columnName, found: text(s, s + ptLen[k])) }
        return v
    }

    private func perTraceInteger(_ f: PerTraceField, expected: String) throws(TraceParseError) -> Int? {
        guard let v = try perTraceNumber(f, expected: expected) else { return nil }
        guard v == v.rounded(), Swift.abs(v) < 1e15 else {
            let k = f.rawValue
            let s = UnsafePointer(arena.base + ptStart[k])
            throw .invalidValue(file: path, line: ptLine[k], column: f.columnName, found: text(s, s + ptLen[k]), expected: expected)
        }
        return SnapMath.truncatedIndex(v)
    }

    /// The error for the stored value of `f` (on the line that gave it).
    private func perTraceInvalid(_ f: PerTraceField, expected: String) -> TraceParseError {
        let k = f.rawValue
        let s = UnsafePointer(arena.base + ptStart[k])
        return .invalidValue(file: path, line: ptLine[k], column: f.columnName, found: text(s, s + ptLen[k]), expected: expected)
    }

    /// An item index column (`intended_index`, `start_index`, `settled_index`, `tap_index`):
    /// a whole number, in `0..<item_count` in a bounded layout (any whole number in a looping
    /// one, where it is taken modulo the count by whoever uses it).
    private func perTraceIndex(_ f: PerTraceField, in layout: CarouselLayout) throws(TraceParseError) -> Int? {
        guard let i = try perTraceInteger(f, expected: "an item index (a whole number)") else { return nil }
        if !layout.isLooping && (i < 0 || i >= layout.itemCount) {
            throw perTraceInvalid(f, expected: "an item index in 0...\(layout.itemCount - 1) (the layout has \(layout.itemCount) items and does not loop)")
        }
        return i
    }

    /// The `hit` column: `exact` or `revealed`; `nil` when absent.
    private func perTraceHit() throws(TraceParseError) -> HitCriterion? {
        guard let s = perTraceText(.hit) else { return nil }
        guard let hit = HitCriterion(rawValue: s) else { throw perTraceInvalid(.hit, expected: "exact or revealed") }
        return hit
    }

    private func finishTrace(_ body: (TraceRecord) throws -> Void) throws {
        let h = hot
        h.pointee.inTrace = false
        if h.pointee.hasBad, let bad {
            summary.skipped.append(SkippedTrace(location: TraceLocation(file: path, line: traceLine), traceID: traceID, error: bad))
            return
        }
        if h.pointee.cancelled {
            h.pointee.tracesCancelled += 1
            return
        }
        let recorded: Double?
        let isSampleLevel = h.pointee.isSampleLevel
        do {
            let startOffsetColumn = try perTraceNumber(.startOffset, expected: "a content offset in points")
            recorded = try perTraceNumber(.releaseVelocity, expected: "a velocity in points per millisecond")
            if (options.velocity == .recorded || !isSampleLevel) && recorded == nil {
                throw TraceParseError.invalidValue(file: path, line: traceLine, column: "release_velocity", found: "",
                                                   expected: "a velocity in points per millisecond")
            }
            let layout = try traceLayout()
            let intended = try perTraceIndex(.intendedIndex, in: layout)
            let startIndex = try perTraceIndex(.startIndex, in: layout)
            let settled = try perTraceIndex(.settledIndex, in: layout)
            let tap = try perTraceIndex(.tapIndex, in: layout)
            let hit = try perTraceHit()
            let user = internUser()
            let n = h.pointee.t.count
            if isSampleLevel && n == 0 {
                throw TraceParseError.invalidValue(file: path, line: traceLine, column: "t_ms", found: "", expected: "at least one sample")
            }
            let t = h.pointee.t, x = h.pointee.x, mv = h.pointee.mv
            var startOffset = 0.0, offset = h.pointee.releaseOffsetValue, startTime = 0.0, time = 0.0
            var fingerTravel: Double?
            if isSampleLevel {
                if h.pointee.hasTouchX {
                    // offset = start_offset − (touch_x − first touch_x); the finger's travel in
                    // the content offset's sign is −(last touch_x − first touch_x)
                    let s0 = startOffsetColumn ?? 0, x0 = x[0]
                    fingerTravel = -(x[n - 1] - x0)
                    for i in 0..<n { x[i] = s0 - (x[i] - x0) }
                }
                if mv[n - 1] == 2 { mv[n - 1] = 0 }   // an empty phase on the last row: the lift-off
                if !h.pointee.hasPhase { mv[n - 1] = 0 }
                startOffset = startOffsetColumn ?? x[0]
                offset = x[n - 1]
                startTime = t[0]
                time = t[n - 1]
            } else {
                startOffset = startOffsetColumn ?? offset
                if let duration = try perTraceNumber(.durationMs, expected: "a contact time in milliseconds") {
                    guard duration >= 0 else {
                        throw perTraceInvalid(.durationMs, expected: "a contact time in milliseconds, not negative")
                    }
                    time = startTime + duration
                }
                fingerTravel = try perTraceNumber(.fingerTravel, expected: "a finger displacement in points")
            }
            let samples = TraceSamples(time: t.view, offset: x.view, isMove: mv.view, recordedVelocity: recorded)
            let estimate = isSampleLevel ? estimator.estimate(samples) : RecordedVelocityEstimator().estimate(samples)
            let record = TraceRelease(traceID: traceID, user: user, intendedIndex: intended, layout: layout,
                                      release: Release(offset: offset, velocity: estimate.velocity, startOffset: startOffset,
                                                       startTime: startTime, time: time, startIndex: startIndex,
                                                       fingerTravel: fingerTravel),
                                      sampleCount: isSampleLevel ? n : 1,
                                      location: TraceLocation(file: path, line: traceLine),
                                      hit: hit, settledIndex: settled, tapIndex: tap)
            h.pointee.tracesYielded += 1
            try body(TraceRecord(release: consume record, estimate: estimate, samples: samples, sessionID: perTraceText(.sessionID)))
        } catch let error as TraceParseError {
            if !options.lenient { throw error }
            summary.skipped.append(SkippedTrace(location: TraceLocation(file: path, line: traceLine), traceID: traceID, error: error))
        }
    }

    /// The trace's layout: its layout columns over ``TraceReadOptions/baseLayout``.
    ///
    /// Consecutive traces mostly carry byte-identical layout columns: when the bytes (and which
    /// columns are given) are those of the last trace that computed a layout, the result is that
    /// layout. Only successes are kept, and parsing and validating depend on nothing but those
    /// bytes and the base layout, so a failing trace still fails with its own error.
    private func traceLayout() throws(TraceParseError) -> CarouselLayout {
        if let cached = hot.pointee.cachedLayout, layoutBytesUnchanged() { return cached }
        var fields = LayoutFields()
        fields.itemWidth = try perTraceNumber(.itemWidth, expected: "an item width in points")
        fields.spacing = try perTraceNumber(.itemSpacing, expected: "an item spacing in points")
        fields.leadingInset = try perTraceNumber(.leadingInset, expected: "a leading inset in points")
        fields.trailingInset = try perTraceNumber(.trailingInset, expected: "a trailing inset in points")
        fields.viewportWidth = try perTraceNumber(.viewportWidth, expected: "a viewport width in points")
        fields.itemCount = try perTraceInteger(.itemCount, expected: LayoutFields.itemCountExpectation)
        if let c = fields.itemCount, !LayoutFields.itemCountRange.contains(c) {
            throw perTraceInvalid(.itemCount, expected: LayoutFields.itemCountExpectation)
        }
        if let a = perTraceText(.alignment) {
            guard let al = SnapAlignment(rawValue: a) else {
                throw TraceParseError.invalidValue(file: path, line: ptLine[PerTraceField.alignment.rawValue], column: "alignment", found: a, expected: "leading, center or trailing")
            }
            fields.alignment = al
        }
        if let l = perTraceText(.looping) {
            guard let b = Self.boolean(l) else {
                throw TraceParseError.invalidValue(file: path, line: ptLine[PerTraceField.looping.rawValue], column: "looping", found: l, expected: "true or false")
            }
            fields.isLooping = b
        }
        let layout = try layoutFor(fields.merged(over: options.baseLayout))
        // remember the bytes that gave it
        let h = hot
        h.pointee.layoutKey.removeAll()
        for j in 0..<Self.layoutFieldCount {
            let k = Self.firstLayoutField + j
            let n = ptLen[k]
            h.pointee.layoutKeyLen[j] = n
            if n > 0 { h.pointee.layoutKey.append(UnsafePointer(h.pointee.arena.base + ptStart[k]), UnsafePointer(h.pointee.arena.base + ptStart[k] + n)) }
        }
        h.pointee.cachedLayout = layout
        return layout
    }

    /// Whether the trace's layout columns are, byte for byte, those remembered by ``traceLayout()``.
    @inline(__always)
    private func layoutBytesUnchanged() -> Bool {
        let h = hot
        let arena = UnsafePointer(h.pointee.arena.base)
        var key = UnsafePointer(h.pointee.layoutKey.base)
        for j in 0..<Self.layoutFieldCount {
            let k = Self.firstLayoutField + j
            let n = ptLen[k]
            guard n == h.pointee.layoutKeyLen[j] else { return false }
            if n > 0 {
                guard Self.bytesEqual(arena + ptStart[k], key, n) else { return false }
                key += n
            }
        }
        return true
    }

    private func layoutFor(_ fields: LayoutFields) throws(TraceParseError) -> CarouselLayout {
        if let lastLayout, fields == lastLayoutFields { return lastLayout }
        do {
            guard let layout = try fields.layout() else {
                throw TraceParseError.invalidLayout(file: path, line: traceLine, reason:
                    "no layout for trace '\(traceID)': \(fields.missingRequired.joined(separator: ", ")) not given by a column, --layout or the command line")
            }
            lastLayout = layout
            lastLayoutFields = fields
            return layout
        } catch let e as LayoutError {
            throw .invalidLayout(file: path, line: traceLine, reason: "trace '\(traceID)': \(e.description)")
        } catch let e as TraceParseError {
            throw e
        } catch {
            throw .invalidLayout(file: path, line: traceLine, reason: "\(error)")
        }
    }

    /// The trace's user index (`"unknown"` without a `user_id`), looked up by the bytes of its
    /// `user_id`: a user's first trace interns its name (a `String`) in ``users``, the others
    /// find the index in a byte-keyed table.
    private func internUser() -> Int {
        let h = hot
        let k = PerTraceField.userID.rawValue
        guard ptLen[k] >= 0 else {
            if h.pointee.unknownUser < 0 { h.pointee.unknownUser = users.intern("unknown") }
            return h.pointee.unknownUser
        }
        let s = UnsafePointer(h.pointee.arena.base + ptStart[k]), e = s + ptLen[k]
        let hash = Self.hash(s, e)
        if let user = h.pointee.userIndices.find(s, e, hash: hash) { return user }
        let user = users.intern(text(s, e))
        h.pointee.userIndices.insert(s, e, hash: hash, value: user)
        return user
    }
}

/// A run of consecutive increasing integer trace ids, `first…last`, the first read on `line`.
struct IDRun: Sendable, Hashable {
    var first: UInt64
    var last: UInt64
    var line: Int

    /// Calls `body` with ``TraceReader/hash(ofInteger:)`` of every id in the run, in order.
    func forEachHash(_ body: (UInt64) throws -> Void) rethrows {
        var n = first
        while true {
            try body(TraceReader.hash(ofInteger: n))
            if n >= last { return }
            n += 1
        }
    }
}
