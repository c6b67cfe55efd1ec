import Foundation
import Testing
@testable import SnapTraces

/// Every malformed-file case of the reader tests, run over {fast path, reference path} ×
/// {tiny buffer, default buffer} × {1 part, 3 parts}: the same error (kind and message) at the same
/// line and column (name and number).
///
/// The reference (checked) path is forced by quoting every cell (the fast decoder takes no quoted
/// cell); several parts by putting 200 KB of good traces before the case (their lines shift the
/// expected line by a known count).
@Suite struct MalformedMatrixTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var line: Int
        var column: String?
        var description: String { name }
    }

    static let cases: [Case] =
        TraceReaderTests.malformed.map { Case(name: $0.name, text: $0.text, line: $0.line, column: $0.column) }
        + TraceFormat11Tests.bad.map { Case(name: $0.name, text: $0.text, line: $0.line, column: $0.column) }
        + TraceReaderDefectTests.nonsense.map { Case(name: $0.name, text: $0.text, line: $0.line, column: $0.column) }

    /// `text` with good traces (ids `pad1`, `pad2`, …) between its header and its rows: returns
    /// the text and the number of lines inserted.
    static func padded(_ text: String, bytes: Int) -> (String, Int) {
        // split on the byte: in a String "\r\n" is one Character
        let lines = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let header = lines[0].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\r\"")) }
        var pad: [String] = []
        var size = 0, k = 0
        while size < bytes {
            k += 1
            for j in 0..<3 {
                let row = header.map { name -> String in
                    switch name {
                    case "trace_id": return header.contains("t_ms") ? "pad\(k)" : "pad\(k)x\(j)"   // a release-level row is a trace
                    case "t_ms": return String(j * 8)
                    case "offset", "release_offset": return String(j * 3)
                    case "release_velocity": return "1"
                    case "phase": return j == 0 ? "began" : j == 2 ? "ended" : "moved"
                    default: return ""
                    }
                }.joined(separator: ",")
                pad.append(row)
                size += row.utf8.count + 1
            }
        }
        let newline = lines[0].hasSuffix("\r") ? "\r\n" : "\n"
        let body = lines.dropFirst().joined(separator: "\n")
        return (String(lines[0]) + "\n" + pad.joined(separator: newline) + newline + body, pad.count)
    }

    func error(_ text: String, bufferSize: Int, parts: Int) throws -> TraceParseError? {
        var options = withLayout
        options.bufferSize = bufferSize
        let path = try TestFiles.write(text, name: "bad.csv")
        do {
            _ = try TraceReader.readInParallel(path: path, options: options, parts: parts, initial: { 0 }) { n, _ in n += 1 }
            return nil
        } catch let e as TraceParseError {
            return e
        }
    }

    @Test(arguments: cases)
    func sameErrorEverywhere(_ c: Case) throws {
        let headerError = c.line == 1
        let hasQuote = c.text.contains("\"")
        let header = Array(c.text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)[0]
            .split(separator: 0x2C, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\"")) }
        var first: TraceParseError?
        for reference in hasQuote ? [false] : [false, true] {
            let base = reference ? TraceReaderTests.quotingEveryCell(c.text) : c.text
            for bufferSize in [1024, 256 << 10] {
                for parts in [1, 3] {
                    let (text, shift) = parts > 1 && !headerError ? Self.padded(base, bytes: 200_000) : (base, 0)
                    let e = try #require(try error(text, bufferSize: bufferSize, parts: parts),
                                         "\(c.name): reference \(reference), buffer \(bufferSize), \(parts) parts: no error")
                    #expect(e.line == c.line + shift, "\(c.name): reference \(reference), buffer \(bufferSize), \(parts) parts: \(e)")
                    #expect(e.columnName == c.column, "\(c.name): reference \(reference), buffer \(bufferSize), \(parts) parts: \(e)")
                    // the column's number: the named column's place in the header, the same everywhere
                    if let name = e.columnName, e.line > 1, let k = header.firstIndex(of: name) {
                        #expect(e.location.column == k + 1, "\(c.name): \(e.location)")
                    }
                    if let first {
                        #expect(e.location.column == first.location.column && e.reason == first.shiftingLines(by: shift).reason,
                                 "\(c.name): reference \(reference), buffer \(bufferSize), \(parts) parts: \(e) vs \(first)")
                    } else if shift == 0 {
                        first = e
                    }
                }
            }
        }
    }
}
