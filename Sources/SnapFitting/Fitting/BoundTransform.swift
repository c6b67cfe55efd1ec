import Foundation
import SnapStrategies
import SnapGSL

/// Maps the free parameters of a policy to unbounded coordinates for an unconstrained
/// minimizer, and back; parameters not chosen stay at their given values.
///
/// For a free parameter with bounds `[lo, hi]` (both finite, `lo < hi`) the coordinate is the
/// logit of its position in the range:
/// ```
/// x = lo + (hi − lo)·σ(u),   σ(u) = 1 / (1 + e^(−u))
/// u = log(s / (1 − s)),      s = clamp((x − lo)/(hi − lo), 0.001, 0.999)
/// ```
/// so every `u` gives a valid value and the bounds are reached only in the limit (a value
/// starting at a bound starts at `u = ±6.9`). One finite bound uses `x = lo + e^u` or
/// `x = hi − e^u`; no finite bound, `x = u`. The result is clamped to `[lo, hi]` against
/// rounding. A unit step in `u` near the middle of a range moves the value by about a quarter
/// of the range, which is why fitters use steps of order 1.
///
/// Integer parameters (page counts) are held fixed unless named explicitly; a named one is
/// rounded to the nearest whole number inside its bounds (`x = round(...)`), which makes the
/// objective piecewise constant in its coordinate, as thresholds already are.
public struct BoundTransform: Sendable, Hashable {
    /// One free parameter: its index in the policy's vector and its bounds.
    public struct Coordinate: Sendable, Hashable {
        public var index: Int
        public var name: String
        public var minimum: Double
        public var maximum: Double
        public var isInteger: Bool
    }

    /// The full parameter vector the free coordinates are written into.
    public let base: [Double]
    /// The free parameters, in the order of the unbounded vector.
    public let coordinates: [Coordinate]

    /// The transform of `specs` freeing the parameters `names` (default: every non-integer
    /// threshold — ``ParameterRole/threshold`` — with `minimum < maximum`; platform constants
    /// only when named), other values taken from `values`.
    /// - Throws: ``FitError/unknownParameter(policy:name:known:)`` for a name not in `specs`.
    public init(policy: String, specs: [PolicyParameter], values: [Double], free names: [String]? = nil) throws(FitError) {
        guard values.count == specs.count else {
            throw .invalidOption(name: "values", value: "\(values.count) values", expected: "\(specs.count) values")
        }
        var chosen: [Int] = []
        if let names {
            for name in names {
                guard let i = specs.firstIndex(where: { $0.name == name }) else {
                    throw .unknownParameter(policy: policy, name: name, known: specs.map(\.name))
                }
                if !chosen.contains(i) { chosen.append(i) }
            }
        } else {
            chosen = specs.indices.filter { !specs[$0].isInteger && specs[$0].role == .threshold }
        }
        base = values
        coordinates = chosen.filter { specs[$0].minimum < specs[$0].maximum }.map {
            Coordinate(index: $0, name: specs[$0].name, minimum: specs[$0].minimum, maximum: specs[$0].maximum,
                       isInteger: specs[$0].isInteger)
        }
    }

    /// Number of free coordinates.
    public var count: Int { coordinates.count }

    /// The unbounded coordinates of the full vector `values`.
    public func unbounded(_ values: [Double]) -> [Double] {
        coordinates.map { c in Self.toUnbounded(values[c.index], c) }
    }

    /// The full parameter vector for unbounded coordinates `u` (fixed values from ``base``).
    public func bounded(_ u: [Double]) -> [Double] {
        var out = base
        write(u, into: &out)
        return out
    }

    /// Writes the bounded values of `u` into `vector` (allocation-free).
    public func write(_ u: [Double], into vector: inout [Double]) {
        for (k, c) in coordinates.enumerated() where k < u.count {
            vector[c.index] = Self.toBounded(u[k], c)
        }
    }

    static func toBounded(_ u: Double, _ c: Coordinate) -> Double {
        let lo = c.minimum, hi = c.maximum
        var x: Double
        switch (lo.isFinite, hi.isFinite) {
        case (true, true): x = lo + (hi - lo) / (1 + Foundation.exp(-u))
        case (true, false): x = lo + Foundation.exp(u)
        case (false, true): x = hi - Foundation.exp(u)
        case (false, false): x = u
        }
        if c.isInteger {
            x = x.rounded()
            return SnapMath.clamp(x, lo.rounded(.up), hi.rounded(.down))
        }
        return SnapMath.clamp(x, lo, hi)
    }

    static func toUnbounded(_ x: Double, _ c: Coordinate) -> Double {
        let lo = c.minimum, hi = c.maximum
        guard x.isFinite else { return 0 }
        switch (lo.isFinite, hi.isFinite) {
        case (true, true):
            let s = SnapMath.clamp((x - lo) / (hi - lo), 0.001, 0.999)
            return Foundation.log(s / (1 - s))
        case (true, false): return Foundation.log(Swift.max(x - lo, 1e-3))
        case (false, true): return Foundation.log(Swift.max(hi - x, 1e-3))
        case (false, false): return x
        }
    }
}
