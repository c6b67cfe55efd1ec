import SnapStrategies

// The reader's loop over its stages, and the only place that decides strict vs lenient
// (``ReaderCore/fail(_:)``, and a row's quoting fault at once after ``ReaderCore/nextRow()``): the fast decoder takes the rows it can, the tokenizer and the
// checked decoder the others, the assembler collects the trace, the contiguity tracker checks
// its id, the release builder makes its record.

extension ReaderCore {
    /// Reads every trace, calling `body` for each good, non-cancelled one with the builder's own
    /// record (``ReleaseBuilder/lent``, passed `inout`: its address, no copy; `body` must not
    /// change it); `intern` adds a user name to the reader's users table and gives its index.
    mutating func read(_ body: (inout TraceRecord) throws -> Void, intern: (String) -> Int) throws -> FileReadSummary {
        do {
            if cols.kind == .releaseLevel {
                try readReleaseLevel(body, intern)
            } else {
                try readSampleLevel(body, intern)
            }
        } catch let error as TraceParseError {
            // a row cut by a file truncated under the reader: the change is the error to report
            try window.checkUnchanged()
            throw numbered(error)
        }
        try window.checkUnchanged()
        if window.isStream { stopOffset = window.readOffset }
        summary.lines = line
        summary.rows = rows
        summary.tracesRead = trace.tracesRead
        summary.tracesYielded = trace.tracesYielded
        summary.tracesCancelled = trace.tracesCancelled
        return summary
    }

    /// Records `fault` against the current trace (lenient) or throws it (strict).
    @inline(__always)
    mutating func fail(_ fault: TraceParseError) throws(TraceParseError) {
        if !lenient { throw fault }
        trace.note(fault)
    }

    /// `error` with the number of the column it names (the one place that adds it, on the cold
    /// path: the stages name columns by their header names).
    func numbered(_ error: TraceParseError) -> TraceParseError {
        guard let cols = plan.cols else { return error }
        return error.numberingColumn(in: cols.names)
    }

    mutating func readSampleLevel(_ body: (inout TraceRecord) throws -> Void, _ intern: (String) -> Int) throws {
        let cID = cols.traceID, ncols = plan.ncols
        while true {
            if trace.inTrace && !trace.hasBad && !trace.storedQuote && !trace.endedLast { try fastRows() }
            if try fastFirstRow(body, intern) { continue }
            guard try nextRow() else { break }
            if let rowFault, !lenient { throw rowFault }   // strict: at once, before the trace ends
            let nf = tokenizer.nf
            // trace id (read even from a row with the wrong number of fields, to keep traces apart;
            // a row with a quoting fault at or before the id belongs to the current trace)
            let idCol = cID < nf && (rowFault == nil || cID < rowFaultField) ? cID : -1
            var newTrace = !trace.inTrace
            var idS = UnsafePointer<UInt8>(window.buf), idE = UnsafePointer<UInt8>(window.buf)
            if idCol >= 0 {
                (idS, idE) = field(idCol)
                if trace.inTrace && !trace.idBytes.equals(idS, idE) { newTrace = true }
            }
            if newTrace {
                if trace.inTrace { try finishTrace(body, intern) }
                if rowStart >= rangeEnd { line = rowFirstLine - 1; stopOffset = rowStart; return }
                if let e = startTrace(idS, idE) { try fail(e) }
                // (a row of the wrong width is that error first)
                if idS == idE && rowFault == nil && nf == ncols { try fail(emptyTraceID()) }
            }
            let afterEnded = !newTrace && trace.endedLast && !trace.cancelled
            rows += 1
            if let rowFault {
                try fail(rowFault)
                continue
            }
            if nf != ncols {
                try fail(.fieldCount(file: window.path, line: line, found: nf, expected: ncols))
                continue
            }
            if trace.hasBad { continue }
            if let fault = checkedSampleRow(afterEnded: afterEnded) { try fail(fault) }
        }
        if trace.inTrace { try finishTrace(body, intern) }
        stopOffset = window.bufFileOffset + window.end
    }

    mutating func readReleaseLevel(_ body: (inout TraceRecord) throws -> Void, _ intern: (String) -> Int) throws {
        let cID = cols.traceID, ncols = plan.ncols
        while try nextRow() {
            if let rowFault, !lenient { throw rowFault }   // strict: at once, before the trace ends
            if trace.inTrace { try finishTrace(body, intern) }
            if rowStart >= rangeEnd { line = rowFirstLine - 1; stopOffset = rowStart; return }
            let nf = tokenizer.nf
            var idS = UnsafePointer<UInt8>(window.buf), idE = UnsafePointer<UInt8>(window.buf)
            let idUsable = cID < nf && (rowFault == nil || cID < rowFaultField)
            if idUsable { (idS, idE) = field(cID) }
            let duplicate = startTrace(idS, idE)
            rows += 1
            if let duplicate { try fail(duplicate) }
            if let rowFault {
                try fail(rowFault)
                continue
            }
            if idS == idE && nf == ncols { try fail(emptyTraceID()) }
            if nf != ncols {
                try fail(.fieldCount(file: window.path, line: line, found: nf, expected: ncols))
                continue
            }
            if trace.hasBad { continue }
            if let fault = checkedReleaseRow() { try fail(fault) }
        }
        if trace.inTrace { try finishTrace(body, intern) }
        stopOffset = window.bufFileOffset + window.end
    }

    /// Starts a trace on the current line; returns the non-contiguity fault if its id was seen before.
    /// `quoteFree`: the caller scanned the id and found no `"` (``fastFirstRow(_:_:)``).
    @inline(__always)
    mutating func startTrace(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, quoteFree: Bool = false) -> TraceParseError? {
        trace.start(s, e, line: line, quoteFree: quoteFree)
        plan.forgetStepBytes()
        guard ids.see(s, e, line: line) else { return nil }
        return .nonContiguousTrace(file: window.path, line: line, column: "trace_id", traceID: trace.traceID)
    }

    /// Ends the current trace: lists it (lenient, with its first fault), counts it (cancelled),
    /// or builds its record (the builder's own, overwritten in place: ``ReleaseBuilder/lent``)
    /// and lends it to `body`.
    mutating func finishTrace(_ body: (inout TraceRecord) throws -> Void, _ intern: (String) -> Int) throws {
        trace.inTrace = false
        if trace.hasBad, let bad = trace.bad {
            summary.skipped.append(SkippedTrace(location: TraceLocation(file: window.path, line: trace.traceLine), traceID: trace.traceID, error: numbered(bad)))
            return
        }
        if trace.cancelled {
            trace.tracesCancelled += 1
            return
        }
        do {
            try builder.build(of: trace, isSampleLevel: plan.isSampleLevel, hasTouchX: plan.hasTouchX,
                              hasPhase: plan.hasPhase, intern: intern)
        } catch {
            if !lenient { throw error }
            summary.skipped.append(SkippedTrace(location: TraceLocation(file: window.path, line: trace.traceLine), traceID: trace.traceID, error: numbered(error)))
            return
        }
        trace.tracesYielded += 1
        try body(&builder.lent!)
    }
}
