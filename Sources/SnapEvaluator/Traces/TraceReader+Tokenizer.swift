#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SnapStrategies

// Stage 1 and 2 of the reader: the file window (pread/read into the buffer) and the row
// tokenizer (bytes -> field spans, quoting, line count, quoting faults).

extension TraceReader {
    // MARK: - buffer

    /// Reads more bytes; false at end of file.
    func fill() throws(TraceParseError) -> Bool {
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
            let n = isStream ? systemRead(fd, buf + end, cap - end) : pread(fd, buf + end, cap - end, off_t(readOffset))
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
    func scanRow() -> Int {
        var p = pos
        var f = 0
        rowNewlines = 0
        strayQuoteField = -1
        junkAfterQuoteField = -1
        lineBreakField = -1
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
                        if eof { nf = f; openQuoteField = f }
                        return eof ? -2 : -1
                    }
                    let c = b[p]
                    if c == 0x22 {
                        if p + 1 < e && b[p + 1] == 0x22 { p += 2; continue }
                        if p + 1 >= e && !eof { return -1 }
                        p += 1
                        break
                    }
                    if c == 0x0A {
                        rowNewlines += 1
                        if lineBreakField < 0 { lineBreakField = f }
                    }
                    p += 1
                }
                // characters after the closing quote: the row is refused (a stray quote)
                while p < e {
                    let c = b[p]
                    if c == 0x2C || c == 0x0A || c == 0x0D { break }
                    if junkAfterQuoteField < 0 { junkAfterQuoteField = f }
                    p += 1
                }
            } else {
                fq[k] = false
                while p < e {
                    let c = b[p]
                    if c == 0x2C || c == 0x0A || c == 0x0D { break }
                    if c == 0x22 && strayQuoteField < 0 { strayQuoteField = f }
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

    func growSpans() {
        guard spanCap < Self.maxFields else { return }
        let n = Swift.min(spanCap * 2, Self.maxFields)
        let a = UnsafeMutablePointer<Int>.allocate(capacity: n); a.update(from: fs, count: spanCap); fs.deallocate(); fs = a
        let b = UnsafeMutablePointer<Int>.allocate(capacity: n); b.update(from: fe, count: spanCap); fe.deallocate(); fe = b
        let c = UnsafeMutablePointer<Bool>.allocate(capacity: n); c.update(from: fq, count: spanCap); fq.deallocate(); fq = c
        spanCap = n
    }

    /// Scans the next non-empty row; false at end of file. Sets `line`. `rowStart` is its file offset.
    ///
    /// A row with a quoting fault (a `"` inside an unquoted field, text after a closing quote,
    /// a quote left open at the end of the file, or a quoted line break in a row with the wrong
    /// number of fields: all signs of a stray quote) sets ``rowFault`` (the header's throws):
    /// the fault names the row's first line, and when the row ran over several lines reading
    /// resumes on the line after its first, so that a stray quote costs one row, never the
    /// rows up to the next quote. ``rowFaultField`` is the first field it concerns.
    func nextRow() throws(TraceParseError) -> Bool {
        rowFault = nil
        while true {
            let next = scanRow()
            if next == -1 {
                _ = try fill()
                continue
            }
            if next == -2 {
                rowStart = bufFileOffset + pos
                rowFirstLine = line + 1
                line += 1
                let fault = TraceParseError.unterminatedQuote(file: path, line: line, column: columnName(openQuoteField))
                if cols == nil || !options.lenient { throw fault }
                rowFault = fault
                rowFaultField = openQuoteField
                pos = lineEnd(from: pos)
                return true
            }
            if next == pos { return false }   // nothing left
            rowStart = bufFileOffset + pos
            rowFirstLine = line + 1
            line += 1
            let isEmpty = nf == 1 && fe[0] == fs[0] && !fq[0]
            if let fault = quotingFault() {
                if cols == nil || !options.lenient { throw fault }
                rowFault = fault
                pos = rowNewlines > 0 ? lineEnd(from: pos) : next
                return true
            }
            let lineCount = rowNewlines
            pos = next
            line += lineCount
            if isEmpty { continue }
            return true
        }
    }

    /// The quoting fault of the row just scanned, if any (see ``nextRow()``); sets ``rowFaultField``.
    func quotingFault() -> TraceParseError? {
        let expected = "a '\"' only around a whole field, doubled inside it (RFC 4180)"
        if junkAfterQuoteField >= 0 {
            rowFaultField = junkAfterQuoteField
            return .strayQuote(file: path, line: line, column: columnName(junkAfterQuoteField),
                               found: "text after the closing quote of a quoted field", expected: expected)
        }
        if strayQuoteField >= 0 && strayQuoteField < Swift.min(nf, spanCap) {
            rowFaultField = strayQuoteField
            let bytes = fieldCopy(strayQuoteField)
            return .strayQuote(file: path, line: line, column: columnName(strayQuoteField),
                               found: String(decoding: bytes.prefix(200), as: UTF8.self), expected: expected)
        }
        if rowNewlines > 0 && cols != nil && nf != ncols && lineBreakField >= 0 {
            rowFaultField = lineBreakField
            return .strayQuote(file: path, line: line, column: columnName(lineBreakField),
                               found: "a quoted field running over \(rowNewlines + 1) lines in a row of \(nf) fields (\(ncols) expected)",
                               expected: expected)
        }
        return nil
    }

    /// The buffer position after the first line break at or after `from` (the buffer's end
    /// when there is none).
    func lineEnd(from: Int) -> Int {
        var p = from
        while p < end && buf[p] != 0x0A { p += 1 }
        return p < end ? p + 1 : end
    }

    func columnName(_ i: Int) -> String {
        guard let cols, i >= 0, i < cols.names.count else { return "column \(i + 1)" }
        return cols.names[i]
    }

    /// The field's bytes, unquoted in place and trimmed of spaces and tabs.
    @inline(__always)
    func field(_ i: Int) -> (UnsafePointer<UInt8>, UnsafePointer<UInt8>) {
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
    func fieldCopy(_ i: Int) -> [UInt8] {
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
    func text(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(start: s, count: e - s), as: UTF8.self)
    }
}

/// POSIX `read()` (the name is taken by ``TraceReader/read(paths:options:_:)`` inside the class).
@inline(__always)
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// A file's size and modification time, to tell whether it changed.
struct FileStamp: Sendable, Equatable {
    var size: Int
    var seconds: Int
    var nanoseconds: Int

    init(_ st: stat) {
        size = Int(st.st_size)
        #if canImport(Darwin)
        seconds = Int(st.st_mtimespec.tv_sec); nanoseconds = Int(st.st_mtimespec.tv_nsec)
        #else
        seconds = Int(st.st_mtim.tv_sec); nanoseconds = Int(st.st_mtim.tv_nsec)
        #endif
    }

    /// What changed since `start`, or `nil`.
    func change(since start: FileStamp) -> String? {
        if size != start.size { return "\(start.size) bytes when opened, \(size) at the end" }
        if seconds != start.seconds || nanoseconds != start.nanoseconds { return "modified during the read" }
        return nil
    }
}
