import Foundation
import SnapStrategies

/// A carousel layout given field by field, any of which may be missing: what a layout file,
/// the command line or a trace's per-trace columns say.
///
/// Precedence, highest first (``merged(over:)``): per-trace columns, then `--layout FILE`,
/// then the command-line layout options (whose defaults count: they describe the shared
/// benchmark layout, so a command always has a layout unless the library is called without
/// a base). A trace ends up with a layout when `item_width`, `viewport_width` and
/// `item_count` are known; spacing and insets default to 0, `trailing_inset` to
/// `leading_inset`, alignment to leading and looping to false (trace-format.md).
public struct LayoutFields: Sendable, Hashable {
    public var itemWidth: Double?
    public var spacing: Double?
    public var leadingInset: Double?
    public var trailingInset: Double?
    public var viewportWidth: Double?
    public var itemCount: Int?
    public var alignment: SnapAlignment?
    public var isLooping: Bool?

    public init(itemWidth: Double? = nil, spacing: Double? = nil, leadingInset: Double? = nil,
                trailingInset: Double? = nil, viewportWidth: Double? = nil, itemCount: Int? = nil,
                alignment: SnapAlignment? = nil, isLooping: Bool? = nil) {
        self.itemWidth = itemWidth
        self.spacing = spacing
        self.leadingInset = leadingInset
        self.trailingInset = trailingInset
        self.viewportWidth = viewportWidth
        self.itemCount = itemCount
        self.alignment = alignment
        self.isLooping = isLooping
    }

    /// Every field of `layout`.
    public init(_ layout: CarouselLayout) {
        self.init(itemWidth: layout.itemWidth, spacing: layout.spacing, leadingInset: layout.leadingInset,
                  trailingInset: layout.trailingInset, viewportWidth: layout.viewportWidth,
                  itemCount: layout.itemCount, alignment: layout.alignment, isLooping: layout.isLooping)
    }

    /// These fields where given, `base`'s elsewhere.
    public func merged(over base: LayoutFields) -> LayoutFields {
        LayoutFields(itemWidth: itemWidth ?? base.itemWidth, spacing: spacing ?? base.spacing,
                     leadingInset: leadingInset ?? base.leadingInset,
                     trailingInset: trailingInset ?? (leadingInset != nil ? nil : base.trailingInset),
                     viewportWidth: viewportWidth ?? base.viewportWidth, itemCount: itemCount ?? base.itemCount,
                     alignment: alignment ?? base.alignment, isLooping: isLooping ?? base.isLooping)
    }

    /// Whether no field is given.
    public var isEmpty: Bool { self == LayoutFields() }

    /// The trace format's layout columns.
    public static let columnNames: Set<String> = ["item_width", "item_spacing", "leading_inset", "trailing_inset",
                                                  "viewport_width", "item_count", "alignment", "looping"]

    /// The fields needed for a layout that are missing.
    public var missingRequired: [String] {
        var m: [String] = []
        if itemWidth == nil { m.append("item_width") }
        if viewportWidth == nil { m.append("viewport_width") }
        if itemCount == nil { m.append("item_count") }
        return m
    }

    /// The validated layout, or `nil` when a required field is missing.
    public func layout() throws(LayoutError) -> CarouselLayout? {
        guard let itemWidth, let viewportWidth, let itemCount else { return nil }
        return try CarouselLayout(itemWidth: itemWidth, spacing: spacing ?? 0, leadingInset: leadingInset ?? 0,
                                  trailingInset: trailingInset, viewportWidth: viewportWidth, itemCount: itemCount,
                                  alignment: alignment ?? .leading, isLooping: isLooping ?? false)
    }

    /// Reads a layout file: a JSON object with any of the keys `item_width`, `item_spacing`,
    /// `leading_inset`, `trailing_inset`, `viewport_width`, `item_count` (numbers), `alignment`
    /// (`"leading"`, `"center"`, `"trailing"`) and `looping` (boolean). Unknown keys are refused.
    /// - Throws: ``TraceParseError/layoutFile(file:key:found:expected:)`` or
    ///   ``TraceParseError/unreadable(file:reason:)``.
    public static func read(layoutFile path: String) throws -> LayoutFields {
        let bytes: [UInt8]
        do { bytes = try InputFile.readJSON(path) } catch { throw error.traceParseError }
        return try parse(json: Data(bytes), file: path)
    }

