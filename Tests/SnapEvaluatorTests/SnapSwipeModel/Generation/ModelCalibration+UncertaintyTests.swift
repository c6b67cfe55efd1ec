import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapGSL
@testable import SnapSwipeModel

/// The standard errors of `generate --like` (`ModelCalibration+Uncertainty`): the grouped
/// jackknife, the propagation through the Jacobian and the data-limited mark. Their coverage at
/// full size is `Scripts/research/check-like.sh`'s (Docs/swipe-model-calibration.md).
@Suite struct ModelCalibrationUncertaintyTests {
    /// For a mean over equal groups the delete-a-group jackknife variance is exactly the variance of
    /// the group means over the number of groups (the textbook standard error from group means).
    @Test func jackknifeOfAMeanIsTheGroupMeansVarianceOverG() {
        let g = 8, perGroup = 25
        let values: [Double] = (0..<(g * perGroup)).map { i in sin(Double(i) * 1.7) * 3 + Double(i % 5) }
        let group: [Int] = values.indices.map { $0 % g }
        let covariance = ModelCalibration.jackknifeCovariance(groups: g) { left in
            let kept = zip(values, group).compactMap { $1 == left ? nil : $0 }
            return [kept.reduce(0, +) / Double(kept.count)]
        }
        let means = (0..<g).map { k in zip(values, group).filter { $1 == k }.map(\.0).reduce(0, +) / Double(perGroup) }
        let m = means.reduce(0, +) / Double(g)
        let expected = means.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(g - 1) / Double(g)
        #expect(abs(covariance[0][0] / expected - 1) < 1e-9, "\(covariance[0][0]) vs \(expected)")
    }

    /// A planted between-user effect: the jackknife over users sees the users' spread (τ²/U), which a
    /// jackknife over single traces would miss; 200 users, within-user noise tiny, so the variance of the
    /// grand mean is τ²/U within the chance error of 20 groups (√(2/19) ≈ 32%: tolerance ±60%).
    @Test func jackknifeOverUsersSeesTheBetweenUserSpread() {
        let users = 200, perUser = 10, tau = 0.3
        var features: [(user: Int, value: Double)] = []
        var state: UInt64 = 12345
        func normal() -> Double {  // Box–Muller on a fixed LCG: deterministic
            func u() -> Double {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return (Double(state >> 11) + 0.5) / Double(1 << 53)
            }
            return (-2 * log(u())).squareRoot() * cos(2 * .pi * u())
        }
        for user in 0..<users {
            let effect = tau * normal()
            for _ in 0..<perUser { features.append((user, effect + 0.01 * normal())) }
        }
        let data = features, group = features.map { $0.user % 20 }
        let covariance = ModelCalibration.jackknifeCovariance(groups: 20) { left in
            let kept = zip(data, group).compactMap { $1 == left ? nil : $0.value }
            return [kept.reduce(0, +) / Double(kept.count)]
        }
        let expected = tau * tau / Double(users)
        #expect(covariance[0][0] > 0.4 * expected && covariance[0][0] < 1.6 * expected, "\(covariance[0][0]) vs \(expected)")
    }

