/// Which columns of a pointer CSV hold what (`--columns stroke=…,t=…,x=…`): each by header
/// name or by 1-based number.
///
/// Keys: `t` and `x` are required; `stroke`, `y`, `user`, `session`, `trial`, `phase`,
/// `pointer`, `start_offset` are optional, and for logs of several devices and screens:
/// `scale` (the row's pixels per point, e.g. its Android density), `device` (a name looked up
/// in `--device-scales`), `layout` (a name looked up in `--layout-map`), `settled_index` and
/// `tap_index` (telemetry: the item the carousel came to rest on, the item tapped after); the
/// label column comes from `--intended-column` or `--target-column`.
public struct PointerColumns: Sendable, Hashable {
    /// Column references by key (a name, or a 1-based number written as digits).
    public var references: [String: String]

    public static let keys = ["stroke", "t", "x", "y", "user", "session", "trial", "phase", "pointer", "start_offset",
                              "scale", "device", "layout", "settled_index", "tap_index", "label"]

    public init(references: [String: String]) { self.references = references }

    /// Parses `key=column,key=column,…`.
    public init(parsing text: String) throws(PointerImportError) {
        var refs: [String: String] = [:]
        for part in text.split(separator: ",") {
            let kv = part.split(separator: "=", maxSplits: 1)
            let key = kv.first.map { $0.trimmingSpaces.lowercased() } ?? ""
            guard kv.count == 2, Self.keys.contains(key), key != "label", !kv[1].trimmingSpaces.isEmpty else {
                throw PointerImportError(file: "--columns", line: 1, column: 0,
                                         "found \"\(part)\", expected KEY=COLUMN with KEY one of \(Self.keys.dropLast().joined(separator: ", "))")
            }
            refs[key] = kv[1].trimmingSpaces
        }
        for required in ["t", "x"] where refs[required] == nil {
            throw PointerImportError(file: "--columns", line: 1, column: 0, "found no \(required)=…, expected the \(required) column to be named")
        }
        references = refs
    }

    /// Resolves every reference to a 0-based field index against `header` (nil: no header).
    /// A header's names for a message: at most 80 bytes of them, and their count when cut.
    static func names(_ all: [String]) -> String {
        let joined = all.joined(separator: ", ")
        return joined.utf8.count <= 80 ? joined : InputFile.bare(joined) + " in \(all.count) columns"
    }

    func resolve(header: [DelimitedLine.Field]?, file: String) throws(PointerImportError) -> [String: Int] {
        var out: [String: Int] = [:]
        // in key order: with two columns missing, the same one is named on every run
        for (key, ref) in references.sorted(by: { $0.key < $1.key }) {
            if let n = Int(ref) {
                guard n >= 1 else {
                    throw PointerImportError(file: file, line: 1, column: 0, "column number \(n) for \(key), expected 1 or more")
                }
                out[key] = n - 1
            } else if let header {
                guard let i = header.firstIndex(where: { $0.text == ref }) ?? header.firstIndex(where: { $0.text.lowercased() == ref.lowercased() }) else {
                    throw PointerImportError(file: file, line: 1, column: 0,
                                             "found no column \(InputFile.quote(ref)) for \(key), expected one of: \(Self.names(header.map(\.text)))")
                }
                out[key] = i
            } else {
                throw PointerImportError(file: file, line: 1, column: 0,
                                         "column \"\(ref)\" for \(key) is a name but the file has no header (--no-header), expected a column number")
            }
        }
        return out
    }
}
