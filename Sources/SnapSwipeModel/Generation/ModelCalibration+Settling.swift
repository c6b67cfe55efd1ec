import Foundation

/// How the simulated-moments search settles (`ModelCalibration.fitMoments`, issue 32: "no
/// parameter at a limit, fit converged").
///
/// Each round's simulation uses the same seeds (common random numbers), so a round's statistics
/// are a deterministic function of its parameters and rounds can be compared. Every round is
/// scored by its misfit (``misfit(fitted:targets:simulated:)``): the sum over the fitted statistics
/// of (deviation / tolerance)², the deviation measured in the units the tolerance is given in.
extension ModelCalibration {
    /// How the search chooses its result (``ModelCalibration/settling``).
    public enum Settling: String, Sendable, CaseIterable {
        /// The mean of the second half's iterates (Polyak averaging), judged by its own statistics,
        /// simulated once more as a round's (never by the last round's): what `generate --like` and `--match` use.
        case averaged
        /// ``StepControl`` from round 3 on, and the round with the smallest misfit as the result,
        /// judged by its own statistics. Measured against `averaged` in
        /// `Docs/research/2026-11-29-search-settling.md`: not better on both recordings, so not the default.
        case dampedBest
    }

    /// The sum over `fitted` of (|simulated − target| / tolerance)² (a statistic with no finite
    /// target or simulated value adds nothing; a missing simulated value where the target has one
    /// adds 100, as far off as ten tolerances).
    static func misfit(fitted: [(Fitted, StatisticKind)], targets: [StatisticKind: Double], simulated: [StatisticKind: Double]) -> Double {
        var total = 0.0
        for (_, statistic) in fitted {
            guard let want = targets[statistic], want.isFinite else { continue }
            guard let got = simulated[statistic], got.isFinite else {
                total += 100
                continue
            }
            let tolerance: Double
            switch statistic.tolerance {
            case .relative(let r): tolerance = r * abs(want)
            case .absolute(let a): tolerance = a
            }
            let z = abs(got - want) / max(tolerance, 1e-9)
            total += z * z
        }
        return total
    }

    /// `p` moved by `damping × step` (log coordinates for a scale, each capped at ±0.7 and kept
    /// ≥ 0.001; a probability kept in [0, 1]).
    static func stepped(_ p: SwipeModelParameters, by step: [Double], damping: Double,
                        fitted: [(Fitted, StatisticKind)]) -> SwipeModelParameters {
        var next = p
        for (j, (x, _)) in fitted.enumerated() {
            let current = x.get(p)
            if x.isProbability {
                x.set(&next, min(max(current + damping * step[j], 0), 1))
            } else {
                x.set(&next, max(current * exp(damping * min(max(step[j], -0.7), 0.7)), 1e-3))
            }
        }
        return next
    }

    /// Levenberg–Marquardt-style control of the chord-Newton step from round 3 on: a round whose
    /// misfit is larger than the last accepted round's is rejected — the search goes back to the
    /// accepted parameters and retakes their step at half the damping (at least ``minimumDamping``)
    /// — and an accepted round raises the damping again (×1.5, at most ``maximumDamping``), except
    /// the first one after a rejection.
    struct StepControl: Sendable {
        static let maximumDamping = 0.8
        static let minimumDamping = 0.05
        var damping = maximumDamping
        /// The last accepted round: its parameters, its misfit and the step it took (undamped).
        var accepted: (parameters: SwipeModelParameters, misfit: Double, step: [Double])?

        /// The parameters to step from and the step: `p` and `step` when `misfit` is no worse than
        /// the accepted round's (the damping grows), else the accepted round's (the damping halves).
        /// Whether the last call rejected its round.
        var rejected = false

        mutating func control(_ p: SwipeModelParameters, misfit: Double, step: [Double]) -> (SwipeModelParameters, [Double]) {
            let returned = rejected
            rejected = false
            if let a = accepted, misfit > a.misfit {
                damping = max(damping / 2, Self.minimumDamping)
                rejected = true
                return (a.parameters, a.step)
            }
            if accepted != nil && !returned { damping = min(damping * 1.5, Self.maximumDamping) }
            accepted = (p, misfit, step)
            return (p, step)
        }
    }

    /// The index in `misfits` of the round with the smallest misfit (the last of equals; the last
    /// round when none is finite).
    static func bestRound(_ misfits: [Double]) -> Int {
        var best = misfits.count - 1
        for i in misfits.indices.reversed() where misfits[i].isFinite && (!misfits[best].isFinite || misfits[i] < misfits[best]) {
            best = i
        }
        return best
    }

    /// Polyak averaging: `p` with each fitted parameter the mean of its values in `kept` (geometric
    /// for a scale), and paging goal weights averaged when fitted to intent shares.
    func averaged(_ p: SwipeModelParameters, kept: [SwipeModelParameters], fitted: [(Fitted, StatisticKind)],
                  targets: [StatisticKind: Double]) -> SwipeModelParameters {
        var best = kept.last ?? p
        if task == .paging, Self.hasIntentShares(targets), !kept.isEmpty {
            best.intentWeights = best.intents.indices.map { i in kept.map { $0.intentWeights[i] }.reduce(0, +) / Double(kept.count) }
        }
        for (x, _) in fitted where !kept.isEmpty {
            let values = kept.map(x.get)
            x.set(&best, x.isProbability ? values.reduce(0, +) / Double(values.count)
                                         : exp(values.map { log(max($0, 1e-9)) }.reduce(0, +) / Double(values.count)))
        }
        return best
    }
}
