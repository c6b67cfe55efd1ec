import Foundation

/// One person of the recording a model was fitted to (`generate --like`; issue 32): the model
/// file's optional `parameters.recordedUsers` block. A model with the block generates these people
/// (``TraceGenerator``): user `u000` is the block's first, each with its own speed gain
/// `exp(logGain)` and a share of the traces in proportion to ``traceShare``; everything else about
/// a user (motor noise, projection habit, frame rate, pixel ratio) is drawn as for any user.
///
/// The block holds derived per-user parameters (one log gain and one share a person), never a stroke.
/// `id` is the recording's `user_id`, kept in the model file so a reader can tell whose gain it is;
/// the generated trace file does not carry it (its users are `u000`, `u001`, … in the block's order).
public struct RecordedUser: Sendable, Hashable, Codable {
    /// The recording's `user_id`.
    public var id: String
    /// The person's estimated log speed gain (``estimate(_:gainLogSD:task:)``): their standardised
    /// mean times the gain's spread, so that the people have the population's spread.
    public var logGain: Double
    /// The person's share of the recording's strokes (the block's shares sum to 1).
    public var traceShare: Double

    public init(id: String, logGain: Double, traceShare: Double) {
        self.id = id
        self.logGain = logGain
        self.traceShare = traceShare
    }

    /// How many times a user's log gain enters the per-stroke value of the statistic the gain
    /// spread is fitted to: a reveal or browse stroke's log peak speed carries it twice (amplitude ×
    /// g, duration / g), a paging stroke's gain feature once (``RecordingSummary/gainFeature(_:)``).
    static func slope(task: SwipeTask) -> Double { task == .paging ? 1 : 2 }

    /// Each user's log gain from the same per-user statistic the gain spread is fitted to
    /// (`RecordingSummary+UserSpread`: reveal and browse, the users' mean log peak speed; paging,
    /// their class-centred weighted mean gain feature), in the users' order of first appearance (the
    /// fit's design): the user's standardised mean times the gain's spread, so that the people
    /// generated have the population's spread and each keeps the place their strokes give them.
    ///
    /// With user `k`'s mean `m_k`, its sampling variance `s²_k` and the Paule–Mandel between-user
    /// variance `τ²` (``RecordingSummary/pauleMandel(means:variances:)``, users with ≥ 2 strokes),
    /// `z_k = (m_k − m̄)/√(τ² + s²_k)` (`m̄` the Paule–Mandel weighted centre) has variance 1 over the
    /// population whatever `s²_k`. The model's gain enters the user's effect `c` times
    /// (``slope(task:)``) with the fitted spread `σ` (`gainLogSD`), at most all of it, so the gain's
    /// sd is `σ_e = min(σ, τ/c)`, and the log gain written is `σ_e·z_k` — equivalently the best linear
    /// unbiased predictor `b_k = τ²/(τ² + s²_k)·(m_k − m̄)` converted to a gain (`σ_e/τ`) and divided
    /// by the square root of its reliability `B_k = τ²/(τ² + s²_k)`. The BLUP itself (`σ_e/τ·b_k`)
    /// predicts each user's gain best, but its spread over the users is `√B` of the population's (A30
    /// home: 0.19 against 0.22, the generated peak-speed spread 15–20% low); this keeps a
    /// well-measured user (`B_k ≈ 1`), who carries most traces, at the BLUP and moves a user of few
    /// strokes out by `1/√B_k` (`Docs/research/2026-11-30-home-fit-user-spread.md`). A user without
    /// the statistic (no stroke with a peak speed) gets 0, the population's centre. Shares are each
    /// user's strokes over all.
    public static func estimate(_ recording: RecordingSummary, gainLogSD sigma: Double, task: SwipeTask) -> [RecordedUser] {
        var counts: [Int: Int] = [:]
        for f in recording.features { counts[f.user, default: 0] += 1 }
        let order = counts.keys.sorted()
        guard !order.isEmpty else { return [] }
        let total = Double(recording.features.count)
        let effects = userEffects(recording, task: task)
        let scale = effects.tau2 > 0 ? min(sigma, effects.tau2.squareRoot() / slope(task: task)) : 0
        return order.map { u in
            let name = recording.userNames.indices.contains(u) ? recording.userNames[u] : String(u)
            return RecordedUser(id: name, logGain: scale * (effects.standardised[u] ?? 0), traceShare: Double(counts[u]!) / total)
        }
    }