    /// Parses layout-file JSON (see ``read(layoutFile:)``). Each value is checked here, so that
    /// an error names the layout file and its key (not a trace file's line):
    /// ``TraceParseError/layoutFile(file:key:found:expected:)``.
    public static func parse(json data: Data, file: String) throws -> LayoutFields {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw TraceParseError.layoutFile(file: file, key: "(layout)", found: "text that is not JSON",
                                             expected: "a JSON object of layout fields")
        }
        guard let dict = object as? [String: Any] else {
            throw TraceParseError.layoutFile(file: file, key: "(layout)", found: "a JSON value that is not an object",
                                             expected: "a JSON object of layout fields")
        }
        var f = LayoutFields()
        /// A finite number of points, positive or not negative.
        func number(_ key: String, positive: Bool) throws -> Double? {
            // (a JSON boolean is not a number of points)
            guard let v = dict[key] else { return nil }
            let expected = positive ? "a positive number of points" : "a number of points, not negative"
            guard !isBoolean(v), let n = v as? NSNumber, n.doubleValue.isFinite else {
                throw TraceParseError.layoutFile(file: file, key: key, found: "\(v)", expected: expected)
            }
            let x = n.doubleValue
            guard positive ? x > 0 : x >= 0 else {
                throw TraceParseError.layoutFile(file: file, key: key, found: "\(x)", expected: expected)
            }
            return x
        }
        for key in dict.keys.sorted() where !layoutKeys.contains(key) {
            throw TraceParseError.layoutFile(file: file, key: key, found: "an unknown key",
                                             expected: "one of \(layoutKeys.sorted().joined(separator: ", "))")
        }
        f.itemWidth = try number("item_width", positive: true)
        f.spacing = try number("item_spacing", positive: false)
        f.leadingInset = try number("leading_inset", positive: false)
        f.trailingInset = try number("trailing_inset", positive: false)
        f.viewportWidth = try number("viewport_width", positive: true)
        if let v = dict["item_count"] {
            let c = (v as? NSNumber).flatMap { isBoolean(v) ? nil : $0.doubleValue } ?? .nan
            guard c == c.rounded(), c >= Double(itemCountRange.lowerBound), c <= Double(itemCountRange.upperBound) else {
                throw TraceParseError.layoutFile(file: file, key: "item_count", found: "\(v)", expected: itemCountExpectation)
            }
            f.itemCount = SnapMath.truncatedIndex(c)
        }
        if let a = dict["alignment"] {
            guard let s = a as? String, let al = SnapAlignment(rawValue: s) else {
                throw TraceParseError.layoutFile(file: file, key: "alignment", found: "\(a)", expected: "leading, center or trailing")
            }
            f.alignment = al
        }
        if let l = dict["looping"] {
            guard isBoolean(l), let b = l as? Bool else {
                throw TraceParseError.layoutFile(file: file, key: "looping", found: "\(l)", expected: "true or false")
            }
            f.isLooping = b
        }
        return f
    }

    /// Whether a JSONSerialization value is `true`/`false` (not a number that bridges to Bool).
    public static func isBoolean(_ v: Any) -> Bool {
        if type(of: v) == Bool.self { return true }
        guard let n = v as? NSNumber else { return false }
        return String(cString: n.objCType) == "c"
    }

    /// The item counts accepted everywhere (CSV column, layout file, command line): whole
    /// numbers in `1...10^9` (trace-format.md). The bound keeps every product of an index and a
    /// count far from `Int` overflow.
    public static let itemCountRange: ClosedRange<Int> = 1...1_000_000_000
    /// What an item count must be, for error messages.
    public static let itemCountExpectation = "a number of items: a whole number in 1...1000000000"

    static let layoutKeys: Set<String> = ["item_width", "item_spacing", "leading_inset", "trailing_inset",
                                          "viewport_width", "item_count", "alignment", "looping"]
}
