import SnapStrategies
import SnapTraces
import SnapScoring

/// Hit rates of policies on generated swipes, in memory (for checking that a model fitted by
/// `generate --like` ranks policies as the data it was fitted to does; `Scripts/research/check-like.sh`).
///
/// Each labelled, uncancelled swipe becomes the release the reader would make of its rows
/// (LSQ2 velocity, the last row's offset and time); a policy hits when its resting item is the
/// label (`exact`) or the label is wholly in the viewport at its resting offset (`revealed`, ±0.5 pt).
public enum PolicyHitRates {
    /// The share of hits of each policy, in `policies` order.
    public static func rates(of swipes: [SyntheticSwipe], policies: [any SnapPolicy], layout: CarouselLayout,
                             criterion: HitCriterion) throws -> [Double] {
        let model = try SwipeModel(layout: layout)
        let visibility = try SessionSimulator(model: model, livePolicy: nil)
        var scratch = SessionSimulator.Scratch()
        var releases: [(Release, Int)] = []
        for s in swipes where s.isLabelled && !s.isCancelled {
            releases.append((visibility.release(of: s, scratch: &scratch), s.startSlot + s.intent))
        }
        guard !releases.isEmpty else { return policies.map { _ in .nan } }
        return policies.map { policy in
            var hits = 0
            for (release, label) in releases {
                let d = policy.decide(release, in: layout)
                switch criterion {
                case .exact: if d.targetIndex == layout.itemIndex(ofSlot: label) { hits += 1 }
                case .revealed: if visibility.isRevealed(slot: label, atOffset: d.targetOffset) { hits += 1 }
                }
            }
            return Double(hits) / Double(releases.count)
        }
    }

    /// The share of hits of each policy on the labelled traces of `paths` (read with `options`),
    /// by the same rule; `criterion` applies to traces without a `hit` column of their own.
    /// `observe` sees every trace read (the data checks, ``DataChecks``).
    public static func rates(ofFiles paths: [String], options: TraceReadOptions, policies: [any SnapPolicy],
                             criterion: HitCriterion, observe: (TraceRecord) -> Void = { _ in }) throws -> [Double] {
        var hits = [Int](repeating: 0, count: policies.count)
        var total = 0
        var checkers: [CarouselLayout: SessionSimulator] = [:]
        _ = try TraceReader.read(paths: paths, options: options) { record in
            observe(record)
            let r = record.release
            guard let label = r.intendedIndex else { return }
            let checker: SessionSimulator
            if let c = checkers[r.layout] { checker = c } else {
                checker = try SessionSimulator(model: SwipeModel(layout: r.layout), livePolicy: nil)
                checkers[r.layout] = checker
            }
            total += 1
            let slot = r.layout.slot(ofItem: label, near: r.release.startOffset)
            for (i, policy) in policies.enumerated() {
                let d = policy.decide(r.release, in: r.layout)
                switch r.hit ?? criterion {
                case .exact: if d.targetIndex == label { hits[i] += 1 }
                case .revealed: if checker.isRevealed(slot: slot, atOffset: d.targetOffset) { hits[i] += 1 }
                }
            }
        }
        return hits.map { total > 0 ? Double($0) / Double(total) : .nan }
    }
}
