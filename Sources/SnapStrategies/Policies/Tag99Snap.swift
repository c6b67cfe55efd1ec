/// The "tag 99" velocity-tiered page jumps (seed document 003, `scrollViewWillEndDragging` of the
/// scroll view tagged 99; `policies.md` §1.2).
///
/// With page width `pw` (the layout's stride; the seed hard-codes 170 = 160 + 10), release
/// offset `x`, velocity `v` (pt/ms) and UIKit's proposed target `t` (normal rate 0.998 per ms):
/// ```
/// val = x / pw;  newPage = Int(val)                       // truncation
/// if v == 0: newPage = Int(floor((t − pw/2) / pw) + 1)     // nearest page to the target
/// else:
///     if v < 0 and val − newPage > 0.6: newPage += 1      // the 0.6 backward rule
///     newPage += v > 0 ? 1 : −1
///     if v > 2.7: newPage += 2 elif v > 2.2: newPage += 1
///     if v < −2.7: newPage −= 2 elif v < −2.2: newPage −= 1
///     if newPage < 0: newPage = 0
///     if newPage > Int(C / pw): newPage = Int(ceil(C / pw) − 1)
/// target offset = newPage · pw
/// ```
/// Constants: tiers 2.2 and 2.7 pt/ms adding 1 and 2 pages, backward fraction 0.6, rate 0.998.
///
/// Quirk kept on purpose: a slow backward flick from p = 2.5 lands on page 1 (truncation gives 2,
/// 0.5 is not above 0.6, then one page back).
///
/// Where ours differs, by necessity: the seed's end clamp `Int(ceil(C/pw) − 1)` can name a page
/// one past the last item; ours then clamps to the last item (whose offset UIKit clamps to the
/// content anyway). The zero-velocity branch is clamped to the items too. Offsets are taken
/// relative to the layout's alignment origin. In a looping layout there are no clamps and `Int`
/// is replaced by `floor` so that a release shifted by a whole cycle decides the same. The page
/// position `val` is snapped to a whole page within 1e-9 (``CarouselLayout/position(atOffset:)``):
/// otherwise a release at rest on a page, whose `val` rounding leaves at `n − 1e-16` or `n + 1e-16`,
/// would jump a page either way.
public struct Tag99Snap: DeclaredParameters, LayoutHoistingPolicy, Hashable {
    public var id: String { "tag99" }
    public var summary: String {
        "one page per flick in its direction, +1 page above 2.2 pt/ms and +2 above 2.7 pt/ms; slow backward drags need 0.6 of a page"
    }
    public var source: String {
        "seed 003: scrollViewWillEndDragging of the view tagged 99 (page 170 pt, tiers 2.2/2.7 pt/ms, 0.6 backward rule, rate .normal 0.998/ms)"
    }

    /// Speed above which one extra page is added, pt/ms.
    public var lowTier: Double
    /// Speed above which ``highTierPages`` extra pages are added, pt/ms.
    public var highTier: Double
    /// Extra pages above ``lowTier``.
    public var lowTierPages: Double
    /// Extra pages above ``highTier``.
    public var highTierPages: Double
    /// A backward release this far into a page counts from the next page up.
    public var backwardFraction: Double
    /// Per-millisecond rate of UIKit's proposed target (used when the velocity is 0).
    public var decelerationRate: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(
        Tag99Snap(lowTier: .nan, highTier: .nan, lowTierPages: .nan, highTierPages: .nan, backwardFraction: .nan,
                  decelerationRate: .nan))

    public init(lowTier: Double = Tag99Snap.defaults.lowTier,
                highTier: Double = Tag99Snap.defaults.highTier,
                lowTierPages: Double = Tag99Snap.defaults.lowTierPages,
                highTierPages: Double = Tag99Snap.defaults.highTierPages,
                backwardFraction: Double = Tag99Snap.defaults.backwardFraction,
                decelerationRate: Double = Tag99Snap.defaults.decelerationRate) {
        self.lowTier = lowTier
        self.highTier = highTier
        self.lowTierPages = lowTierPages
        self.highTierPages = highTierPages
        self.backwardFraction = backwardFraction
        self.decelerationRate = decelerationRate
    }

