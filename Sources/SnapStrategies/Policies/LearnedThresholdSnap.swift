/// A learned ordinal threshold rule: items moved from the item selected before the drag is a
/// linear score of release-time features cut at fitted cut points — the features the best
/// hand-made rules look at, combined with fitted weights. A plain value holding fitted numbers
/// (no GSL, no Foundation), so an app can ship it.
///
/// Features of a release (``features(of:in:)``), `s` the start slot (``Release/startSlot(in:)``),
/// `p(x)` the fractional slot position of offset `x` (``CarouselLayout/position(atOffset:)``),
/// `W` the layout's stride:
///
/// | feature | definition | the rules that use it |
/// | --- | --- | --- |
/// | `velocity` | release velocity in items: `v/W`, pages per ms (`v` in pt/ms) | tag99 tiers, UIKit paging gate, Compose/Flutter/ViewPager fling gates (`policies.md` Part 2) |
/// | `travel` | content travel `(offset − startOffset)/W`, pages | ViewPager `mFlingDistance`, Flutter `minFlingDistance`, Embla threshold |
/// | `fingerTravel` | `(fingerTravel − travel)/W`: what the finger moved beyond the content (touch slop), pages; 0 when ``Release/fingerTravel`` is unknown | Swiper `threshold` and ViewPager slop gate on the finger (``Release/fingerTravel(touchSlop:)``) |
/// | `fraction` | `p(offset) − ⌊p(offset)⌋`, position in the item | UIKit paging half page, Swiper `longSwipesRatio`, ViewPager `truncator`, Compose `positionalThreshold` |
/// | `uikitProjection` | `p(r) − s`, `r` UIKit's resting offset at `.normal` (``UIKitDeceleration``: `offset + v·0.998/0.002`, clamped to the content) | SwiftUI `.viewAligned`, UIKit `targetContentOffset` (`policies.md` §4.1–4.6) |
/// | `androidProjection` | `p(r) − s`, `r = offset + D(v)` with Android's spline distance `D` at platform constants and `v` clamped to 8 dp/ms (``AndroidSplineDeceleration``, AOSP `OverScroller.SplineOverScroller.getSplineFlingDistance`), clamped to the content | `LinearSnapHelper`, Compose `splineBasedDecay`, React Native Android paging |
/// | `duration` | `ln(1 + contact ms)` (``Release/duration``, negative read as 0) | Swiper `longSwipesMs` (long vs short swipe) |
/// | `quickness` | `sign(travel) · 100/max(contact ms, 10)`: the drag direction, larger for short contact | Swiper's short swipe: under `longSwipesMs` it moves on in the drag direction (`onTouchEnd.ts`) |
///
/// **Every feature means the same on every layout** (issue 30: a fit must carry over between
/// screens): distances are in pages of the layout's stride `W` (item width plus spacing) or
/// fractions of one, the speed is pages per ms, times are times; no absolute offset, point
/// distance or point speed enters the score. (The two projections use the platforms' own
/// physics in points — that is what those platforms do — and are then read in pages.)
///
/// The score and the decision, with `c` cut points (`K = ⌊c/2⌋`):
/// ```
/// η = Σ weightᵢ · featureᵢ
/// k = −K + #{ j : cutⱼ < η }          (a NaN score gives k = 0: stay)
/// target slot = s + k                 (clamped to the items of a bounded layout)
/// ```
/// With sorted cut points this is the ordinal (cumulative-logit) model
/// `P(k ≤ j − K) = σ(cutⱼ − η)` evaluated at its median, fitted in `SnapEvaluator`'s
/// `OrdinalThresholdModel` by maximum likelihood and then with the cut points moved to the
/// values that maximize the hit rate for the fitted weights (`LearnedCutpointTuning`);
/// unsorted cut points still give a total, monotone rule.
///
/// Defaults (a neutral prior, not a fit; ±3 items): `uikitProjectionWeight` 10, every other
/// weight 0, cut points −25, −15, −5, 5, 15, 25: the item nearest UIKit's natural resting
/// position, at most three from the start item — SwiftUI `.viewAligned` with three views allowed.
public struct LearnedThresholdSnap: SnapPolicy, Hashable {
    public var id: String { "learned-threshold" }
    public var summary: String {
        "items from the start item by a linear score of velocity, travel, position, UIKit and Android projections and contact time, cut at fitted cut points"
    }
    public var source: String {
        "SnapLab: cumulative-logit model fitted by maximum likelihood (SnapEvaluator OrdinalThresholdModel), cut points tuned for the hit rate; defaults the item nearest UIKit's projection (0.998/ms), ±3"
    }

