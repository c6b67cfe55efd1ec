/// A value in a JSON input file (a model file of `generate --model`, a statistics file of
/// `generate --match`) that is missing, of the wrong kind or out of range: the file, the key
/// (a dotted path such as `parameters.gainLogSD`), what was found and what was expected, in
/// plain words. The commands exit 65 on it (bad data).
public struct DataFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var key: String
    public var found: String
    public var expected: String

    public init(file: String, key: String, found: String, expected: String) {
        self.file = file
        self.key = key
        self.found = found
        self.expected = expected
    }

    public var description: String {
        key.isEmpty ? "\(file): found \(found); expected \(expected)"
            : "\(file): key '\(key)': found \(found); expected \(expected)"
    }
}
