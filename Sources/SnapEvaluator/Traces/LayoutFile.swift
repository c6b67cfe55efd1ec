import Foundation
import SnapStrategies

/// Reads a carousel layout from a JSON file (`--layout FILE`).
///
/// The file holds one object with the layout columns of `spec/trace-format.md`:
///
/// ```json
/// { "item_width": 160, "item_spacing": 10, "leading_inset": 10, "viewport_width": 375,
///   "item_count": 40, "alignment": "leading", "looping": false }
/// ```
///
/// `item_width`, `viewport_width` and `item_count` are required; `item_spacing` and
/// `leading_inset` default to 0, `trailing_inset` to the leading inset, `alignment` to
/// `leading` (or `center`, `trailing`), `looping` to `false`. Lengths are numbers of points,
/// `item_count` a whole number, `looping` a JSON boolean. Unknown keys are an error (they are
/// usually typos), and the layout is validated by ``CarouselLayout``.
public enum LayoutFile {
    /// Every key a layout file may hold.
    public static let keys = ["item_width", "item_spacing", "leading_inset", "trailing_inset",
                              "viewport_width", "item_count", "alignment", "looping"]

    /// The layout in the file at `path`.
    /// - Throws: ``LayoutFileError`` naming the file and the key at fault.
    public static func load(path: String) throws(LayoutFileError) -> CarouselLayout {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(file: path, reason: error.localizedDescription)
        }
        return try parse(data, file: path)
    }

    /// The layout in `data` (JSON text); `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws(LayoutFileError) -> CarouselLayout {
        let raw: RawLayout
        do {
            raw = try JSONDecoder().decode(RawLayout.self, from: data)
        } catch let error as LayoutFileError {
            throw error.naming(file)
        } catch let DecodingError.typeMismatch(_, context) {
            let key = context.codingPath.last?.stringValue ?? "?"
            throw .invalidValue(file: file, key: key, expected: expectation(of: key))
        } catch let DecodingError.dataCorrupted(context) {
            if let key = context.codingPath.last?.stringValue {
                throw .invalidValue(file: file, key: key, expected: expectation(of: key))
            }
            throw .invalidJSON(file: file, detail: context.debugDescription)
        } catch {
            throw .invalidJSON(file: file, detail: "\(error)")
        }
        guard let width = raw.itemWidth else { throw .missingKey(file: file, key: "item_width") }
        guard let viewport = raw.viewportWidth else { throw .missingKey(file: file, key: "viewport_width") }
        guard let count = raw.itemCount else { throw .missingKey(file: file, key: "item_count") }
        do {
            return try CarouselLayout(itemWidth: width, spacing: raw.itemSpacing ?? 0, leadingInset: raw.leadingInset ?? 0,
                                      trailingInset: raw.trailingInset, viewportWidth: viewport, itemCount: count,
                                      alignment: raw.alignment ?? .leading, isLooping: raw.looping ?? false)
        } catch {
            throw .invalidLayout(file: file, error: error)
        }
    }

    static func expectation(of key: String) -> String {
        switch key {
        case "item_count": return "a whole number of items"
        case "alignment": return "one of \"leading\", \"center\", \"trailing\""
        case "looping": return "true or false"
        default: return "a number of points"
        }
    }
}

/// A coding key for any string.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

/// The file's object, before validation.
private struct RawLayout: Decodable {
    var itemWidth: Double?
    var itemSpacing: Double?
    var leadingInset: Double?
    var trailingInset: Double?
    var viewportWidth: Double?
    var itemCount: Int?
    var alignment: SnapAlignment?
    var looping: Bool?

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let unknown = c.allKeys.map(\.stringValue).filter { !LayoutFile.keys.contains($0) }.sorted()
        if !unknown.isEmpty { throw LayoutFileError.unknownKeys(file: "", keys: unknown) }
        itemWidth = try c.decodeIfPresent(Double.self, forKey: AnyKey("item_width"))
        itemSpacing = try c.decodeIfPresent(Double.self, forKey: AnyKey("item_spacing"))
        leadingInset = try c.decodeIfPresent(Double.self, forKey: AnyKey("leading_inset"))
        trailingInset = try c.decodeIfPresent(Double.self, forKey: AnyKey("trailing_inset"))
        viewportWidth = try c.decodeIfPresent(Double.self, forKey: AnyKey("viewport_width"))
        itemCount = try c.decodeIfPresent(Int.self, forKey: AnyKey("item_count"))
        if let name = try c.decodeIfPresent(String.self, forKey: AnyKey("alignment")) {
            guard let a = SnapAlignment(rawValue: name) else {
                throw LayoutFileError.invalidValue(file: "", key: "alignment", expected: LayoutFile.expectation(of: "alignment"))
            }
            alignment = a
        }
        looping = try c.decodeIfPresent(Bool.self, forKey: AnyKey("looping"))
    }
}

extension LayoutFileError {
    /// The same error naming `file` (errors raised while decoding do not know it).
    fileprivate func naming(_ file: String) -> LayoutFileError {
        switch self {
        case let .unknownKeys(_, keys): return .unknownKeys(file: file, keys: keys)
        case let .invalidValue(_, key, expected): return .invalidValue(file: file, key: key, expected: expected)
        default: return self
        }
    }
}
