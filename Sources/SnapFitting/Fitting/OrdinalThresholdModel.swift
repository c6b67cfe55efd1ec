import Dispatch
import Foundation
import SnapStrategies
import SnapGSL

/// A cumulative-logit (proportional-odds) model of items moved from the start item, fitted by
/// maximum likelihood with GSL's BFGS (``BFGSMinimizer``) and an analytic gradient; it turns into
/// a ``LearnedThresholdSnap`` an app can ship.
///
/// Observation per labelled trace (``LearnedFeatures``): the feature vector `x` of
/// ``LearnedThresholdSnap/features(of:in:)`` and `k = intended slot − start slot`, clamped to
/// `−K…K`. With `M = 2K` increasing cut points `θ₀ < … < θ_{M−1}` and `η = β·z`, `z` the features
/// standardized on the fitted traces (`zⱼ = (xⱼ − μⱼ)/σⱼ`; a feature with `σⱼ = 0`, such as an
/// unknown finger travel, gets weight 0):
/// ```
/// P(k ≤ −K + j) = σ(θⱼ − η),   P(k = −K + j) = σ(θⱼ − η) − σ(θ_{j−1} − η)   (θ₋₁ = −∞, θ_M = +∞)
/// ```
/// Minimized: the weighted mean negative log-likelihood plus `ridge/2·(Σβ² + Σθ²)` (default ridge
/// 1e-4 on the standardized scale: it keeps the cut point of a category nobody used finite and the weights identified when
/// features are collinear, such as the two projections at low speed, and moves a well-identified
/// estimate by far less than its standard error). Order is kept by the parametrisation
/// `θ₀ = c₀`, `θⱼ = θ_{j−1} + e^{δⱼ}`. Start: β = 0 and cut points at the logits of the smoothed
/// empirical cumulative shares. The objective is convex in `(β, θ)`, so the start does not
/// decide the optimum. Back on the features' own scale: `wⱼ = βⱼ/σⱼ`, `cutⱼ = θⱼ + Σ βⱼμⱼ/σⱼ`.
///
/// ```swift
/// let model = try OrdinalThresholdModel.fit(data: FitData(traces), maxPages: 3)
/// let policy = model.policy      // LearnedThresholdSnap at the model's median, no GSL
/// ```
public struct OrdinalThresholdModel: Sendable {
    /// Score per unit of each feature (``LearnedThresholdSnap/featureNames`` order), on the features' own scale.
    public var weights: [Double]
    /// `cut₀ … cut_{2K−1}` on the features' own scale, increasing.
    public var cutpoints: [Double]
    /// `K`: categories are `−K…K` items from the start item.
    public var maxPages: Int
    /// Weighted mean negative log-likelihood at the fit (without the ridge term).
    public var meanNegativeLogLikelihood: Double
    /// Traces per category `−K…K`.
    public var categoryCounts: [Int]
    /// Traces left out for a non-finite feature.
    public var skipped: Int
    /// The BFGS run (iterations, gradient norm as `size`, objective, converged).
    public var report: MinimizationReport
    /// Features constant on the fitted traces (``LearnedThresholdSnap/featureNames`` indices):
    /// left out of the fit, their weights 0 because the data say nothing about them.
    public var constantFeatures: [Int] = []

    /// The fitted numbers as a shippable policy, each clamped to the policy's parameter range.
    public var policy: LearnedThresholdSnap {
        let limit = LearnedThresholdSnap.parameterLimit
        return LearnedThresholdSnap(weights: weights.map { SnapMath.clamp($0, -limit, limit) },
                                    cutpoints: cutpoints.map { SnapMath.clamp($0, -limit, limit) })
    }

