#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SnapStrategies

// Stage of the reader: the fast row decoder (common rows in one pass, no reporting: it stops
// at the first row it cannot take and leaves it to the checked path).

extension ReaderCore {
    /// The fast paths read more of the file first when fewer bytes than this are left in the
    /// buffer (a row cut by the buffer's end goes to the general path, which reads on).
    static let lookahead = 1 << 12

    /// Reads the common rows at `pos`, one pass over the bytes of each, until a row that is not
    /// one: unquoted, the same trace as the row before, the same per-trace values (byte for byte)
    /// or empty cells, numbers in plain decimal form, phase began/moved/ended, time not going
    /// back, the trace not at its sample limit. That row is left for the general path
    /// (``nextRow()`` and the checks after it), with its exact error reporting.
    ///
    /// The loop keeps the position, the time and the samples in locals and writes them back
    /// when it stops, or before reading more of the file (which moves the buffer's bytes).
    mutating func fastRows() throws(TraceParseError) {
        if plan.usualPlan { try fastRowsUsualPlan() } else { try fastRowsAnyPlan() }
    }

    /// ``fastRows()`` for the usual plan. (Two functions, not one with both loops: each stays
    /// small enough for the compiler to inline the steps into it.)
    mutating func fastRowsUsualPlan() throws(TraceParseError) { try fastRows(usual: true) }

    /// ``fastRows()`` for any plan.
    mutating func fastRowsAnyPlan() throws(TraceParseError) { try fastRows(usual: false) }

