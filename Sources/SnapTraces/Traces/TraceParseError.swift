/// Why a trace file could not be read: what went wrong (``Kind``, with what was found and what
/// was expected) and where (``Location``: file, line, column number and name).
///
/// The stages of the reader make these only on the cold path (a row that fails a check), with
/// the small constructors below (`.invalidValue(file:line:column:found:expected:)`, …; their
/// `column` is the column's header name); the reader's loop adds the column's number
/// (``TraceParseError/Location/column``) in one place, and the parallel merge makes lines
/// absolute in one place (``shiftingLines(by:)``).
///
/// The command line maps these to exit code 65 (bad input data).
public struct TraceParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, with what was found and expected.
    public enum Kind: Sendable, Hashable {
        /// The file could not be opened or read.
        case unreadable(reason: String)
        /// The file holds no bytes (not even a header).
        case emptyFile
        /// A required column is not in the header.
        case missingColumn(expected: String)
        /// A column name appears twice in the header.
        case duplicateColumn
        /// A row has more or fewer fields than the header.
        case fieldCount(found: Int, expected: Int)
        /// A quoted field is not closed before the end of the file.
        case unterminatedQuote
        /// A value is not what the column holds (not a number, not an integer, unknown phase, ...).
        case invalidValue(found: String, expected: String)
        /// A number is NaN or infinite.
        case nonFinite(found: String)
        /// A sample's time is earlier than the previous sample's in the same trace.
        case timeBackwards(found: String, previous: Double)
        /// A trace's rows are not contiguous: its `trace_id` appeared before, in an earlier run of rows.
        case nonContiguousTrace(traceID: String)
        /// A per-trace value differs between rows of one trace (`firstLine`: the row that gave it first).
        case disagreement(found: String, expected: String, firstLine: Int)
        /// The trace's layout is missing or invalid.
        case invalidLayout(reason: String)
        /// A row (starting on the error's line) is longer than ``TraceReadOptions/maxRowBytes``.
        case rowTooLong(limit: Int)
        /// A trace (starting on the error's line) has more samples than ``TraceReadOptions/maxSamplesPerTrace``.
        case traceTooLong(traceID: String, limit: Int)
        /// A `"` where RFC 4180 allows none: inside an unquoted field, after a closing quote, or a
        /// quoted line break in a row with the wrong number of fields (named on the row's first line).
        case strayQuote(found: String, expected: String)
        /// The file changed (size or modification time) while it was read: the result would not
        /// describe any one state of the file.
        case changedWhileReading(reason: String)
        /// A layout file's key (the location's column name) holds a value that is not what it must be.
        case layoutFile(found: String, expected: String)

        /// Whether the error's line is a data row's (moved when a part's lines are made absolute),
        /// not the header's or none.
        var isOnDataRow: Bool {
            switch self {
            case .unreadable, .emptyFile, .changedWhileReading, .layoutFile, .missingColumn, .duplicateColumn: return false
            default: return true
            }
        }
    }

    /// Where: the file (as given), the 1-based line (0 for errors about the whole file), and the
    /// column: its 1-based position in the header and its header name (a layout file's key for
    /// ``Kind/layoutFile(found:expected:)``), each `nil` where the error concerns no one column.
    public struct Location: Sendable, Hashable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var column: Int?
        public var columnName: String?

        public init(file: String, line: Int = 0, column: Int? = nil, columnName: String? = nil) {
            self.file = file
            self.line = line
            self.column = column
            self.columnName = columnName
        }

        /// `file:line`, or `file` for errors about the whole file.
        public var description: String { line > 0 ? "\(file):\(line)" : file }
    }

    public var kind: Kind
    public var location: Location

    public init(_ kind: Kind, at location: Location) {
        self.kind = kind
        self.location = location
    }

    /// The file named by the error.
    public var file: String { location.file }
    /// The 1-based line, 0 for errors about the whole file.
    public var line: Int { location.line }
    /// The header name of the column (or layout file key) named by the error, if any.
    public var columnName: String? { location.columnName }

    /// The reason without the location.
    /// At most 80 bytes of a value from the input (a 64 MiB field is not repeated on stderr).
    static func short(_ value: String) -> String {
        value.utf8.count <= 80 ? value : InputFile.bare(value)
    }

    public var reason: String {
        let c = Self.short(location.columnName ?? "")
        switch kind {
        case let .unreadable(r): return "cannot read the file: \(r)"
        case .emptyFile: return "the file is empty (0 bytes); expected a header row naming the columns"
        case let .missingColumn(e): return "missing required column '\(c)'; expected \(e)"
        case .duplicateColumn: return "column '\(c)' appears twice in the header"
        case let .fieldCount(found, expected):
            return "\(found) field\(found == 1 ? "" : "s") found; expected \(expected) (one per header column)"
        case .unterminatedQuote: return "column '\(c)': quoted field not closed; expected a closing '\"'"
        case let .invalidValue(found, e): return "column '\(c)': found '\(Self.short(found))'; expected \(e)"
        case let .nonFinite(found): return "column '\(c)': found '\(Self.short(found))'; expected a finite number"
        case let .timeBackwards(found, prev):
            return "column '\(c)': found '\(Self.short(found))'; expected a time not before the previous sample's \(prev) ms (time goes backwards)"
        case let .nonContiguousTrace(id):
            return "column '\(c)': trace '\(Self.short(id))' appeared before; expected the rows of a trace to be contiguous"
        case let .disagreement(found, e, first):
            return "column '\(c)': found '\(Self.short(found))'; expected '\(Self.short(e))' as on line \(first) of the same trace (per-trace values must agree)"
        case let .invalidLayout(r): return r
        case let .rowTooLong(limit):
            return "the row is longer than \(limit) bytes; expected rows of at most \(limit) bytes (an unclosed quote or a missing line break?)"
        case let .traceTooLong(id, limit):
            return "column '\(c)': trace '\(Self.short(id))' has more than \(limit) samples; expected at most \(limit) samples per trace"
        case let .strayQuote(found, e):
            return "column '\(c)': found \(found.hasPrefix("a quoted") || found.hasPrefix("text after") ? found : "'\(Self.short(found))'"); expected \(e)"
        case let .changedWhileReading(r): return "the file changed while it was read (\(r)); expected a file that stays the same until read to its end"
        case let .layoutFile(found, e): return "layout file key '\(c)': found \(Self.short(found)); expected \(e)"
        }
    }

    /// `file:line: reason` (`file: reason` for errors about the whole file), with control
    /// characters from the input (in ids, cells, paths) escaped: a message never carries raw
    /// NUL, ESC or other control bytes to a terminal.
    public var description: String {
        "\(location): \(reason)".escapingControlCharacters
    }

    /// The same error with its line moved by `offset` (parts read in parallel count lines from
    /// their own start; the parallel merge makes them absolute with this, in one place). Header
    /// and whole-file errors keep theirs.
    public func shiftingLines(by offset: Int) -> TraceParseError {
        guard offset != 0, kind.isOnDataRow else { return self }
        var shifted = self
        shifted.location.line += offset
        if case let .disagreement(found, expected, first) = kind {
            shifted.kind = .disagreement(found: found, expected: expected, firstLine: first + offset)
        }
        return shifted
    }

    /// The same error with its column's number found by name in `header` (if it names a column
    /// of it and has no number yet).
    func numberingColumn(in header: [String]) -> TraceParseError {
        guard location.column == nil, kind.isOnDataRow, let name = location.columnName,
              let i = header.firstIndex(of: name) else { return self }
        var numbered = self
        numbered.location.column = i + 1
        return numbered
    }
}

