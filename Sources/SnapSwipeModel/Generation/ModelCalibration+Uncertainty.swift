import Dispatch
import Foundation
import SnapLabSupport
import SnapGSL
import SnapTraces
import SnapScoring

/// How precisely a recording pins down one parameter that `generate --like` fits
/// (`Docs/swipe-model-calibration.md` §2): its standard error, its 95% interval and whether that
/// interval is wider than ±10% of the estimate (*data-limited*: the recording cannot pin the
/// parameter down to 10%, whatever the estimator).
public struct ParameterUncertainty: Sendable, Hashable, Codable {
    /// The parameter's name (``ModelCalibration/Fitted/name``) and its path in a model file.
    public var parameter: String
    public var key: String
    /// The id (``StatisticKind/id``) of the statistic the parameter was fitted to; `nil` in model
    /// files written before ids.
    public var statistic: String?
    public var estimate: Double
    /// Standard error of `log θ` for a scale parameter, of `θ` for a probability.
    public var standardError: Double
    public var isLogScale: Bool
    /// The interval's multiple of the standard error, `c`: Student's 97.5% quantile with `G − 1`
    /// degrees of freedom for a jackknife of `G` groups (``ModelCalibration/uncertainty(of:recording:)``;
    /// 1.98 with 100 groups, 2.09 with 20), ``z95`` when the error is known exactly.
    public var criticalValue: Double
    /// The 95% interval: `θ·exp(±c·se)` for a scale, `θ ± c·se` (kept in [0, 1]) for a probability.
    public var low: Double
    public var high: Double
    /// The interval's half-width exceeds ``dataLimit`` of the estimate (and, with no interval, a
    /// parameter at a limit: the data did not pin it down).
    public var isDataLimited: Bool
    /// The fit ended with the parameter at a limit of the search (a ``CalibrationProblem`` of kind
    /// ``CalibrationProblem/Kind/atLimit``): it has no interval (``standardError``, ``low`` and
    /// ``high`` are NaN, `null` in a model file), and it was left out of the Jacobian that carries
    /// the others' errors, so that their intervals are not widened by a slope measured at the bound.
    /// Written to a model file only when true (`at_limit`).
    public var isAtLimit = false

    /// The normal 97.5% quantile.
    public static let z95 = 1.959964
    /// The relative half-width above which a parameter is marked data-limited (the 10%).
    public static let dataLimit = 0.10

    public init(parameter: String, key: String, statistic: String? = nil, estimate: Double, standardError: Double, isLogScale: Bool,
                criticalValue: Double = z95) {
        self.parameter = parameter
        self.key = key
        self.statistic = statistic
        self.estimate = estimate
        self.standardError = standardError
        self.isLogScale = isLogScale
        self.criticalValue = criticalValue
        let h = criticalValue * standardError
        if isLogScale {
            low = estimate * exp(-h)
            high = estimate * exp(h)
        } else {
            low = max(estimate - h, 0)
            high = min(estimate + h, 1)
        }
        isDataLimited = !(Self.relativeHalfWidth(estimate: estimate, standardError: standardError, isLogScale: isLogScale,
                                                 criticalValue: criticalValue) <= Self.dataLimit)
    }

    /// A parameter at a limit of the search (``isAtLimit``): no interval.
    public init(atLimit parameter: String, key: String, statistic: String? = nil, estimate: Double, isLogScale: Bool) {
        self.init(parameter: parameter, key: key, statistic: statistic, estimate: estimate, standardError: .nan, isLogScale: isLogScale)
        isAtLimit = true
    }

    /// The 95% interval's half-width relative to the estimate: `sinh(c·se)` for a scale
    /// (≈ c·se), `c·se / |θ|` for a probability (before clipping to [0, 1]); NaN when unknown.
    public var relativeHalfWidth: Double {
        Self.relativeHalfWidth(estimate: estimate, standardError: standardError, isLogScale: isLogScale, criticalValue: criticalValue)
    }

    private static func relativeHalfWidth(estimate: Double, standardError: Double, isLogScale: Bool, criticalValue: Double) -> Double {
        let h = criticalValue * standardError
        return isLogScale ? sinh(h) : h / abs(estimate)
    }

    enum CodingKeys: String, CodingKey {
        case parameter, key, statistic, estimate, low, high
        case standardError = "standard_error"
        case isLogScale = "log_scale"
        case isDataLimited = "data_limited"
        case criticalValue = "critical_value"
        case isAtLimit = "at_limit"
    }

