import Dispatch
import SnapStrategies
import SnapScoring
import SnapLabSupport

/// Exact coordinate search for objectives that are piecewise constant in each parameter: the hit
/// rate (or mean cost) of a policy changes only where some trace's decision changes.
///
/// **One step** (``profile(_:at:coordinate:)``) finds, for one free parameter with the others
/// held, the score at *every* value of its feasible range (its bounds, narrowed by the policy's
/// declared ``ParameterOrder``s at the current point):
/// 1. each trace is decided at `cells + 1` evenly spaced values (the batch path, one policy copy
///    per value);
/// 2. between neighbouring values whose decisions differ, the change point is located by
///    bisection on that trace alone, to `relativeTolerance` of the range (integers: to adjacent
///    whole numbers); a cell whose two ends differ is followed through every decision it passes;
/// 3. each change is an event (where, and how much the trace's weighted loss changes there);
///    sorted, the events give the score on every segment between breakpoints.
/// The step then moves to the best segment (staying put when the current value is already among
/// the best; otherwise the widest of the best, at its midpoint, away from every trace's
/// breakpoint). What the step can miss: a trace whose decision changes and changes back inside
/// one cell (the same decision at both ends). Catalogue thresholds are each compared once with a
/// trace's feature, so their decisions change once (or move monotonically through several
/// items, which is followed) and nothing is missed; platform constants get more cells
/// (``constantCells``).
///
/// **Declared thresholds** (``PolicyParameter/comparedWith``, ``ThresholdFeature``) skip the
/// search: each trace is decided at the two ends of the range only, and where the two differ the
/// change point is the trace's feature value itself, exact (`f⁻`/`f` for `feature > threshold`).
/// No bisection and no memo. A trace whose change does not sit at its feature (a declaration the
/// policy does not keep) is bisected as above, so a wrong declaration costs time, not exactness.
///
/// **The search** cycles through the free parameters until a whole cycle moves none: *converged*
/// then means exactly that no single-parameter move improves the score. The plateau of each
/// parameter (the contiguous range of values reaching the best score with the others held) is
/// read from the last cycle's profiles.
struct StepSearch<P: SnapPolicy>: Sendable {
    let data: FitData
    let objective: FitObjective
    /// The free parameters.
    let free: [BoundTransform.Coordinate]
    /// Declared orders as vector indices (value at `lower` ≤ value at `upper`).
    let orders: [(lower: Int, upper: Int)]
    /// Cells of a threshold's range (values decided per trace: cells + 1).
    var cells = 2
    /// Cells of a platform constant's range (physics: decisions may move back and forth).
    var constantCells = 8
    /// Vector indices of the free platform constants.
    var constants: Set<Int> = []
    var relativeTolerance = 1e-5
    var maxCycles = 30
    /// Change points found by earlier profiles, checked (two decisions) before bisecting again.
    var memo: BreakpointMemo?
    /// Declared features of free thresholds, by vector index (``StepSearchFeature/declared(_:_:)``).
    var features: [Int: ThresholdFeature] = [:]
    /// The layout origin the policy decides in (features are measured there).
    var snapOrigin: SnapOrigin = .layout
    /// Traces sorted by each declared feature: a declared threshold's profile over a sample with
    /// dense weights is then a sweep (``sweepProfile(_:at:coordinate:feature:order:lossAtX:sample:)``).
    var featureOrders: FeatureOrders?
    /// Every trace's loss per side pattern of the free thresholds, when they are all declared
    /// (``DecisionTable``): profiles and loss sums are then lookups.
    var table: DecisionTable?

    /// The feasible range of free parameter `c` at `x`: its bounds, narrowed by the declared orders.
    func range(_ c: BoundTransform.Coordinate, at x: [Double]) -> Interval {
        var lo = c.minimum, hi = c.maximum
        for o in orders {
            if o.upper == c.index { lo = Swift.max(lo, x[o.lower]) }
            if o.lower == c.index { hi = Swift.min(hi, x[o.upper]) }
        }
        if c.isInteger { lo = lo.rounded(.up); hi = hi.rounded(.down) }
        return Interval(lower: lo, upper: hi)
    }

