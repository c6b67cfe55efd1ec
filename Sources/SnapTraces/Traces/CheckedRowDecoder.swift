#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SnapStrategies

// Stage of the reader: the checked row decoder, the reference path. The header (→ the row
// plan), a range's first trace boundary, the next row (window + tokenizer, quoting faults), and
// the checks of a row's cells, each giving the exact fault (line, column, found, expected) as a
// value: it decides nothing about strict vs lenient (the loop, `TraceReader+Loop.swift`, does).

extension ReaderCore {
    // MARK: - header

    mutating func readHeader() throws(TraceParseError) {
        window.readOffset = 0
        _ = try window.fill(line: line)
        if window.end == 0 { throw .emptyFile(file: window.path) }
        if window.end >= 3 && window.buf[0] == 0xEF && window.buf[1] == 0xBB && window.buf[2] == 0xBF { window.pos = 3 }
        guard try nextRow() else { throw .emptyFile(file: window.path) }
        if let rowFault { throw rowFault }   // a header is never skipped
        let nf = tokenizer.nf
        guard nf <= 4096 else {
            throw .invalidValue(file: window.path, line: line, column: "(header)", found: "\(nf) columns", expected: "at most 4096 columns")
        }
        var names: [String] = []
        for i in 0..<nf {
            let (s, e) = field(i)
            names.append(byteText(s, e))
        }
        let cols = try TraceColumns(names: names, file: window.path, line: line, velocity: options.velocity, groupBy: options.groupBy)
        // a layout field that neither the base layout nor a column can give: no trace can have a
        // layout (trace-format.md: an error, not a silent default)
        let missing = options.baseLayout.missingRequired.filter { PerTraceField.byName[$0].map { cols.perTrace[$0.rawValue] < 0 } ?? true }
        if !missing.isEmpty {
            throw .invalidLayout(file: window.path, line: line, reason: "no layout: \(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not a column of the file and not given by --layout FILE or the command line (--item-width, --viewport, --count)")
        }
        plan.configure(cols)
        summary = FileReadSummary(path: window.path, kind: cols.kind, unknownColumns: cols.unknown)
        summary.layoutColumns = names.filter { LayoutFields.columnNames.contains($0) }
        summary.groupColumn = cols.groupColumn
        builder.group = cols.groupField.map { ($0, cols.groupColumn ?? "") }
    }

    /// Moves to the first trace boundary at or after `rangeStart` (ranges after the first).
    mutating func seekToRangeStart() throws(TraceParseError) {
        let headerEnd = window.offset
        // a range starting inside the header starts at its end: its first row is line 1 too
        guard rangeStart > headerEnd else { line = 0; return }
        // the start of the last line that starts before rangeStart - 1 (a line start)
        var probe = rangeStart
        var prevLineStart = headerEnd
        var found = false
        let windowBytes = 1 << 16
        while probe > headerEnd && !found {
            let lo = Swift.max(headerEnd, probe - windowBytes)
            let tmp = try window.bytes(at: lo, count: probe - lo)
            var i = tmp.count - 1
            while i >= 0 {
                if tmp[i] == 0x0A && lo + i < rangeStart - 1 {
                    prevLineStart = lo + i + 1
                    found = true
                    break
                }
                i -= 1
            }
            probe = lo
        }
        // read the line holding rangeStart - 1 and the following rows until one starts at or
        // after rangeStart and is not the previous row's trace
        window.seek(to: prevLineStart)
        var previousID: [UInt8]?
        while true {
            guard try nextRow() else { break }
            let id = tokenizer.fieldCopy(cols.traceID < tokenizer.nf ? cols.traceID : 0, window.buf)
            if rowStart >= rangeStart {
                if let previousID, previousID == id { continue }
                window.pos = rowStart - window.bufFileOffset
                line = 0
                return
            }
            previousID = id
        }
        line = 0
    }

    // MARK: - rows

