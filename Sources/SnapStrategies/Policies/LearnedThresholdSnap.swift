/// A learned ordinal threshold rule: pages moved from the release page is the median category
/// of a cumulative-logit (proportional-odds) model of release velocity, fractional position and
/// finger travel. A plain value holding fitted numbers — no GSL — so an app can ship it.
///
/// Features of a release in a layout (``features(of:in:)``): `p` the fractional slot position
/// of the release offset (``CarouselLayout/position(atOffset:)``), the *release page*
/// `b = floor(p)`, the fraction `f = p − b ∈ [0, 1)`, the velocity `v` (pt/ms) and the travel
/// `t = (offset − startOffset)/stride` in pages (content direction; finger travel is −t).
/// The linear score and the decision:
/// ```
/// η = velocityWeight·v + fractionWeight·f + travelWeight·t
/// k = −⌊c/2⌋ + #{ j : cutⱼ < η }          (c = number of cut points)
/// target slot = b + k                      (clamped to the items of a bounded layout)
/// ```
/// With sorted cut points this is the median of the model
/// `P(k ≤ j) = σ(cutⱼ − η)`, `σ(x) = 1/(1 + e^(−x))`, fitted by maximum likelihood in
/// `SnapEvaluator`'s `OrdinalThresholdModel`; unsorted cut points still give a total,
/// monotone rule. At a given `f` and `t` the explicit velocity thresholds are
/// `vⱼ = (cutⱼ − fractionWeight·f − travelWeight·t)/velocityWeight` (``velocityThresholds(fraction:travel:)``):
/// the release moves at least `j + 1 − ⌊c/2⌋` pages from `b` when `v > vⱼ`.
///
/// Defaults (a neutral prior, not a fit; ±3 pages, 6 cut points): velocityWeight 10 per pt/ms,
/// fractionWeight 10 per page, travelWeight 0, cut points −80, −50, −17, 5, 27, 60. So
/// `η = 10·(v + f)`: at rest the nearest item (`f > 0.5` moves on, policies.md §1.3); a flick
/// moves one page in its direction once `v + f` passes 0.5 (forward) or −1.7 (back from the next
/// page), i.e. above about 0.2 pt/ms after a 0.3-page drag (near the 0.3 pt/ms iOS folklore and
/// Compose's 0.4 dp/ms, human-swipes-and-user-needs.md B.1); a second page above
/// `v + f > 2.7` (tag99's high tier 2.7 pt/ms, seed 003), symmetric backwards; a third above
/// 6 pt/ms. A release at rest on an item stays there (`η = 0` lies between −17 and 5).
public struct LearnedThresholdSnap: SnapPolicy, Hashable {
    public var id: String { "learned-threshold" }
    public var summary: String {
        "pages from the release page by an ordinal-logit score of velocity, fractional position and travel against fitted cut points"
    }
    public var source: String {
        "SnapLab: cumulative-logit model fitted by maximum likelihood (SnapEvaluator OrdinalThresholdModel); defaults a neutral prior (half page at rest, tag99 2.7 pt/ms tier)"
    }

    /// Score per pt/ms of release velocity.
    public var velocityWeight: Double
    /// Score per page of fractional position past the release page.
    public var fractionWeight: Double
    /// Score per page of content travel during the drag.
    public var travelWeight: Double
    /// Cut points between consecutive page counts, lowest first.
    public var cutpoints: [Double]

    /// The default cut points (see the type's documentation).
    public static let defaultCutpoints: [Double] = [-80, -50, -17, 5, 27, 60]

    public init(velocityWeight: Double = 10, fractionWeight: Double = 10, travelWeight: Double = 0,
                cutpoints: [Double] = LearnedThresholdSnap.defaultCutpoints) {
        self.velocityWeight = velocityWeight
        self.fractionWeight = fractionWeight
        self.travelWeight = travelWeight
        self.cutpoints = cutpoints
    }

    /// The most pages the rule moves back from the release page: `⌊c/2⌋`.
    public var pagesBack: Int { cutpoints.count / 2 }

