#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SnapStrategies

// Stage of the reader, continued: the fast row decoder's cell steps and the fast first row of
// a trace (it never reports: anything it cannot take is left to the checked path).

extension ReaderCore {
    /// Step `i` of the plan, a run of trace id / per-trace columns, compared in one go with its
    /// bytes on an earlier row of the trace that passed the column-by-column check
    /// (``checkConstantStep(_:_:_:)``). Such bytes stay valid for the rest of the trace: the id
    /// does not change, a per-trace value, once stored, does not change, and an empty cell is
    /// always allowed.
    @inline(__always)
    func constantStep(_ i: Int, _ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
        let seen = plan.stepBytes + i
        let n = seen.pointee.count
        if n > 0 && e - p > n && TraceReader.bytesEqual(UnsafePointer(seen.pointee.base), p, n) {
            p += n
            return true
        }
        return checkConstantStep(i, &p, e)
    }

    /// ``constantStep(_:_:_:)`` when the bytes differ: column by column, then the bytes are kept.
    @inline(never)
    func checkConstantStep(_ i: Int, _ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
        let q = p
        guard constantColumns(&p, e, plan.stepFirst[i], plan.stepLast[i]) else { return false }
        let seen = plan.stepBytes + i
        seen.pointee.removeAll()
        seen.pointee.append(q, p)
        return true
    }

    /// A `t_ms` or `offset` cell in plain decimal form.
    @inline(__always)
    static func numberStep(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ v: inout Double) -> Bool {
        guard let (value, q) = DecimalParser.parsePrefix(p, e) else { return false }
        p = q
        v = value
        return true
    }

    /// The shapes of a column's cells on the last first rows read by the fast first row: the most
    /// recent and the one before it (consecutive traces' first rows mostly write a number with one
    /// of two digit counts, e.g. 7 or 8 integer digits of `t_ms`), so that a new shape is built
    /// (about 130 instructions) only when a row's cell has neither.
    struct FirstRowShapes {
        var recent = DecimalShape()
        var other = DecimalShape()
    }

    /// A first row's `t_ms` or `offset` cell: read with one of `shapes`, else by
    /// ``numberStep(_:_:_:)``'s parser (the cell's shape then kept as the recent one). `p` is left
    /// at the comma after the cell.
    ///
    /// The same answer as ``numberStep(_:_:_:)`` followed by the loop's comma step: a cell a shape
    /// takes is `d{i}[.d{f}]` and a comma (``DecimalShape/read(_:)``), read to the same double,
    /// which the decimal parser reads to its end, the comma; any other cell goes through
    /// ``DecimalParser/parseBeforeCommaInBounds(_:_:)`` (the parser's prefix followed by a comma,
    /// or `nil`: as here the parser, then the comma step, which refuses the row; it refuses a few
    /// more, e.g. `1.5e3`, which the checked path then reads). Only where a comma must follow (not
    /// the row's last cell) and at least 32 bytes are left (what the parsers read); elsewhere
    /// ``numberStep(_:_:_:)`` as before.
    @inline(__always)
    static func firstRowNumber(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ v: inout Double,
                               _ shapes: inout FirstRowShapes, commaFollows: Bool) -> Bool {
        guard commaFollows && e - p >= 32 else { return numberStep(&p, e, &v) }
        if let value = shapes.recent.read(p) {
            p += shapes.recent.length
            v = value
            return true
        }
        if let value = shapes.other.read(p) {
            p += shapes.other.length
            v = value
            return true
        }
        return firstRowNumberParsed(&p, e, &v, &shapes)
    }

    /// ``firstRowNumber(_:_:_:_:commaFollows:)`` of a cell that neither shape takes.
    @inline(never)
    static func firstRowNumberParsed(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ v: inout Double,
                                     _ shapes: inout FirstRowShapes) -> Bool {
        // (a comma at `e` would be a byte past the buffer's data: the comma step refuses it)
        guard let (value, comma) = DecimalParser.parseBeforeCommaInBounds(p, e), comma < e else { return false }
        shapes.other = shapes.recent
        shapes.recent = DecimalShape(cell: p, comma: comma)
        p = comma
        v = value
        return true
    }