    /// The feature names, in ``Features/values`` and ``weights`` order.
    public static let featureNames = ["velocity", "travel", "fingerTravel", "fraction",
                                      "uikitProjection", "androidProjection", "duration", "quickness"]
    /// The features' units, in ``featureNames`` order.
    public static let featureUnits = ["pages/ms", "pages", "pages", "page", "pages", "pages", "ln(1 + ms)", "per 100 ms"]

    /// Score per unit of each feature, in ``featureNames`` order (always 8 values).
    public var weights: [Double]
    /// Cut points between consecutive item counts, lowest first.
    public var cutpoints: [Double]

    /// The default weights (see the type's documentation).
    public static let defaultWeights: [Double] = [0, 0, 0, 0, 10, 0, 0, 0]
    /// The default cut points (see the type's documentation).
    public static let defaultCutpoints: [Double] = [-25, -15, -5, 5, 15, 25]
    /// Range of every weight and cut point.
    public static let parameterLimit = 10_000.0

    /// A policy with `weights` (missing ones 0, extra ones ignored) and `cutpoints`.
    public init(weights: [Double] = LearnedThresholdSnap.defaultWeights,
                cutpoints: [Double] = LearnedThresholdSnap.defaultCutpoints) {
        let n = Self.featureNames.count
        self.weights = Array((weights + [Double](repeating: 0, count: n)).prefix(n))
        self.cutpoints = cutpoints
    }

    /// The neutral prior with `K` items each way: the default weights and cut points
    /// `10·(j − K + ½)`, `j = 0…2K−1` (the item nearest UIKit's projection, at most `K` from the start).
    public init(maxPages k: Int) {
        self.init(cutpoints: (0..<(2 * Swift.max(1, k))).map { 10 * (Double($0 - Swift.max(1, k)) + 0.5) })
    }

    /// The most items the rule moves back from the start item: `⌊c/2⌋`.
    public var pagesBack: Int { cutpoints.count / 2 }

    /// The model's inputs for a release (see the type's table).
    public struct Features: Sendable, Hashable {
        /// The start slot `s` (the item selected before the drag).
        public var startSlot: Int
        public var velocity: Double
        public var travel: Double
        public var fingerTravel: Double
        public var fraction: Double
        public var uikitProjection: Double
        public var androidProjection: Double
        public var duration: Double
        public var quickness: Double

        @inlinable
        public init(startSlot: Int, velocity: Double, travel: Double, fingerTravel: Double, fraction: Double,
                    uikitProjection: Double, androidProjection: Double, duration: Double, quickness: Double) {
            self.startSlot = startSlot
            self.velocity = velocity
            self.travel = travel
            self.fingerTravel = fingerTravel
            self.fraction = fraction
            self.uikitProjection = uikitProjection
            self.androidProjection = androidProjection
            self.duration = duration
            self.quickness = quickness
        }

        /// The feature values in ``LearnedThresholdSnap/featureNames`` order.
        public var vector: [Double] {
            [velocity, travel, fingerTravel, fraction, uikitProjection, androidProjection, duration, quickness]
        }
    }

    /// The features of `release` in `layout` (total: NaN inputs give NaN features, and the
    /// decision then stays on the start item).
    @inlinable
    public static func features(of release: Release, in layout: CarouselLayout) -> Features {
        features(of: release, in: layout,
                 androidCoast: AndroidSplineDeceleration.standard.clampedCoastDistance(velocity: release.velocity))
    }

