import Foundation

/// The between-user spreads that `generate --like` fits the user gain to: paging's
/// ``styleCentredGainSpread``, reveal's and browse's ``pooledSpeedSpread``.
///
/// A paging user's gain enters each stroke once: it multiplies a flick's amplitude (its duration
/// carries none) and divides a drag's or a stay's duration (its length, `λ·pitch`, carries none).
/// The peak move speed carries the gain in every stroke, but also, per stroke, the part that does
/// not carry it — a flick's duration draw and the frame a peak falls in, a drag's length draw — so
/// ``styleCentredGainSpread`` reads each stroke through the feature in which the gain is least
/// diluted: `−log` motion time for the strokes that came to rest (drags, stays: the motion runs
/// from the slop crossing to within a frame of the stroke's end, so it is `∝ duration/g`), log
/// travel for the strokes still moving at the last move (flicks: `∝ amplitude·g`). Each style class
/// is centred on its own mean and weighted by its pooled within-user precision, each user's
/// weighted mean has a known sampling variance (`1/Σ w`), and the between-user variance is the
/// Paule–Mandel random-effects estimate from them (Paule & Mandel 1982; DerSimonian & Kacker
/// 2007). Per stroke, against the users' drawn log gains (hidden truth, 20 samples of the issue-16
/// paging truth): a rested one-item drag's `−log` motion time carries 7.6 units of information
/// (slope²/residual variance) against its peak speed's 3.5, a prompt flick's log travel 2.4
/// against 2.1. In simulation (2,000 traces by 100 users, 200 samples, seeds 1000–1199;
/// `Scripts/research/screen-statistics.py`) the implied gain sd estimate has a relative sampling sd of 8.7%
/// (5.8% beyond the ideal's own error), against 10.0% (7.7%) for the log peak speed of the same
/// strokes (``styleCentredSpeedSpread``, fitted before; it stays in the table), about 15% from the
/// stepper flicks alone, and 7.2% for the sd of the users' own drawn log gains (the ideal). Fitted
/// on seeds 77–108: sd 7.4% (26 of 32 within 10%) against 9.2% (21 of 32); `Docs/research/2026-11-25-swipe-model-evidence-rounds-7-9.md`.
extension RecordingSummary {
    /// The style class of a stroke for the centring: its label's distance from the start item (0, 1;
    /// unlabelled apart) and whether it came to rest before lift-off (last move below 0.2 of the
    /// peak speed: drags, stays and placed strokes vs flicks); `nil` for labels 2–4 items away
    /// and beyond (projected flicks, whose speed also carries the user's projection habit, a second
    /// per-user effect: with them the estimate's sampling sd was 10.2% instead of 9.3% in simulation).
    static func speedClass(_ f: TraceFeatures) -> Int? {
        let distance = f.intent.map { min(abs($0), 2) } ?? 3
        if distance == 2 { return nil }
        return 2 * distance + (f.cameToRest ? 1 : 0)
    }

    /// The style class of a stroke for ``styleCentredGainSpread``: its ``speedClass(_:)``, with the
    /// strokes still moving at the last move that were not released promptly
    /// (``TraceFeatures/releasedMovingPromptly``: fewer than two moves, or a lift-off more than 40 ms
    /// after a fast last move — a stall froze the frames and cut the travel short) in a class of
    /// their own (`speedClass + 8`), so their shorter travel does not shift their users' means.
    static func gainClass(_ f: TraceFeatures) -> Int? {
        guard let c = speedClass(f) else { return nil }
        return c % 2 == 0 && !f.releasedMovingPromptly ? c + 8 : c
    }

    /// The log feature of a stroke that carries the user's gain with slope 1 (`nil` without one):
    /// `−log` motion time (first to last move, ms) for a stroke that came to rest (an odd
    /// ``speedClass(_:)``: last move below 0.2 of the peak speed), log travel (pitches) for one
    /// still moving at the last move.
    static func gainFeature(_ f: TraceFeatures) -> Double? {
        if f.cameToRest {
            guard let m = f.motionTime, m > 0 else { return nil }
            return -log(m)
        }
        return f.travelPitches > 0 ? log(f.travelPitches) : nil
    }

