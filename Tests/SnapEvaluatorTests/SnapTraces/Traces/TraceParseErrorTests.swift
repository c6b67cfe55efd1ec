import Testing
@testable import SnapTraces

/// `TraceParseError`: one kind and one location; the messages, the column's number added by the
/// reader, and lines made absolute (`shiftingLines`) only for data rows.
@Suite struct TraceParseErrorTests {
    @Test func messagesNameTheLocationAndWhatWasFoundAndExpected() {
        let cases: [(TraceParseError, String)] = [
            (.invalidValue(file: "s.csv", line: 3, column: "offset", found: "abc", expected: "a position in points (a decimal number)"),
             "s.csv:3: column 'offset': found 'abc'; expected a position in points (a decimal number)"),
            (.fieldCount(file: "s.csv", line: 4, found: 1, expected: 3),
             "s.csv:4: 1 field found; expected 3 (one per header column)"),
            (.disagreement(file: "s.csv", line: 9, column: "user_id", found: "b", expected: "a", firstLine: 7),
             "s.csv:9: column 'user_id': found 'b'; expected 'a' as on line 7 of the same trace (per-trace values must agree)"),
            (.strayQuote(file: "s.csv", line: 2, column: "trace_id", found: "1\"x", expected: "no quote inside an unquoted field"),
             "s.csv:2: column 'trace_id': found '1\"x'; expected no quote inside an unquoted field"),
            (.strayQuote(file: "s.csv", line: 2, column: "phase", found: "text after a closing quote", expected: "a comma or a line end"),
             "s.csv:2: column 'phase': found text after a closing quote; expected a comma or a line end"),
            (.emptyFile(file: "e.csv"), "e.csv: the file is empty (0 bytes); expected a header row naming the columns"),
            (.layoutFile(file: "l.json", key: "item_count", found: "0", expected: "a whole number in 1...10^9"),
             "l.json: layout file key 'item_count': found 0; expected a whole number in 1...10^9"),
            (.traceTooLong(file: "s.csv", line: 2, traceID: "1", limit: 5),
             "s.csv:2: column 'trace_id': trace '1' has more than 5 samples; expected at most 5 samples per trace"),
            (.nonContiguousTrace(file: "s.csv", line: 5, column: "trace_id", traceID: "a\u{1B}b"),
             "s.csv:5: column 'trace_id': trace 'a\\u{1B}b' appeared before; expected the rows of a trace to be contiguous"),
        ]
        for (error, text) in cases { #expect(error.description == text) }
    }

    @Test func theKindAndTheLocationAreSeparate() {
        let e = TraceParseError.invalidValue(file: "s.csv", line: 3, column: "offset", found: "abc", expected: "a number")
        #expect(e.kind == .invalidValue(found: "abc", expected: "a number"))
        #expect(e.location == TraceParseError.Location(file: "s.csv", line: 3, columnName: "offset"))
        #expect(e.location.description == "s.csv:3" && e.line == 3 && e.columnName == "offset" && e.location.column == nil)
        let whole = TraceParseError.changedWhileReading(file: "s.csv", reason: "size 10 at the start, 5 at the end")
        #expect(whole.line == 0 && whole.columnName == nil && whole.location.description == "s.csv")
    }

    @Test func onlyDataRowLinesAreShifted() {
        let row = TraceParseError.disagreement(file: "s.csv", line: 9, column: "user_id", found: "b", expected: "a", firstLine: 7)
        let shifted = row.shiftingLines(by: 100)
        #expect(shifted.line == 109 && shifted.kind == .disagreement(found: "b", expected: "a", firstLine: 107))
        let header = TraceParseError.duplicateColumn(file: "s.csv", line: 1, column: "t_ms", number: 4)
        #expect(header.shiftingLines(by: 100) == header)
        let whole = TraceParseError.unreadable(file: "s.csv", reason: "gone")
        #expect(whole.shiftingLines(by: 100) == whole)
    }

    @Test func theReaderNumbersTheColumnStrictLenientAndInParts() throws {
        // `offset` is the 3rd column; the bad value is on line 4 (trace 2)
        let text = "trace_id,t_ms,offset,user_id\n1,0,0,u\n1,8,1,u\n2,0,abc,u\n2,8,1,u\n3,0,0,u\n"
        let strict = try #require(try readError(text, withLayout))
        #expect(strict.line == 4 && strict.columnName == "offset" && strict.location.column == 3, "\(strict)")
        var lenient = withLayout
        lenient.lenient = true
        let (_, summary, _) = try readAll(try TestFiles.write(text), lenient)
        let skipped = try #require(summary.skipped.first)
        #expect(skipped.error.location.column == 3 && skipped.error.line == 4, "\(skipped.error)")
        // a per-trace value (checked when the trace ends) names its own column's number
        let perTrace = "trace_id,t_ms,offset,intended_index\n1,0,0,x\n"
        let e = try #require(try readError(perTrace, withLayout))
        #expect(e.columnName == "intended_index" && e.location.column == 4, "\(e)")
        // duplicated header names: the second occurrence
        let dup = try #require(try readError("trace_id,t_ms,offset,t_ms\n1,0,0,0\n", withLayout))
        #expect(dup.kind == .duplicateColumn && dup.location.column == 4, "\(dup)")
    }

    @Test func aRowWithMoreFieldsThanTheReaderKeepsIsAFieldCountError() throws {
        // more than RowTokenizer.maxFields fields: counted, not kept; the error is the field count
        let wide = Array(repeating: "0", count: RowTokenizer.maxFields + 10).joined(separator: ",")
        let e = try #require(try readError("trace_id,t_ms,offset\n1,0,0\n" + wide + "\n", withLayout))
        #expect(e.kind == .fieldCount(found: RowTokenizer.maxFields + 10, expected: 3) && e.line == 3, "\(e)")
    }
}