    /// The parameters, declared once (``DeclaredParameters``).
    public static let parameters = ParameterTable<Tag99Snap>([
        ParameterField(\.lowTier, "lowTier", unit: "pt/ms", default: 2.2, range: 0...20,
                       comparedWith: ThresholdFeature(.speed, .exceeds), summary: "speed above which one extra page is added"),
        ParameterField(\.highTier, "highTier", unit: "pt/ms", default: 2.7, range: 0...20,
                       comparedWith: ThresholdFeature(.speed, .exceeds), summary: "speed above which highTierPages extra pages are added"),
        ParameterField(\.lowTierPages, "lowTierPages", unit: "pages", default: 1, range: 0...10,
                       isInteger: true, summary: "extra pages above lowTier"),
        ParameterField(\.highTierPages, "highTierPages", unit: "pages", default: 2, range: 0...10,
                       isInteger: true, summary: "extra pages above highTier"),
        ParameterField(\.backwardFraction, "backwardFraction", unit: "fraction of page", default: 0.6,
                       range: 0...1, comparedWith: ThresholdFeature(.positionInPage, .exceeds),
                       summary: "a backward release this far into a page counts from the next page"),
        ParameterField(\.decelerationRate, "decelerationRate", unit: "per ms", default: 0.998,
                       range: 0.5...0.9999,
                       role: .platformConstant, summary: "UIKit rate of the proposed target used at zero velocity (.normal = 0.998)"),
    ], orders: [(\.lowTier, \.highTier)])

    public var parameterTable: ParameterTable<Tag99Snap> { Self.parameters }

    @inline(__always)
    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let pw = layout.stride
        let origin = layout.alignmentOrigin
        let v = release.velocity
        let looping = layout.isLooping
        if v == 0 || v != v {
            let t = UIKitDeceleration(rate: decelerationRate).restingOffset(of: release, in: layout) - origin
            let page = SnapMath.flooredIndex((t - pw / 2) / pw) + 1
            return layout.decision(slot: page, rule: "at-rest-nearest-to-target")
        }
        // (x − origin)/pw, snapped to a whole page within 1e-9 so that a release at rest on a page
        // decides the same after a shift by whole loop cycles (see SnapMath.snappedToWhole).
        let val = layout.position(atOffset: release.offset)
        var page = looping ? SnapMath.flooredIndex(val) : SnapMath.truncatedIndex(val)
        var fromNextPage = false
        if v < 0 && val - Double(page) > backwardFraction {
            page += 1
            fromNextPage = true
        }
        page += v > 0 ? 1 : -1
        let extra: Int
        let tier: Int
        if abs(v) > highTier {
            extra = SnapMath.truncatedIndex(highTierPages)
            tier = 2
        } else if abs(v) > lowTier {
            extra = SnapMath.truncatedIndex(lowTierPages)
            tier = 1
        } else {
            extra = 0
            tier = 0
        }
        let rule = Self.ruleName(forward: v > 0, fromNextPage: fromNextPage, tier: tier)
        page += v > 0 ? extra : -extra
        var clamps = ""
        if !looping {
            if page < 0 { page = 0; clamps += "+clamped-start" }
            let content = layout.contentWidth
            if page > SnapMath.truncatedIndex(content / pw) {
                page = SnapMath.ceiledIndex(content / pw) - 1
                clamps += "+clamped-end"
            }
            if page > layout.itemCount - 1 {
                page = layout.itemCount - 1
                clamps += "+clamped-last-item"
            }
        }
        return clamps.isEmpty ? layout.decision(slot: page, rule: rule)
                              : layout.decision(slot: page, ruleText: rule.description + clamps)
    }

    /// The rule name without clamps, as a literal: building it by concatenation allocated a
    /// String on every tiered decision, which dominated the cost of fitting on large sets (and a
    /// literal rule is stored without reference counting, ``SnapDecision``).
    private static func ruleName(forward: Bool, fromNextPage: Bool, tier: Int) -> StaticString {
        switch (forward, fromNextPage, tier) {
        case (true, _, 0): return "one-page-forward"
        case (true, _, 1): return "one-page-forward+low-tier"
        case (true, _, _): return "one-page-forward+high-tier"
        case (false, false, 0): return "one-page-back"
        case (false, false, 1): return "one-page-back+low-tier"
        case (false, false, _): return "one-page-back+high-tier"
        case (false, true, 0): return "backward-from-next-page"
        case (false, true, 1): return "backward-from-next-page+low-tier"
        case (false, true, _): return "backward-from-next-page+high-tier"
        }
    }
}
