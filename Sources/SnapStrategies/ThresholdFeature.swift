/// The per-release quantity a threshold parameter is compared with, declared by a policy on the
/// parameter (``PolicyParameter/comparedWith``) so that a fitter knows exactly where a trace's
/// decision can change: at the trace's own feature value, nowhere else.
///
/// A declaration is a promise about ``SnapPolicy/decide(_:in:)``: with every other parameter
/// held, the decision of a release is one constant for thresholds below its feature value and
/// another constant at and above it (``Comparison/exceeds``: the rule fires when
/// `feature > threshold`), or one constant up to and including the feature value and another
/// above it (``Comparison/atLeast``: `feature ≥ threshold`). The two constants may be equal (the
/// comparison is not reached for that release). A fitter then needs only the decisions at the two
/// ends of the threshold's range and the feature value; the promise is checked at runtime for
/// every declared parameter of the catalogue on random releases (`ThresholdFeatureTests`).
public struct ThresholdFeature: Sendable, Hashable, CustomStringConvertible {
    /// What is measured on the release.
    public enum Quantity: String, Sendable, Hashable {
        /// `|velocity|`, pt/ms (NaN stays NaN).
        case speed
        /// How far into its page the release offset is: `p − whole(p)` with
        /// `p = layout.position(atOffset: offset)` (pages from the alignment origin, snapped to a
        /// whole page within 1e-9) and `whole` the floor in a looping layout, truncation toward
        /// zero otherwise (so negative in a bounded layout before the first page), fraction of a page.
        case positionInPage = "position in page"
    }

    /// How the rule compares the feature with the threshold.
    public enum Comparison: String, Sendable, Hashable {
        /// `feature > threshold`: the decision changes between just below the feature value and at it.
        case exceeds = ">"
        /// `feature ≥ threshold`: the decision changes between at the feature value and just above it.
        case atLeast = "≥"
    }

    public let quantity: Quantity
    public let comparison: Comparison

    public init(_ quantity: Quantity, _ comparison: Comparison) {
        self.quantity = quantity
        self.comparison = comparison
    }

    /// The feature of `release` in `layout` (the layout the policy decides in).
    @inlinable
    public func value(of release: Release, in layout: CarouselLayout) -> Double {
        switch quantity {
        case .speed:
            return abs(release.velocity)
        case .positionInPage:
            let p = layout.position(atOffset: release.offset)
            let whole = layout.isLooping ? SnapMath.flooredIndex(p) : SnapMath.truncatedIndex(p)
            return p - Double(whole)
        }
    }

    /// Where the decision of a release with feature `f` changes as the threshold grows: it is
    /// the lower decision at `a` and every threshold below, the upper one at `b` and above
    /// (`b` is the next representable number after `a`).
    @inlinable
    public func change(at f: Double) -> (a: Double, b: Double) {
        comparison == .exceeds ? (f.nextDown, f) : (f, f.nextUp)
    }

    public var description: String { "\(quantity.rawValue) \(comparison.rawValue) threshold" }
}
