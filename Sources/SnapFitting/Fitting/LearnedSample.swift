import SnapLabSupport

/// The seeded, user-stratified subsample of traces that `recommend`'s fits learn from on large data
/// (``Recommendation`` at more than its `sampleCap` traces per fit, ``Cap``): each rule
/// policy's threshold search, the learned policy's likelihood and the headroom's classifier; the
/// learned cut points are still tuned, and every score taken, on all traces.
///
/// Why a subsample is enough there: the likelihood only sets the direction of the score (8
/// weights; the cut points are tuned for the objective afterwards on every trace, exactly). Its
/// estimates' standard errors shrink as `1/√n`; at 200,000 traces they are already a small fraction
/// of the weights (on the 100k benchmark file the fold-to-fold spread of a fold's test score is
/// about 0.003, while fitting the likelihood on a quarter of the traces moves the test score by less
/// than that, see `Docs/learned-policy.md`), and the hit rate is flat at its optimum in the
/// weights' direction (a second-order loss). The boosted stumps of the headroom (80 rounds of
/// depth-1 trees on 32 bins) have few degrees of freedom for 200,000 rows as well. For the rule
/// policies' threshold searches: with many users a threshold's uncertainty is between users, and
/// the thinning keeps every user's share, adding only within-user noise; on the 1M benchmark file
/// (2,000 users) every fitted candidate's test score moved by at most 0.0001 (0.05 SE) but one
/// whose all-traces search had stopped on a range bound, and the fitted values stayed within (or at
/// the edge of) `fit`'s user-bootstrap intervals (`Docs/learned-policy.md`). All of it is stated in
/// the output (``note(cap:seed:searches:likelihood:)``, ``Headroom/summary``).
///
/// Selection: per user, the traces in `indices` order are thinned systematically at the rate
/// `cap / n` from a random phase: trace number `r` of user `u` is kept when
/// `⌊(r + 1)·rate + φᵤ⌋ > ⌊r·rate + φᵤ⌋`, `φᵤ ∈ [0, 1)` from SplitMix64 of the seed and the user.
/// Every user keeps `⌊count·rate⌋` or `⌈count·rate⌉` traces (stratified by user: the sample has the
/// users' mix of the data); the total is `cap` on average. The phase depends only on the seed and the
/// user, so the sample does not depend on threads or on the other users.
public enum LearnedSample {
    /// Traces per fit above which a fit learns from a subsample: the standalone headroom's
    /// (``Headroom/run(data:folds:seed:rounds:trainingCap:)``) default.
    public static let defaultCap = 200_000

    /// The least cap of ``Cap/automatic``: fits on at most this many traces use them all.
    public static let minimumAutomaticCap = 50_000

    /// `recommend`'s cap for data of `traces` traces (``Cap/automatic``): a fifth of them, and at
    /// least ``minimumAutomaticCap``. A fixed share keeps the fits' sampling noise a fixed share of
    /// the test scores' standard errors, which shrink as the data grow. Against fitting every trace,
    /// on the 100k paging benchmark (cap 50,000) every fitted candidate's test score moved by at most
    /// 0.16 SE; on a 100k reveal-task file by at most 0.61 SE but one (icarousel-paging, +1.3 SE,
    /// whose all-traces search had stopped on a worse point); the chosen policy stayed on both
    /// (`Docs/learned-policy.md`).
    public static func automaticCap(traces: Int) -> Int { Swift.max(minimumAutomaticCap, traces / 5) }

    /// Which cap `recommend`'s fits use.
    public enum Cap: Sendable, Hashable {
        /// ``automaticCap(traces:)`` of the data's traces.
        case automatic
        /// This many traces (at least 1).
        case traces(Int)
        /// No cap: every fit on all its traces.
        case all

        /// The cap for data of `traces` traces; `nil` for ``all``.
        public func traces(forData traces: Int) -> Int? {
            switch self {
            case .automatic: return LearnedSample.automaticCap(traces: traces)
            case let .traces(n): return n
            case .all: return nil
            }
        }
    }

    /// `indices` thinned to about `cap` as above, in their order; `indices` itself when there are at most `cap`.
    static func thin(_ indices: [Int], data: FitData, cap: Int, seed: UInt64) -> [Int] {
        guard cap > 0, indices.count > cap else { return indices }
        let rate = Double(cap) / Double(indices.count)
        var seen: [Int32: (traces: Int, phase: Double)] = [:]   // per user: traces so far, φᵤ
        var kept: [Int] = []
        kept.reserveCapacity(cap + cap / 16)
        for i in indices where i >= 0 && i < data.count {
            let user = data.labels[i].user
            let (r, phase) = seen[user] ?? (0, Double(SeedMix.mix(seed ^ SeedMix.mix(UInt64(UInt32(bitPattern: user)))) >> 11) * 0x1p-53)
            seen[user] = (r + 1, phase)
            if (Double(r + 1) * rate + phase).rounded(.down) > (Double(r) * rate + phase).rounded(.down) { kept.append(i) }
        }
        return kept
    }

    /// The sentence that says which of a recommendation's fits learned from subsamples: the
    /// threshold searches of `searches` (policy identifiers) and, when `likelihood`, the learned
    /// likelihood (the headroom says so in its own line, ``Headroom/summary``); `nil` when none did.
    static func note(cap: Int, seed: UInt64, searches: [String], likelihood: Bool) -> String? {
        var parts: [String] = []
        if !searches.isEmpty {
            parts.append("the threshold searches of \(searches.count) fitted \(searches.count == 1 ? "policy" : "policies") ("
                         + searches.joined(separator: ", ") + ")")
        }
        if likelihood { parts.append("the learned-threshold likelihood (its cut points were then tuned on all the fit's traces)") }
        guard !parts.isEmpty else { return nil }
        return "each fit on more than \(cap) traces learned from a user-stratified subsample of about \(cap) of them "
            + "(seed \(seed), each user keeping its share): " + parts.joined(separator: " and ")
            + "; every score (fold tests, ranking, standard errors) was taken on all traces"
    }
}