    /// `P(k = −K + j)` for `j = 0…2K` at `features`.
    public func probabilities(_ features: LearnedThresholdSnap.Features) -> [Double] {
        let eta = zip(weights, features.vector).reduce(0) { $0 + $1.0 * $1.1 }
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

    /// Fits the model on `indices` of `data` (default all) with `weights` (default 1 each, e.g.
    /// bootstrap multiplicities).
    /// - Throws: ``FitError/emptyData(operation:detail:)`` without traces,
    ///   ``FitError/invalidOption(name:value:expected:)`` for `maxPages` outside 1…50 or a negative ridge,
    ///   ``FitError/nonFiniteObjective(operation:)``, ``GSLError``.
    /// - Parameter warmStart: a fitted model (same `maxPages`) whose weights and cut points start
    ///   the search instead of the default start (see ``warmStartPoint``); the optimum is the same
    ///   up to the optimizer's tolerance, only fewer iterations reach it from nearby.
    public static func fit(data: FitData, indices: [Int]? = nil, weights: [Double]? = nil, maxPages: Int = 3,
                           ridge: Double = 1e-4, warmStart: OrdinalThresholdModel? = nil,
                           minimizer: BFGSMinimizer = BFGSMinimizer(maxIterations: 2000, gradientTolerance: 1e-5)) throws -> OrdinalThresholdModel {
        let indices = indices ?? data.allIndices
        if let weights, weights.count != indices.count {
            throw FitError.invalidOption(name: "weights", value: "\(weights.count)", expected: "one per index")
        }
        var features = LearnedFeatures(data: data, indices: indices, weights: weights)
        return try fit(&features, maxPages: maxPages, ridge: ridge, warmStart: warmStart, minimizer: minimizer)
    }

    /// Fits the model on prepared features (their rows with their weights), standardizing them in
    /// place (``LearnedFeatures/standardize(_:mean:deviation:)``: the caller's `features` hold
    /// standardized columns afterwards, and no second matrix is made).
    static func fit(_ features: inout LearnedFeatures, maxPages: Int, ridge: Double = 1e-4,
                    warmStart: OrdinalThresholdModel? = nil,
                    minimizer: BFGSMinimizer = BFGSMinimizer(maxIterations: 2000, gradientTolerance: 1e-5)) throws -> OrdinalThresholdModel {
        let operation = "fit ordinal threshold model"
        guard maxPages >= 1, maxPages <= 50 else {
            throw FitError.invalidOption(name: "maxPages", value: "\(maxPages)", expected: "1...50")
        }
        guard ridge >= 0, ridge.isFinite else {
            throw FitError.invalidOption(name: "ridge", value: "\(ridge)", expected: "a finite number ≥ 0")
        }
        let m = 2 * maxPages
        let n = features.count
        let total = features.weights?.reduce(0, +) ?? Double(n)
        guard n > 0, total > 0 else {
            throw FitError.emptyData(operation: operation, detail: "no labelled traces with finite features")
        }
        // Standardized features of the non-constant columns, in place.
        let (mean, deviation) = features.moments()
        let used = (0..<LearnedFeatures.width).filter { deviation[$0] > 1e-12 * max(1, abs(mean[$0])) }
        let d = used.count
        features.standardize(used, mean: mean, deviation: deviation)
        let z = features.values
        // Categories 0…2K (K ≤ 50) in a byte each.
        let category = features.offsets.map { UInt8(SnapMath.clamp(Int($0), -maxPages, maxPages) + maxPages) }
        let w = features.weights
        var counts = [Int](repeating: 0, count: m + 1)
        var shares = [Double](repeating: 0, count: m + 1)
        for r in 0..<n {
            counts[Int(category[r])] += 1
            shares[Int(category[r])] += w?[r] ?? 1
        }

        // Start: β = 0, θⱼ = logit of the smoothed cumulative share of categories ≤ j.
        var start = [Double](repeating: 0, count: d)
        var cumulative = 0.0, previousTheta = 0.0
        for j in 0..<m {
            cumulative += shares[j] + 0.5
            let share = cumulative / (total + 0.5 * Double(m + 1))
            let theta = log(share / (1 - share))
            start.append(j == 0 ? theta : log(max(theta - previousTheta, 1e-3)))
            previousTheta = theta
        }
        if let warmStart, let point = warmStartPoint(warmStart, used: used, mean: mean, deviation: deviation, maxPages: maxPages) {
            start = point
        }

        let objective: ([Double], inout [Double]) throws -> Double = { x, g in
            var theta = [Double](repeating: 0, count: m)
            theta[0] = x[d]
            for j in stride(from: 1, to: m, by: 1) { theta[j] = theta[j - 1] + exp(x[d + j]) }
            // Σ over rows in parallel chunks: [nll, ∂/∂β (d), ∂/∂θ (m)] per chunk, summed in chunk order.
            let sums = Self.chunkedSums(rows: n, width: 1 + d + m) { range, out in
                Self.accumulate(range, z: z, d: d, category: category, weights: w, beta: x, theta: theta, into: &out)
            }
            let scale = 1 / total
            var value = sums[0] * scale
            for c in 0..<d {
                g[c] = sums[1 + c] * scale + ridge * x[c]
                value += 0.5 * ridge * x[c] * x[c]
            }
            var dTheta = [Double](repeating: 0, count: m)
            for j in 0..<m {
                dTheta[j] = sums[1 + d + j] * scale + ridge * theta[j]
                value += 0.5 * ridge * theta[j] * theta[j]
            }
            // Chain rule: θⱼ depends on c₀ (all j) and on δ_l for l ≤ j.
            var suffix = 0.0
            for j in stride(from: m - 1, through: 0, by: -1) {
                suffix += dTheta[j]
                g[d + j] = j == 0 ? suffix : suffix * exp(x[d + j])
            }
            return value
        }
        let report = try minimizer.minimize(operation, start: start, objective: objective)
        let x = report.point
        var rawWeights = [Double](repeating: 0, count: LearnedFeatures.width)
        var shift = 0.0
        for (c, j) in used.enumerated() {
            rawWeights[j] = x[c] / deviation[j]
            shift += x[c] * mean[j] / deviation[j]
        }
        var cut = [Double](repeating: 0, count: m)
        cut[0] = x[d]
        for j in stride(from: 1, to: m, by: 1) { cut[j] = cut[j - 1] + exp(x[d + j]) }
        var model = OrdinalThresholdModel(weights: rawWeights, cutpoints: cut.map { $0 + shift }, maxPages: maxPages,
                                          meanNegativeLogLikelihood: .nan, categoryCounts: counts,
                                          skipped: features.skipped, report: report,
                                          constantFeatures: (0..<LearnedFeatures.width).filter { !used.contains($0) })
        var nll = 0.0
        for r in 0..<n {
            var eta = 0.0
            for c in 0..<d { eta += x[c] * z[r * d + c] }
            let cat = Int(category[r])
            let upper = cat < m ? logistic(cut[cat] - eta) : 1
            let lower = cat > 0 ? logistic(cut[cat - 1] - eta) : 0
            nll -= (w?[r] ?? 1) * log(max(upper - lower, 1e-300))
        }
        model.meanNegativeLogLikelihood = nll / total
        return model
    }

    /// `model`'s weights and cut points as a start of the search on features standardized with
    /// `mean` and `deviation` (columns `used`): `βc = wⱼσⱼ`, `θᵢ = cutᵢ − Σⱼ wⱼμⱼ` (over every feature:
    /// a column constant here adds its constant `wⱼμⱼ` to every score), `c₀ = θ₀`, `δᵢ = ln(θᵢ − θᵢ₋₁)`.
    /// `nil` (use the default start) when `model` has another `K` or gives a non-finite or unordered point.
    ///
    /// Why the start does not change the optimum: in `(β, θ)` the objective is a sum of
    /// `−ln(F(θ_cat − η) − F(θ_{cat−1} − η))` terms, convex wherever the cut points are ordered
    /// because the logistic density is log-concave (Pratt 1981; the cumulative-link likelihood), plus
    /// the strictly convex ridge: one minimum, no other stationary point. The search runs in
    /// `(β, c₀, δ)`, where it is *not* convex (`θ` is exponential in `δ`), but that map is a smooth
    /// bijection onto the ordered cut points with an invertible Jacobian, so the only stationary
    /// point there is the image of the same minimum: every start converges to it, and two starts
    /// differ only within the gradient tolerance.
    static func warmStartPoint(_ model: OrdinalThresholdModel, used: [Int], mean: [Double], deviation: [Double],
                               maxPages: Int) -> [Double]? {
        let m = 2 * maxPages
        guard model.maxPages == maxPages, model.cutpoints.count == m, model.weights.count == LearnedFeatures.width,
              model.weights.allSatisfy(\.isFinite), model.cutpoints.allSatisfy(\.isFinite) else { return nil }
        var point = used.map { model.weights[$0] * deviation[$0] }
        var shift = 0.0
        for j in 0..<LearnedFeatures.width { shift += model.weights[j] * mean[j] }
        point.append(model.cutpoints[0] - shift)
        for j in stride(from: 1, to: m, by: 1) {
            let gap = model.cutpoints[j] - model.cutpoints[j - 1]
            guard gap > 0 else { return nil }
            point.append(log(gap))
        }
        return point.allSatisfy(\.isFinite) ? point : nil
    }

    /// Rows per chunk of the parallel likelihood sums; fewer than two chunks run serially.
    static let chunkRows = 8192

    /// `body(range, &sums)` over chunks of `0..<rows` (in parallel when there are several), each
    /// into its own zeroed `width` sums, added in chunk order (the same result on any schedule).
    static func chunkedSums(rows: Int, width: Int, _ body: (Range<Int>, inout [Double]) -> Void) -> [Double] {
        let chunks = max(1, (rows + chunkRows - 1) / chunkRows)
        var partial = [[Double]](repeating: [Double](repeating: 0, count: width), count: chunks)
        if chunks == 1 {
            body(0..<rows, &partial[0])
        } else {
            withoutActuallyEscaping(body) { body in
                partial.withUnsafeMutableBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    let slots = ChunkSlots(base: base)
                    let work = UncheckedBody(body: body)
                    DispatchQueue.concurrentPerform(iterations: chunks) { k in
                        let lower = k * chunkRows
                        work.body(lower..<min(rows, lower + chunkRows), &slots.base[k])
                    }
                }
            }
        }
        var total = [Double](repeating: 0, count: width)
        for part in partial { for i in 0..<width { total[i] += part[i] } }
        return total
    }

