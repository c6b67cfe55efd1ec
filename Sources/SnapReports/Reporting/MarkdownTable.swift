/// A GitHub-flavoured Markdown table; `|` in cells is escaped.
public enum MarkdownTable {
    public static func render(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> String {
        func cell(_ s: String) -> String { s.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
        var out = "| " + header.map(cell).joined(separator: " | ") + " |\n"
        out += "|" + header.indices.map { rightAligned.contains($0) ? " ---: |" : " --- |" }.joined() + "\n"
        for row in rows { out += "| " + row.map(cell).joined(separator: " | ") + " |\n" }
        return out
    }
}
