import Foundation

/// The text of a pointer log: a file, or standard input for `-`.
enum PointerLogText {
    static func read(_ path: String) throws(PointerImportError) -> String {
        // a file, `-`, a FIFO or `<(zcat log.gz)`, read serially within the line limit
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limits: .pointerLog) } catch {
            throw PointerImportError(file: path, line: error.line, column: 0, error.reason)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw PointerImportError(file: path, line: InputFile.firstInvalidUTF8Line(bytes) ?? 1, column: 0,
                                     "found bytes that are not UTF-8 text, expected UTF-8 text")
        }
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// Lines with their 1-based numbers (LF or CRLF), skipping empty ones. Cut on the UTF-8
    /// bytes (a `\r\n` pair is one `Character`, so splitting `Character`s on `\n` would not cut
    /// CRLF text, and walking `Character`s is slow).
    static func lines(_ text: String) -> [(number: Int, text: Substring)] {
        var out: [(Int, Substring)] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var n = 0
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex
            n += 1
            var stop = end
            if stop > start, utf8[utf8.index(before: stop)] == 0x0D { stop = utf8.index(before: stop) }
            let line = text[start..<stop]
            if !line.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { out.append((n, line)) }
            start = end < utf8.endIndex ? utf8.index(after: end) : utf8.endIndex
        }
        return out
    }
}