    /// ``fastRows()`` for the usual plan (`usual` true: unrolled, no step dispatch) or any plan.
    ///
    /// Before each row, with less than ``lookahead`` bytes left in the buffer and the file not at
    /// its end, more is read (``fill()``); a row cut by the end of the buffer is not a common
    /// row (the general path reads on).
    ///
    /// Usual plan: while at least ``UsualRuns/span`` bytes are left, rows are read without bounds
    /// checks (``usualRowInBounds(_:_:_:_:)``); a row that is not read so (another trace, a run whose
    /// bytes changed, the buffer's end near, …) goes to the checked ``row(_:_:_:_:_:usual:)``, as
    /// for any plan.
    @inline(__always)
    mutating func fastRows(usual: Bool) throws(TraceParseError) {
        let maxSamples = self.maxSamples
        var filled = false
        while true {
            let b = UnsafePointer(window.buf), e = b + window.end
            let eof = window.eof
            var p = b + window.pos
            var lastTime = trace.lastTime
            let first = trace.t.count
            var count = first
            let ts = trace.t.base, xs = trace.x.base, ms = trace.mv.base
            let room = Swift.min(trace.t.capacity, trace.x.capacity, trace.mv.capacity, maxSamples)
            var runs = usual ? UsualRuns(plan.stepBytes) : UsualRuns()
            var lastRow = p
            var needsBytes = false, stopped = false
            while count < room {
                if usual && e - p >= runs.span {
                    // rows with room for the span in the buffer: no bounds checks
                    let before = count
                    Self.usualRowsInBounds(&p, e, runs, &shapes, &rowTemplates, ts, xs, ms, &count, room, &lastTime, &lastRow)
                    if count > before { filled = false }
                    if count == room { break }
                    if count > before && ms[count - 1] == 0 { stopped = true; break }
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
                if flag == 0 { stopped = true; break }   // lift-off (see usualRowsInBounds)
                // the row may have checked a run column by column (and kept its new bytes)
                if usual { runs = UsualRuns(plan.stepBytes) }
            }
            trace.t.count = count; trace.x.count = count; trace.mv.count = count
            trace.lastTime = lastTime
            window.pos = p - b
            let rowsRead = count - first
            if rowsRead > 0 {
                rowStart = window.bufFileOffset + (lastRow - b)
                line += rowsRead
                rowFirstLine = line
                rows += rowsRead
            }
            if stopped { return }
            if needsBytes {
                _ = try window.fill(line: line)
                filled = true
            } else {
                // the general path reports a trace at its sample limit
                if count >= maxSamples { return }
                trace.t.grow(); trace.x.grow(); trace.mv.grow()
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
        init(_ runs: UnsafeMutablePointer<ByteArena>) {
            head = UnsafePointer(runs[0].base); headCount = runs[0].count
            tail = UnsafePointer(runs[4].base); tailCount = runs[4].count
            span = headCount + tailCount + 96
        }
    }

    /// The shapes of the last `t_ms` and `offset` cells read by ``usualRowInBounds(_:_:_:_:)``:
    /// the next row's cells are read with them first.
    struct UsualShapes {
        var time = DecimalShape()
        var offset = DecimalShape()
    }

    /// Reads usual-plan rows at `p` with ``usualRowInBounds(_:_:_:_:)`` while at least `runs.span`
    /// bytes are left before `e` and `count < room`, storing their samples at `count` (as the
    /// loop of ``fastRows(usual:)``), until a row that is not read so. A row the template
    /// refuses whose phase is `ended` and whose other bytes the template takes
    /// (``RowTemplate/matchesEnded(_:)``) is the trace's lift-off, read without its cells. (Its
    /// own function: small enough for the compiler to inline the row and keep everything in
    /// registers.)
    ///
    /// The first row is tried with a template kept from an earlier call (`templates`: the slot
    /// of the last sample's digits, ``RowTemplate/rebase(row:runs:)``); a fixed-point template
    /// built in the call is kept there for the next calls.
    @inline(never)
    static func usualRowsInBounds(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ runs: UsualRuns,
                                          _ shapes: inout UsualShapes, _ templates: inout RowTemplateCache,
                                          _ ts: UnsafeMutablePointer<Double>, _ xs: UnsafeMutablePointer<Double>,
                                          _ ms: UnsafeMutablePointer<UInt8>, _ count: inout Int, _ room: Int,
                                          _ lastTime: inout Double, _ lastRow: inout UnsafePointer<UInt8>) {
        // both runs known (``usualRowInBounds(_:_:_:_:)`` compares them without checking)
        guard runs.headCount > 0 && runs.tailCount > 0 else { return }
        var p0 = p, n = count, time = lastTime, last = lastRow
        let limit = e - runs.span   // p0 <= limit: at least `span` bytes left (span > 64)
        // the last row read cell by cell, as a whole-row shape; before the first, the kept one of
        // this row's likely layout, rebased onto it (or none)
        var template = RowTemplate()
        if p0 <= limit {
            var kept = templates.template(RowTemplate.slot(tailCount: runs.tailCount, time: time, offset: n > 0 ? xs[n &- 1] : 0))
            if kept.rebase(row: p0, runs: runs) { template = kept }
        }
        var built = false
        while n < room && p0 <= limit {
            // the same steps as the cell-by-cell read, by lanes: a move sample, or the trace's last
            // row (`ended`): a lift-off sample, then the general path's turn
            let moves = template.matches(p0)
            if moves || template.matchesEnded(p0) {
                let (tv, xv) = template.values(p0, shapes)
                guard tv >= time else { break }
                ts[n] = tv; xs[n] = xv; ms[n] = moves ? 1 : 0
                n &+= 1
                time = tv
                last = p0
                p0 += template.length
                if moves { continue }
                break
            }
            var q = p0
            guard let (tv, xv, flag) = usualRowInBounds(&q, e, runs, &shapes), tv >= time else { break }
            ts[n] = tv; xs[n] = xv; ms[n] = flag
            n &+= 1
            time = tv
            last = p0
            if flag == 0 { p0 = q; break }   // lift-off: a later row of the trace is the general path's error
            // the shapes may have changed: the template is this row's (or none)
            template = RowTemplate(row: p0, end: q, headCount: runs.headCount, tailCount: runs.tailCount, shapes: shapes)
            built = true
            p0 = q
        }
        if built && template.fixedPoint { templates.keep(template) }
        p = p0; count = n; lastTime = time; lastRow = last
    }

    /// A usual-plan row (as ``row(_:_:_:_:_:usual:)``) with at least `runs.span` bytes before `e`,
    /// read without bounds checks: its time, offset and move flag, `p` moved to the next row.
    /// `nil` when it is not a common row whose runs are, byte for byte, `runs` (the checked
    /// ``row(_:_:_:_:_:usual:)`` then decides). Each number is read with the shape of the last
    /// one of its column (`shapes`), or else by ``DecimalParser`` (its shape then kept).
    /// Both runs must be known (not empty: the caller checks).
    @inline(__always)
    static func usualRowInBounds(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>,
                                         _ runs: UsualRuns, _ shapes: inout UsualShapes) -> (Double, Double, UInt8)? {
        var q = p
        guard TraceReader.bytesEqual(runs.head, q, runs.headCount), q[runs.headCount] == 0x2C else { return nil }
        q += runs.headCount + 1
        guard let tv = shapes.time.readCell(&q, e), let xv = shapes.offset.readCell(&q, e) else { return nil }
        // the phase and the comma after it, one load (within the span); `moved` first, as most rows
        let flag: UInt8
        let phase = UInt64(littleEndian: UnsafeRawPointer(q).loadUnaligned(as: UInt64.self)) & 0xFFFF_FFFF_FFFF
        if _fastPath(phase == movedComma) {
            flag = 1
        } else if phase == endedComma {
            flag = 0
        } else if phase == beganComma {
            flag = 1
        } else {
            return nil
        }
        guard TraceReader.bytesEqual(runs.tail, q + 6, runs.tailCount) else { return nil }
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
    /// (the others go through ``usualRowInBounds(_:_:_:_:)``), and keeping it out of the row loop
    /// leaves the compiler room to inline that one.
    @inline(never)
    mutating func checkedUsualRow(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ tv: inout Double,
                                 _ xv: inout Double, _ flag: inout UInt8) -> Bool {
        row(&p, e, &tv, &xv, &flag, usual: true)
    }

    /// One common row at `p` (see ``fastRows()``): its time, offset and move flag; `p` moves to
    /// the next row. False when the row is anything else.
    @inline(__always)
    mutating func row(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, _ tv: inout Double, _ xv: inout Double,
                     _ flag: inout UInt8, usual: Bool) -> Bool {
        if usual {
            guard constantStep(0, &p, e), Self.comma(&p, e),
                  Self.numberStep(&p, e, &tv), Self.comma(&p, e),
                  Self.numberStep(&p, e, &xv), Self.comma(&p, e),
                  Self.phaseStep(&p, e, &flag), Self.comma(&p, e),
                  constantStep(4, &p, e) else { return false }
        } else {
            let steps = plan.stepCount, kinds = plan.stepKind
            var i = 0
            while true {
                let ok: Bool
                switch kinds[i] {
                case RowPlan.RowStep.constant: ok = constantStep(i, &p, e)
                case RowPlan.RowStep.time: ok = Self.numberStep(&p, e, &tv)
                case RowPlan.RowStep.offset: ok = Self.numberStep(&p, e, &xv)
                case RowPlan.RowStep.phase: ok = Self.phaseStep(&p, e, &flag)
                default: ok = Self.otherStep(&p, e)
                }
                guard ok else { return false }
                i += 1
                if i == steps { break }
                guard Self.comma(&p, e) else { return false }
            }
        }
        return Self.lineBreak(&p, e)
    }

    /// The line break (LF or CRLF) that ends a row.
    @inline(__always)
    static func lineBreak(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
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
    static func comma(_ p: inout UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
        guard p < e, p.pointee == 0x2C else { return false }
        p += 1
        return true
    }
}
