import SnapLabSupport
import SnapTraces
import SnapScoring

/// `snaplab compare` on traces without `intended_index`: no hit rates (there is nothing to hit),
/// but what the policies do: the pages each moves the traces (distribution), and how often
/// each pair of policies chose the same item (agreement matrix), as tables.
public struct UnlabelledComparisonReport: Sendable {
    public var comparison: Comparison
    public var preamble: [(key: String, value: String)]
    public var warnings: [DataWarning]

    public init(comparison: Comparison, preamble: [(key: String, value: String)] = [], warnings: [DataWarning] = []) {
        self.comparison = comparison
        self.preamble = preamble
        self.warnings = warnings
    }

    /// The pages-moved values present, sorted.
    var pageValues: [Int] {
        Array(Set(comparison.rows.flatMap { $0.unlabelledPagesMoved.map(\.pages) })).sorted()
    }

    /// Rows `policy, n, share moving −k … +k pages`, shares of unlabelled traces.
    func pagesTable() -> (header: [String], rows: [[String]]) {
        let values = pageValues
        let header = ["policy", "n"] + values.map { $0 > 0 ? "+\($0)" : "\($0)" }
        let rows = comparison.rows.map { r -> [String] in
            let n = r.unlabelledPagesMoved.reduce(0) { $0 + $1.traces }
            let counts = Dictionary(uniqueKeysWithValues: r.unlabelledPagesMoved.map { ($0.pages, $0.traces) })
            return [r.policy, String(n)] + values.map { NumberFormat.fixed(n > 0 ? Double(counts[$0] ?? 0) / Double(n) : 0, 3) }
        }
        return (header, rows)
    }

    func agreementTable() -> (header: [String], rows: [[String]]) {
        let names = comparison.rows.map(\.policy)
        let rows = names.indices.map { i in [names[i]] + names.indices.map { j in NumberFormat.fixed(comparison.agreement[i][j], 3) } }
        return (["policy"] + names, rows)
    }

    public static let note = "hit rates: none — " + DataChecks.hitRatesNeedLabels + "."
    /// The CSV's columns: `pages_moved` rows give each policy's `n` and its share per pages-moved
    /// value (`-1`, `0`, `+1`, …); `agreement` rows the share of traces on which it chose the
    /// same item as the policy named in `column`.
    public static let csvHeader = ["table", "policy", "column", "value"]

    public func render(_ format: ReportFormat) -> String {
        let pages = pagesTable(), agree = agreementTable()
        let numericPages = Set(1..<pages.header.count), numericAgree = Set(1..<agree.header.count)
        switch format {
        case .table:
            var out = preamble.map { "\($0.key): \($0.value)\n" }.joined() + "\n"
            out += "pages moved (share of unlabelled traces):\n"
            out += TextTable(header: pages.header, rows: pages.rows, rightAligned: numericPages).rendered()
            out += "\nagreement (share of unlabelled traces on which two policies chose the same item):\n"
            out += TextTable(header: agree.header, rows: agree.rows, rightAligned: numericAgree).rendered()
            return out + "\n" + Self.note + "\n"
        case .markdown:
            var out = preamble.map { "- **\($0.key)**: \($0.value)\n" }.joined() + "\n"
            out += "Pages moved (share of unlabelled traces):\n\n"
            out += MarkdownTable.render(header: pages.header, rows: pages.rows, rightAligned: numericPages)
            out += "\nAgreement (share of unlabelled traces on which two policies chose the same item):\n\n"
            out += MarkdownTable.render(header: agree.header, rows: agree.rows, rightAligned: numericAgree)
            return out + "\n" + Self.note + "\n"
        case .csv:
            // one rectangular long table (`pandas.read_csv` loads it): table, policy, column, value;
            // the run's metadata goes to --meta, the note to standard error (issue 31)
            var out = CSVText.line(Self.csvHeader)
            for r in pages.rows {
                for (column, value) in zip(pages.header.dropFirst(), r.dropFirst()) { out += CSVText.line(["pages_moved", r[0], column, value]) }
            }
            for r in agree.rows {
                for (column, value) in zip(agree.header.dropFirst(), r.dropFirst()) { out += CSVText.line(["agreement", r[0], column, value]) }
            }
            return out
        case .json:
            var report = ComparisonReport(comparison: comparison, preamble: preamble)
            report.warnings = warnings
            guard case var .object(doc) = report.json() else { return report.json().rendered(pretty: true) + "\n" }
            doc.append(("note", .string(Self.note)))
            return JSONValue.object(doc).rendered(pretty: true) + "\n"
        }
    }
}
