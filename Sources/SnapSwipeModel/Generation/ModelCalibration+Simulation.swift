import Dispatch
import Foundation
import SnapStrategies
import SnapTraces

/// The simulation side of simulated moments: the model's statistics, measured like a recording's.
///
/// **Replicates.** With `replicates` = S > 1 the simulation is S data sets each of the recording's
/// own design (``designTracesPerUser``: as many users as the recording, each making as many traces
/// as its counterpart there; seeds `seed`, `seed + 1`, …), each measured
/// on its own, and each statistic is the mean of its S values. So a statistic whose value depends
/// on the sample size (a between-user sd over 100 users, a trimmed sd, a quantile of frame-quantised
/// times) is compared with its own expectation at that size, and the estimator's variance is the
/// recording's sampling variance times 1 + 1/S (McFadden 1989; Gouriéroux, Monfort & Renault 1993).
extension ModelCalibration {
    /// Simulates `parameters` and measures the result like a recording (cancelled swipes left out).
    public func simulate(_ parameters: SwipeModelParameters, layout: CarouselLayout, traces: Int, users: Int,
                         seed: UInt64) throws -> RecordingSummary {
        try simulateReplicates(parameters, layout: layout, traces: traces, users: users, replicates: 1, seed: seed)[0]
    }

    /// `replicates` simulated data sets of `traces` traces by `users` users (seeds `seed`, `seed + 1`, …),
    /// their chunks generated in parallel on ``threads`` threads.
    func simulateReplicates(_ parameters: SwipeModelParameters, layout: CarouselLayout, traces: Int, users: Int,
                            replicates: Int, seed: UInt64) throws -> [RecordingSummary] {
        let model = try SwipeModel(parameters: parameters, layout: layout)
        var built: [TraceGenerator] = []
        for r in 0..<max(replicates, 1) {
            let sampling: UserSampling
            switch userSampling {
            case .independent: sampling = .independent
            case .antithetic: sampling = r % 2 == 1 ? .mirror(of: built[r - 1].users) : .independent
            case .stratifiedAntithetic: sampling = r % 2 == 1 ? .mirror(of: built[r - 1].users) : .stratified
            }
            let counts = designTracesPerUser
            built.append(try TraceGenerator(model: model, traceCount: counts?.reduce(0, +) ?? traces,
                                            userCount: counts?.count ?? users, seed: seed &+ UInt64(r),
                                            livePolicy: livePolicy, fixedCounts: counts, sampling: sampling))
        }
        let generators = built
        let items: [(replicate: Int, chunk: Int)] = generators.enumerated().flatMap { r, g in (0..<g.chunkCount).map { (r, $0) } }
        let pitch = layout.stride
        let parts = ParallelSlots<[TraceFeatures]>(count: items.count, initial: [])
        let estimator = LSQ2VelocityEstimator()
        let selection = self.selection
        let work: @Sendable (Int) -> Void = { i in
            let swipes = (try? generators[items[i].replicate].swipes(inChunk: items[i].chunk)) ?? []
            let measured = swipes.filter { !$0.isCancelled }.map { TraceFeatures($0, pitch: pitch, estimator: estimator) }
            parts.store(selection.map { s in measured.filter(s.keeps) } ?? measured, at: i)
        }
        if threads <= 1 {
            for i in items.indices { work(i) }
        } else {
            DispatchQueue.concurrentPerform(iterations: items.count, execute: work)
        }
        let all = parts.all()
        var features = [[TraceFeatures]](repeating: [], count: generators.count)
        for (i, item) in items.enumerated() { features[item.replicate] += all[i] }
        return features.map {
            var summary = RecordingSummary(features: $0, layout: layout, hit: task.hitCriterion)
            summary.stallWindowWeight = stallWindowWeight
            summary.fixedStrokeTimeSplit = strokeTimeSplit
            return summary
        }
    }

    /// The statistics of `n` traces by `users` users simulated from `parameters` (statistic name →
    /// value): with `replicates` > 1 the mean over that many data sets of that size (NaN values of
    /// single replicates left out).
    func statistics(_ parameters: SwipeModelParameters, layout: CarouselLayout, traces n: Int, users: Int,
                    replicates: Int = 1) throws -> [StatisticKind: Double] {
        let summaries = try simulateReplicates(parameters, layout: layout, traces: n, users: users, replicates: replicates, seed: seed)
        let measured = ParallelSlots<[RecordingSummary.Statistic]>(count: summaries.count, initial: [])
        let work: @Sendable (Int) -> Void = { i in measured.store(summaries[i].statistics, at: i) }
        if threads <= 1 || summaries.count == 1 {
            for i in summaries.indices { work(i) }
        } else {
            DispatchQueue.concurrentPerform(iterations: summaries.count, execute: work)
        }
        var sums: [StatisticKind: (sum: Double, count: Int)] = [:]
        var order: [StatisticKind] = []
        for list in measured.all() {
            for s in list {
                if sums[s.kind] == nil { order.append(s.kind) }
                var x = sums[s.kind] ?? (0, 0)
                if s.value.isFinite { x = (x.sum + s.value, x.count + 1) }
                sums[s.kind] = x
            }
        }
        var out = Dictionary(uniqueKeysWithValues: order.map { name in
            let x = sums[name]!
            return (name, x.count > 0 ? x.sum / Double(x.count) : .nan)
        })
        if task == .paging {
            // the labels' per-stroke intent shares (not table rows): what the intent weights are fitted to
            for summary in summaries {
                for (key, share) in Self.intentShares(summary.features) { out[key, default: 0] += share / Double(summaries.count) }
            }
        }
        return out
    }

