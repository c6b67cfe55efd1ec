/// Plain nearest-page paging (`policies.md` §1.3), and its projected variant.
///
/// - `nearest`: the item nearest the release offset, `round(p)` with `p` the fractional position
///   (round half away from zero), clamped to the items; velocity is ignored.
/// - `uikit-projected-nearest`: the item nearest UIKit's proposed target, i.e. the release
///   projected with the normal deceleration rate 0.998 per ms (`x + v·r/(1 − r)`, clamped to the
///   content), which is what an app gets by rounding `targetContentOffset` in
///   `scrollViewWillEndDragging` (`policies.md` Part 2 §4.2–4.3).
public struct NearestPageSnap: DeclaredParameters, LayoutHoistingPolicy, Hashable {
    /// What is rounded to the nearest item.
    public enum Basis: Sendable, Hashable {
        /// The offset at lift-off.
        case releaseOffset
        /// UIKit's projected resting offset.
        case projectedOffset
    }

    /// What this instance rounds.
    public let basis: Basis
    /// Per-millisecond deceleration rate of the projection (used by ``Basis/projectedOffset``).
    public var decelerationRate: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(NearestPageSnap(decelerationRate: .nan))

    /// `basis` `.releaseOffset` is `nearest`; `.projectedOffset` is `uikit-projected-nearest`.
    public init(basis: Basis = .releaseOffset,
                decelerationRate: Double = NearestPageSnap.defaults.decelerationRate) {
        self.basis = basis
        self.decelerationRate = decelerationRate
    }

    public var id: String { basis == .releaseOffset ? "nearest" : "uikit-projected-nearest" }

    public var summary: String {
        switch basis {
        case .releaseOffset: return "the item nearest the release offset; velocity ignored"
        case .projectedOffset: return "the item nearest UIKit's proposed target (normal rate 0.998/ms)"
        }
    }

    public var source: String {
        switch basis {
        case .releaseOffset: return "policies.md §1.3: plain nearest-page paging"
        case .projectedOffset:
            return "UIKit scrollViewWillEndDragging(_:withVelocity:targetContentOffset:) rounded to the nearest item; UIScrollView.DecelerationRate.normal 0.998/ms"
        }
    }

    /// The parameters, declared once (``DeclaredParameters``): those of `.projectedOffset`;
    /// `.releaseOffset` has none.
    public static let parameters = ParameterTable<NearestPageSnap>([
        ParameterField(\.decelerationRate, "decelerationRate", unit: "per ms", default: 0.998,
                       range: 0.5...0.9999,
                       role: .platformConstant, summary: "UIKit deceleration rate of the projection (.normal = 0.998)"),
    ])

    public var parameterTable: ParameterTable<NearestPageSnap> {
        basis == .releaseOffset ? ParameterTable([]) : Self.parameters
    }

    @inline(__always)
    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        switch basis {
        case .releaseOffset:
            return layout.decision(slot: layout.nearestSlot(toOffset: release.offset), rule: "nearest-to-release")
        case .projectedOffset:
            let rest = UIKitDeceleration(rate: decelerationRate).restingOffset(of: release, in: layout)
            return layout.decision(slot: layout.nearestSlot(toOffset: rest), rule: "nearest-to-projection")
        }
    }
}
