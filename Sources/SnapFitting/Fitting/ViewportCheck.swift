import SnapStrategies
import SnapLabSupport
import SnapScoring

/// Whether a candidate's hits hinge on the exact viewport width of the layout it was recorded in
/// (issue 30): the check a recommendation makes when the data hold one task, so that no transfer
/// score can show it.
///
/// A layout's viewport width is the one part of it that differs between the phones an app ships
/// to (views of about 360–430 pt), and it is what some policies page by (React Native Android's
/// paging, `getSnapInterval()`, moves one view width). On one layout, such a policy can score well
/// because one view width happens to be the distance to the task's target — a coincidence that a
/// narrower or wider phone does not share. So each candidate's configuration (its defaults, or
/// its fit on all traces) is scored again on the same swipes with every layout's viewport
/// ``scales`` times as wide (decisions and hits both in the scaled layout: the same swipes on
/// another phone). A candidate is set aside, with the figures, when both:
/// - its hit rate at either scale falls below the recorded one by more than its standard error
///   (``Recommendation/Candidate/testStandardError``, the yardstick of the one-standard-error
///   rule): its hits depend on the viewport; and
/// - its worst rate over the scales falls more than that standard error below the best worst
///   rate of the candidates that are not otherwise set aside (``bestWorst``): on another phone it
///   would be out of contention.
///
/// The second condition makes the check relative. On a trailing row under `--hit revealed` a
/// narrower viewport moves every snap offset and what counts as revealed, so every policy's rate
/// moves, and with many traces every drop exceeds a small standard error; what a recommendation
/// must avoid is a candidate that leads only at the recorded width (rn-android-paging on the
/// GestureApp "pix" screen: 0.818, 0.212 at 0.9×), not one that moves with the others. Policies
/// that decide in items lose little (the scaled viewport only moves what counts as revealed and
/// where the content ends).
struct ViewportCheck {
    /// The viewport widths tried, as multiples of the recorded one: 10% narrower and wider.
    static let scales = [0.9, 1.1]
    /// The data with each scale's layouts (a scale whose layout is invalid is left out).
    let scaled: [(scale: Double, data: FitData)]
    let data: FitData

    init(data: FitData) {
        self.data = data
        scaled = Self.scales.compactMap { s in data.withViewport(scaledBy: s).map { (s, $0) } }
    }

    /// A candidate's rate on the recorded layout and its worst over ``scales`` (the scale and rate).
    struct Rates {
        var recorded: Double
        var worst: (scale: Double, rate: Double)?
    }

    /// `c`'s rates on the recorded and the scaled layouts.
    func rates(_ c: Recommendation.Candidate) -> Rates {
        Rates(recorded: Self.hitRate(c.policy, data),
              worst: scaled.map { ($0.scale, Self.hitRate(c.policy, $0.data)) }.min(by: { $0.1 < $1.1 }))
    }

    /// The best worst-case rate among `rates` (NaN when none has one): the bar a candidate's own
    /// worst case is held to.
    static func bestWorst(_ rates: [Rates]) -> Double {
        rates.compactMap { $0.worst?.rate }.filter(\.isFinite).max() ?? .nan
    }

    /// Why `c`'s hits depend on the viewport width so much that it drops out of contention, or
    /// `nil` (hit rate objectives only). `r`: its ``rates(_:)``; `bestWorst`: ``bestWorst(_:)``
    /// over the candidates that are not otherwise set aside (NaN: the relative condition is not
    /// applied).
    func reason(_ c: Recommendation.Candidate, rates r: Rates, bestWorst: Double) -> String? {
        let yardstick = c.testStandardError.isFinite ? c.testStandardError : 0
        guard let worst = r.worst, r.recorded - worst.rate > yardstick else { return nil }
        if bestWorst.isFinite, worst.rate >= bestWorst - yardstick { return nil }
        return "its hits depend on the viewport width: \(NumberFormat.fixed(r.recorded, 3)) on the recorded layout, "
            + "\(NumberFormat.fixed(worst.rate, 3)) with the viewport \(NumberFormat.compact(worst.scale, 2))× as wide "
            + "(a drop beyond its standard error, \(NumberFormat.fixed(yardstick, 3))"
            + (bestWorst.isFinite ? ", and more than that below the best worst case of the candidates, \(NumberFormat.fixed(bestWorst, 3)))" : ")")
    }

    /// Each candidate's reason, the best worst case taken over the candidates that are not
    /// degenerate (unless `allowDegenerate`) and have no transfer failure.
    func reasons(_ candidates: [Recommendation.Candidate], allowDegenerate: Bool) -> [String?] {
        let all = candidates.map(rates)
        let contenders = candidates.indices.filter {
            (allowDegenerate || candidates[$0].degenerate.isEmpty) && candidates[$0].transferFailure == nil
        }
        let bar = Self.bestWorst(contenders.map { all[$0] })
        return candidates.indices.map { reason(candidates[$0], rates: all[$0], bestWorst: bar) }
    }
}

extension ViewportCheck {
    /// `policy`'s hit rate on `data` as `compare` judges it (``FitData/outcome(_:of:in:)``:
    /// `revealed` with the content at the policy's own resting offset, which matters for a policy
    /// that rests between slots — exactly a policy that pages by the view's width).
    static func hitRate(_ policy: any SnapPolicy, _ data: FitData) -> Double {
        data.score(policy, objective: .hitRate, indices: data.allIndices)
    }
}

extension FitData {
    /// The same traces with every layout's viewport `factor` times as wide (items, spacing and
    /// insets as they are); `nil` when a layout cannot be built so.
    func withViewport(scaledBy factor: Double) -> FitData? {
        var scaled: [CarouselLayout] = []
        for l in layouts {
            guard let s = try? CarouselLayout(itemWidth: l.itemWidth, spacing: l.spacing, leadingInset: l.leadingInset,
                                              trailingInset: l.trailingInset, viewportWidth: l.viewportWidth * factor,
                                              itemCount: l.itemCount, alignment: l.alignment, isLooping: l.isLooping) else { return nil }
            scaled.append(s)
        }
        return FitData(self, layouts: scaled)
    }
}
