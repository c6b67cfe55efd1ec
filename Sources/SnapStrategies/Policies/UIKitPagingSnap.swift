/// A model of `UIScrollView.isPagingEnabled` (UIKit is closed source; `policies.md` Part 2 §4.4).
///
/// Documented: a paging scroll view "stops on multiples of the scroll view's bounds". Observed
/// (UNVERIFIED): a flick never carries it more than one page. The velocity threshold and the
/// positional threshold for slow releases are not public, so both are parameters of this model:
/// ```
/// p = position of the release offset (pages; one page = one layout stride)
/// if |v| > velocityGate:   target = v > 0 ? ceil(p) : floor(p)      // next page boundary in the flick direction
/// elif travel ≥ 0:         target = floor(p) + (p − floor(p) ≥ threshold ? 1 : 0)
/// else:                    target = ceil(p)  − (ceil(p) − p ≥ threshold ? 1 : 0)
/// ```
/// The positional threshold is measured from the page the drag is leaving, in the drag's
/// direction. Travel: the **content** travel's direction only (`travel = offset − startOffset`;
/// a touch slop before the content moves changes the finger's distance, not its direction), so the model is mirror-symmetric for any threshold;
/// at 0.5 it is the nearest page.
///
/// Constants (model defaults, UNVERIFIED): positional threshold 0.5 of a page (the commonly
/// assumed value), velocity gate 0.3 pt/ms (the iOS carousel fling threshold quoted in
/// `human-swipes-and-user-needs.md` B.1). Momentum moves at most one page from the release
/// position; a finger may still drag across several pages before it lifts.
///
/// Evidence (marks as in `Docs/policies-closed-source.md`): "stops on multiples of the bounds"
/// **[documented]**; at most one page per flick and the 0.3 pt/ms gate **[observed]**; the 0.5
/// threshold and the gate-then-threshold rule **[assumption]**. UIKit's private
/// `_pagingSpringPull`/`_pagingFriction` **[decompiled]** suggest a spring settle; the alternative
/// model built on them is ``UIKitPagingSpringSnap`` (`uikit-paging-spring`), and the document
/// describes the XCUITest grid that tells the two apart and fits either.
///
/// A page is one layout stride, which is exact when the item pitch equals the scroll view's
/// width (the usual paging carousel). Looping layouts use the same floor/ceil arithmetic without clamps.
public struct UIKitPagingSnap: DeclaredParameters, LayoutHoistingPolicy, Hashable {
    public var id: String { "uikit-paging" }
    public var summary: String {
        "model of UIScrollView.isPagingEnabled (closed source): a flick above the gate goes to the next page boundary in its direction, at most one page; slower releases use a positional threshold"
    }
    public var source: String {
        "model, UNVERIFIED: UIKit UIScrollView.isPagingEnabled (closed source; policies.md §4.4); threshold 0.5 assumed, gate 0.3 pt/ms from iOS carousel folklore"
    }

    /// Fraction of a page past the page being left beyond which a slow release moves on.
    public var positionalThreshold: Double
    /// Speed above which a release counts as a flick, pt/ms.
    public var velocityGate: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(UIKitPagingSnap(positionalThreshold: .nan, velocityGate: .nan))

    public init(positionalThreshold: Double = UIKitPagingSnap.defaults.positionalThreshold,
                velocityGate: Double = UIKitPagingSnap.defaults.velocityGate) {
        self.positionalThreshold = positionalThreshold
        self.velocityGate = velocityGate
    }

    /// The parameters, declared once (``DeclaredParameters``).
    public static let parameters = ParameterTable<UIKitPagingSnap>([
        ParameterField(\.positionalThreshold, "positionalThreshold", unit: "fraction of page", default: 0.5,
                       range: 0...1,
                       comparedWith: ThresholdFeature(.travelledFraction, .atLeast),
                       summary: "a slow release this far past the page it leaves moves on (model, UNVERIFIED)"),
        ParameterField(\.velocityGate, "velocityGate", unit: "pt/ms", default: 0.3, range: 0...10,
                       comparedWith: ThresholdFeature(.speed, .exceeds),
                       summary: "speed above which a release is a flick to the next page boundary (model, UNVERIFIED)"),
    ])

    public var parameterTable: ParameterTable<UIKitPagingSnap> { Self.parameters }

    @inline(__always)
    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let p = layout.position(atOffset: release.offset)
        let v = release.velocity
        if abs(v) > velocityGate {
            return v > 0
                ? layout.decision(slot: SnapMath.ceiledIndex(p), rule: "flick-next-boundary")
                : layout.decision(slot: SnapMath.flooredIndex(p), rule: "flick-previous-boundary")
        }
        if !(release.travel < 0) {
            let base = SnapMath.flooredIndex(p)
            let moved = p - p.rounded(.down) >= positionalThreshold
            return layout.decision(slot: moved ? base + 1 : base, rule: moved ? "slow-past-threshold" : "slow-back")
        }
        let base = SnapMath.ceiledIndex(p)
        let moved = p.rounded(.up) - p >= positionalThreshold
        return layout.decision(slot: moved ? base - 1 : base, rule: moved ? "slow-past-threshold" : "slow-back")
    }
}
