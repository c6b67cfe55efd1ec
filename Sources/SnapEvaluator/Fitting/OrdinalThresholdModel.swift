import Foundation
import SnapStrategies

/// A cumulative-logit (proportional-odds) model of pages moved from the release page, fitted
/// by maximum likelihood with GSL's BFGS (``BFGSMinimizer``) and an analytic gradient; it turns
/// into a ``LearnedThresholdSnap`` an app can ship.
///
/// Observation per labelled trace (features as ``LearnedThresholdSnap/features(of:in:)``):
/// `x = (v, f, t)` and `k = intended slot − release page`, clamped to `−K…K` (the intended slot
/// is the intended item, or in a looping layout the slot showing it nearest the release). With
/// `M = 2K` increasing cut points `θ₀ < … < θ_{M−1}` and `η = β_v·v + β_f·f + β_t·t`:
/// ```
/// P(k ≤ −K + j) = σ(θⱼ − η),   P(k = −K + j) = σ(θⱼ − η) − σ(θ_{j−1} − η)   (θ₋₁ = −∞, θ_M = +∞)
/// ```
/// Minimized: the mean negative log-likelihood plus `ridge/2·(β_v² + β_f² + β_t² + Σθⱼ²)`
/// (default ridge 1e-6: it keeps the cut point of a category nobody used finite and the
/// weights identified when features are collinear, and moves a well-identified estimate by
/// far less than its standard error). Order is kept by the parametrisation
/// `θ₀ = c₀`, `θⱼ = θ_{j−1} + e^{δⱼ}`. Start: β = 0 and cut points at the logits of the
/// smoothed empirical cumulative shares.
///
/// ```swift
/// let model = try OrdinalThresholdModel.fit(data: FitData(traces), maxPages: 3)
/// model.velocityThresholds(fraction: 0.3)   // pt/ms per page count
/// let policy = model.policy                // LearnedThresholdSnap, no GSL
/// ```
public struct OrdinalThresholdModel: Sendable {
    public var velocityWeight: Double
    public var fractionWeight: Double
    public var travelWeight: Double
    /// `θ₀ … θ_{2K−1}`, increasing.
    public var cutpoints: [Double]
    /// `K`: categories are `−K…K` pages from the release page.
    public var maxPages: Int
    /// Mean negative log-likelihood at the fit (without the ridge term).
    public var meanNegativeLogLikelihood: Double
    /// Traces per category `−K…K`.
    public var categoryCounts: [Int]
    /// The BFGS run (iterations, gradient norm as `size`, objective, converged).
    public var report: MinimizationReport

    /// The fitted numbers as a shippable policy, each clamped to the policy's parameter range.
    public var policy: LearnedThresholdSnap {
        func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double { SnapMath.clamp(x, lo, hi) }
        return LearnedThresholdSnap(velocityWeight: clamp(velocityWeight, 0, 200),
                                    fractionWeight: clamp(fractionWeight, 0, 200),
                                    travelWeight: clamp(travelWeight, -200, 200),
                                    cutpoints: cutpoints.map { clamp($0, -1000, 1000) })
    }

    /// Velocity thresholds at fraction `f` and travel `t`: `vⱼ = (θⱼ − β_f·f − β_t·t)/β_v`.
    public func velocityThresholds(fraction f: Double, travel t: Double = 0) -> [Double] {
        cutpoints.map { ($0 - fractionWeight * f - travelWeight * t) / velocityWeight }
    }

    /// `P(k = −K + j)` for `j = 0…2K` at the given features.
    public func probabilities(velocity v: Double, fraction f: Double, travel t: Double) -> [Double] {
        let eta = velocityWeight * v + fractionWeight * f + travelWeight * t
        var out: [Double] = []
        var previous = 0.0
        for c in cutpoints {
            let cumulative = Self.logistic(c - eta)
            out.append(cumulative - previous)
            previous = cumulative
        }
        out.append(1 - previous)
        return out
    }

