import SnapLabSupport

/// Why a swipe model or a generation run cannot be set up.
public enum SwipeModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A parameter is out of its range; `name` is its key under a model file's `parameters`
    /// (`gainLogSD`, `stroke.amplitudeMedian`), `expected` says what is accepted.
    case invalidParameter(name: String, value: String, expected: String)

    public var description: String {
        switch self {
        case let .invalidParameter(name, value, expected):
            return "swipe model: \(name) is \(value); expected \(expected)"
        }
    }
}

/// Generated traces that fail SnapLab's own data check (issue 32 item 3): more than
/// ``outsideLimit`` of the releases lie more than one item outside the content
/// (``DataChecks/isOutsideContent(offset:layout:)``). `generate` then writes nothing (exit 65).
public struct GeneratedDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The largest share of releases outside the content a generated file may have.
    public static let outsideLimit = 0.01

    public var outside: Int
    public var releases: Int
    public var path: String
    /// The output is a stream (`-`, a FIFO, a device): it has already received the traces.
    public var isStream: Bool

    public init(outside: Int, releases: Int, path: String, isStream: Bool = false) {
        self.outside = outside
        self.releases = releases
        self.path = path
        self.isStream = isStream
    }

    public var description: String {
        let share = 100 * Double(outside) / Double(max(releases, 1))
        return "generate: \(outside) of \(releases) generated releases (\(NumberFormat.fixed(share, 1))%) lie more than one item outside "
            + "the content (SnapLab's outside-content check, which a recording's import would flag); expected at most "
            + "\(Int(100 * Self.outsideLimit))%: the model does not stay on this layout (its amplitudes or goals reach past the ends). "
            + (isStream ? "\(path) is a stream and has received them; no model file was written"
                        : "Nothing was written to \(path)")
    }
}
