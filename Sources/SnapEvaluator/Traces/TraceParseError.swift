/// Why a trace file could not be read. Every case names the file (as given), and where it
/// applies the 1-based line, the column (header name), the text found and what was expected.
///
/// The command line maps these to exit code 65 (bad input data).
public enum TraceParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(file: String, reason: String)
    /// The file holds no bytes (not even a header).
    case emptyFile(file: String)
    /// A required column is not in the header.
    case missingColumn(file: String, line: Int, column: String, expected: String)
    /// A column name appears twice in the header.
    case duplicateColumn(file: String, line: Int, column: String)
    /// A row has more or fewer fields than the header.
    case fieldCount(file: String, line: Int, found: Int, expected: Int)
    /// A quoted field is not closed before the end of the file.
    case unterminatedQuote(file: String, line: Int, column: String)
    /// A value is not what the column holds (not a number, not an integer, unknown phase, ...).
    case invalidValue(file: String, line: Int, column: String, found: String, expected: String)
    /// A number is NaN or infinite.
    case nonFinite(file: String, line: Int, column: String, found: String)
    /// A sample's time is earlier than the previous sample's in the same trace.
    case timeBackwards(file: String, line: Int, column: String, found: String, previous: Double)
    /// A trace's rows are not contiguous: its `trace_id` appeared before, in an earlier run of rows.
    case nonContiguousTrace(file: String, line: Int, column: String, traceID: String)
    /// A per-trace value differs between rows of one trace.
    case disagreement(file: String, line: Int, column: String, found: String, expected: String, firstLine: Int)
    /// The trace's layout is missing or invalid.
    case invalidLayout(file: String, line: Int, reason: String)
    /// A row (starting on `line`) is longer than ``TraceReadOptions/maxRowBytes``.
    case rowTooLong(file: String, line: Int, limit: Int)
    /// A trace (starting on `line`) has more samples than ``TraceReadOptions/maxSamplesPerTrace``.
    case traceTooLong(file: String, line: Int, traceID: String, limit: Int)
    /// A row has more fields than the reader keeps apart (``RowTokenizer/maxFields``).
    case tooManyFields(file: String, line: Int, limit: Int)
    /// A `"` where RFC 4180 allows none: inside an unquoted field, after a closing quote, or a
    /// quoted line break in a row with the wrong number of fields (named on the row's first line).
    case strayQuote(file: String, line: Int, column: String, found: String, expected: String)
    /// The file changed (size or modification time) while it was read: the result would not
    /// describe any one state of the file.
    case changedWhileReading(file: String, reason: String)
    /// A layout file's key holds a value that is not what it must be.
    case layoutFile(file: String, key: String, found: String, expected: String)

    /// The file named by the error.
    public var file: String {
        switch self {
        case let .unreadable(f, _), let .emptyFile(f), let .changedWhileReading(f, _), let .layoutFile(f, _, _, _): return f
        case let .strayQuote(f, _, _, _, _): return f
        case let .missingColumn(f, _, _, _), let .duplicateColumn(f, _, _), let .fieldCount(f, _, _, _),
             let .unterminatedQuote(f, _, _), let .invalidValue(f, _, _, _, _), let .nonFinite(f, _, _, _),
             let .timeBackwards(f, _, _, _, _), let .nonContiguousTrace(f, _, _, _),
             let .disagreement(f, _, _, _, _, _), let .invalidLayout(f, _, _), let .rowTooLong(f, _, _),
             let .traceTooLong(f, _, _, _), let .tooManyFields(f, _, _):
            return f
        }
    }

    /// The 1-based line, 0 for errors about the whole file.
    public var line: Int {
        switch self {
        case .unreadable, .emptyFile, .changedWhileReading, .layoutFile: return 0
        case let .strayQuote(_, l, _, _, _): return l
        case let .missingColumn(_, l, _, _), let .duplicateColumn(_, l, _), let .fieldCount(_, l, _, _),
             let .unterminatedQuote(_, l, _), let .invalidValue(_, l, _, _, _), let .nonFinite(_, l, _, _),
             let .timeBackwards(_, l, _, _, _), let .nonContiguousTrace(_, l, _, _),
             let .disagreement(_, l, _, _, _, _), let .invalidLayout(_, l, _), let .rowTooLong(_, l, _),
             let .traceTooLong(_, l, _, _), let .tooManyFields(_, l, _):
            return l
        }
    }

    /// The column named by the error, if any.
    public var column: String? {
        switch self {
        case .unreadable, .emptyFile, .fieldCount, .invalidLayout, .rowTooLong, .tooManyFields, .changedWhileReading: return nil
        case let .strayQuote(_, _, c, _, _): return c
        case let .layoutFile(_, key, _, _): return key
        case .traceTooLong: return "trace_id"
        case let .missingColumn(_, _, c, _), let .duplicateColumn(_, _, c), let .unterminatedQuote(_, _, c),
             let .invalidValue(_, _, c, _, _), let .nonFinite(_, _, c, _), let .timeBackwards(_, _, c, _, _),
             let .nonContiguousTrace(_, _, c, _), let .disagreement(_, _, c, _, _, _):
            return c
        }
    }

    /// The reason without the location.
    public var reason: String {
        switch self {
        case let .unreadable(_, r): return "cannot read the file: \(r)"
        case .emptyFile: return "the file is empty (0 bytes); expected a header row naming the columns"
        case let .missingColumn(_, _, c, e): return "missing required column '\(c)'; expected \(e)"
        case let .duplicateColumn(_, _, c): return "column '\(c)' appears twice in the header"
        case let .fieldCount(_, _, found, expected):
            return "\(found) field\(found == 1 ? "" : "s") found; expected \(expected) (one per header column)"
        case let .unterminatedQuote(_, _, c): return "column '\(c)': quoted field not closed; expected a closing '\"'"
        case let .invalidValue(_, _, c, found, e): return "column '\(c)': found '\(found)'; expected \(e)"
        case let .nonFinite(_, _, c, found): return "column '\(c)': found '\(found)'; expected a finite number"
        case let .timeBackwards(_, _, c, found, prev):
            return "column '\(c)': found '\(found)'; expected a time not before the previous sample's \(prev) ms (time goes backwards)"
        case let .nonContiguousTrace(_, _, c, id):
            return "column '\(c)': trace '\(id)' appeared before; expected the rows of a trace to be contiguous"
        case let .disagreement(_, _, c, found, e, first):
            return "column '\(c)': found '\(found)'; expected '\(e)' as on line \(first) of the same trace (per-trace values must agree)"
        case let .invalidLayout(_, _, r): return r
        case let .rowTooLong(_, _, limit):
            return "the row is longer than \(limit) bytes; expected rows of at most \(limit) bytes (an unclosed quote or a missing line break?)"
        case let .traceTooLong(_, _, id, limit):
            return "column 'trace_id': trace '\(id)' has more than \(limit) samples; expected at most \(limit) samples per trace"
        case let .tooManyFields(_, _, limit):
            return "more than \(limit) fields on one row; expected one field per header column"
        case let .strayQuote(_, _, c, found, e): return "column '\(c)': found \(found.hasPrefix("a quoted") || found.hasPrefix("text after") ? found : "'\(found)'"); expected \(e)"
        case let .changedWhileReading(_, r): return "the file changed while it was read (\(r)); expected a file that stays the same until read to its end"
        case let .layoutFile(_, key, found, e): return "layout file key '\(key)': found \(found); expected \(e)"
        }
    }

    /// `file:line: reason` (`file: reason` for errors about the whole file), with control
    /// characters from the input (in ids, cells, paths) escaped: a message never carries raw
    /// NUL, ESC or other control bytes to a terminal.
    public var description: String {
        let where_ = line > 0 ? "\(file):\(line)" : file
        return "\(where_): \(reason)".escapingControlCharacters
    }
}

extension String {
    /// The string with control characters (C0, DEL, C1) written as `\u{XX}` (tab, line feed and
    /// carriage return as `\t`, `\n`, `\r`): safe to print to a terminal.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: { $0.value < 0x20 || ($0.value >= 0x7F && $0.value <= 0x9F) }) else { return self }
        var out = ""
        for u in unicodeScalars {
            switch u.value {
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0..<0x20, 0x7F...0x9F: out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