    /// ``features(of:in:)`` with the Android spline's distance of the clamped velocity given
    /// (`androidCoast`, ``ReleaseKinematics/standardAndroidCoast(of:)``); `logDuration` false puts
    /// a stand-in for `duration` (``durationStandIn(contact:)``) instead of `ln(1 + contact)`,
    /// for a score whose duration weight is 0.
    @inlinable
    static func features(of release: Release, in layout: CarouselLayout, androidCoast: Double,
                         logDuration: Bool = true) -> Features {
        features(of: release, in: layout, logDuration: logDuration) {
            androidProjection(ofEnd: release.offset + androidCoast, startSlot: $0, in: layout)
        }
    }

    /// ``features(of:in:androidCoast:logDuration:)`` with `androidProjection` given by `android`
    /// from the start slot; `exactFraction` and `exactQuickness` false put stand-ins for a score
    /// whose weights of those features are `±0` (``fractionStandIn(unsnapped:)``, `+0` for the
    /// quickness, which is always finite).
    @inlinable @inline(__always)
    static func features(of release: Release, in layout: CarouselLayout, logDuration: Bool,
                         exactFraction: Bool = true, exactQuickness: Bool = true,
                         android: (_ startSlot: Int) -> Double) -> Features {
        let s = release.startSlot(in: layout)
        let fraction: Double
        if exactFraction {
            let p = layout.position(atOffset: release.offset)
            fraction = p - p.rounded(.down)
        } else {
            fraction = fractionStandIn(unsnapped: layout.unsnappedPosition(atOffset: release.offset))
        }
        let stride = layout.stride
        let travel = release.travel / stride
        let excess = release.fingerTravel.map { ($0 - release.travel) / stride } ?? 0
        let uikit = layout.position(atOffset: UIKitDeceleration.normal.restingOffset(of: release, in: layout)) - Double(s)
        let android = android(s)
        let contact = release.duration > 0 ? release.duration : 0
        let t = release.travel
        let direction: Double = t > 0 ? 1 : (t < 0 ? -1 : 0)
        return Features(startSlot: s, velocity: release.velocity / stride, travel: travel, fingerTravel: excess,
                        fraction: fraction, uikitProjection: uikit, androidProjection: android,
                        duration: logDuration ? SnapMath.log(1 + contact) : durationStandIn(contact: contact),
                        quickness: exactQuickness ? direction * 100 / (contact > 10 ? contact : 10) : 0)
    }

    /// What stands for `fraction = p − ⌊p⌋` in a score whose fraction weight `w` is `±0`: `+0`
    /// where the unsnapped position `q` (``CarouselLayout/unsnappedPosition(atOffset:)``) is
    /// finite, else NaN. The decision is the one made with the fraction; the snap to the whole
    /// slot and the `floor` are saved.
    ///
    /// Proof. `p = snappedToWhole(q)` is finite exactly when `q` is (``SnapMath/snappedToWhole(_:)``
    /// returns `q` or the whole number it rounds to, finite for a finite `q`; NaN and infinities
    /// unchanged). A finite `p` gives a finite `p − ⌊p⌋`, and `w · (p − ⌊p⌋)` and `w · (+0)` are
    /// both zeros; an infinite or NaN `p` gives NaN, and `w · NaN` is NaN either way. The same
    /// holds for the quickness, `sign(travel) · 100 / d` with `d = max(contact, 10)` at least 10 or
    /// `+∞` (a NaN contact reads as 0): always finite, so its stand-in is `+0`. Each partial sum
    /// of the score then has the same value (zeros of either sign are equal; `x + (±0) = x` for
    /// `x ≠ 0`) or is NaN in both, and ``pages(forScore:)`` reads the score only through `c < η`
    /// and `η == η`: the same decision.
    @inlinable @inline(__always)
    static func fractionStandIn(unsnapped q: Double) -> Double {
        q.isFinite ? 0 : .nan
    }

    /// Whether the score needs `fraction`'s value: its weight is not `±0` (a NaN weight needs it).
    @inlinable
    var scoreNeedsFraction: Bool { weights[3] != 0 }

    /// Whether the score needs `quickness`'s value: its weight is not `±0` (a NaN weight needs it).
    @inlinable
    var scoreNeedsQuickness: Bool { weights[7] != 0 }

