/// Splits one line of a delimited text file into fields: RFC 4180 quoting (`"a,b"`, `""` for a
/// quote inside quotes), any one-byte delimiter. Fields come with their 1-based starting column.
enum DelimitedLine {
    struct Field {
        var text: String
        var column: Int
    }

    /// The fields of `line`; a quote left open at the end of the line is an error at its column.
    static func split(_ line: Substring, delimiter: Character, file: String, lineNumber: Int) throws(PointerImportError) -> [Field] {
        var fields: [Field] = []
        var current = ""
        var start = 1, column = 0
        var inQuotes = false, quoteColumn = 0, wasQuoted = false
        var iterator = line.makeIterator()
        var pending: Character? = nil
        while let c = pending ?? iterator.next() {
            pending = nil
            column += 1
            if inQuotes {
                if c == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { current.append("\""); column += 1 } else { inQuotes = false; pending = next }
                    } else {
                        inQuotes = false
                    }
                } else {
                    current.append(c)
                }
            } else if c == delimiter {
                fields.append(Field(text: wasQuoted ? current : trimmed(current), column: start))
                current = ""
                start = column + 1
                wasQuoted = false
            } else if c == "\"" && trimmed(current).isEmpty {
                inQuotes = true
                wasQuoted = true
                quoteColumn = column
                current = ""
            } else {
                current.append(c)
            }
        }
        guard !inQuotes else {
            throw PointerImportError(file: file, line: lineNumber, column: quoteColumn,
                                     "found a quote that is not closed on this line, expected a closing \"")
        }
        fields.append(Field(text: wasQuoted ? current : trimmed(current), column: start))
        return fields
    }

    static func trimmed(_ s: String) -> String {
        var t = Substring(s)
        while let f = t.first, f == " " || f == "\r" { t = t.dropFirst() }
        while let l = t.last, l == " " || l == "\r" { t = t.dropLast() }
        return String(t)
    }

    /// The delimiter among `,` `;` tab that occurs most often in `header` (outside quotes);
    /// `,` when none does.
    static func detectDelimiter(_ header: Substring) -> Character {
        var counts: [Character: Int] = [",": 0, ";": 0, "\t": 0]
        var inQuotes = false
        for c in header {
            if c == "\"" { inQuotes.toggle() } else if !inQuotes, counts[c] != nil { counts[c, default: 0] += 1 }
        }
        if let best = counts.max(by: { a, b in a.value != b.value ? a.value < b.value : a.key != "," }), best.value > 0 {
            return best.key
        }
        return ","
    }

    /// A plain decimal (`-12.5`, `3e2`; no hex, no `inf`, no `nan`), finite; `nil` otherwise.
    static func number(_ text: String) -> Double? {
        guard !text.isEmpty,
              text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              let v = Double(text), v.isFinite else { return nil }
        return v
    }
}