    /// Whether `targets` carries per-stroke intent shares (a labelled paging recording; not `--match`).
    static func hasIntentShares(_ targets: [StatisticKind: Double]) -> Bool { targets.keys.contains(where: \.isIntentShare) }

    /// Share of the labelled strokes with each intent (label − start item), keyed ``StatisticKind/intentShare(_:)``.
    static func intentShares(_ features: [TraceFeatures]) -> [StatisticKind: Double] {
        var counts: [Int: Int] = [:]
        var total = 0
        for f in features { if let k = f.intent { counts[k, default: 0] += 1; total += 1 } }
        guard total > 0 else { return [:] }
        return Dictionary(uniqueKeysWithValues: counts.map { (StatisticKind.intentShare($0.key), Double($0.value) / Double(total)) })
    }

    /// Paging: moves each goal intent's weight by the ratio of its per-stroke share in the
    /// recording and in the simulation (kept within × 0.5…2 a round), then renormalises. The
    /// labels give the goal of a stroke, not of a page-stepper series (each step is labelled with
    /// the next item), so the goal weights read off the labels count every step of a series as a
    /// one-item goal; this iteration finds the goal weights whose strokes, series expanded, have
    /// the recording's intents.
    static func reweightIntents(_ p: inout SwipeModelParameters, targets: [StatisticKind: Double], simulated: [StatisticKind: Double]) {
        guard hasIntentShares(targets) else { return }
        var weights = p.intentWeights
        for (i, k) in p.intents.enumerated() {
            let key = StatisticKind.intentShare(k)
            guard let want = targets[key], want > 0, let got = simulated[key], got > 0 else { continue }
            weights[i] *= min(max(want / got, 0.5), 2)
        }
        let total = weights.reduce(0, +)
        if total > 0 && total.isFinite { p.intentWeights = weights.map { $0 / total } }
    }

    /// ``measureJacobian(_:at:layout:traces:users:replicates:)`` on half the design: half the
    /// replicates, or with one replicate (a large recording) every other user of its design.
    func designJacobian(_ fitted: [(Fitted, StatisticKind)], at p: SwipeModelParameters, layout: CarouselLayout,
                        traces n: Int, users: Int, replicates: Int) throws -> [[Double]] {
        if replicates > 1 {
            return try measureJacobian(fitted, at: p, layout: layout, traces: n, users: users, replicates: replicates / 2)
        }
        var half = self
        half.designTracesPerUser = designTracesPerUser.map { d in stride(from: 0, to: d.count, by: 2).map { d[$0] } }
        return try half.measureJacobian(fitted, at: p, layout: layout, traces: max(n / 2, 1), users: max(users / 2, 1))
    }

    /// Every fitted statistic's response to every fitted parameter at `p` (`[i][j]`: statistic `i`
    /// to parameter `j`): d log(statistic)/d log(parameter) for scales (parameter × 1.2, or ÷ 1.2 when
    /// × 1.2 would leave its ``Fitted/limits``), d statistic
    /// for a share, d parameter for probabilities (± 0.05), the others held (common random numbers).
    /// Cleaned by ``cleanJacobian(_:)`` (its diagonal, each parameter's own slope, kept in [0.25, 2.5],
    /// so a weak or noisy slope cannot send a step far).
    func measureJacobian(_ fitted: [(Fitted, StatisticKind)], at p: SwipeModelParameters, layout: CarouselLayout,
                       traces n: Int, users: Int, replicates: Int = 1) throws -> [[Double]] {
        let base = try statistics(p, layout: layout, traces: n, users: users, replicates: replicates)
        var raw = [[Double]](repeating: [Double](repeating: .nan, count: fitted.count), count: fitted.count)
        for (j, (x, _)) in fitted.enumerated() {
            var q = p
            let current = x.get(p)
            // down from an upper end of the parameter's range (the clamp would leave it unmoved)
            let up = x.limits.map { current * 1.2 <= $0.upperBound } ?? true
            let step = x.isProbability ? (current > 0.9 ? -0.05 : 0.05) : (up ? 1 : -1) * log(1.2)
            x.set(&q, x.isProbability ? current + step : up ? current * 1.2 : current / 1.2)
            guard (try? SwipeModel.validate(q)) != nil else { continue }
            let moved = try statistics(q, layout: layout, traces: n, users: users, replicates: replicates)
            for (i, (y, statistic)) in fitted.enumerated() {
                guard let a = base[statistic], let b = moved[statistic], a.isFinite, b.isFinite else { continue }
                raw[i][j] = y.isProbability ? (b - a) / step : (a > 0 && b > 0 ? log(b / a) / step : .nan)
            }
        }
        return Self.cleanJacobian(raw, signs: fitted.map(\.0.sign))
    }
}

/// Per-item results filled in parallel.
///
/// `@unchecked Sendable` because: slot `i` is written by exactly one `concurrentPerform` iteration
/// and read by ``all()`` only after `concurrentPerform` has returned.
final class ParallelSlots<Element>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Element>
    init(count: Int, initial: Element) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: initial)
    }
    func store(_ x: Element, at i: Int) { slots[i] = x }
    func all() -> [Element] { Array(slots) }
    deinit {
        slots.deinitialize()
        slots.deallocate()
    }
}
