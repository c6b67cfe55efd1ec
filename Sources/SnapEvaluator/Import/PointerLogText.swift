import Foundation

/// The text of a pointer log: a file, or standard input for `-`.
enum PointerLogText {
    static func read(_ path: String) throws(PointerImportError) -> String {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let d = FileManager.default.contents(atPath: path) else {
                throw PointerImportError(file: path, line: 0, column: 0, "cannot read the file (missing or unreadable)")
            }
            data = d
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PointerImportError(file: path, line: 1, column: 0, "the file is not UTF-8 text")
        }
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// Lines with their 1-based numbers (LF or CRLF), skipping empty ones.
    static func lines(_ text: String) -> [(number: Int, text: Substring)] {
        var out: [(Int, Substring)] = []
        var n = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            let l = line.hasSuffix("\r") ? line.dropLast() : line
            if !l.allSatisfy({ $0 == " " || $0 == "\t" }) { out.append((n, l)) }
        }
        return out
    }
}
