/// A plain-text table with a header row; numeric-looking columns are right-aligned.
public struct TextTable: Sendable {
    public var header: [String]
    public var rows: [[String]]
    /// Columns (by index) to right-align; by default every column whose cells all look numeric.
    public var rightAligned: Set<Int>?

    public init(header: [String], rows: [[String]] = [], rightAligned: Set<Int>? = nil) {
        self.header = header
        self.rows = rows
        self.rightAligned = rightAligned
    }

    /// The table as lines joined by newlines (with a trailing newline), columns separated by
    /// two spaces, a dashed rule under the header.
    public func rendered() -> String {
        let columns = header.count
        var widths = header.map(\.count)
        for row in rows {
            for (j, cell) in row.prefix(columns).enumerated() { widths[j] = max(widths[j], cell.count) }
        }
        let right = rightAligned ?? Set((0..<columns).filter { j in
            !rows.isEmpty && rows.allSatisfy { j < $0.count && TextTable.looksNumeric($0[j]) }
        })
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for j in 0..<columns {
                let cell = j < cells.count ? cells[j] : ""
                let pad = String(repeating: " ", count: widths[j] - cell.count)
                parts.append(right.contains(j) ? pad + cell : cell + pad)
            }
            var s = parts.joined(separator: "  ")
            while s.last == " " { s.removeLast() }
            return s
        }
        var out = line(header) + "\n"
        out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for row in rows { out += line(row) + "\n" }
        return out
    }

    static func looksNumeric(_ s: String) -> Bool {
        guard let f = s.first else { return false }
        return f.isNumber || ((f == "-" || f == "+" || f == "[") && s.count > 1) || s == "nan" || s == "inf"
    }
}