    /// An unknown error (NaN: a statistic not finite on some jackknife subset) is written as `null`,
    /// which JSON can hold and a NaN cannot.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(parameter, forKey: .parameter)
        try c.encode(key, forKey: .key)
        try c.encodeIfPresent(statistic, forKey: .statistic)
        try c.encode(estimate.isFinite ? estimate : nil, forKey: .estimate)
        try c.encode(standardError.isFinite ? standardError : nil, forKey: .standardError)
        try c.encode(isLogScale, forKey: .isLogScale)
        try c.encode(low.isFinite ? low : nil, forKey: .low)
        try c.encode(high.isFinite ? high : nil, forKey: .high)
        try c.encode(isDataLimited, forKey: .isDataLimited)
        try c.encode(criticalValue, forKey: .criticalValue)
        try c.encodeIfPresent(isAtLimit ? true : nil, forKey: .isAtLimit)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        parameter = try c.decode(String.self, forKey: .parameter)
        key = try c.decode(String.self, forKey: .key)
        statistic = try c.decodeIfPresent(String.self, forKey: .statistic)
        estimate = try c.decodeIfPresent(Double.self, forKey: .estimate) ?? .nan
        standardError = try c.decodeIfPresent(Double.self, forKey: .standardError) ?? .nan
        isLogScale = try c.decode(Bool.self, forKey: .isLogScale)
        low = try c.decodeIfPresent(Double.self, forKey: .low) ?? .nan
        high = try c.decodeIfPresent(Double.self, forKey: .high) ?? .nan
        isDataLimited = try c.decode(Bool.self, forKey: .isDataLimited)
        criticalValue = try c.decodeIfPresent(Double.self, forKey: .criticalValue) ?? Self.z95
        isAtLimit = try c.decodeIfPresent(Bool.self, forKey: .isAtLimit) ?? false
    }

    /// The fitted parameters as a text table: value, 95% interval, relative half-width and the mark.
    public static func rendered(_ list: [ParameterUncertainty]) -> String {
        func number(_ x: Double) -> String { x.isFinite ? NumberFormat.compact(x, 3) : "—" }
        let rows = list.map { u -> [String] in
            if u.isAtLimit {
                return [u.parameter, number(u.estimate), "at limit", "—",
                        "AT A LIMIT of the search: no interval (left out of the others' intervals)"]
            }
            let relative = u.relativeHalfWidth
            return [u.parameter, number(u.estimate), u.standardError.isFinite ? "\(number(u.low))–\(number(u.high))" : "—",
                    relative.isFinite ? "±\(NumberFormat.fixed(100 * relative, 1))%" : "—",
                    u.isDataLimited ? "DATA-LIMITED: the recording cannot pin it to ±10%" : "within ±10%"]
        }
        return TextTable(header: ["parameter", "fitted", "95% interval", "half-width", "pinned down?"], rows: rows,
                         rightAligned: [1, 3]).rendered()
    }
}

extension ModelCalibration {
    /// The keys (``Fitted/key``) of the parameters `result`'s fit adjusted.
    public static func fittedKeys(of result: Result) -> Set<String> { Set(result.fitted.map(\.0.key)) }

    /// The fewest groups of users deleted one at a time by ``uncertainty(of:recording:)``.
    static let jackknifeGroups = 20
    /// Traces measured by the jackknife at most (groups × traces), unless that leaves fewer than
    /// ``jackknifeGroups`` groups: the cost of 20 groups on a 20,000-trace recording.
    static let jackknifeTraceBudget = 400_000

    /// The jackknife's groups for a recording of `traces` traces by `users` users: one per user
    /// (delete-one-user) while the cost allows, at least ``jackknifeGroups``. A jackknife variance
    /// over `G` groups has about `G − 1` degrees of freedom, so its standard error is itself noisy
    /// (√(1/(2(G − 1))) ≈ 16% with 20 groups) and intervals at ±1.96 of it cover less than 95%; over
    /// 80 truth samples of 2,000 traces by 100 users per task (seeds 1000–1079) 100 groups covered
    /// 1,535 of 1,600 parameters against 1,524 with 20 (`Docs/research/2026-11-25-swipe-model-evidence-rounds-7-9.md` §11, ninth round).
    static func jackknifeGroupCount(users: Int, traces: Int) -> Int {
        max(jackknifeGroups, min(users, jackknifeTraceBudget / max(traces, 1)))
    }