    /// The `androidProjection` feature of a fling ending (unclamped) at `end`: `p(clamp(end)) − s`.
    @inlinable @inline(__always)
    static func androidProjection(ofEnd end: Double, startSlot s: Int, in layout: CarouselLayout) -> Double {
        layout.position(atOffset: layout.clampedOffset(end)) - Double(s)
    }

    /// What stands for `androidProjection` in a score whose `androidProjection` weight `w` is `±0`
    /// (the defaults): `+0` when the projection is finite for every decay the standard spline can
    /// give (``AndroidSplineDecay/magnitudeBound``), else the projection itself (the decay read).
    /// The decision is the one made with the projection; the spline's `log` and `exp` are saved
    /// (`Docs/research/2026-11-30-compare-lazy37.md`).
    ///
    /// Proof. The projection is `snappedToWhole(q) − s` with `q = (clamp(x) − o)/W`
    /// (``CarouselLayout/position(atOffset:)``) at `x = offset + decay`, `|decay| < B`. Exactly,
    /// `offset − B ≤ offset + decay ≤ offset + B`, and rounding is monotone, so `x` lies between
    /// the two computed ends (a NaN offset makes all three NaN, clamped alike); the clamp and the
    /// subtraction of `o` keep the order, and the division by `W` keeps or reverses it (`W` = ±0
    /// or NaN: the ends are not finite). Finite at both ends, `q` is finite between, and so are
    /// `snappedToWhole(q)` (whole or itself) and `− s` (an `Int` cannot carry a finite double past
    /// the largest). Then `w · projection` and `w · (+0)` are both zeros: each partial sum of the
    /// score is unchanged, or a zero whose sign may differ, so the score has the same value (NaN
    /// where it was NaN), which ``pages(forScore:)`` reads only through `c < η` and `η == η`.
    @inline(__always)
    static func androidStandIn(_ release: Release, in layout: CarouselLayout, startSlot s: Int,
                               decay: AndroidSplineDecay) -> Double {
        let bound = AndroidSplineDecay.magnitudeBound, offset = release.offset
        let low = (layout.clampedOffset(offset - bound) - layout.alignmentOrigin) / layout.stride
        let high = (layout.clampedOffset(offset + bound) - layout.alignmentOrigin) / layout.stride
        if low.isFinite && high.isFinite { return 0 }
        return androidProjection(ofEnd: offset + decay.value(), startSlot: s, in: layout)
    }

    /// Whether the score needs `androidProjection`'s value: its weight is not `±0`.
    @inlinable
    var scoreNeedsAndroidProjection: Bool { weights[5] != 0 }

    /// What stands for `duration = ln(1 + contact)` in a score whose duration weight `w` is `±0`
    /// (the defaults): `+∞` for an infinite contact, else `+0`. `w · standIn` has the bits of
    /// `w · ln(1 + contact)`, so the score (every term and every sum, in the same order) has the
    /// same bits, NaN and `±0` included, and the decision is the same; ~75 instructions a release
    /// saved (callgrind, `Docs/research/2026-11-30-compare-coast36.md`).
    ///
    /// Proof. `contact = duration > 0 ? duration : 0` is `+0` (for `±0`, negative or NaN
    /// durations), positive finite, or `+∞`, so `x = 1 + contact` is in `[1, ∞)` or `+∞`.
    /// ``SnapMath/log(_:)`` gives `+∞` for `+∞`; for a finite `x ≥ 1` it gives a value with the sign
    /// bit clear, `+0` or positive: with `x = m·2ᵉ`, `m ∈ (√2/2, √2]`, `e ≥ 0`; if `e = 0`,
    /// `s = (m − 1)/(m + 1) ≥ +0` (`+0` at `m = 1`), the series sum `s·P` is `≥ +0` and the result
    /// `0·ln2High + (2·sum + 0·ln2Low)` is `+0 + (≥ +0)`, `≥ +0`; if `e ≥ 1`, `|s| < 0.172`,
    /// `|2·sum| < 0.35` and the result is `> e·0.693 − 0.35 > 0`. Then for `w = ±0`:
    /// `w · (finite, sign bit clear) = w · (+0)` is the zero with `w`'s sign, and
    /// `w · (+∞) = w · (+∞)` is the same invalid-operation NaN. The stand-in has the same class and
    /// sign as the logarithm, so the products, and all that follows, have the same bits.
    @inlinable
    static func durationStandIn(contact: Double) -> Double {
        contact == .infinity ? .infinity : 0
    }