    /// Each user's predicted effect `b_k` on the gain statistic (the BLUP), their standardised mean
    /// `z_k` (``estimate(_:gainLogSD:task:)``) and the between-user variance `τ²`.
    static func userEffects(_ recording: RecordingSummary, task: SwipeTask)
        -> (blup: [Int: Double], standardised: [Int: Double], tau2: Double) {
        let values: [(group: Int, cls: Int, value: Double)]
        if task == .paging {
            values = recording.features.compactMap { f in
                guard let c = RecordingSummary.gainClass(f), let x = RecordingSummary.gainFeature(f) else { return nil }
                return (f.user, c, x)
            }
        } else {
            values = recording.features.compactMap { f in
                guard let v = f.peakSpeed, v > 0 else { return nil }
                return (f.user, 0, log(v))
            }
        }
        let means = RecordingSummary.classCentredUserMeans(values)
        let kept = means.filter { $0.count >= 2 }
        guard kept.count >= 3 else { return ([:], [:], 0) }
        let tau2 = RecordingSummary.pauleMandel(means: kept.map(\.mean), variances: kept.map(\.variance))
        var sw = 0.0, swm = 0.0
        for x in kept {
            sw += 1 / (tau2 + x.variance)
            swm += x.mean / (tau2 + x.variance)
        }
        let centre = swm / sw
        var blup: [Int: Double] = [:], standardised: [Int: Double] = [:]
        for x in means {
            blup[x.group] = tau2 / (tau2 + x.variance) * (x.mean - centre)
            standardised[x.group] = (x.mean - centre) / (tau2 + x.variance).squareRoot()
        }
        return (blup, standardised, tau2)
    }

    /// `total` traces split among `users` in proportion to their shares (largest remainders, ties
    /// to the earlier user), so the counts sum to `total`.
    public static func traceCounts(_ users: [RecordedUser], total: Int) -> [Int] {
        let sum = users.reduce(0) { $0 + $1.traceShare }
        guard sum > 0, total > 0 else { return users.map { _ in 0 } }
        let exact = users.map { Double(total) * $0.traceShare / sum }
        var counts = exact.map { Int($0.rounded(.down)) }
        let left = total - counts.reduce(0, +)
        let order = exact.indices.sorted { (exact[$0] - Double(counts[$0]), $1) > (exact[$1] - Double(counts[$1]), $0) }
        for i in order.prefix(max(left, 0)) { counts[i] += 1 }
        return counts
    }

    /// The checks of a model's recorded users (``SwipeModel``'s validation): at least one, each with
    /// an id, a finite log gain within ±5 and a non-negative share, the shares summing to 1.
    static func validate(_ users: [RecordedUser]) throws(SwipeModelError) {
        try SwipeModel.need(!users.isEmpty, "recordedUsers", "an empty list", "at least one user")
        for (i, u) in users.enumerated() {
            try SwipeModel.need(!u.id.isEmpty, "recordedUsers[\(i)].id", "empty text", "the recording's user_id")
            try SwipeModel.need(u.logGain.isFinite && abs(u.logGain) <= 5, "recordedUsers[\(i)].logGain", u.logGain,
                                "a finite log speed gain in [-5, 5]")
            try SwipeModel.need(u.traceShare.isFinite && u.traceShare >= 0, "recordedUsers[\(i)].traceShare", u.traceShare,
                                "a share of the traces ≥ 0")
        }
        let sum = users.reduce(0) { $0 + $1.traceShare }
        try SwipeModel.need(abs(sum - 1) <= 1e-6, "recordedUsers", "trace shares summing to \(sum)", "trace shares summing to 1")
    }
}