    /// Each fitted parameter's standard error: the sampling covariance `Σ` of the driving statistics
    /// on the recording (a delete-a-group jackknife over its users, ``jackknifeCovariance(groups:statistics:)``:
    /// the users are the independent units, so the between-user statistics are covered) carried
    /// through the Jacobian measured in round 3, `J⁻¹ Σ J⁻ᵀ`, times `1 + 1/S` for the simulation's own
    /// noise with `S` replicates a round (the indirect-inference variance; Gouriéroux, Monfort &
    /// Renault 1993). Coordinates as the fit's: `log θ` and `log` statistic for scales, `θ` and the
    /// share for probabilities. The subsets are measured with the recording's stall-window weight
    /// (the fit holds it fixed). Empty when the Jacobian was not measured (fewer than 3 rounds) or
    /// cannot be inverted; a parameter whose statistic is not finite on some deleted group has an
    /// unknown (NaN) error and is marked data-limited. A parameter the fit left at a limit of the
    /// search (``Result/problems``, ``CalibrationProblem/Kind/atLimit``) has no interval
    /// (``ParameterUncertainty/isAtLimit``): its column and its statistic's row are left out of `J`
    /// (it is held where it is), so the others' errors are `J'⁻¹ Σ' J'⁻ᵀ` over the rest alone.
    static func uncertainty(of result: Result, recording: RecordingSummary) -> [ParameterUncertainty] {
        guard let fullJacobian = result.jacobian, !result.fitted.isEmpty else { return [] }
        let atLimitKeys = Set(result.problems.filter { $0.kind == .atLimit }.map(\.key))
        let free = result.fitted.indices.filter { !atLimitKeys.contains(result.fitted[$0].0.key) }
        let fitted = free.map { result.fitted[$0] }
        let jacobian = free.map { i in free.map { fullJacobian[i][$0] } }
        let limited = result.fitted.indices.filter { atLimitKeys.contains(result.fitted[$0].0.key) }.map { i in
            let (x, statistic) = result.fitted[i]
            return (i, ParameterUncertainty(atLimit: x.name, key: x.key, statistic: statistic.id, estimate: x.get(result.parameters),
                                            isLogScale: !x.isProbability))
        }
        guard !fitted.isEmpty else { return limited.map(\.1) }
        guard let (covariance, groups) = recordingJackknife(recording, { values in
            fitted.map { x, statistic in
                guard let v = values[statistic], v.isFinite else { return .nan }
                return x.isProbability ? v : (v > 0 ? log(v) : .nan)
            }
        }) else { return [] }
        guard let theta = parameterCovariance(jacobian: jacobian, statisticCovariance: covariance,
                                              simulationFactor: 1 + 1 / Double(max(result.replicates, 1))) else { return [] }
        // Student's t with G − 1 degrees of freedom for the jackknife's own noise (Tukey 1958: the G
        // pseudo-values as a sample, their mean's t; Efron & Tibshirani 1993, ch. 11)
        let critical = StudentTDistribution.quantile(0.975, degreesOfFreedom: Double(groups - 1))
        var out = fitted.enumerated().map { i, f in
            let (x, statistic) = f
            return ParameterUncertainty(parameter: x.name, key: x.key, statistic: statistic.id, estimate: x.get(result.parameters),
                                        standardError: theta[i][i] >= 0 ? theta[i][i].squareRoot() : .nan,
                                        isLogScale: !x.isProbability, criticalValue: critical)
        }
        // in the fit's order, with the run's interval multiple (no interval uses it)
        for (i, u) in limited {
            var u = u
            u.criticalValue = critical
            out.insert(u, at: i)
        }
        return out
    }

    /// The jackknife group of each trace: users (in order of first appearance) dealt round-robin to
    /// `groups` groups (fewer when there are fewer users); with fewer than 10 users, consecutive
    /// blocks of traces instead (the users cannot be the unit then, and between-user statistics
    /// are not covered).
    static func jackknifeAssignment(_ features: [TraceFeatures], groups: Int) -> [Int] {
        var rank: [Int: Int] = [:]
        for f in features where rank[f.user] == nil { rank[f.user] = rank.count }
        if rank.count >= 10 {
            let g = min(groups, rank.count)
            return features.map { rank[$0.user]! % g }
        }
        let n = features.count, g = min(groups, n)
        return g < 2 ? [Int](repeating: 0, count: n) : (0..<n).map { $0 * g / n }
    }

