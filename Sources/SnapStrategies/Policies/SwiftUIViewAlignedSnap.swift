/// A model of SwiftUI's `.scrollTargetBehavior(.viewAligned(limitBehavior:))` (iOS 17+;
/// `ViewAlignedScrollTargetBehavior.updateTarget(_:context:)` is closed source;
/// `policies.md` Part 2 §4.6).
///
/// SwiftUI calls `updateTarget` when the gesture ends with the natural target computed from the
/// deceleration rate and aligns it to a view of the `scrollTargetLayout()`. Modelled as:
/// ```
/// t = clamp(x + v · r / (1 − r))            // UIKit projection, r = 0.998 per ms (.normal)
/// slot = item nearest t
/// limited: slot = clamp(slot, s0 − maxViews, s0 + maxViews)   // s0 = item selected before the drag
/// ```
/// Two identifiers:
/// - `swiftui-viewaligned`: the default `LimitBehavior.automatic`, which limits in a compact
///   horizontal size class (a phone, horizontal axis): modelled as `.alwaysByOne` (iOS 18:
///   "a single view per interaction"); `maxViews` (default 1) lets a fit explore `.alwaysByFew`.
/// - `swiftui-viewaligned-never`: `.never`, no limit: the view nearest the natural target.
///
/// The numeric rules are closed source (UNVERIFIED): "nearest view to the projected target" and
/// "limit counted from the view selected before the drag (`context.originalTarget`)" are the model.
/// Evidence (marks as in `Docs/policies-closed-source.md`): `updateTarget(_:context:)` with the
/// natural target and the `LimitBehavior` cases **[documented]**; the 0.998/ms projection, the
/// nearest-view rule, the limit's origin and `.automatic` = `.alwaysByOne` on a phone
/// **[assumption]**. The document's XCUITest grid pins them (fit with `snaplab fit`).
public struct SwiftUIViewAlignedSnap: DeclaredParameters, LayoutHoistingPolicy, Hashable {
    /// The modelled `ViewAlignedScrollTargetBehavior.LimitBehavior`.
    public enum LimitBehavior: String, Sendable, Hashable, CaseIterable {
        /// At most ``SwiftUIViewAlignedSnap/maxViews`` views per interaction (default 1); stands
        /// for `.automatic` in a compact horizontal size class and for `.alwaysByOne`.
        case alwaysByOne
        /// No limit.
        case never
    }

    /// The limit behaviour this instance models.
    public let limitBehavior: LimitBehavior
    /// Per-millisecond deceleration rate of the natural target.
    public var decelerationRate: Double
    /// Views one interaction may move (``LimitBehavior/alwaysByOne`` only).
    public var maxViews: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(SwiftUIViewAlignedSnap(decelerationRate: .nan, maxViews: .nan))

    public init(limitBehavior: LimitBehavior = .alwaysByOne,
                decelerationRate: Double = SwiftUIViewAlignedSnap.defaults.decelerationRate,
                maxViews: Double = SwiftUIViewAlignedSnap.defaults.maxViews) {
        self.limitBehavior = limitBehavior
        self.decelerationRate = decelerationRate
        self.maxViews = maxViews
    }

    public var id: String { limitBehavior == .alwaysByOne ? "swiftui-viewaligned" : "swiftui-viewaligned-never" }

    public var summary: String {
        switch limitBehavior {
        case .alwaysByOne:
            return "model of SwiftUI .viewAligned (automatic = limited on a phone): the view nearest UIKit's projected target, at most one view from the start view"
        case .never:
            return "model of SwiftUI .viewAligned(limitBehavior: .never): the view nearest UIKit's projected target"
        }
    }

    public var source: String {
        "model, UNVERIFIED: SwiftUI ViewAlignedScrollTargetBehavior.updateTarget(_:context:) (closed source; policies.md §4.6), limit \(limitBehavior == .alwaysByOne ? ".automatic/.alwaysByOne" : ".never"), natural target from UIScrollView.DecelerationRate.normal 0.998/ms"
    }

    /// The parameters, declared once (``DeclaredParameters``): those of `.alwaysByOne`; `.never`
    /// has no `maxViews` (``neverParameters``).
    public static let parameters = ParameterTable<SwiftUIViewAlignedSnap>([
        ParameterField(\.decelerationRate, "decelerationRate", unit: "per ms", default: 0.998,
                       range: 0.5...0.9999,
                       role: .platformConstant, summary: "deceleration rate of the natural target (.normal = 0.998)"),
        ParameterField(\.maxViews, "maxViews", unit: "items", default: 1, range: 1...20,
                       isInteger: true, summary: "views one interaction may move (1 = .alwaysByOne)"),
    ])

    /// ``parameters`` without `maxViews`.
    public static let neverParameters = ParameterTable<SwiftUIViewAlignedSnap>(
        parameters.fields.filter { $0.keyPath != \SwiftUIViewAlignedSnap.maxViews })

    public var parameterTable: ParameterTable<SwiftUIViewAlignedSnap> {
        limitBehavior == .alwaysByOne ? Self.parameters : Self.neverParameters
    }

    @inline(__always)
    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let natural = UIKitDeceleration(rate: decelerationRate).restingOffset(of: release, in: layout)
        let slot = layout.nearestSlot(toOffset: natural)
        guard limitBehavior == .alwaysByOne else {
            return layout.decision(slot: slot, rule: "nearest-to-projection")
        }
        let start = release.startSlot(in: layout)
        let k = SnapMath.truncatedIndex(maxViews)
        let limited = SnapMath.clamp(slot, start &- k, start &+ k)
        return layout.decision(slot: limited, rule: limited == slot ? "nearest-to-projection" : "limited-by-one")
    }
}

extension SwiftUIViewAlignedSnap: NativeFlingCap {
    /// `.alwaysByOne` with `maxViews = min(maxViews, n)`; `nil` for `.never` (the generic clamp of
    /// ``CappedSnapPolicy`` is the same rule) (``CappedSnapPolicy``).
    public func cappingFlings(atMost n: Int) -> SwiftUIViewAlignedSnap? {
        guard limitBehavior == .alwaysByOne else { return nil }
        var copy = self
        copy.maxViews = Swift.min(maxViews, Double(n))
        return copy
    }
}
