import SnapStrategies
import SnapLabSupport

/// The cut points of a ``LearnedThresholdSnap`` that are best for the hit rate (or the mean cost)
/// with its weights held: an exact search, not a local one.
///
/// With the weights fixed every trace has a score `η`, and the policy's decision is
/// `k = −K + #{cutⱼ < η}`: sorted cut points split the `η` axis into `2K + 1` intervals, the
/// lowest moving `K` items back, the highest `K` forward. Choosing the cut points is therefore
/// choosing a non-decreasing labelling of the traces sorted by `η` (equal scores share a label),
/// and the best one is found exactly by dynamic programming over the sorted scores:
/// ```
/// V_b(m) = loss_b(m) + min_{m' ≤ m} V_{b−1}(m')        (b: block of equal η, m: label 0…2K)
/// ```
/// `loss_b(m)` is the weighted loss (``FitData`` — 1 − hit, or the cost) of the block's traces
/// when the policy moves `m − K` items from their start item, decided as the policy decides
/// (``CarouselLayout/decision(slot:rule:)``, clamped in a bounded layout). Ties between equally
/// good labellings go to the one that disagrees least with the given cut points, so a cut moves
/// only where that gains. Each cut point is then the given one clamped into its *plateau*
/// `[η_lo, η_hi)` — the last score labelled at most `j` and the first labelled above — so it
/// reproduces the labelling exactly; an empty side is the parameter range's end.
///
/// The given cut points (sorted) are one labelling of that kind, so the tuned loss is never above
/// theirs on the traces tuned on. Traces whose score is not finite stay on their start item
/// whatever the cut points (``LearnedThresholdSnap/pages(forScore:)``) and are left out.
/// StepSearch's coordinate moves cannot improve the result (each single-cut move is one of the
/// labellings compared); a test checks this.
///
/// - Complexity: `O(n log n + n·K)` for `n` traces.
enum LearnedCutpointTuning {
    /// The tuned policy, its loss sum and the given policy's loss sum (weighted, over the traces
    /// with a finite score), and each cut point's plateau.
    struct Outcome {
        var policy: LearnedThresholdSnap
        var loss: Double
        var givenLoss: Double
        var plateaus: [Interval]
    }

    /// A trace with a finite score: its score, its trace index and its row among those traces (its weight's index).
    private struct Ranked {
        var score: Double
        var trace: Int32
        var row: Int32
    }

    /// Tunes `policy`'s cut points on `indices` of `data` with `weights` (default 1 each).
    ///
    /// Memory: per trace with a finite score a 16-byte record (score, trace, row) sorted in place
    /// and (when weighted) its weight, and per block of equal scores the score and one byte per label for the
    /// dynamic programme's choices; each block's losses are computed when the programme reaches it
    /// (nothing of size traces × labels in 8-byte numbers).
    static func tune(_ policy: LearnedThresholdSnap, data: FitData, indices: [Int], weights: [Double]? = nil,
                     objective: FitObjective) -> Outcome {
        let given = policy.cutpoints.sorted()
        let labels = given.count + 1
        let back = given.count / 2
        let limit = LearnedThresholdSnap.parameterLimit
        // Score, trace and weight row of each trace with a finite score (the score the policy
        // decides with; a non-finite feature gives a non-finite score), sorted by score: the
        // programme below reads them in that order, each record whole (no lookup by row).
        var ranked: [Ranked] = [], rowWeights: [Double] = []
        ranked.reserveCapacity(indices.count)
        if weights != nil { rowWeights.reserveCapacity(indices.count) }
        for (position, i) in indices.enumerated() where i >= 0 && i < data.count {
            let eta = policy.score(LearnedThresholdSnap.features(of: data.releases[i], in: data.layout(i)))
            guard eta.isFinite else { continue }
            ranked.append(Ranked(score: eta, trace: Int32(i), row: Int32(ranked.count)))
            if let weights { rowWeights.append(weights[position]) }
        }
        let n = ranked.count
        guard n > 0 else {
            return Outcome(policy: LearnedThresholdSnap(weights: policy.weights, cutpoints: given), loss: 0, givenLoss: 0,
                           plateaus: given.map { _ in Interval(lower: -limit, upper: limit) })
        }
        // The same comparisons as sorting the rows by score, so the same (stable) order of equal scores.
        ranked.sort { $0.score < $1.score }
        // Blocks of equal score, in order, through a dynamic programme over them: per label, the
        // weighted loss of moving `label − K` items from the start item (decided as the policy
        // decides: clamped in a bounded layout), and the count of traces the given cut points label
        // differently (the tie-break); (loss, disagreements) compared lexicographically.
        func better(_ a: (Double, Int), _ b: (Double, Int)) -> Bool { a.0 < b.0 || (a.0 == b.0 && a.1 < b.1) }
        var blockScore: [Double] = []
        var choice: [UInt8] = []
        var value = [(Double, Int)](repeating: (0, 0), count: labels)
        var next = value
        var blockLoss = [Double](repeating: 0, count: labels)
        var givenLoss = 0.0
        var k = 0
        while k < n {
            let eta = ranked[k].score
            for m in 0..<labels { blockLoss[m] = 0 }
            var size = 0
            while k < n && ranked[k].score == eta {
                let i = Int(ranked[k].trace)
                let layout = data.layout(i)
                let start = layout.clampedSlot(data.releases[i].startSlot(in: layout))
                let w = weights == nil ? 1 : rowWeights[Int(ranked[k].row)]
                for m in 0..<labels {
                    let decision = layout.decision(slot: start &+ (m - back), rule: "")
                    blockLoss[m] += w * data.loss(data.labels[i], decision: decision, layout: layout, objective: objective)
                }
                size += 1
                k += 1
            }
            let givenLabel = given.reduce(0) { $1 < eta ? $0 + 1 : $0 }
            givenLoss += blockLoss[givenLabel]
            let b = blockScore.count
            blockScore.append(eta)
            var bestPrevious = (Double.infinity, Int.max), bestLabel = 0
            for m in 0..<labels {
                let candidate = b == 0 ? (0.0, 0) : value[m]
                if m == 0 || better(candidate, bestPrevious) { bestPrevious = candidate; bestLabel = m }
                choice.append(UInt8(bestLabel))
                next[m] = (bestPrevious.0 + blockLoss[m], bestPrevious.1 + (m == givenLabel ? 0 : size))
            }
            swap(&value, &next)
        }
        let blocks = blockScore.count
        var label = 0
        for m in 1..<labels where better(value[m], value[label]) { label = m }
        let loss = value[label].0
        var assigned = [UInt8](repeating: 0, count: blocks)
        for b in stride(from: blocks - 1, through: 0, by: -1) {
            assigned[b] = UInt8(label)
            label = Int(choice[b * labels + label])
        }
        // Cut j separates labels ≤ j from labels > j: its plateau is [last η labelled ≤ j, first η labelled > j).
        var cuts: [Double] = [], plateaus: [Interval] = []
        var b = 0
        for j in 0..<given.count {
            while b < blocks && Int(assigned[b]) <= j { b += 1 }
            let lower = b > 0 ? blockScore[b - 1] : -limit
            let upper = b < blocks ? blockScore[b].nextDown : limit
            cuts.append(SnapMath.clamp(SnapMath.clamp(given[j], lower, upper), -limit, limit))
            plateaus.append(Interval(lower: lower, upper: upper))
        }
        return Outcome(policy: LearnedThresholdSnap(weights: policy.weights, cutpoints: cuts), loss: loss,
                       givenLoss: givenLoss, plateaus: plateaus)
    }
}
