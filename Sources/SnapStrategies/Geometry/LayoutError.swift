/// Why a carousel layout cannot be built.
public enum LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A length is NaN or infinite.
    case notFinite(field: String, value: Double)
    /// A length that must be positive (item width, viewport width) is zero or negative.
    case notPositive(field: String, value: Double)
    /// A length that may be zero (spacing, insets) is negative.
    case negative(field: String, value: Double)
    /// The carousel has no items.
    case noItems(count: Int)
    /// Not one whole item fits in the viewport; margin solving would divide by zero.
    case noWholeItemFits(viewportWidth: Double, needed: Double, detail: String)
    /// A margin-solver input is out of range (items per screen, minimum margin, ...).
    case invalidSetting(name: String, value: Double, expected: String)

    public var description: String {
        switch self {
        case let .notFinite(field, value):
            return "layout: \(field) is \(value); expected a finite number of points"
        case let .notPositive(field, value):
            return "layout: \(field) is \(value); expected a positive number of points"
        case let .negative(field, value):
            return "layout: \(field) is \(value); expected zero or more points"
        case let .noItems(count):
            return "layout: item count is \(count); expected at least 1 item"
        case let .noWholeItemFits(viewport, needed, detail):
            return "layout: no whole item fits: the viewport is \(viewport) pt but one item needs \(needed) pt (\(detail))"
        case let .invalidSetting(name, value, expected):
            return "layout: \(name) is \(value); expected \(expected)"
        }
    }
}