    /// Users are the jackknife's unit when there are at least ten, dealt round-robin; with fewer, blocks of traces.
    @Test func groupsAreUsersWhenThereAreEnough() throws {
        func feature(user: Int) -> TraceFeatures {
            let t = [0.0, 50, 67, 75], x = [0.0, 5, 15, 15]
            return t.withUnsafeBufferPointer { tb in
                x.withUnsafeBufferPointer { xb in
                    TraceFeatures(time: tb, offset: xb, startOffset: 0, pitch: 170, velocity: 0, user: user, session: nil,
                                  intendedIndex: nil, startIndex: 0)
                }
            }
        }
        let many = (0..<60).map { feature(user: 100 + $0 % 30) }
        let a = ModelCalibration.jackknifeAssignment(many, groups: 20)
        #expect(Set(a).count == 20)
        for (f, g) in zip(many, a) { #expect(a[many.firstIndex { $0.user == f.user }!] == g) }
        let few = (0..<40).map { feature(user: $0 % 3) }
        let b = ModelCalibration.jackknifeAssignment(few, groups: 20)
        #expect(Set(b).count == 20 && b == b.sorted())
    }

    /// `J⁻¹ Σ J⁻ᵀ` times the simulation factor: a diagonal Jacobian divides each error by its slope,
    /// a coupled one carries one statistic's error into another parameter; a singular one gives nil.
    @Test func statisticsCovarianceGoesThroughTheInverseJacobian() throws {
        let diagonal = try #require(ModelCalibration.parameterCovariance(
            jacobian: [[2, 0], [0, 0.5]], statisticCovariance: [[0.04, 0], [0, 0.01]], simulationFactor: 1.1))
        #expect(abs(diagonal[0][0] - 0.011) < 1e-12 && abs(diagonal[1][1] - 0.044) < 1e-12 && diagonal[0][1] == 0)
        let coupled = try #require(ModelCalibration.parameterCovariance(
            jacobian: [[1, 0.5], [0, 1]], statisticCovariance: [[1, 0], [0, 1]], simulationFactor: 1))
        #expect(abs(coupled[0][0] - 1.25) < 1e-12 && abs(coupled[0][1] + 0.5) < 1e-12 && abs(coupled[1][1] - 1) < 1e-12)
        #expect(ModelCalibration.parameterCovariance(jacobian: [[1, 2], [2, 4]], statisticCovariance: [[1, 0], [0, 1]],
                                                     simulationFactor: 1) == nil)
        let inverse = try #require(ModelCalibration.invert([[4, 7], [2, 6]]))
        #expect(abs(inverse[0][0] - 0.6) < 1e-12 && abs(inverse[0][1] + 0.7) < 1e-12)
    }

    /// The mark: a 95% half-width over 10% of the estimate (scales on the log scale, probabilities
    /// absolute, kept in [0, 1]); an unknown error is marked too, and the table says so.
    @Test func dataLimitedWhenTheIntervalIsWiderThanTenPercent() {
        let tight = ParameterUncertainty(parameter: "a", key: "k", estimate: 2, standardError: 0.04, isLogScale: true)
        #expect(!tight.isDataLimited && abs(tight.low - 2 * exp(-1.959964 * 0.04)) < 1e-12)
        #expect(ParameterUncertainty(parameter: "a", key: "k", estimate: 2, standardError: 0.06, isLogScale: true).isDataLimited)
        let stall = ParameterUncertainty(parameter: "stall probability", key: "k", estimate: 0.12, standardError: 0.008, isLogScale: false)
        #expect(stall.isDataLimited && abs(stall.high - (0.12 + 1.959964 * 0.008)) < 1e-12)
        let repeats = ParameterUncertainty(parameter: "p", key: "k", estimate: 0.8, standardError: 0.015, isLogScale: false)
        #expect(!repeats.isDataLimited)
        let edge = ParameterUncertainty(parameter: "p", key: "k", estimate: 0.99, standardError: 0.02, isLogScale: false)
        #expect(edge.high == 1)
        #expect(ParameterUncertainty(parameter: "p", key: "k", estimate: 0.5, standardError: .nan, isLogScale: false).isDataLimited)
        let text = ParameterUncertainty.rendered([tight, stall])
        #expect(text.contains("DATA-LIMITED") && text.contains("within ±10%") && text.contains("±7.8%"))
    }

    /// Delete-one-user while the jackknife measures at most 400,000 traces in all, never fewer than
    /// 20 groups; the interval's multiple is Student's t with G − 1 degrees of freedom.
    @Test func groupsAreUsersWhileTheCostAllows() {
        #expect(ModelCalibration.jackknifeGroupCount(users: 100, traces: 2000) == 100)
        #expect(ModelCalibration.jackknifeGroupCount(users: 25, traces: 20_000) == 20)
        #expect(ModelCalibration.jackknifeGroupCount(users: 2000, traces: 1_000_000) == 20)
        #expect(ModelCalibration.jackknifeGroupCount(users: 500, traces: 10_000) == 40)
        #expect(abs(StudentTDistribution.quantile(0.975, degreesOfFreedom: 19) - 2.093024) < 1e-5)
        #expect(abs(StudentTDistribution.quantile(0.975, degreesOfFreedom: 99) - 1.984217) < 1e-5)
        #expect(StudentTDistribution.quantile(0.975, degreesOfFreedom: 0).isNaN)
        let u = ParameterUncertainty(parameter: "a", key: "k", estimate: 2, standardError: 0.04, isLogScale: true, criticalValue: 2.093)
        #expect(abs(u.high - 2 * exp(2.093 * 0.04)) < 1e-12 && abs(u.relativeHalfWidth - sinh(2.093 * 0.04)) < 1e-12)
    }

    /// The model file carries the interval's multiple; files written before it read as ±1.96.
    @Test func criticalValueRoundTrips() throws {
        let u = ParameterUncertainty(parameter: "a", key: "k", estimate: 2, standardError: 0.04, isLogScale: true, criticalValue: 2.093)
        let data = try JSONEncoder().encode(u)
        #expect(try JSONDecoder().decode(ParameterUncertainty.self, from: data) == u)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object.removeValue(forKey: "critical_value")
        let old = try JSONDecoder().decode(ParameterUncertainty.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(old.criticalValue == ParameterUncertainty.z95)
    }

    /// In a small simulation (paging truth model, 24 data sets of 400 traces by 40 users, seeds
    /// 100–123) the users' jackknife of the smooth locations fitted since the ninth round — the
    /// repeat delay's 10%-trimmed and the one-item flicks' stroke time's 5%-trimmed geometric mean
    /// — estimates their sampling sd across the data sets (root mean square of the jackknife sds over
    /// the sds across data sets within 0.65–1.5: the chance error of an sd over 24 sets is ≈ 15%;
    /// over 80 full-size truth samples the ratios were 0.91 and 1.08).
    @Test func jackknifeFollowsTheLocationsSamplingSD() throws {
        var p = truthParameters()
        p.task = .paging
        let calibration = ModelCalibration(task: .paging, livePolicy: try PolicyCatalog.policy(id: "compose-pager"), seed: 100)
        let statistics: @Sendable ([TraceFeatures]) -> [Double] = { f in
            [RecordingSummary.trimmedGeometricMean(f.compactMap(\.liftRepeatDelay).filter { $0 <= 40 }, trimDivisor: 10),
             RecordingSummary.trimmedGeometricMean(f.filter { $0.intent.map { abs($0) == 1 } ?? true && $0.releasedMovingPromptly }
                                                     .compactMap(\.strokeTime))].map { log($0) }
        }
        var values: [[Double]] = [], jackknife: [[Double]] = []
        for seed in 100..<124 {
            let features = try calibration.simulate(p, layout: try benchLayout(), traces: 400, users: 40, seed: UInt64(seed)).features
            values.append(statistics(features))
            let groupOf = ModelCalibration.jackknifeAssignment(features, groups: 40)
            let covariance = ModelCalibration.jackknifeCovariance(groups: (groupOf.max() ?? 0) + 1) { g in
                statistics(zip(features, groupOf).compactMap { $1 == g ? nil : $0 })
            }
            jackknife.append([covariance[0][0], covariance[1][1]])
        }
        for i in 0..<2 {
            let x = values.map { $0[i] }, m = x.reduce(0, +) / Double(x.count)
            let sd = (x.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(x.count - 1)).squareRoot()
            let rms = (jackknife.map { $0[i] }.reduce(0, +) / Double(jackknife.count)).squareRoot()
            #expect(sd > 0 && rms / sd > 0.65 && rms / sd < 1.5, "statistic \(i): jackknife \(rms) vs sampling sd \(sd)")
        }
    }

    /// A parameter the fit left at a limit of the search has no interval ("at limit") and is left
    /// out of the Jacobian: the others' errors are those of the fit without it (before, its
    /// coupling widened every other interval).
    @Test func aParameterAtALimitIsLeftOutOfTheOthersIntervals() throws {
        let layout = try benchLayout()
        let g = try TraceGenerator(model: SwipeModel(parameters: truthParameters(), layout: layout), traceCount: 400, userCount: 20,
                                   seed: 5, livePolicy: PolicyCatalog.policy(id: "compose-lazyrow-snap"))
        let rec = RecordingSummary(features: try allSwipes(g).map { TraceFeatures($0, pitch: layout.stride, estimator: LSQ2VelocityEstimator()) },
                                   layout: layout)
        let all = ModelCalibration.fittedParameters(task: .reveal)
        let amplitude = try #require(all.first { $0.key == "stroke.amplitudeMedian" })
        let duration = try #require(all.first { $0.key == "stroke.durationMedian" })
        var result = ModelCalibration.Result(parameters: truthParameters(), userCount: 20, rounds: 10, keptFrom: 6, notes: [])
        result.replicates = 4
        // the amplitude alone, with its own slope
        result.fitted = [(amplitude, amplitude.statistic)]
        result.jacobian = [[1]]
        let alone = try #require(ModelCalibration.uncertainty(of: result, recording: rec).first as ParameterUncertainty?)
        // both, strongly coupled: each statistic moves almost as much with the other parameter
        result.fitted = [(duration, duration.statistic), (amplitude, amplitude.statistic)]
        result.jacobian = [[1, 0.9], [0.9, 1]]
        let coupled = ModelCalibration.uncertainty(of: result, recording: rec)
        #expect(coupled.count == 2 && coupled.allSatisfy { !$0.isAtLimit && $0.standardError.isFinite })
        #expect(abs(coupled[1].standardError - alone.standardError) > 1e-6)
        // the duration at a limit: no interval, and the amplitude's is its own again
        result.problems = [CalibrationProblem(kind: .atLimit, parameter: duration.name, key: duration.key, value: 40,
                                              finding: "at its bound", statistic: duration.statistic, target: 1, simulated: 1)]
        let held = ModelCalibration.uncertainty(of: result, recording: rec)
        #expect(held.map { $0.key } == [duration.key, amplitude.key])
        #expect(held[0].isAtLimit && held[0].standardError.isNaN && held[0].low.isNaN && held[0].high.isNaN && held[0].isDataLimited)
        #expect(held[0].estimate == duration.get(result.parameters) && held[0].statistic == duration.statistic.id)
        #expect(!held[1].isAtLimit && abs(held[1].standardError - alone.standardError) < 1e-12)
        #expect(held[0].criticalValue == held[1].criticalValue)
        // a problem that is not at a limit leaves the Jacobian whole
        result.problems[0].kind = .notConverged
        #expect(ModelCalibration.uncertainty(of: result, recording: rec) == coupled)
        // the table says "at limit", not a number; the model file marks it, and only it
        let text = ParameterUncertainty.rendered(held)
        #expect(text.contains("at limit") && text.contains("AT A LIMIT of the search"))
        let data = try JSONEncoder().encode(held)
        let objects = try #require(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(objects[0]["at_limit"] as? Bool == true && objects[1]["at_limit"] == nil && objects[0]["low"] is NSNull)
        let back = try JSONDecoder().decode([ParameterUncertainty].self, from: data)
        #expect(back[0].isAtLimit && !back[1].isAtLimit && back[1] == held[1])
    }
}
