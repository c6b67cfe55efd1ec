/// A closed interval `[lower, upper]` of reals, in the unit of what it bounds: a confidence
/// interval of a hit rate or of a difference of hit rates, a fitted parameter's plateau or
/// interval, the feasible range of a parameter in a search step, the scale of a table's bars.
///
/// NaN bounds mean "not estimable" (an interval without users); `lower == upper` is a single
/// point (an interval from one user). Nothing here enforces `lower ≤ upper`: the producer says
/// what its bounds mean.
public struct Interval: Sendable, Hashable {
    public var lower: Double
    public var upper: Double

    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// `upper − lower`.
    public var width: Double { upper - lower }

    /// `(lower + upper) / 2`.
    public var middle: Double { (lower + upper) / 2 }

    /// The interval of `−x` for `x` in this one: `[−upper, −lower]`.
    public var negated: Interval { Interval(lower: -upper, upper: -lower) }
}