    /// ``classCentredBetweenSD(_:minimum:weighted:)`` (Paule–Mandel weighted) of ``gainFeature(_:)``
    /// over the strokes that have a ``gainClass(_:)`` (labelled 0 or ±1 from their start item, or
    /// unlabelled): the statistic the paging user gain log sd is fitted to.
    /// Users with at least two such strokes count (with five, as before, the estimate's error
    /// beyond the ideal was 0.5 points larger in simulation: a user with few strokes still carries
    /// their gain, and the Paule–Mandel weights already make them count less).
    var styleCentredGainSpread: Double {
        Self.classCentredBetweenSD(features.compactMap { f in
            guard let c = Self.gainClass(f), let x = Self.gainFeature(f) else { return nil }
            return (f.user, c, x)
        }, minimum: 2, weighted: true)
    }

    /// The Paule–Mandel between-user sd of log peak move speed over every stroke, one class, users
    /// with at least two strokes: the statistic the reveal (and browse) user gain is fitted to. A
    /// reveal stroke carries the gain twice (amplitude × g, duration / g), and its peak speed beats
    /// the per-stroke features that carry it once (`−log` motion time is a few 60 Hz frames long;
    /// centring placed and flicked strokes apart loses gain signal). Against the moment estimate of
    /// ``userSpeedSpread`` (users with ≥ 5 strokes, fitted before; it stays in the table) the
    /// implied relative sd falls from 8.4% to 8.1% and the error beyond the ideal from 4.8 to 4.2
    /// points in simulation (150 reveal truth samples of 2,000 traces by 100 users, seeds 1000–1149;
    /// browse strokes are drawn as reveal's, but browse was not screened separately).
    var pooledSpeedSpread: Double {
        Self.classCentredBetweenSD(features.compactMap { f in
            guard let v = f.peakSpeed, v > 0 else { return nil }
            return (f.user, 0, log(v))
        }, minimum: 2, weighted: true)
    }

    /// ``classCentredBetweenSD(_:minimum:weighted:)`` (Paule–Mandel weighted) of the log peak move
    /// speeds of the strokes that have a ``speedClass(_:)`` (the paging gain's statistic before
    /// ``styleCentredGainSpread``; in simulation 10.0% implied relative sd against 8.7%).
    var styleCentredSpeedSpread: Double {
        Self.classCentredBetweenSD(features.compactMap { f in
            guard let v = f.peakSpeed, v > 0, let c = Self.speedClass(f) else { return nil }
            return (f.user, c, log(v))
        }, weighted: true)
    }

    /// Between-group standard deviation of `value` after removing each class's mean.
    ///
    /// For each class `c`: its mean `μ_c` over all values and its pooled within-(group, class)
    /// variance `s²_c` (classes with fewer than 10 degrees of freedom are left out). Each group
    /// (user) with at least `minimum` values gets the weighted mean `m_u = Σ w_c (x − μ_c) / W_u`,
    /// `w_c = 1/s²_c`, `W_u = Σ w_c` over its values, whose sampling variance is `1/W_u`; the result
    /// is `√max(var(m_u) − mean(1/W_u), 0)`, or with `weighted` the Paule–Mandel `√τ²`
    /// (``pauleMandel(means:variances:)``), in which users with few strokes weigh less (NaN with
    /// fewer than 3 groups).
    static func classCentredBetweenSD(_ values: [(group: Int, cls: Int, value: Double)], minimum: Int = 5,
                                      weighted: Bool = false) -> Double {
        let kept = classCentredUserMeans(values).filter { $0.count >= minimum }
        guard kept.count >= 3 else { return .nan }
        let means = kept.map(\.mean)
        if weighted { return pauleMandel(means: means, variances: kept.map(\.variance)).squareRoot() }
        let m = means.reduce(0, +) / Double(means.count)
        let between = means.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(means.count - 1)
        let sampling = kept.reduce(0) { $0 + $1.variance } / Double(kept.count)
        return max(between - sampling, 0).squareRoot()
    }