    /// Whether the score needs `duration`'s value: its weight is not `±0` (a NaN weight needs it).
    @inlinable
    var scoreNeedsDuration: Bool { weights[6] != 0 }

    /// The linear score `η` of `x` (``Scorer/score(_:)``).
    public func score(_ x: Features) -> Double {
        withScorer { $0.score(x) }
    }

    /// Items moved from the start item for score `η`: `−⌊c/2⌋ + #{cutⱼ < η}`; NaN gives 0
    /// (``Scorer/pages(forScore:)``).
    public func pages(forScore eta: Double) -> Int {
        withScorer { $0.pages(forScore: eta) }
    }

    public var parameterSpecs: [PolicyParameter] {
        let limit = Self.parameterLimit
        var specs = zip(Self.featureNames, Self.featureUnits).enumerated().map { i, named in
            PolicyParameter(name: named.0 + "Weight", unit: "per " + named.1, defaultValue: Self.defaultWeights[i],
                            minimum: -limit, maximum: limit, summary: "score per unit of the \(named.0) feature")
        }
        let back = pagesBack
        for j in cutpoints.indices {
            let lower = j - back
            specs.append(PolicyParameter(
                name: "cut\(j + 1)", unit: "score",
                defaultValue: 10 * (Double(lower) + 0.5),
                minimum: -limit, maximum: limit,
                summary: "score above which the rule moves \(lower + 1) rather than \(lower) items from the start item"))
        }
        return specs
    }

    public var parameterOrder: [ParameterOrder] { cutpoints.indices.dropFirst().map { ParameterOrder("cut\($0)", "cut\($0 + 1)") } }

    public var parameterValues: [Double] { weights + cutpoints }

    public mutating func assignValidatedParameterValues(_ values: [Double]) {
        let n = Self.featureNames.count
        weights = Array(values.prefix(n))
        cutpoints = Array(values.dropFirst(n))
    }

    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let coast = AndroidSplineDeceleration.standard.clampedCoastDistance(velocity: release.velocity)
        return decide(features: Self.features(of: release, in: layout, androidCoast: coast,
                                              logDuration: scoreNeedsDuration), in: layout)
    }

    /// The decision for a release with features `x` (``Scorer/decide(features:in:)``).
    func decide(features x: Features, in layout: CarouselLayout) -> SnapDecision {
        withScorer { $0.decide(features: x, in: layout) }
    }

    /// Swift source that builds this policy: `LearnedThresholdSnap(weights: […], cutpoints: […])`,
    /// numbers in Swift's shortest round-trip form (rebuilds exactly these values).
    public var swiftExpression: String {
        func list(_ xs: [Double]) -> String { "[" + xs.map { "\($0)" }.joined(separator: ", ") + "]" }
        return "LearnedThresholdSnap(weights: \(list(weights)),\n                         cutpoints: \(list(cutpoints)))"
    }

    /// "stay-on-start-item", "forward-k" or "back-k".
    static func rule(pages k: Int) -> String {
        if let rule = literalRule(pages: k) { return rule.description }
        return k > 0 ? "forward-\(k)" : "back-\(-k)"
    }

    /// ``rule(pages:)`` for the common moves, as literals (building the text would cost more than
    /// the decision, and a literal rule is stored without reference counting, ``SnapDecision``);
    /// nil for the others.
    @inline(__always)
    static func literalRule(pages k: Int) -> StaticString? {
        switch k {
        case 0: return "stay-on-start-item"
        case 1: return "forward-1"
        case 2: return "forward-2"
        case 3: return "forward-3"
        case -1: return "back-1"
        case -2: return "back-2"
        case -3: return "back-3"
        default: return nil
        }
    }
}
