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
    public enum Quantity: Sendable, Hashable {
        /// `|velocity|`, pt/ms (NaN stays NaN).
        case speed
        /// How far into its page the release offset is: `p − whole(p)` with
        /// `p = layout.position(atOffset: offset)` (pages from the alignment origin, snapped to a
        /// whole page within 1e-9) and `whole` the floor in a looping layout, truncation toward
        /// zero otherwise (so negative in a bounded layout before the first page), fraction of a page.
        case positionInPage
        /// The contact time ``Release/duration``, ms (NaN stays NaN).
        case duration
        /// How far the release has moved past the page boundary behind it, in the direction of its
        /// travel: `p − p.rounded(.down)` when `travel ≥ 0` (or NaN), `p.rounded(.up) − p` when
        /// `travel < 0`, with `p = layout.position(atOffset: offset)` (snapped to a whole page within
        /// 1e-9), fraction of a page.
        case travelledFraction
        /// A quantity the policy measures itself (``SnapPolicy/measuredFeature(_:of:in:)``, asked
        /// by `name`), from the release and the values of the parameters named in `dependsOn`
        /// (every parameter it reads, never the threshold compared with it): e.g. iCarousel's
        /// item velocity, the finger's velocity times `scrollSpeed` and a bounce factor. The
        /// promise is the same as for any feature, with every other parameter held; a fitter that
        /// keeps the traces sorted by it sorts them again when a value in `dependsOn` has changed,
        /// and only then (`ThresholdFeatureTests` checks on random releases that no other
        /// parameter changes it).
        case measured(_ name: String, dependsOn: [String])

        /// The quantity's name, e.g. `"speed"` or a measured quantity's own.
        public var name: String {
            switch self {
            case .speed: return "speed"
            case .positionInPage: return "position in page"
            case .duration: return "duration"
            case .travelledFraction: return "fraction travelled past the page boundary"
            case let .measured(name, _): return name
            }
        }

        /// The parameters the quantity depends on, by name (empty unless ``measured(_:dependsOn:)``).
        public var dependencies: [String] {
            if case let .measured(_, names) = self { return names }
            return []
        }
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

    /// The feature of `release` in `layout` (the layout `policy` decides in,
    /// `snapped(to: policy.snapOrigin)`), with `policy`'s current parameter values (read only by a
    /// ``Quantity/measured(_:dependsOn:)`` quantity).
    @inlinable
    public func value<P: SnapPolicy>(of release: Release, in layout: CarouselLayout, by policy: P) -> Double {
        if case let .measured(name, _) = quantity { return policy.measuredFeature(name, of: release, in: layout) }
        return value(of: release, in: layout) ?? .nan
    }

    /// The feature of `release` in `layout` when the two alone determine it: every quantity but
    /// a ``Quantity/measured(_:dependsOn:)`` one, which is `nil` (see ``value(of:in:by:)``).
    @inlinable
    public func value(of release: Release, in layout: CarouselLayout) -> Double? {
        switch quantity {
        case .speed:
            return abs(release.velocity)
        case .positionInPage:
            let p = layout.position(atOffset: release.offset)
            let whole = layout.isLooping ? SnapMath.flooredIndex(p) : SnapMath.truncatedIndex(p)
            return p - Double(whole)
        case .duration:
            return release.duration
        case .travelledFraction:
            let p = layout.position(atOffset: release.offset)
            return release.travel < 0 ? p.rounded(.up) - p : p - p.rounded(.down)
        case .measured:
            return nil
        }
    }

    /// Where the decision of a release with feature `f` changes as the threshold grows: it is
    /// the lower decision at `a` and every threshold below, the upper one at `b` and above
    /// (`b` is the next representable number after `a`).
    @inlinable
    public func change(at f: Double) -> (a: Double, b: Double) {
        comparison == .exceeds ? (f.nextDown, f) : (f, f.nextUp)
    }

    public var description: String { "\(quantity.name) \(comparison.rawValue) threshold" }
}