    /// Each group's (user's) class-centred weighted mean `m_u` and its sampling variance `1/W_u`
    /// (``classCentredBetweenSD(_:minimum:weighted:)``), with its count of values, in ascending group
    /// order; groups whose values are all in classes left out (fewer than 10 degrees of freedom) are absent.
    static func classCentredUserMeans(_ values: [(group: Int, cls: Int, value: Double)])
        -> [(group: Int, count: Int, mean: Double, variance: Double)] {
        struct Key: Hashable {
            var group: Int
            var cls: Int
        }
        var cells: [Key: (n: Double, sum: Double, squares: Double)] = [:]
        for (g, c, x) in values where x.isFinite {
            var cell = cells[Key(group: g, cls: c)] ?? (0, 0, 0)
            cell = (cell.n + 1, cell.sum + x, cell.squares + x * x)
            cells[Key(group: g, cls: c)] = cell
        }
        var classes: [Int: (n: Double, sum: Double, within: Double, dof: Double)] = [:]
        for (key, cell) in cells.sorted(by: { ($0.key.group, $0.key.cls) < ($1.key.group, $1.key.cls) }) {
            var c = classes[key.cls] ?? (0, 0, 0, 0)
            c = (c.n + cell.n, c.sum + cell.sum, c.within + max(cell.squares - cell.sum * cell.sum / cell.n, 0), c.dof + cell.n - 1)
            classes[key.cls] = c
        }
        var mean: [Int: Double] = [:], weight: [Int: Double] = [:]
        for (c, x) in classes where x.dof >= 10 && x.within > 0 {
            mean[c] = x.sum / x.n
            weight[c] = x.dof / x.within
        }
        var groups: [Int: (n: Double, weighted: Double, total: Double)] = [:]
        for (key, cell) in cells.sorted(by: { ($0.key.group, $0.key.cls) < ($1.key.group, $1.key.cls) }) {
            guard let m = mean[key.cls], let w = weight[key.cls] else { continue }
            var g = groups[key.group] ?? (0, 0, 0)
            g = (g.n + cell.n, g.weighted + w * (cell.sum - cell.n * m), g.total + w * cell.n)
            groups[key.group] = g
        }
        return groups.sorted { $0.key < $1.key }.map { (group: $0.key, count: Int($0.value.n), mean: $0.value.weighted / $0.value.total,
                                                       variance: 1 / $0.value.total) }
    }

    /// The Paule–Mandel between-group variance `τ²` of `means` with sampling `variances`: the
    /// `τ² ≥ 0` at which `Σ w (m − m̄_w)² = k − 1` with weights `w = 1/(τ² + v)` and `m̄_w` their
    /// weighted mean (0 when even `τ² = 0` leaves the sum below `k − 1`; bisection to 1e-12).
    /// Groups with few values weigh less than in the unweighted moment estimate (Paule & Mandel 1982).
    static func pauleMandel(means: [Double], variances: [Double]) -> Double {
        func excess(_ tau2: Double) -> Double {
            var sw = 0.0, swm = 0.0
            for (m, v) in zip(means, variances) {
                sw += 1 / (tau2 + v)
                swm += m / (tau2 + v)
            }
            let centre = swm / sw
            var q = 0.0
            for (m, v) in zip(means, variances) { q += (m - centre) * (m - centre) / (tau2 + v) }
            return q - Double(means.count - 1)
        }
        guard means.count >= 3, excess(0) > 0 else { return 0 }
        let m = means.reduce(0, +) / Double(means.count)
        var lo = 0.0, hi = max(means.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(means.count - 1), 1e-12)
        while excess(hi) > 0 && hi < 1e6 { hi *= 2 }
        for _ in 0..<80 where hi - lo > 1e-12 {
            let mid = (lo + hi) / 2
            if excess(mid) > 0 { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