    /// Moves `x` into the declared orders: violated pairs are swapped until none is (a chain
    /// such as sorted cut points is sorted).
    func repaired(_ x: [Double]) -> [Double] {
        var x = x
        for _ in 0..<(orders.count + 1) {
            var changed = false
            for o in orders where x[o.lower] > x[o.upper] {
                x.swapAt(o.lower, o.upper)
                changed = true
            }
            if !changed { break }
        }
        return x
    }

    /// The profile of free parameter `c` at `x` over `sample`; `lossAtX`, the sample's loss at
    /// `x` when known, lets a declared threshold sweep (see ``featureOrders``).
    func profile(_ policy: P, at x: [Double], coordinate c: BoundTransform.Coordinate, sample: TraceSample,
                 lossAtX: Double? = nil) -> StepProfile {
        if let table, let j = table.coordinates.firstIndex(of: c.index) {
            return tableProfile(table, bit: j, at: x, coordinate: c, sample: sample, lossAtX: lossAtX)
        }
        if let feature = features[c.index], let lossAtX, sample.dense != nil,
           let order = featureOrders?.order(feature.quantity, at: x, policy: policy, data: data) {
            return sweepProfile(policy, at: x, coordinate: c, feature: feature, order: order, lossAtX: lossAtX, sample: sample)
        }
        let feasible = range(c, at: x), lo = feasible.lower, hi = feasible.upper
        guard hi > lo else {
            let loss = data.lossSum(with(policy, x), objective: objective, indices: sample.indices, weights: sample.weights)
            return StepProfile(lower: lo, upper: Swift.max(lo, hi), base: loss, events: [], isInteger: c.isInteger)
        }
        var grid: [Double] = []
        let feature = features[c.index]
        let cells = feature != nil ? 1 : constants.contains(c.index) ? constantCells : self.cells
        if c.isInteger && hi - lo <= Double(cells) {
            var v = lo
            while v <= hi { grid.append(v); v += 1 }
        } else {
            for k in 0...cells {
                var v = lo + (hi - lo) * Double(k) / Double(cells)
                if c.isInteger { v = v.rounded() }
                if grid.last != v { grid.append(v) }
            }
            grid[grid.count - 1] = hi
        }
        let values = grid
        let gridPolicies = values.map { v -> P in
            var y = x
            y[c.index] = v
            return with(policy, y)
        }
        let tolerance = c.isInteger ? 1 : (hi - lo) * relativeTolerance
        let n = sample.indices.count
        let chunk = 4096
        let chunks = Swift.max(1, (n + chunk - 1) / chunk)
        var parts = [(base: Double, events: [StepEvent])](repeating: (0, []), count: chunks)
        let work: @Sendable (Int) -> (base: Double, events: [StepEvent]) = { k in
            let lower = k * chunk
            var part = self.chunkStepProfile(policy, x, c, feature, values, gridPolicies, tolerance, sample,
                                             lower..<Swift.min(n, lower + chunk))
            StepProfile.sort(&part.events)
            return part
        }
        if chunks == 1 {
            parts[0] = work(0)
        } else {
            parts.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let slots = ChunkSlots(base: base)
                DispatchQueue.concurrentPerform(iterations: chunks) { k in slots.base[k] = work(k) }
            }
        }
        let events = StepProfile.merged(parts.map(\.events))
        return StepProfile(lower: lo, upper: hi, base: parts.reduce(0) { $0 + $1.base }, events: events, isInteger: c.isInteger)
    }

    /// One chunk of ``profile(_:at:coordinate:sample:)``: decide at the grid values in batches,
    /// bisect every change.
    private func chunkStepProfile(_ policy: P, _ x: [Double], _ c: BoundTransform.Coordinate, _ feature: ThresholdFeature?,
                                  _ grid: [Double],
                              _ gridPolicies: [P], _ tolerance: Double, _ sample: TraceSample,
                              _ range: Range<Int>) -> (base: Double, events: [StepEvent]) {
        var batch = DecisionBatch(capacity: ScoreAccumulator.batchSize)
        let g = grid.count
        // Per grid value and trace, the decision's outcome (``FitData/Outcome``): what the loss
        // depends on, so a change of whether the intended item is revealed counts as a change.
        var outcomes = [FitData.Outcome](repeating: FitData.Outcome(target: 0, reached: false), count: g * ScoreAccumulator.batchSize)
        var events: [StepEvent] = []
        var base = 0.0
        var probe = policy
        var y = x
        let atX = with(policy, x)   // measures the features that depend on parameter values
        var start = range.lowerBound
        while start < range.upperBound {
            let end = Swift.min(range.upperBound, start + ScoreAccumulator.batchSize)
            let m = end - start
            batch.gather(data, sample.indices[start..<end])
            for (k, p) in gridPolicies.enumerated() {
                batch.decide(p)
                for t in 0..<m {
                    outcomes[k * ScoreAccumulator.batchSize + t] = data.outcome(data.labels[sample.indices[start + t]],
                                                                                of: batch.decisions[t], in: batch.layouts[t])
                }
            }
            for t in 0..<m {
                let i = sample.indices[start + t]
                let w = sample.weights[start + t]
                let label = data.labels[i], layout = batch.layouts[t], release = batch.releases[t]
                var current = outcomes[t]
                var currentLoss = data.loss(label, current, layout: layout, objective: objective)
                base += w * currentLoss
                for k in 0..<(g - 1) {
                    let next = outcomes[(k + 1) * ScoreAccumulator.batchSize + t]
                    guard next != current else { continue }
                    let nextLoss = data.loss(label, next, layout: layout, objective: objective)
                    // A declared threshold: the change is at the trace's feature value.
                    if let feature {
                        let (fa, fb) = feature.change(at: feature.value(of: release, in: layout.snapped(to: snapOrigin), by: atX))
                        if fa >= grid[k] && fb <= grid[k + 1] {
                            if nextLoss != currentLoss { events.append(StepEvent(a: fa, b: fb, delta: w * (nextLoss - currentLoss))) }
                            current = next
                            currentLoss = nextLoss
                            continue
                        }
                    }
                    // A change remembered from an earlier profile (another fold, resample or cycle):
                    // two decisions confirm it is still where it was (one change per cell).
                    if let memo, let (ma, mb) = memo.interval(c.index, i), ma >= grid[k], mb <= grid[k + 1] {
                        y[c.index] = ma
                        probe.assignValidatedParameterValues(y)
                        let da = data.outcome(label, of: probe.decide(release, in: layout), in: layout)
                        y[c.index] = mb
                        probe.assignValidatedParameterValues(y)
                        if da == current && data.outcome(label, of: probe.decide(release, in: layout), in: layout) == next {
                            if nextLoss != currentLoss { events.append(StepEvent(a: ma, b: mb, delta: w * (nextLoss - currentLoss))) }
                            current = next
                            currentLoss = nextLoss
                            continue
                        }
                    }
                    // Follow the decisions from grid[k] to grid[k + 1], one change at a time.
                    var a = grid[k]
                    var first = true
                    while current != next {
                        var b = grid[k + 1], atB = next
                        while b - a > tolerance {
                            var mid = a + (b - a) / 2
                            if c.isInteger { mid = mid.rounded(.down) }
                            if mid <= a || mid >= b { break }
                            y[c.index] = mid
                            probe.assignValidatedParameterValues(y)
                            let d = data.outcome(label, of: probe.decide(release, in: layout), in: layout)
                            if d == current { a = mid } else { b = mid; atB = d }
                        }
                        if first && atB == next { memo?.remember(c.index, i, a, b) }
                        first = false
                        let newLoss = data.loss(label, atB, layout: layout, objective: objective)
                        if newLoss != currentLoss { events.append(StepEvent(a: a, b: b, delta: w * (newLoss - currentLoss))) }
                        current = atB
                        currentLoss = newLoss
                        a = b
                    }
                }
            }
            start = end
        }
        return (base, events)
    }

    /// The outcome of one coordinate search.
    struct Outcome {
        var point: [Double]
        /// Σ weight · loss at ``point``.
        var loss: Double
        var cycles: Int
        var converged: Bool
        /// Per free parameter, the plateau at ``point`` (from the last cycle).
        var plateaus: [Interval]
        var profiles: Int
    }

    /// Cycles through the free parameters from `start` until no single move improves. A
    /// parameter's profile is recomputed only when another parameter moved since it was last
    /// computed; the search stops once every parameter's profile at the current point shows no
    /// better value.
    ///
    /// `startLoss`: the sample's loss at `start` when the caller knows it (else it is computed
    /// when a sweep needs it).
    func search(_ policy: P, from start: [Double], sample: TraceSample, startLoss: Double? = nil) -> Outcome {
        let startPoint = repaired(start)
        var x = startPoint
        let total = sample.total
        let eps = 1e-9 * Swift.max(1, total)
        let m = free.count
        var plateaus = free.map { Interval(lower: x[$0.index], upper: x[$0.index]) }
        var loss = Double.infinity
        // The loss at the current point, kept exact from step to step (sweeps start from it).
        var known: Double? = startPoint == start ? startLoss : nil
        if known == nil && sample.isSweepable && featureOrders != nil && !features.isEmpty {
            known = lossSum(policy, at: x, sample: sample)
        }
        var profiles = 0
        var settled = 0          // consecutive parameters whose profile at the current point showed no better value
        var step = 0
        let maxSteps = Swift.max(1, maxCycles) * m
        while step < maxSteps {
            let k = step % m
            let c = free[k]
            step += 1
            let p = profile(policy, at: x, coordinate: c, sample: sample, lossAtX: known)
            profiles += 1
            let here = p.loss(at: x[c.index])
            if known != nil { known = here }
            let choice = p.choice(current: x[c.index], total: total)
            plateaus[k] = choice.plateau
            if choice.loss < here - eps {
                x[c.index] = choice.value
                loss = choice.loss
                if known != nil { known = choice.loss }
                // The moved parameter's new profile is this one; the others must be seen again.
                settled = 1
                plateaus[k] = choice.plateau
            } else {
                loss = here
                settled += 1
            }
            if settled >= m {
                return Outcome(point: x, loss: loss, cycles: (step + m - 1) / m, converged: true, plateaus: plateaus,
                               profiles: profiles)
            }
        }
        return Outcome(point: x, loss: loss, cycles: maxCycles, converged: false, plateaus: plateaus, profiles: profiles)
    }

    /// Σ weight · loss of `policy` at `x` over `sample`: looked up in the ``table`` when there is one.
    func lossSum(_ policy: P, at x: [Double], sample: TraceSample) -> Double {
        if let table {
            return table.lossSum(at: x, data: data, indices: sample.indices, weights: sample.weights,
                                  userWeights: sample.userWeights)
        }
        return data.lossSum(with(policy, x), objective: objective, indices: sample.indices, weights: sample.weights)
    }

    /// `policy` with the full vector `x` (feasible by construction: bounds and orders kept).
    func with(_ policy: P, _ x: [Double]) -> P {
        var p = policy
        p.assignValidatedParameterValues(x)
        return p
    }
}

/// Which free parameters a search treats as declared thresholds.
enum StepSearchFeature {
    /// The declared feature of `spec` when the search may use it: whole-number parameters are
    /// stepped through their values instead.
    static func declared(_ spec: PolicyParameter, _ c: BoundTransform.Coordinate) -> ThresholdFeature? {
        c.isInteger ? nil : spec.comparedWith
    }
}
