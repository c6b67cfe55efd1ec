#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SnapStrategies

// Stage 3 of the reader: the header (row plan of column roles), the range start, and the
// general (checked, reference) row loop that decides strict vs lenient.

extension TraceReader {
    // MARK: - header

    func readHeader() throws(TraceParseError) {
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
    func seekToRangeStart() throws(TraceParseError) {
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
        do {
            if cols.kind == .releaseLevel {
                try readReleaseLevel(body)
            } else {
                try readSampleLevel(body)
            }
        } catch let error as TraceParseError {
            // a row cut by a file truncated under the reader: the change is the error to report
            try checkUnchanged()
            throw error
        }
        try checkUnchanged()
        summary.lines = line
        summary.rows = rows
        summary.tracesRead = hot.pointee.tracesRead
        summary.tracesYielded = hot.pointee.tracesYielded
        summary.tracesCancelled = hot.pointee.tracesCancelled
        return summary
    }

    /// Throws ``TraceParseError/changedWhileReading(file:reason:)`` when the file's size or
    /// modification time differs from when it was opened (a file truncated or appended to during
    /// the read; never `mmap`ed, so a shrinking file cannot crash the reader, but it must not
    /// pass for a complete one). Streams are not checked (they have no size).
    func checkUnchanged() throws(TraceParseError) {
        if isStream { stopOffset = readOffset; return }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        if let change = FileStamp(st).change(since: stamp) { throw .changedWhileReading(file: path, reason: change) }
    }

    /// Records `error` against the current trace (lenient) or throws it (strict).
    @inline(__always)
    func fail(_ error: TraceParseError) throws(TraceParseError) {
        if !options.lenient { throw error }
        if bad == nil { bad = error }
        hasBad = true
    }

    func readSampleLevel(_ body: (TraceRecord) throws -> Void) throws {
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
            if inTrace && !hasBad && !storedQuote && !(t.count > 0 && mv[t.count - 1] == 0) { try fastRows() }
            if try fastFirstRow(body) { continue }
            guard try nextRow() else { break }
            // trace id (read even from a row with the wrong number of fields, to keep traces apart;
            // a row with a quoting fault at or before the id belongs to the current trace)
            let idCol = cID < nf && (rowFault == nil || cID < rowFaultField) ? cID : -1
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
                if rowStart >= rangeEnd { line = rowFirstLine - 1; stopOffset = rowStart; return }
                if let e = startTrace(idS, idE) { try fail(e) }
                if idS == idE && rowFault == nil { try fail(emptyTraceID()) }
            }
            // the trace's last row so far is its `ended` row: only another `ended` row (the
            // lift-off reported again) may follow
            let afterEnded = !newTrace && t.count > 0 && mv[t.count - 1] == 0 && !cancelled
            rows += 1
            if let rowFault {
                try fail(rowFault)
                continue
            }
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
                if afterEnded && (flag != 0 || cancelled) {
                    try fail(.invalidValue(file: path, line: line, column: "phase", found: text(ps, pe),
                                           expected: "a new trace_id after the trace's 'ended' row (only a repeated 'ended' may follow it)"))
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
        stopOffset = hot.pointee.bufFileOffset + hot.pointee.end
    }

    func readReleaseLevel(_ body: (TraceRecord) throws -> Void) throws {
        let cID = cols.traceID, cR = cols.releaseOffset
        while try nextRow() {
            if inTrace { try finishTrace(body) }
            if rowStart >= rangeEnd { line = rowFirstLine - 1; stopOffset = rowStart; return }
            var idS = UnsafePointer<UInt8>(buf), idE = UnsafePointer<UInt8>(buf)
            let idUsable = cID < nf && (rowFault == nil || cID < rowFaultField)
            if idUsable { (idS, idE) = field(cID) }
            let duplicate = startTrace(idS, idE)
            rows += 1
            if let duplicate { try fail(duplicate) }
            if let rowFault {
                try fail(rowFault)
                continue
            }
            if idS == idE { try fail(emptyTraceID()) }
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
        stopOffset = hot.pointee.bufFileOffset + hot.pointee.end
    }

    /// An empty `trace_id` on the current line.
    func emptyTraceID() -> TraceParseError {
        .invalidValue(file: path, line: line, column: "trace_id", found: "", expected: "a trace id (not empty)")
    }
}