    /// The model's inputs for a release.
    public struct Features: Sendable, Hashable {
        /// The release page `floor(p)`.
        public var page: Int
        /// `p − page`, in `[0, 1)` for finite positions.
        public var fraction: Double
        /// Release velocity, pt/ms.
        public var velocity: Double
        /// Content travel during the drag, pages.
        public var travel: Double
    }

    /// The features of `release` in `layout` (total: NaN positions give page 0 and fraction NaN).
    public static func features(of release: Release, in layout: CarouselLayout) -> Features {
        let p = layout.position(atOffset: release.offset)
        let page = SnapMath.flooredIndex(p)
        return Features(page: page, fraction: p - Double(page), velocity: release.velocity,
                        travel: (release.offset - release.startOffset) / layout.stride)
    }

    /// The linear score `η` of `features`.
    @inlinable
    public func score(_ x: Features) -> Double {
        velocityWeight * x.velocity + fractionWeight * x.fraction + travelWeight * x.travel
    }

    /// Pages moved from the release page for score `η`: `−⌊c/2⌋ + #{cutⱼ < η}` (NaN gives `−⌊c/2⌋`).
    public func pages(forScore eta: Double) -> Int {
        var above = 0
        for c in cutpoints where c < eta { above += 1 }
        return above - pagesBack
    }

    /// Velocity thresholds `vⱼ = (cutⱼ − fractionWeight·f − travelWeight·t)/velocityWeight`, one per
    /// cut point: above `vⱼ` the rule moves at least `j + 1 − ⌊c/2⌋` pages from the release page.
    /// Infinite or NaN when ``velocityWeight`` is 0.
    public func velocityThresholds(fraction f: Double, travel t: Double = 0) -> [Double] {
        cutpoints.map { ($0 - fractionWeight * f - travelWeight * t) / velocityWeight }
    }

    public var parameterSpecs: [PolicyParameter] {
        var specs = [
            PolicyParameter(name: "velocityWeight", unit: "per pt/ms", defaultValue: 10, minimum: 0, maximum: 200,
                            summary: "score per pt/ms of release velocity"),
            PolicyParameter(name: "fractionWeight", unit: "per page", defaultValue: 10, minimum: 0, maximum: 200,
                            summary: "score per page of position past the release page"),
            PolicyParameter(name: "travelWeight", unit: "per page", defaultValue: 0, minimum: -200, maximum: 200,
                            summary: "score per page of content travel during the drag"),
        ]
        let defaults = Self.defaultCutpoints
        let back = pagesBack
        for j in cutpoints.indices {
            let lower = j - back
            specs.append(PolicyParameter(
                name: "cut\(j + 1)", unit: "score", defaultValue: j < defaults.count && cutpoints.count == defaults.count ? defaults[j] : 0,
                minimum: -1000, maximum: 1000,
                summary: "score above which the rule moves \(lower + 1) rather than \(lower) pages from the release page"))
        }
        return specs
    }

    public var parameterOrder: [ParameterOrder] { cutpoints.indices.dropFirst().map { ParameterOrder("cut\($0)", "cut\($0 + 1)") } }

    public var parameterValues: [Double] { [velocityWeight, fractionWeight, travelWeight] + cutpoints }

    public mutating func assignValidatedParameterValues(_ values: [Double]) {
        velocityWeight = values[0]
        fractionWeight = values[1]
        travelWeight = values[2]
        cutpoints = Array(values.dropFirst(3))
    }

    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let x = Self.features(of: release, in: layout)
        let k = pages(forScore: score(x))
        return layout.decision(slot: layout.clampedSlot(x.page) + k, rule: Self.rule(pages: k))
    }

    /// "stay-on-release-page", "forward-k" or "back-k"; the common ones as constants (building
    /// the text would cost more than the decision).
    static func rule(pages k: Int) -> String {
        switch k {
        case 0: return "stay-on-release-page"
        case 1: return "forward-1"
        case 2: return "forward-2"
        case 3: return "forward-3"
        case -1: return "back-1"
        case -2: return "back-2"
        case -3: return "back-3"
        default: return k > 0 ? "forward-\(k)" : "back-\(-k)"
        }
    }
}
