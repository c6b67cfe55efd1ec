/// What kind of number a parameter is, which decides whether a fitter tunes it by default.
public enum ParameterRole: String, Sendable, Hashable, CaseIterable {
    /// A design choice an app may tune (a speed, distance or fraction the rule compares with):
    /// `snaplab fit` and `recommend` tune these by default.
    case threshold
    /// A fact about the platform or the device, not a design choice: screen density, the physics
    /// constants of a deceleration model, a frame interval, a velocity tracker's clamp. Fitting
    /// one means asking "what if the device were different"; it is fitted only when named
    /// (`--params`).
    case platformConstant = "platform-constant"
}

/// An order between two parameters of one policy, declared as data by the policy: the value of
/// ``lower`` must not exceed the value of ``upper`` (e.g. `lowTier ≤ highTier`). Validation
/// (``SnapPolicy/setParameterValues(_:)``) rejects a vector that breaks it, and fitters keep it.
public struct ParameterOrder: Sendable, Hashable, CustomStringConvertible {
    public let lower: String
    public let upper: String

    public init(_ lower: String, _ upper: String) {
        self.lower = lower
        self.upper = upper
    }

    public var description: String { "\(lower) ≤ \(upper)" }
}

/// One named, documented, bounded parameter of a policy: what a fitter may tune.
public struct PolicyParameter: Sendable, Hashable {
    /// Identifier used on the command line (`--param name=value`) and in JSON, e.g. `"lowTier"`.
    public let name: String
    /// Unit of the value, e.g. `"pt/ms"`, `"ms"`, `"items"`, `"fraction"`, `"per ms"`.
    public let unit: String
    /// The value the platform or seed document ships.
    public let defaultValue: Double
    /// Smallest valid value (inclusive).
    public let minimum: Double
    /// Largest valid value (inclusive).
    public let maximum: Double
    /// Whether only whole numbers are meaningful (page counts, item counts).
    public let isInteger: Bool
    /// One line on what the parameter does.
    public let summary: String
    /// Threshold (tuned by default) or platform constant (tuned only when named).
    public let role: ParameterRole
    /// The per-release feature the rule compares this threshold with, when it is compared with
    /// exactly one (``ThresholdFeature``): a fitter then finds every trace's change point
    /// exactly, without searching. `nil`: not declared (the fitter searches).
    public let comparedWith: ThresholdFeature?

    public init(name: String, unit: String, defaultValue: Double, minimum: Double, maximum: Double,
                isInteger: Bool = false, role: ParameterRole = .threshold, comparedWith: ThresholdFeature? = nil,
                summary: String) {
        self.name = name
        self.unit = unit
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.isInteger = isInteger
        self.summary = summary
        self.role = role
        self.comparedWith = comparedWith
    }

    /// Whether `value` is finite, inside `minimum...maximum`, and whole if ``isInteger``.
    public func accepts(_ value: Double) -> Bool {
        value.isFinite && value >= minimum && value <= maximum
            && (!isInteger || value.rounded(.towardZero) == value)
    }
}

/// Why a parameter assignment was refused.
public enum ParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The vector has the wrong number of values.
    case wrongCount(policy: String, expected: Int, got: Int)
    /// No parameter of that name.
    case unknownName(policy: String, name: String, known: [String])
    /// The value is not finite, out of range, or not whole where it must be.
    case outOfRange(policy: String, name: String, value: Double, minimum: Double, maximum: Double, isInteger: Bool)
    /// Two values break a declared ``ParameterOrder``: `lower` exceeds `upper`.
    case orderViolated(policy: String, lower: String, lowerValue: Double, upper: String, upperValue: Double)

    public var description: String {
        switch self {
        case let .wrongCount(policy, expected, got):
            return "\(policy): expected \(expected) parameter values, got \(got)"
        case let .unknownName(policy, name, known):
            let list = known.isEmpty ? "it has no parameters" : "known: " + known.joined(separator: ", ")
            return "\(policy): no parameter named '\(name)' (\(list))"
        case let .outOfRange(policy, name, value, minimum, maximum, isInteger):
            return "\(policy): \(name) = \(value) is invalid; expected a \(isInteger ? "whole number" : "finite number") in \(minimum)...\(maximum)"
        case let .orderViolated(policy, lower, lowerValue, upper, upperValue):
            return "\(policy): \(lower) = \(lowerValue) exceeds \(upper) = \(upperValue); the policy requires \(lower) ≤ \(upper)"
        }
    }
}