    /// Scans the next non-empty row; false at end of file. Sets `line`; `rowStart` is its file offset.
    ///
    /// A row with a quoting fault (a `"` inside an unquoted field, text after a closing quote,
    /// a quote left open at the end of the file, or a quoted line break in a row with the wrong
    /// number of fields: all signs of a stray quote) sets ``rowFault`` and is returned like any
    /// row (the header's caller throws it; the loop throws it or skips the trace):
    /// the fault names the row's first line, and when the row ran over several lines reading
    /// resumes on the line after its first, so that a stray quote costs one row, never the
    /// rows up to the next quote. ``rowFaultField`` is the first field it concerns.
    mutating func nextRow() throws(TraceParseError) -> Bool {
        rowFault = nil
        while true {
            let pos = window.pos
            switch tokenizer.scan(window.buf, at: pos, end: window.end, eof: window.eof) {
            case .needMoreInput:
                _ = try window.fill(line: line)
            case .unterminatedQuote:
                rowStart = window.bufFileOffset + pos
                rowFirstLine = line + 1
                line += 1
                rowFault = TraceParseError.unterminatedQuote(file: window.path, line: line, column: columnName(tokenizer.openQuoteField))
                rowFaultField = tokenizer.openQuoteField
                resumeOnNextLine(from: pos)
                return true
            case let .row(next):
                if next == pos { return false }   // nothing left
                rowStart = window.bufFileOffset + pos
                rowFirstLine = line + 1
                line += 1
                if let fault = quotingFault() {
                    rowFault = fault
                    if tokenizer.rowNewlines > 0 { resumeOnNextLine(from: pos) } else { window.pos = next }
                    return true
                }
                let isEmpty = tokenizer.isEmptyRow
                window.pos = next
                line += tokenizer.rowNewlines
                if isEmpty { continue }
                return true
            }
        }
    }

    /// After a quoting fault in a row that ran over several lines: the row keeps only its first
    /// line (``RowTokenizer/clip(to:)``, without the line break) and reading resumes on the next.
    mutating func resumeOnNextLine(from pos: Int) {
        let next = window.lineEnd(from: pos)
        var limit = next
        if limit > pos && window.buf[limit - 1] == 0x0A { limit -= 1 }
        if limit > pos && window.buf[limit - 1] == 0x0D { limit -= 1 }
        tokenizer.clip(to: limit)
        window.pos = next
    }

    /// The quoting fault of the row just scanned, if any (see ``nextRow()``); sets ``rowFaultField``.
    mutating func quotingFault() -> TraceParseError? {
        let expected = "a '\"' only around a whole field, doubled inside it (RFC 4180)"
        let tok = (junk: tokenizer.junkAfterQuoteField, stray: tokenizer.strayQuoteField, lineBreak: tokenizer.lineBreakField,
                   nf: tokenizer.nf, newlines: tokenizer.rowNewlines)
        if tok.junk >= 0 {
            rowFaultField = tok.junk
            return .strayQuote(file: window.path, line: line, column: columnName(tok.junk),
                               found: "text after the closing quote of a quoted field", expected: expected)
        }
        if tok.stray >= 0 && tok.stray < tokenizer.keptFields {
            rowFaultField = tok.stray
            let bytes = tokenizer.fieldCopy(tok.stray, window.buf)
            return .strayQuote(file: window.path, line: line, column: columnName(tok.stray),
                               found: String(decoding: bytes.prefix(200), as: UTF8.self), expected: expected)
        }
        if tok.newlines > 0 && plan.cols != nil && tok.nf != plan.ncols && tok.lineBreak >= 0 {
            rowFaultField = tok.lineBreak
            return .strayQuote(file: window.path, line: line, column: columnName(tok.lineBreak),
                               found: "a quoted field running over \(tok.newlines + 1) lines in a row of \(tok.nf) fields (\(plan.ncols) expected)",
                               expected: expected)
        }
        return nil
    }

    // MARK: - cells

