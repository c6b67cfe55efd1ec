import SnapStrategies

/// Hit rates of policies on generated swipes, in memory (for checking that a model fitted by
/// `generate --like` ranks policies as the data it was fitted to does; `Scripts/check-like.sh`).
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
    public static func rates(ofFiles paths: [String], options: TraceReadOptions, policies: [any SnapPolicy],
                             criterion: HitCriterion) throws -> [Double] {
        var hits = [Int](repeating: 0, count: policies.count)
        var total = 0
        var checkers: [CarouselLayout: SessionSimulator] = [:]
        _ = try TraceReader.read(paths: paths, options: options) { record in
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

    /// Spearman's rank correlation of `a` and `b` (average ranks for ties); NaN when undefined.
    public static func spearman(_ a: [Double], _ b: [Double]) -> Double {
        guard a.count == b.count, a.count >= 2 else { return .nan }
        let ra = ranks(a), rb = ranks(b)
        let ma = ra.reduce(0, +) / Double(ra.count), mb = rb.reduce(0, +) / Double(rb.count)
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for (x, y) in zip(ra, rb) {
            sab += (x - ma) * (y - mb)
            saa += (x - ma) * (x - ma)
            sbb += (y - mb) * (y - mb)
        }
        return saa > 0 && sbb > 0 ? sab / (saa * sbb).squareRoot() : .nan
    }

    /// Ranks from 1, ties sharing their average rank.
    static func ranks(_ x: [Double]) -> [Double] {
        let order = x.indices.sorted { x[$0] < x[$1] }
        var r = [Double](repeating: 0, count: x.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && x[order[j + 1]] == x[order[i]] { j += 1 }
            for k in i...j { r[order[k]] = Double(i + j) / 2 + 1 }
            i = j + 1
        }
        return r
    }
}
