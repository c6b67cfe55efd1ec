/// Stage 2 of the reader: the row tokenizer. Turns the bytes of one row into field spans
/// (RFC 4180 quoting: commas, doubled quotes and line breaks inside quotes; LF or CRLF) and
/// counts the line breaks inside quoted fields. It never does I/O and never raises an error: it
/// returns a ``Status`` and notes the quoting faults it met (``strayQuoteField``,
/// ``junkAfterQuoteField``, ``lineBreakField``, ``openQuoteField``), which the reader's loop
/// turns into errors (after the `csv-core` design: a tokenizer that only reports a status).
///
/// Owned by ``ReaderCore`` (not copyable: it owns the span arrays, freed in `deinit`).
struct RowTokenizer: ~Copyable {
    /// What ``scan(_:at:end:eof:)`` found.
    enum Status: Equatable {
        /// A row: its fields are `0..<fieldCount`; the next row starts at `next` (`next` equal to
        /// the scan's start: nothing was left, the input is at its end).
        case row(next: Int)
        /// The bytes end inside the row and more may follow: scan again with more.
        case needMoreInput
        /// A quote left open at the end of the input (``openQuoteField`` is its field).
        case unterminatedQuote
    }

    /// The most fields of one row kept apart (the header allows at most 4096 columns); past it
    /// fields are counted, not kept.
    static let maxFields = 8192

    /// Field `i`'s bytes are `fs[i]..<fe[i]` (including its quotes when `fq[i]`).
    var fs: UnsafeMutablePointer<Int>
    var fe: UnsafeMutablePointer<Int>
    var fq: UnsafeMutablePointer<Bool>
    var spanCap = 64
    /// The number of fields of the row scanned last.
    var nf = 0
    /// Line breaks inside quoted fields of the row scanned last.
    var rowNewlines = 0
    /// The first field with a `"` inside an unquoted field, -1 when none.
    var strayQuoteField = -1
    /// The first field with text after its closing quote, -1 when none.
    var junkAfterQuoteField = -1
    /// The first field with a quoted line break, -1 when none.
    var lineBreakField = -1
    /// The field whose quote was left open (``Status/unterminatedQuote``).
    var openQuoteField = 0

    init() {
        fs = .allocate(capacity: 64)
        fe = .allocate(capacity: 64)
        fq = .allocate(capacity: 64)
    }

    deinit {
        fs.deallocate(); fe.deallocate(); fq.deallocate()
    }

    /// The number of fields whose spans are kept.
    var keptFields: Int { Swift.min(nf, spanCap) }

    /// Whether the row scanned last is an empty line.
    var isEmptyRow: Bool { nf == 1 && fe[0] == fs[0] && !fq[0] }

    /// Scans the row at `b[pos]` (bytes up to `end`; `eof`: no bytes follow `end`) into the field spans.
    @inline(__always)
    mutating func scan(_ b: UnsafePointer<UInt8>, at pos: Int, end e: Int, eof: Bool) -> Status {
        var p = pos
        var f = 0
        rowNewlines = 0
        strayQuoteField = -1
        junkAfterQuoteField = -1
        lineBreakField = -1
        while true {
            if f >= spanCap { growSpans() }
            let k = f < spanCap ? f : spanCap - 1
            fs[k] = p
            if p < e && b[p] == 0x22 {
                fq[k] = true
                p += 1
                while true {
                    guard p < e else {
                        if eof { nf = f; openQuoteField = f; return .unterminatedQuote }
                        return .needMoreInput
                    }
                    let c = b[p]
                    if c == 0x22 {
                        if p + 1 < e && b[p + 1] == 0x22 { p += 2; continue }
                        if p + 1 >= e && !eof { return .needMoreInput }
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
                if !eof { return .needMoreInput }
                nf = f
                return .row(next: p)
            }
            let c = b[p]
            if c == 0x2C { p += 1; continue }
            nf = f
            if c == 0x0D {
                p += 1
                if p >= e && !eof { return .needMoreInput }
                if p < e && b[p] == 0x0A { p += 1 }
            } else {
                p += 1
            }
            return .row(next: p)
        }
    }

    mutating func growSpans() {
        guard spanCap < Self.maxFields else { return }
        let n = Swift.min(spanCap * 2, Self.maxFields)
        let a = UnsafeMutablePointer<Int>.allocate(capacity: n); a.update(from: fs, count: spanCap); fs.deallocate(); fs = a
        let b = UnsafeMutablePointer<Int>.allocate(capacity: n); b.update(from: fe, count: spanCap); fe.deallocate(); fe = b
        let c = UnsafeMutablePointer<Bool>.allocate(capacity: n); c.update(from: fq, count: spanCap); fq.deallocate(); fq = c
        spanCap = n
    }

    /// Cuts the row just scanned at buffer index `limit` (its first line's end, when reading
    /// resumes on the next line after a quoting fault): fields starting at or after `limit` are
    /// dropped and the others end there. The row then owns only its first line, so that
    /// ``field(_:_:)``, which unquotes in place, never writes over the lines read next (found by
    /// the fuzzer: a skipped trace's id then depended on where a byte range started).
    mutating func clip(to limit: Int) {
        var kept = 0
        for k in 0..<keptFields {
            if fs[k] >= limit && k > 0 { break }
            fs[k] = Swift.min(fs[k], limit)
            fe[k] = Swift.min(fe[k], limit)
            kept = k + 1
        }
        nf = kept
    }

    /// Field `i`'s bytes in `buf`, unquoted in place and trimmed of spaces and tabs.
    @inline(__always)
    func field(_ i: Int, _ buf: UnsafeMutablePointer<UInt8>) -> (UnsafePointer<UInt8>, UnsafePointer<UInt8>) {
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

    /// Field `i`'s bytes in `buf`, unquoted and trimmed, copied (the buffer is left as it is).
    func fieldCopy(_ i: Int, _ buf: UnsafePointer<UInt8>) -> [UInt8] {
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
}

/// The bytes `s..<e` as a `String` (UTF-8, invalid bytes replaced).
@inline(__always)
func byteText(_ s: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> String {
    String(decoding: UnsafeBufferPointer(start: s, count: e - s), as: UTF8.self)
}