    /// The cells of a sample row (`t_ms`, the offset or `touch_x`, `phase`, per-trace values),
    /// checked; on success the sample is appended. `afterEnded`: the trace's last row so far is
    /// its `ended` row (only another `ended` row may follow). Returns the row's first fault.
    mutating func checkedSampleRow(afterEnded: Bool) -> TraceParseError? {
        let cols = cols
        let cT = cols.time, cX = cols.offset >= 0 ? cols.offset : cols.touchX, cP = cols.phase
        let xName = cols.offset >= 0 ? "offset" : "touch_x"
        let (ts, te) = field(cT)
        guard let tv = DecimalParser.parse(ts, te) else {
            return .invalidValue(file: window.path, line: line, column: "t_ms", found: byteText(ts, te), expected: "a time in milliseconds (a decimal number)")
        }
        guard tv.isFinite else { return .nonFinite(file: window.path, line: line, column: "t_ms", found: byteText(ts, te)) }
        if tv < trace.lastTime {
            return .timeBackwards(file: window.path, line: line, column: "t_ms", found: byteText(ts, te), previous: trace.lastTime)
        }
        trace.lastTime = tv
        let (xs, xe) = field(cX)
        guard let xv = DecimalParser.parse(xs, xe) else {
            return .invalidValue(file: window.path, line: line, column: xName, found: byteText(xs, xe), expected: "a position in points (a decimal number)")
        }
        guard xv.isFinite else { return .nonFinite(file: window.path, line: line, column: xName, found: byteText(xs, xe)) }
        var flag: UInt8 = 1
        if cP >= 0 {
            let (ps, pe) = field(cP)
            switch pe - ps {
            case 0: flag = 2
            case 5 where ps[0] == 0x6D && ps[1] == 0x6F && ps[2] == 0x76 && ps[3] == 0x65 && ps[4] == 0x64: flag = 1 // moved
            case 5 where ps[0] == 0x65 && ps[1] == 0x6E && ps[2] == 0x64 && ps[3] == 0x65 && ps[4] == 0x64: flag = 0 // ended
            case 5 where ps[0] == 0x62 && ps[1] == 0x65 && ps[2] == 0x67 && ps[3] == 0x61 && ps[4] == 0x6E: flag = 1 // began
            case 9 where byteText(ps, pe) == "cancelled": flag = 0; trace.cancelled = true
            default:
                return .invalidValue(file: window.path, line: line, column: "phase", found: byteText(ps, pe), expected: "began, moved, ended or cancelled")
            }
            if afterEnded && (flag != 0 || trace.cancelled) {
                return .invalidValue(file: window.path, line: line, column: "phase", found: byteText(ps, pe),
                                     expected: "a new trace_id after the trace's 'ended' row (only a repeated 'ended' may follow it)")
            }
        }
        if trace.t.count >= maxSamples {
            return .traceTooLong(file: window.path, line: trace.traceLine, traceID: trace.traceID, limit: maxSamples)
        }
        trace.t.append(tv); trace.x.append(xv); trace.mv.append(flag)
        return perTraceValues()
    }

    /// The `release_offset` cell and per-trace values of a release-level row, checked.
    mutating func checkedReleaseRow() -> TraceParseError? {
        let (rs, re) = field(cols.releaseOffset)
        guard let rv = DecimalParser.parse(rs, re) else {
            return .invalidValue(file: window.path, line: line, column: "release_offset", found: byteText(rs, re), expected: "a content offset in points (a decimal number)")
        }
        guard rv.isFinite else { return .nonFinite(file: window.path, line: line, column: "release_offset", found: byteText(rs, re)) }
        trace.releaseOffsetValue = rv
        return perTraceValues()
    }

    /// Stores or checks the row's per-trace values: the first disagreement, if any.
    @inline(__always)
    mutating func perTraceValues() -> TraceParseError? {
        for j in 0..<plan.ptCount {
            let (s, e) = field(plan.ptCol[j])
            if s == e { continue }
            let k = plan.ptField[j]
            if trace.ptLen[k] < 0 {
                trace.store(k, s, e, line: line)
                if memchr(s, 0x22, e - s) != nil { trace.storedQuote = true }
                continue
            }
            let len = trace.ptLen[k]
            let stored = trace.stored(k)
            if len == e - s && TraceReader.bytesEqual(stored, s, len) { continue }
            guard let f = PerTraceField(rawValue: k) else { continue }
            let agree: Bool
            switch f.valueKind {
            case .number:
                let a = DecimalParser.parse(stored, stored + len), b = DecimalParser.parse(s, e)
                agree = a != nil && a == b
            case .boolean:
                let a = TraceAssembler.boolean(byteText(stored, stored + len)), b = TraceAssembler.boolean(byteText(s, e))
                agree = a != nil && a == b
            case .text:
                agree = false
            }
            if !agree {
                return .disagreement(file: window.path, line: line, column: columnName(plan.ptCol[j]), found: byteText(s, e),
                                     expected: byteText(stored, stored + len), firstLine: trace.ptLine[k])
            }
        }
        return nil
    }

    /// An empty `trace_id` on the current line.
    func emptyTraceID() -> TraceParseError {
        .invalidValue(file: window.path, line: line, column: "trace_id", found: "", expected: "a trace id (not empty)")
    }
}
