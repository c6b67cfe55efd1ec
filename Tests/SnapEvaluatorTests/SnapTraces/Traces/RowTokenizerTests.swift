import Testing
@testable import SnapTraces

/// The row tokenizer fed byte arrays directly (no file, no reader): statuses, field spans,
/// quoting and the faults it notes.
@Suite struct RowTokenizerTests {
    /// Scans `text` from `at` (`eof`: nothing follows); returns the status and the fields (unquoted, trimmed).
    /// What the tokenizer noted about a row (a copy: the tokenizer itself is not copyable).
    struct Noted {
        var nf = 0, kept = 0, rowNewlines = 0, strayQuoteField = -1, junkAfterQuoteField = -1, lineBreakField = -1
        var openQuoteField = 0, isEmptyRow = false
    }

    func scan(_ text: String, at: Int = 0, eof: Bool = true) -> (RowTokenizer.Status, [String], Noted) {
        var bytes = Array(text.utf8) + [0]
        var tok = RowTokenizer()
        var fields: [String] = []
        var emptyRow = false
        let status = bytes.withUnsafeMutableBufferPointer { b -> RowTokenizer.Status in
            let base = b.baseAddress!
            let s = tok.scan(base, at: at, end: b.count - 1, eof: eof)
            emptyRow = tok.isEmptyRow   // before unquoting (which rewrites the spans)
            if case .row = s {
                for i in 0..<tok.keptFields {
                    let (fs, fe) = tok.field(i, base)
                    fields.append(byteText(fs, fe))
                }
            }
            return s
        }
        let noted = Noted(nf: tok.nf, kept: tok.keptFields, rowNewlines: tok.rowNewlines, strayQuoteField: tok.strayQuoteField,
                          junkAfterQuoteField: tok.junkAfterQuoteField, lineBreakField: tok.lineBreakField,
                          openQuoteField: tok.openQuoteField, isEmptyRow: emptyRow)
        return (status, fields, noted)
    }

    @Test func plainRowsAndLineEnds() {
        let (s, f, tok) = scan("1,0.5, moved \n2,1,ended\n")
        #expect(s == .row(next: 14))
        #expect(f == ["1", "0.5", "moved"])
        #expect(tok.rowNewlines == 0 && tok.strayQuoteField < 0)
        #expect(scan("a,b\r\nc", eof: true).0 == .row(next: 5))
        #expect(scan("a,b\rc").0 == .row(next: 4))   // a lone CR ends a row too
        #expect(scan("a,b").0 == .row(next: 3))       // the last row without a line break
    }

    @Test func quotedFieldsHoldCommasDoubledQuotesAndLineBreaks() {
        let (s, f, tok) = scan("\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\nnext\n")
        #expect(s == .row(next: 31))
        #expect(f == ["a,b", "say \"hi\"", "two\nlines"])
        #expect(tok.rowNewlines == 1 && tok.lineBreakField == 2)
    }

    @Test func moreInputIsAskedForUnlessAtTheEnd() {
        #expect(scan("1,2,3", eof: false).0 == .needMoreInput)
        #expect(scan("\"open", eof: false).0 == .needMoreInput)
        #expect(scan("a,b\r", eof: false).0 == .needMoreInput)   // a CRLF may be cut
        #expect(scan("\"x\"", eof: false).0 == .needMoreInput)   // a doubled quote may be cut
        let (s, _, tok) = scan("a,\"open\nmore", eof: true)
        #expect(s == .unterminatedQuote && tok.openQuoteField == 1)
    }

    @Test func quotingFaultsAreNotedNotRaised() {
        let (s1, _, t1) = scan("1,o\"brien,3\n")
        #expect(s1 == .row(next: 12) && t1.strayQuoteField == 1 && t1.junkAfterQuoteField < 0)
        let (s2, _, t2) = scan("1,\"x\"y,3\n")
        #expect(s2 == .row(next: 9) && t2.junkAfterQuoteField == 1)
    }

    @Test func emptyRowsAndTheEnd() {
        let (s, _, tok) = scan("\n1\n")
        #expect(s == .row(next: 1) && tok.isEmptyRow)
        #expect(!scan("\"\"\n").2.isEmptyRow)   // a quoted empty field is a field
        #expect(scan("abc", at: 3).0 == .row(next: 3))   // nothing left: next == start
    }

    @Test func manyFieldsAreCountedPastTheKeptOnes() {
        let row = Array(repeating: "x", count: RowTokenizer.maxFields + 10).joined(separator: ",") + "\n"
        let (s, f, tok) = scan(row)
        #expect(s == .row(next: row.utf8.count))
        #expect(tok.nf == RowTokenizer.maxFields + 10 && f.count == RowTokenizer.maxFields)
    }

    /// A row cut at its first line's end keeps the fields that start before the cut, each ending
    /// there, and unquoting them writes nothing at or after the cut.
    @Test func clippingARowLeavesTheBytesAfterTheCut() {
        var bytes = Array("\"a\n\"bc\",0,\"e".utf8)
        var tok = RowTokenizer()
        bytes.withUnsafeMutableBufferPointer { b in
            let base = b.baseAddress!
            #expect(tok.scan(base, at: 0, end: b.count, eof: true) == .unterminatedQuote)
            #expect(tok.nf == 2)   // the open quote's field is not counted
            tok.clip(to: 2)
            #expect(tok.nf == 1)
            let (fs, fe) = tok.field(0, base)
            #expect(byteText(fs, fe) == "a")
        }
        #expect(String(decoding: bytes[3...], as: UTF8.self) == "\"bc\",0,\"e")
        // a field starting after the cut is dropped, the first field is always kept
        var two = Array("x,\"y\nz\"".utf8)
        two.withUnsafeMutableBufferPointer { b in
            let base = b.baseAddress!
            _ = tok.scan(base, at: 0, end: b.count, eof: true)
            #expect(tok.nf == 2)
            tok.clip(to: 1)
            #expect(tok.nf == 1)
            tok.clip(to: 0)
            #expect(tok.nf == 1)
            let (fs, fe) = tok.field(0, base)
            #expect(fs == fe)
        }
    }
}
