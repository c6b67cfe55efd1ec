/// Why a swipe model or a generation run cannot be set up.
public enum SwipeModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A parameter is out of its range; `expected` says what is accepted.
    case invalidParameter(name: String, value: String, expected: String)

    public var description: String {
        switch self {
        case let .invalidParameter(name, value, expected):
            return "swipe model: \(name) is \(value); expected \(expected)"
        }
    }
}