    /// The delete-a-group jackknife covariance over the recording's users of `read` (a vector read
    /// from a subset's ``RecordingSummary/statisticValues``), with the groups of
    /// ``jackknifeAssignment(_:groups:)`` (``jackknifeGroupCount(users:traces:)`` of them) and the
    /// recording's stall-window weight, which every simulation of the fit takes; `nil` with fewer
    /// than 2 groups. The parameter intervals (``uncertainty(of:recording:)``) and the targets' own
    /// uncertainty (``targetUncertainties(of:recording:)``) are both this jackknife.
    static func recordingJackknife(_ recording: RecordingSummary,
                                   _ read: @escaping @Sendable ([StatisticKind: Double]) -> [Double]) -> (covariance: [[Double]], groups: Int)? {
        let users = Set(recording.features.map(\.user)).count
        let groupOf = jackknifeAssignment(recording.features,
                                          groups: jackknifeGroupCount(users: users, traces: recording.features.count))
        let groups = (groupOf.max() ?? 0) + 1
        guard groups >= 2 else { return nil }
        let features = recording.features, layout = recording.layout, hit = recording.hit
        let weight = recording.resolvedStallWindowWeight
        let covariance = jackknifeCovariance(groups: groups) { g in
            let kept = zip(features, groupOf).compactMap { $1 == g ? nil : $0 }
            var subset = RecordingSummary(features: kept, layout: layout, hit: hit)
            subset.stallWindowWeight = weight
            return read(subset.statisticValues)
        }
        return (covariance, groups)
    }

    /// Delete-a-group jackknife covariance of a vector statistic: `statistics(g)` is its value with
    /// group `g` left out (`g` in 0..<groups); `(G − 1)/G · Σ_g (s_g − s̄)(s_g − s̄)ᵀ`. An entry with
    /// a non-finite value on some group is NaN. Groups are evaluated in parallel.
    static func jackknifeCovariance(groups: Int, statistics: @escaping @Sendable (Int) -> [Double]) -> [[Double]] {
        let slots = ParallelSlots<[Double]>(count: groups, initial: [])
        DispatchQueue.concurrentPerform(iterations: groups) { g in slots.store(statistics(g), at: g) }
        let values = slots.all()
        let k = values.first?.count ?? 0
        let mean = (0..<k).map { i in values.map { $0[i] }.reduce(0, +) / Double(groups) }
        let factor = Double(groups - 1) / Double(groups)
        return (0..<k).map { i in
            (0..<k).map { j in factor * values.reduce(0) { $0 + ($1[i] - mean[i]) * ($1[j] - mean[j]) } }
        }
    }

    /// `factor · J⁻¹ Σ J⁻ᵀ` (the parameters' covariance from the statistics' covariance `Σ`), or
    /// `nil` when `J` is singular. NaN entries of `Σ` make the parameters that depend on them NaN.
    static func parameterCovariance(jacobian: [[Double]], statisticCovariance sigma: [[Double]],
                                    simulationFactor factor: Double) -> [[Double]]? {
        guard let inverse = invert(jacobian), sigma.count == inverse.count else { return nil }
        let n = inverse.count
        func entry(_ a: Int, _ b: Int) -> Double {
            var s = 0.0
            for i in 0..<n where inverse[a][i] != 0 {
                for j in 0..<n where inverse[b][j] != 0 { s += inverse[a][i] * sigma[i][j] * inverse[b][j] }
            }
            return factor * s
        }
        return (0..<n).map { a in (0..<n).map { b in entry(a, b) } }
    }

    /// The inverse of a square matrix (``solve(_:columns:pivotFloor:)`` on the identity), `nil` when singular.
    static func invert(_ m: [[Double]]) -> [[Double]]? {
        let n = m.count
        let identity = (0..<n).map { i in (0..<n).map { $0 == i ? 1.0 : 0 } }
        guard let inverse = solve(m, columns: identity, pivotFloor: 1e-12) else { return nil }
        return inverse.allSatisfy { $0.allSatisfy(\.isFinite) } ? inverse : nil
    }
}