    /// The weighted negative log-likelihood of `rows` and its gradient in `β` and `θ`, added to
    /// `out` as `[nll, ∂β₀…, ∂θ₀…]`.
    /// `weights`: one per row, or `nil` for 1 each (the same sums: a weight of 1 multiplies exactly).
    static func accumulate(_ rows: Range<Int>, z: [Double], d: Int, category: [UInt8], weights w: [Double]?,
                           beta x: [Double], theta: [Double], into out: inout [Double]) {
        // The hot loop of the likelihood fit: raw buffers (the ranges are checked once here).
        precondition(rows.isEmpty || (rows.lowerBound >= 0 && rows.upperBound <= category.count
                                      && rows.upperBound <= (w?.count ?? rows.upperBound)
                                      && rows.upperBound * d <= z.count && x.count >= d && out.count >= 1 + d + theta.count))
        z.withUnsafeBufferPointer { z in
            category.withUnsafeBufferPointer { category in
                x.withUnsafeBufferPointer { x in
                    theta.withUnsafeBufferPointer { theta in
                        out.withUnsafeMutableBufferPointer { out in
                            if let w {
                                w.withUnsafeBufferPointer { w in
                                    accumulate(rows, z: z, d: d, category: category, weights: w, beta: x, theta: theta, into: out)
                                }
                            } else {
                                accumulate(rows, z: z, d: d, category: category, weights: nil, beta: x, theta: theta, into: out)
                            }
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func accumulate(_ rows: Range<Int>, z: UnsafeBufferPointer<Double>, d: Int, category: UnsafeBufferPointer<UInt8>,
                                   weights w: UnsafeBufferPointer<Double>?, beta x: UnsafeBufferPointer<Double>,
                                   theta: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>) {
        let m = theta.count
        for r in rows {
            let row = r * d
            var eta = 0.0
            for c in 0..<d { eta += x[c] * z[row + c] }
            let cat = Int(category[r])
            // P = F(a) − F(b), a = θ_cat − η (cat < M), b = θ_{cat−1} − η (cat > 0).
            let hasUpper = cat < m, hasLower = cat > 0
            let a = hasUpper ? theta[cat] - eta : .infinity
            let b = hasLower ? theta[cat - 1] - eta : -.infinity
            // One exponential per side serves σ and σ' there (the same values as logistic(_:) and density(_:)).
            let ea = hasUpper ? exp(-abs(a)) : 0, eb = hasLower ? exp(-abs(b)) : 0
            let p: Double
            if !hasLower { p = logistic(a, tail: ea) } else if !hasUpper { p = logistic(-b, tail: eb) } else if b > 0 {
                p = logistic(-b, tail: eb) - logistic(-a, tail: ea)
            } else {
                p = logistic(a, tail: ea) - logistic(b, tail: eb)
            }
            let pp = max(p, 1e-300)
            let weight = w?[r] ?? 1
            out[0] -= weight * log(pp)
            let fa = hasUpper ? density(tail: ea) : 0
            let fb = hasLower ? density(tail: eb) : 0
            if hasUpper { out[1 + d + cat] -= weight * fa / pp }
            if hasLower { out[1 + d + cat - 1] += weight * fb / pp }
            let dEta = weight * (fa - fb) / pp
            for c in 0..<d { out[1 + c] += dEta * z[row + c] }
        }
    }

    /// `σ(x) = 1/(1 + e^(−x))`, evaluated without overflow.
    static func logistic(_ x: Double) -> Double {
        if x >= 0 { return 1 / (1 + exp(-x)) }
        let e = exp(x)
        return e / (1 + e)
    }

    /// `σ'(x) = σ(x)·σ(−x) = e^(−|x|)/(1 + e^(−|x|))²`, accurate in both tails.
    static func density(_ x: Double) -> Double {
        density(tail: exp(-abs(x)))
    }

    /// ``logistic(_:)`` at `x` given `tail = e^(−|x|)` (bit for bit the same value).
    @inline(__always)
    static func logistic(_ x: Double, tail e: Double) -> Double {
        x >= 0 ? 1 / (1 + e) : e / (1 + e)
    }

    /// ``density(_:)`` given `tail = e^(−|x|)`.
    @inline(__always)
    static func density(tail e: Double) -> Double {
        e / ((1 + e) * (1 + e))
    }
}

/// A non-escaping chunk body handed to `concurrentPerform`: it reads only values captured as
/// constants and writes only its own chunk's slot, so running it concurrently is race-free.
private struct UncheckedBody: @unchecked Sendable {
    let body: (Range<Int>, inout [Double]) -> Void
}
