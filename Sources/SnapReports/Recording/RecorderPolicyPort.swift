import SnapStrategies
import SnapLabSupport

/// The policies the recorder page can run in JavaScript, and the check that a chosen policy is one
/// of them.
///
/// A policy is listed only when its JavaScript port (`RecorderScript+Policies.swift`,
/// `RecorderScript+CSSSnap.swift`) follows its Swift `decide(_:in:)` branch for branch; the
/// agreement test (`RecorderPolicyPortTests`) decides 10,000 random releases with both for each.
/// Policies that need finger travel, contact time or a deceleration model not ported yet are
/// refused with ``RecorderError/unsupportedPolicy(id:supported:)``.
public enum RecorderPolicyPort {
    /// Identifiers of the ported policies, in catalogue order.
    public static let supportedIdentifiers: [String] = [
        "ashorizontal", "tag99", "nearest", "uikit-projected-nearest", "android-pagersnap", "uikit-paging",
        "css-snap-mandatory", "css-snap-proximity",
    ]

    /// Whether `id` has a JavaScript port.
    public static func supports(_ id: String) -> Bool { supportedIdentifiers.contains(id) }

    /// The policy as the page's `C.policy`: its id, its parameters by name, and its snap origin
    /// (``SnapPolicy/snapOrigin``; the page decides on `layout.snapped(to:)` as `decide` does).
    /// - Throws: ``RecorderError/unsupportedPolicy(id:supported:)`` for a policy without a port.
    public static func configuration(of policy: any SnapPolicy) throws(RecorderError) -> JSONValue {
        guard supports(policy.id) else {
            throw .unsupportedPolicy(id: policy.id, supported: supportedIdentifiers)
        }
        let params = zip(policy.parameterSpecs, policy.parameterValues).map { ($0.0.name, JSONValue.number($0.1)) }
        return .object([("id", .string(policy.id)), ("params", .object(params)),
                        ("snapOrigin", .string(policy.snapOrigin.rawValue))])
    }
}

/// Why `snaplab record` cannot write a page.
public enum RecorderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The policy has no JavaScript port.
    case unsupportedPolicy(id: String, supported: [String])
    /// No trial target can be drawn (every item is already in place at the start).
    case noTargets(task: String, detail: String)
    /// A study option is out of range.
    case invalidOption(name: String, detail: String)

    public var description: String {
        switch self {
        case let .unsupportedPolicy(id, supported):
            return "policy '\(id)' has no port to the recorder page; supported: " + supported.joined(separator: ", ")
        case let .noTargets(task, detail):
            return "no target can be drawn for task '\(task)': \(detail)"
        case let .invalidOption(name, detail):
            return "\(name): \(detail)"
        }
    }
}
