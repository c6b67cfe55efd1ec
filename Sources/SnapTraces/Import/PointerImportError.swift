/// Why a pointer log could not be imported: always with the file, and where the problem is
/// in it (1-based line and column; column 0 when the whole line or file is meant).
public struct PointerImportError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// What was found and what was expected.
    public var message: String

    public init(file: String, line: Int, column: Int, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        line == 0 ? "\(file): \(message)" : column > 0 ? "\(file):\(line):\(column): \(message)" : "\(file):\(line): \(message)"
    }
}
