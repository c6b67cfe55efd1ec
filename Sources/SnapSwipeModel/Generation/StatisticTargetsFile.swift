import Foundation
import SnapLabSupport
import SnapTraces

/// A `generate --match` file: a JSON object of statistic id (``StatisticKind/id``, the `id`
/// column of the `--like` table) → value, e.g. `Data/a30-facts.json`.
///
/// A key may still be a statistic's label (its table row, as files were written before ids) for
/// one release: it is read, and ``deprecationWarning(path:)`` lists each such key with its line
/// and the id to write instead. Every other fault is a ``DataFileError`` naming the file and the
/// key (with its line): not a JSON object, an unknown statistic, a key given twice or a statistic
/// given under two keys, a value that is not a finite number within ±1e9.
public struct StatisticTargetsFile: Sendable {
    /// A key that was a label: its 1-based line, the label and the statistic's id.
    public struct LabelKey: Sendable, Hashable {
        public var line: Int
        public var label: String
        public var id: String
    }

    public var targets: [StatisticKind: Double]
    /// The keys that were labels, in file order.
    public var labelKeys: [LabelKey]

    /// Parses the bytes of the file at `path` (for the messages).
    public static func parse(_ bytes: [UInt8], path: String) throws(DataFileError) -> StatisticTargetsFile {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw DataFileError(file: path, key: "", found: "no JSON object", expected: "a JSON object of statistic id → number")
        }
        var targets: [StatisticKind: Double] = [:], keyOf: [StatisticKind: (key: String, line: Int)] = [:]
        var labels: [LabelKey] = [], seen: [String: Int] = [:]
        for (key, line) in topLevelKeys(bytes) {
            if let first = seen[key] {
                throw DataFileError(file: path, key: key, found: "the key twice (lines \(first) and \(line))", expected: "each statistic once")
            }
            seen[key] = line
            guard let (kind, isLabel) = StatisticKind.resolve(fileKey: key) else {
                throw DataFileError(file: path, key: key, found: "an unknown statistic on line \(line)",
                                    expected: "a statistic id of the --like table's id column: "
                                        + StatisticKind.catalogue.map(\.id).sorted().joined(separator: ", "))
            }
            if let other = keyOf[kind] {
                throw DataFileError(file: path, key: key, found: "statistic '\(kind.id)' again on line \(line) (first as '\(other.key)' on line \(other.line))",
                                    expected: "each statistic once")
            }
            keyOf[kind] = (key, line)
            let value: Any = object[key] ?? NSNull()
            guard !LayoutFields.isBoolean(value), let number = (value as? NSNumber)?.doubleValue, number.isFinite, abs(number) <= 1e9 else {
                let found = LayoutFields.isBoolean(value) ? "true or false" : value is NSNull ? "null" : InputFile.quote("\(value)")
                throw DataFileError(file: path, key: key, found: found + " on line \(line)", expected: "a finite number within ±1e9")
            }
            targets[kind] = number
            if isLabel { labels.append(LabelKey(line: line, label: key, id: kind.id)) }
        }
        return StatisticTargetsFile(targets: targets, labelKeys: labels)
    }

    /// The counted deprecation warning for the keys that were labels, or `nil` when there were none.
    public func deprecationWarning(path: String) -> String? {
        guard !labelKeys.isEmpty else { return nil }
        let n = labelKeys.count
        return "warning: \(path): \(n) key\(n == 1 ? " is a statistic label" : "s are statistic labels"), read for this release only; "
            + "write the id instead: "
            + labelKeys.map { "line \($0.line) '\($0.label)' → '\($0.id)'" }.joined(separator: "; ")
    }

    /// The keys of the top-level object of JSON `bytes` with their 1-based lines, in file order
    /// (a scan that follows strings, escapes and nesting; the caller has parsed the bytes as JSON).
    static func topLevelKeys(_ bytes: [UInt8]) -> [(key: String, line: Int)] {
        var keys: [(String, Int)] = []
        var line = 1, depth = 0, expectingKey = false, i = 0
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case newline: line += 1
            case quote:
                let start = i
                i += 1
                while i < bytes.count && bytes[i] != quote { i += bytes[i] == backslash ? 2 : 1 }
                if depth == 1 && expectingKey, i < bytes.count,
                   let decoded = try? JSONSerialization.jsonObject(with: Data([UInt8(ascii: "[")] + bytes[start...i] + [UInt8(ascii: "]")])) as? [String],
                   let key = decoded.first {
                    keys.append((key, line))
                    expectingKey = false
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                expectingKey = depth == 1 && c == UInt8(ascii: "{")
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ","): if depth == 1 { expectingKey = true }
            default: break
            }
            i += 1
        }
        return keys
    }
}
