/// Splits one line of a delimited text file into fields: RFC 4180 quoting (`"a,b"`, `""` for a
/// quote inside quotes), any one-byte delimiter. Fields come with their 1-based starting column
/// (in characters).
///
/// Works on the line's UTF-8 bytes (every byte the rules look at is ASCII, so a multi-byte
/// character is never cut): `snaplab import` splits hundreds of thousands of lines, and walking
/// `Character`s (grapheme clusters) cost most of its time.
enum DelimitedLine {
    struct Field {
        var text: String
        var column: Int
    }

    private static let quote: UInt8 = 0x22, space: UInt8 = 0x20, cr: UInt8 = 0x0D

    /// The fields of `line`; a quote left open at the end of the line is an error at its column.
    static func split(_ line: Substring, delimiter: Character, file: String, lineNumber: Int) throws(PointerImportError) -> [Field] {
        let delim = delimiter.asciiValue ?? 0x2C
        var fields: [Field] = []
        var quoteStart: Int? = nil, ascii = true
        let contiguous: Bool? = line.utf8.withContiguousStorageIfAvailable { bytes in
            (quoteStart, ascii) = split(bytes, delimiter: delim, into: &fields)
            return true
        }
        if contiguous == nil {
            (quoteStart, ascii) = Array(line.utf8).withUnsafeBufferPointer { split($0, delimiter: delim, into: &fields) }
        }
        // columns so far are byte offsets + 1: right for ASCII lines, counted in characters otherwise
        if !ascii {
            func column(_ byteColumn: Int) -> Int {
                let index = line.utf8.index(line.utf8.startIndex, offsetBy: byteColumn - 1)
                return line[line.startIndex..<index].count + 1
            }
            for k in fields.indices { fields[k].column = column(fields[k].column) }
            quoteStart = quoteStart.map { column($0 + 1) - 1 }
        }
        if let quoteStart {
            throw PointerImportError(file: file, line: lineNumber, column: quoteStart + 1,
                                     "found a quote that is not closed on this line, expected a closing \"")
        }
        return fields
    }

    /// Splits `bytes` into `fields` (columns as byte offsets + 1); returns the byte offset of a
    /// quote left open, if any, and whether every byte was ASCII. Unquoted fields are cut
    /// straight from `bytes`; a quoted field's text is collected (its doubled quotes undone).
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8,
                              into fields: inout [Field]) -> (openQuote: Int?, ascii: Bool) {
        var high: UInt8 = 0
        var quoted: [UInt8] = []
        var start = 0
        var inQuotes = false, quoteOffset = 0, wasQuoted = false
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            high |= b
            if inQuotes {
                if b == quote {
                    if i + 1 < n, bytes[i + 1] == quote { quoted.append(quote); i += 2; continue }
                    inQuotes = false
                } else {
                    quoted.append(b)
                }
            } else if b == delimiter {
                let text = wasQuoted ? String(decoding: quoted, as: UTF8.self) : trimmedText(UnsafeBufferPointer(rebasing: bytes[start..<i]))
                fields.append(Field(text: text, column: start + 1))
                start = i + 1
                wasQuoted = false
            } else if b == quote && !wasQuoted && blank(bytes, start, i) {
                inQuotes = true
                wasQuoted = true
                quoteOffset = i
                quoted.removeAll(keepingCapacity: true)
            } else if wasQuoted {
                quoted.append(b)
            }
            i += 1
        }
        if inQuotes { return (quoteOffset, high < 0x80) }
        let text = wasQuoted ? String(decoding: quoted, as: UTF8.self) : trimmedText(UnsafeBufferPointer(rebasing: bytes[start..<n]))
        fields.append(Field(text: text, column: start + 1))
        return (nil, high < 0x80)
    }

    /// Whether `bytes[from..<to]` holds only spaces and carriage returns.
    private static func blank(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
        var k = from
        while k < to {
            if bytes[k] != space && bytes[k] != cr { return false }
            k += 1
        }
        return true
    }

    /// `bytes` as text without leading and trailing spaces and carriage returns.
    private static func trimmedText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var lo = 0, hi = bytes.count
        while lo < hi, bytes[lo] == space || bytes[lo] == cr { lo += 1 }
        while hi > lo, bytes[hi - 1] == space || bytes[hi - 1] == cr { hi -= 1 }
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    static func trimmed(_ s: String) -> String {
        Array(s.utf8).withUnsafeBufferPointer(trimmedText)
    }

    /// The delimiter among `,` `;` tab that occurs most often in `header` (outside quotes);
    /// `,` when none does.
    static func detectDelimiter(_ header: Substring) -> Character {
        var counts: [Character: Int] = [",": 0, ";": 0, "\t": 0]
        var inQuotes = false
        for c in header {
            if c == "\"" { inQuotes.toggle() } else if !inQuotes, counts[c] != nil { counts[c, default: 0] += 1 }
        }
        // in a fixed order, the first of a tie winning (a dictionary's order differs between runs)
        var best: Character = ","
        for c: Character in [",", ";", "\t"] where counts[c, default: 0] > counts[best, default: 0] { best = c }
        return best
    }

    /// A plain decimal (`-12.5`, `3e2`; no hex, no `inf`, no `nan`), finite; `nil` otherwise.
    static func number(_ text: String) -> Double? {
        guard !text.isEmpty,
              text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E || $0 == 0x45 || $0 == 0x65 }),
              let v = Double(text), v.isFinite else { return nil }
        return v
    }
}