    /// Fits the model on `indices` of `data` (default all).
    /// - Throws: ``FitError/emptyData(operation:detail:)`` without traces,
    ///   ``FitError/invalidOption(name:value:expected:)`` for `maxPages < 1` or a negative ridge,
    ///   ``FitError/nonFiniteObjective(operation:)``, ``GSLError``.
    public static func fit(data: FitData, indices: [Int]? = nil, maxPages: Int = 3, ridge: Double = 1e-6,
                           minimizer: BFGSMinimizer = BFGSMinimizer(maxIterations: 2000, gradientTolerance: 1e-5)) throws -> OrdinalThresholdModel {
        let operation = "fit ordinal threshold model"
        guard maxPages >= 1, maxPages <= 50 else {
            throw FitError.invalidOption(name: "maxPages", value: "\(maxPages)", expected: "1...50")
        }
        guard ridge >= 0, ridge.isFinite else {
            throw FitError.invalidOption(name: "ridge", value: "\(ridge)", expected: "a finite number ≥ 0")
        }
        let indices = indices ?? data.allIndices
        let m = 2 * maxPages
        var xv: [Double] = [], xf: [Double] = [], xt: [Double] = []
        var category: [Int] = []
        for i in indices where i >= 0 && i < data.count {
            let release = data.releases[i], layout = data.layout(i), intended = data.labels[i].intended
            let x = LearnedThresholdSnap.features(of: release, in: layout)
            guard x.velocity.isFinite, x.fraction.isFinite, x.travel.isFinite else { continue }
            let intendedSlot = layout.isLooping ? layout.slot(ofItem: intended, near: release.offset) : intended
            let k = SnapMath.clamp(TraceOutcome.saturatingDifference(intendedSlot, x.page), -maxPages, maxPages)
            xv.append(x.velocity)
            xf.append(x.fraction)
            xt.append(x.travel)
            category.append(k + maxPages)
        }
        let n = category.count
        guard n > 0 else { throw FitError.emptyData(operation: operation, detail: "no labelled traces with finite features") }
        var counts = [Int](repeating: 0, count: m + 1)
        for c in category { counts[c] += 1 }

        // Start: β = 0, θⱼ = logit of the smoothed cumulative share of categories ≤ j.
        var start = [0.0, 0.0, 0.0]
        var cumulative = 0.0
        var previousTheta = 0.0
        for j in 0..<m {
            cumulative += Double(counts[j]) + 0.5
            let share = cumulative / (Double(n) + 0.5 * Double(m + 1))
            let theta = log(share / (1 - share))
            if j == 0 { start.append(theta) } else { start.append(log(max(theta - previousTheta, 1e-3))) }
            previousTheta = theta
        }

        var theta = [Double](repeating: 0, count: m)
        var dTheta = [Double](repeating: 0, count: m)
        let objective: ([Double], inout [Double]) throws -> Double = { z, g in
            theta[0] = z[3]
            for j in 1..<max(1, m) where j < m { theta[j] = theta[j - 1] + exp(z[3 + j]) }
            for j in 0..<m { dTheta[j] = 0 }
            var total = 0.0, gv = 0.0, gf = 0.0, gt = 0.0
            let bv = z[0], bf = z[1], bt = z[2]
            for i in 0..<n {
                let eta = bv * xv[i] + bf * xf[i] + bt * xt[i]
                let c = category[i]
                // P = F(a) − F(b), a = θ_c − η (c < M), b = θ_{c−1} − η (c > 0).
                let hasUpper = c < m, hasLower = c > 0
                let a = hasUpper ? theta[c] - eta : .infinity
                let b = hasLower ? theta[c - 1] - eta : -.infinity
                let p: Double
                if !hasLower { p = logistic(a) } else if !hasUpper { p = logistic(-b) } else if b > 0 {
                    p = logistic(-b) - logistic(-a)
                } else {
                    p = logistic(a) - logistic(b)
                }
                let pp = max(p, 1e-300)
                total -= log(pp)
                let fa = hasUpper ? density(a) : 0
                let fb = hasLower ? density(b) : 0
                if hasUpper { dTheta[c] -= fa / pp }
                if hasLower { dTheta[c - 1] += fb / pp }
                let dEta = (fa - fb) / pp
                gv += dEta * xv[i]
                gf += dEta * xf[i]
                gt += dEta * xt[i]
            }
            let scale = 1 / Double(n)
            var value = total * scale + 0.5 * ridge * (bv * bv + bf * bf + bt * bt)
            g[0] = gv * scale + ridge * bv
            g[1] = gf * scale + ridge * bf
            g[2] = gt * scale + ridge * bt
            for j in 0..<m {
                dTheta[j] = dTheta[j] * scale + ridge * theta[j]
                value += 0.5 * ridge * theta[j] * theta[j]
            }
            // Chain rule: θⱼ depends on c₀ (all j) and on δ_l for l ≤ j.
            var suffix = 0.0
            for j in stride(from: m - 1, through: 0, by: -1) {
                suffix += dTheta[j]
                g[3 + j] = j == 0 ? suffix : suffix * exp(z[3 + j])
            }
            return value
        }
        let report = try minimizer.minimize(operation, start: start, objective: objective)
        let z = report.point
        var cut = [Double](repeating: 0, count: m)
        cut[0] = z[3]
        for j in 1..<max(1, m) where j < m { cut[j] = cut[j - 1] + exp(z[3 + j]) }
        var model = OrdinalThresholdModel(velocityWeight: z[0], fractionWeight: z[1], travelWeight: z[2], cutpoints: cut,
                                          maxPages: maxPages, meanNegativeLogLikelihood: .nan,
                                          categoryCounts: counts, report: report)
        var nll = 0.0
        for i in 0..<n {
            let probs = model.probabilities(velocity: xv[i], fraction: xf[i], travel: xt[i])
            nll -= log(max(probs[category[i]], 1e-300))
        }
        model.meanNegativeLogLikelihood = nll / Double(n)
        return model
    }

    /// `σ(x) = 1/(1 + e^(−x))`, evaluated without overflow.
    static func logistic(_ x: Double) -> Double {
        if x >= 0 { return 1 / (1 + exp(-x)) }
        let e = exp(x)
        return e / (1 + e)
    }

    /// `σ'(x) = σ(x)·σ(−x) = e^(−|x|)/(1 + e^(−|x|))²`, accurate in both tails.
    static func density(_ x: Double) -> Double {
        let e = exp(-abs(x))
        return e / ((1 + e) * (1 + e))
    }
}
