import SnapStrategies

/// Why a layout file (JSON) cannot be used; every case names the file.
public enum LayoutFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(file: String, reason: String)
    /// The text is not JSON, or not a JSON object.
    case invalidJSON(file: String, detail: String)
    /// A required key is absent.
    case missingKey(file: String, key: String)
    /// A key holds a value of the wrong type or out of its set (`expected` says what fits).
    case invalidValue(file: String, key: String, expected: String)
    /// Keys that are not layout keys (likely typos).
    case unknownKeys(file: String, keys: [String])
    /// The values do not make a valid carousel layout.
    case invalidLayout(file: String, error: LayoutError)

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): cannot read the layout file: \(reason)"
        case let .invalidJSON(file, detail):
            return "\(file): not a JSON object: \(detail)"
        case let .missingKey(file, key):
            return "\(file): the layout has no \"\(key)\""
        case let .invalidValue(file, key, expected):
            return "\(file): \"\(key)\" must be \(expected)"
        case let .unknownKeys(file, keys):
            return "\(file): unknown layout keys \(keys.map { "\"\($0)\"" }.joined(separator: ", ")); known keys: "
                + LayoutFile.keys.joined(separator: ", ")
        case let .invalidLayout(file, error):
            return "\(file): \(error.description)"
        }
    }
}