    /// A `phase` cell: began or moved (a move sample), ended.
    @inline(__always)
    static func phaseStep(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ flag: inout UInt8) -> Bool {
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
    static func otherStep(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
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
    mutating func fastFirstRow(_ body: (inout TraceRecord) throws -> Void, _ intern: (String) -> Int) throws -> Bool {
        if window.end - window.pos < Self.lookahead && !window.eof { _ = try window.fill(line: line) }
        let b = UnsafePointer(window.buf), e = b + window.end
        let rowStart = window.bufFileOffset + window.pos
        guard rowStart < rangeEnd else { return false }
        var p = b + window.pos
        var tv = 0.0, xv = 0.0, flag: UInt8 = 1
        // cell spans in the general path's scratch arrays (at least `plan.ncols` long: the header's)
        let fs = tokenizer.fs, fe = tokenizer.fe
        var sameLayout = false
        var c = 0
        while c < plan.ncols {
            if c > 0 { guard Self.comma(&p, e) else { return false } }
            let cell = p
            if c == plan.layoutFirst && plan.hasLayoutSpan && sameLayoutCells(p, e) {
                // the layout cells of the last first row that scanned them, byte for byte: the
                // same cells (each passed the checks below), at the same places from here (their
                // values stored from the span's list below; of their spans only the run's start
                // and end are read: a run of per-trace columns holds all the layout columns)
                fs[c] = p - b
                p += plan.layoutSpan.count
                fe[plan.layoutLast] = p - b
                c = plan.layoutLast + 1
                sameLayout = true
                continue
            }
            switch plan.roleCode[c] {
            case RowPlan.RowStep.time:
                guard Self.firstRowNumber(&p, e, &tv, &firstRowShapes.time, commaFollows: c + 1 < plan.ncols) else { return false }
            case RowPlan.RowStep.offset:
                guard Self.firstRowNumber(&p, e, &xv, &firstRowShapes.offset, commaFollows: c + 1 < plan.ncols) else { return false }
            case RowPlan.RowStep.phase: guard Self.phaseStep(&p, e, &flag) else { return false }
            default:
                guard Self.otherStep(&p, e) else { return false }
                if p > cell {
                    let first = cell.pointee, last = p[-1]
                    if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 { return false }
                }
            }
            fs[c] = cell - b
            fe[c] = p - b
            c += 1
        }
        guard Self.lineBreak(&p, e) else { return false }
        let idS = b + fs[plan.traceIDColumn], idE = b + fe[plan.traceIDColumn]
        if idS == idE || (trace.inTrace && trace.idBytes.equals(idS, idE)) { return false }
        // the row is read (as ``nextRow()``)
        self.rowStart = rowStart
        rowFirstLine = line + 1
        line += 1
        window.pos = p - b
        // a new trace (as the general path)
        if trace.inTrace { try finishTrace(body, intern) }
        // (the id's cell was scanned by `otherStep`, which stops at a quote and refuses the row)
        if let error = startTrace(idS, idE, quoteFree: true) { try fail(error) }
        rows += 1
        if trace.hasBad { return true }
        trace.lastTime = tv
        trace.t.append(tv); trace.x.append(xv); trace.mv.append(flag)
        // the row's cells copied once; each per-trace value is its place in that copy
        let first = fs[0], copied = trace.arena.count - first
        trace.arena.append(b + first, b + fe[plan.ncols - 1])
        if sameLayout {
            for m in 0..<plan.ptOutsideSpanCount {
                let j = plan.ptOutsideSpan[m], c = plan.ptCol[j]
                let n = fe[c] - fs[c]
                if n == 0 { continue }
                trace.store(plan.ptField[j], arenaOffset: copied + fs[c], count: n, line: line)
            }
            // the span's non-empty cells, where they are in this row's copy
            let at = copied + fs[plan.layoutFirst]
            for m in 0..<plan.spanStores {
                trace.store(plan.spanStoreField[m], arenaOffset: at + plan.spanStoreStart[m], count: plan.spanStoreCount[m], line: line)
            }
        } else {
            for j in 0..<plan.ptCount {
                let c = plan.ptCol[j]
                let n = fe[c] - fs[c]
                if n == 0 { continue }
                trace.store(plan.ptField[j], arenaOffset: copied + fs[c], count: n, line: line)
            }
        }
        for i in 0..<plan.stepCount where plan.stepKind[i] == RowPlan.RowStep.constant {
            plan.stepBytes[i].append(b + fs[plan.stepFirst[i]], b + fe[plan.stepLast[i]])
        }
        // the trace's layout columns are (so far) the cells of span generation `layoutSpan`
        if plan.layoutFirst >= 0 {
            if !sameLayout { plan.keepLayoutSpan(b, fs, fe) }
            trace.layoutSpan = plan.layoutSpanGeneration
        }
        return true
    }

    /// Whether the row's layout cells at `p` are, byte for byte, ``RowPlan/layoutSpan``, ended
    /// where scanning them ends (a comma or a line break; not a quote, not the buffer's end).
    @inline(__always)
    func sameLayoutCells(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
        let n = plan.layoutSpan.count
        guard e - p > n, TraceReader.bytesEqual(UnsafePointer(plan.layoutSpan.base), p, n) else { return false }
        let end = p[n]
        return end == 0x2C || end == 0x0A || end == 0x0D
    }

    /// Checks the columns `first...last` (trace id and per-trace columns) at `p` column by
    /// column: the trace's id, and each per-trace value as stored or empty. Moves `p` to the
    /// end of the last one; false when a cell is anything else.
    @inline(__always)
    func constantColumns(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ first: Int, _ last: Int) -> Bool {
        var c = first
        while true {
            let role = plan.roleCode[c]
            if role == 1 {
                let n = trace.idBytes.count
                guard e - p > n, TraceReader.bytesEqual(UnsafePointer(trace.idBytes.base), p, n) else { return false }
                p += n
            } else {
                let k = role - RowPlan.perTraceRole
                let n = trace.ptLen[k]
                if n > 0 && e - p > n && TraceReader.bytesEqual(UnsafePointer(trace.arena.base) + trace.ptStart[k], p, n) {
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
    static let movedComma: UInt64 = moved | 0x2C << 40   // "moved,"
    static let beganComma: UInt64 = began | 0x2C << 40   // "began,"
    static let endedComma: UInt64 = ended | 0x2C << 40   // "ended,"
}

extension TraceReader {
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
}