// The faults as the stages make them (cold path): `column` is the column's header name.
extension TraceParseError {
    public static func unreadable(file: String, reason: String) -> Self {
        Self(.unreadable(reason: reason), at: Location(file: file))
    }
    public static func emptyFile(file: String) -> Self { Self(.emptyFile, at: Location(file: file)) }
    public static func missingColumn(file: String, line: Int, column: String, expected: String) -> Self {
        Self(.missingColumn(expected: expected), at: Location(file: file, line: line, columnName: column))
    }
    public static func duplicateColumn(file: String, line: Int, column: String, number: Int? = nil) -> Self {
        Self(.duplicateColumn, at: Location(file: file, line: line, column: number, columnName: column))
    }
    public static func fieldCount(file: String, line: Int, found: Int, expected: Int) -> Self {
        Self(.fieldCount(found: found, expected: expected), at: Location(file: file, line: line))
    }
    public static func unterminatedQuote(file: String, line: Int, column: String) -> Self {
        Self(.unterminatedQuote, at: Location(file: file, line: line, columnName: column))
    }
    public static func invalidValue(file: String, line: Int, column: String, found: String, expected: String) -> Self {
        Self(.invalidValue(found: found, expected: expected), at: Location(file: file, line: line, columnName: column))
    }
    public static func nonFinite(file: String, line: Int, column: String, found: String) -> Self {
        Self(.nonFinite(found: found), at: Location(file: file, line: line, columnName: column))
    }
    public static func timeBackwards(file: String, line: Int, column: String, found: String, previous: Double) -> Self {
        Self(.timeBackwards(found: found, previous: previous), at: Location(file: file, line: line, columnName: column))
    }
    public static func nonContiguousTrace(file: String, line: Int, column: String, traceID: String) -> Self {
        Self(.nonContiguousTrace(traceID: traceID), at: Location(file: file, line: line, columnName: column))
    }
    public static func disagreement(file: String, line: Int, column: String, found: String, expected: String,
                                    firstLine: Int) -> Self {
        Self(.disagreement(found: found, expected: expected, firstLine: firstLine),
             at: Location(file: file, line: line, columnName: column))
    }
    public static func invalidLayout(file: String, line: Int, reason: String) -> Self {
        Self(.invalidLayout(reason: reason), at: Location(file: file, line: line))
    }
    public static func rowTooLong(file: String, line: Int, limit: Int) -> Self {
        Self(.rowTooLong(limit: limit), at: Location(file: file, line: line))
    }
    public static func traceTooLong(file: String, line: Int, traceID: String, limit: Int) -> Self {
        Self(.traceTooLong(traceID: traceID, limit: limit), at: Location(file: file, line: line, columnName: "trace_id"))
    }
    public static func strayQuote(file: String, line: Int, column: String, found: String, expected: String) -> Self {
        Self(.strayQuote(found: found, expected: expected), at: Location(file: file, line: line, columnName: column))
    }
    public static func changedWhileReading(file: String, reason: String) -> Self {
        Self(.changedWhileReading(reason: reason), at: Location(file: file))
    }
    public static func layoutFile(file: String, key: String, found: String, expected: String) -> Self {
        Self(.layoutFile(found: found, expected: expected), at: Location(file: file, columnName: key))
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
