import Dispatch
import SnapStrategies
import SnapLabSupport
import SnapGSL
import SnapTraces
import SnapScoring

/// The work of ``Recommendation/run(policies:data:fitter:folds:maxPages:maxFittedParameters:seed:adaptingFolds:withHeadroom:sampleCap:)``
/// and how it is spread over the cores.
///
/// 1. **Defaults.** Every policy's defaults are scored on the test folds, in parallel (one task per
///    policy). How long that took is the policy's cost per pass over the data.
/// 2. **Fits and the headroom**, in parallel, largest first so that no long task starts last
///    (longest-processing-time order): the learned policy (its six likelihood fits, then the
///    headroom, in one task), then the policies with thresholds by their defaults' time × free
///    thresholds.
///
/// Memory: nothing of the learned policy but the all-traces model (the folds' warm start) is
/// shared between its fits or kept after one: each likelihood fit makes its features
/// (``LearnedFeatures``, 65 bytes per trace, at most about ``sampleCap`` traces, standardized in
/// place) and drops them before its cut points are tuned; the tuning and each headroom fold
/// compute the features again from the releases (cheaper than one likelihood pass). Running the
/// learned fits and the headroom's folds one after the other in one task keeps one of those
/// buffers in memory at a time, next to one step search on the other core. From
/// ``CrossValidatedFit/oneFitAtATimeMinimum`` traces the tasks of step 2 run one at a time
/// instead, each on every core (the likelihood sums, the step searches' profiles and loss sums
/// and the decision tables are split into chunks across the cores; the headroom's folds run side
/// by side, each learning from its ``sampleCap`` subsample: without the cap two folds side by side
/// held 254 MB at 1M traces), as `fit` does at that size: the peak is then the data and one
/// task's buffers, not two tasks' (1M traces: 197 MB, was 253–264 MB; with the threshold searches
/// on their ``sampleCap`` subsample too, 177 MB).
///
/// The order only decides when each task runs: every task is seeded on its own and writes only its
/// own result, and the results are read in the input order, so the outcome is the same on any
/// number of threads and any schedule.
struct RecommendationPlan {
    let policies: [any SnapPolicy]
    let data: FitData
    let grouping: GroupedFolds
    let fitter: PolicyFitter
    let maxPages: Int
    let maxFittedParameters: Int
    /// The seed of the folds, which also seeds the headroom's subsampling.
    let seed: UInt64
    let withHeadroom: Bool
    /// Traces per fit above which a fit learns from a seeded user-stratified subsample
    /// (``LearnedSample``, seeded with ``seed``): the rule policies' threshold searches, the learned
    /// likelihood and the headroom's classifier; every score is still taken on all traces.
    var sampleCap = LearnedSample.defaultCap
    /// Run every task on the calling thread, in the order planned (tests compare it with the parallel run).
    var serial = false
    /// The users the held-out hits are summed by (``Recommendation/Candidate/userHits``); `nil`: made from ``data``.
    var users: UserSlots?
    /// The app's platform (`--platform`): a native policy's fit changes only the settings it
    /// exposes (``DecisionPlatform/knobs(of:)``); `nil`: every threshold.
    var platform: DecisionPlatform?

    /// The parameters a fit of `policy` may change: `nil` every threshold (no platform, or a rule
    /// that ships as code); else the platform's settings with a range of values (not whole numbers).
    func fitNames(_ policy: any SnapPolicy) -> [String]? {
        guard let platform, let knobs = platform.knobs(of: policy.id) else { return nil }
        let specs = policy.parameterSpecs
        return knobs.filter { k in k.values == nil && specs.contains { $0.name == k.name && !$0.isInteger } }.map(\.name)
    }

    /// A setting of `policy` the platform offers as a few values (UIKit's `.normal`/`.fast`), if any.
    func choiceKnob(_ policy: any SnapPolicy) -> PlatformKnob? {
        platform?.knobs(of: policy.id)?.first { k in k.values != nil && policy.parameterSpecs.contains { $0.name == k.name } }
    }

    /// Per-user hits of `policy` on `indices` added to `hits` (``FitData/addHits(_:indices:users:into:)``).
    func addHits(_ policy: any SnapPolicy, _ indices: [Int], into hits: inout [Double]) {
        let users = users ?? UserSlots(data)
        if hits.isEmpty { hits = [Double](repeating: 0, count: users.count) }
        data.addHits(policy, indices: indices, users: users, into: &hits)
    }

    /// The candidates in input order (defaults, then fitted, per policy), the policies too large to fit, the headroom.
    struct Outcome {
        var candidates: [Recommendation.Candidate] = []
        var notFitted: [String] = []
        var headroom: Headroom?
        /// Whether a learned likelihood fit learned from a subsample (``sampleCap``).
        var sampledLikelihood = false
        /// The policies whose threshold searches (some fit of a fitted candidate) searched on a subsample.
        var sampledSearches: [String] {
            candidates.filter { $0.variant == "fitted" && $0.sampleCap != nil && !($0.policy is LearnedThresholdSnap) }.map(\.policyID)
        }
    }

    /// What a policy needs after its defaults.
    enum Work: Sendable {
        case none
        /// More free thresholds than `maxFittedParameters`.
        case tooMany
        case learned
        case search(free: Int)
        /// A platform setting with a few values (``choiceKnob(_:)``): each fold picks the best.
        case choice
    }

    /// A policy's defaults candidate, its further work, and how long its defaults took to score (ns).
    struct Defaults: Sendable {
        var candidate: Recommendation.Candidate
        var work: Work
        var nanoseconds: UInt64
    }

    enum Task: Sendable {
        case fitted(Int)
        case headroom
    }

    enum TaskResult: Sendable {
        case candidate(Recommendation.Candidate)
        case headroom(Headroom)
        case candidateAndHeadroom(Recommendation.Candidate, Headroom)
    }

    func run() throws -> Outcome {
        let progress = ProgressLine(stage: "recommending", total: policies.count + (withHeadroom ? 1 : 0),
                                    unit: withHeadroom ? "policies and the headroom" : "policies")
        defer { progress.finish() }
        let defaults = Self.parallelMap(count: policies.count, serial: serial) { order in
            let found = try defaultsCandidate(order)
            switch found.work {
            case .none, .tooMany: progress.advance()
            case .learned, .search, .choice: break
            }
            return found
        }
        // Longest first: learned fits, the headroom, then the step searches by estimated cost.
        var ranked: [(task: Task, rank: Int, cost: UInt64)] = []
        for (order, outcome) in defaults.enumerated() {
            guard case let .success(found) = outcome else { continue }
            switch found.work {
            case .learned: ranked.append((.fitted(order), 0, 0))
            case let .search(free): ranked.append((.fitted(order), 2, found.nanoseconds &* UInt64(free)))
            case .choice: ranked.append((.fitted(order), 2, found.nanoseconds))
            case .none, .tooMany: break
            }
        }
        // The headroom runs after the first learned policy's fits, in its task; on its own without one.
        var headroomAfter: Int?
        if withHeadroom {
            for item in ranked where item.rank == 0 {
                if case let .fitted(order) = item.task { headroomAfter = order; break }
            }
            if headroomAfter == nil { ranked.append((.headroom, 1, 0)) }
        }
        ranked.sort { $0.rank != $1.rank ? $0.rank < $1.rank : $0.cost > $1.cost }
        let tasks = ranked.map(\.task)
        let results = Self.parallelMap(count: tasks.count, serial: serial || oneTaskAtATime) { t in
            defer { progress.advance() }
            switch tasks[t] {
            case let .fitted(order):
                guard case let .success(found) = defaults[order] else { throw FitError.emptyData(operation: "recommend", detail: "no defaults") }
                if case .learned = found.work {
                    let candidate = try learnedCandidate(order)
                    guard order == headroomAfter else { return TaskResult.candidate(candidate) }
                    progress.advance()
                    return TaskResult.candidateAndHeadroom(candidate, try headroom())
                }
                if case .choice = found.work, let knob = choiceKnob(policies[order]) {
                    return TaskResult.candidate(try choiceCandidate(order, knob: knob))
                }
                return TaskResult.candidate(try searchedCandidate(order))
            case .headroom:
                return TaskResult.headroom(try headroom())
            }
        }
        var fitted = [Recommendation.Candidate?](repeating: nil, count: policies.count)
        var failures: [Int: any Error] = [:]      // by policy; the headroom's under `policies.count`
        var outcome = Outcome()
        for (t, task) in tasks.enumerated() {
            let slot: Int
            switch task {
            case let .fitted(order): slot = order
            case .headroom: slot = policies.count
            }
            switch results[t] {
            case let .success(.candidate(c)): fitted[slot] = c
            case let .success(.headroom(h)): outcome.headroom = h
            case let .success(.candidateAndHeadroom(c, h)):
                fitted[slot] = c
                outcome.headroom = h
            case let .failure(error): failures[slot] = error
            }
        }
        // Errors surface in input order: a policy's defaults, then its fit, then the headroom.
        for (order, result) in defaults.enumerated() {
            let found = try result.get()
            if let error = failures[order] { throw error }
            outcome.candidates.append(found.candidate)
            if let c = fitted[order] { outcome.candidates.append(c) }
            if case .tooMany = found.work { outcome.notFitted.append(found.candidate.policyID) }
            if case .learned = found.work, data.count > sampleCap { outcome.sampledLikelihood = true }
        }
        if let error = failures[policies.count] { throw error }
        return outcome
    }

    /// Run the fits and the headroom one at a time, each on every core; `nil`: from
    /// ``CrossValidatedFit/oneFitAtATimeMinimum`` traces (memory; the outcome is the same).
    var oneAtATime: Bool?
    var oneTaskAtATime: Bool { oneAtATime ?? (data.count >= CrossValidatedFit.oneFitAtATimeMinimum) }

    /// The headroom on the plan's folds: its folds one after the other next to another task (a
    /// fold's classifier holds its training rows' class scores), side by side when the tasks run
    /// one at a time (large data, where each fold learns from at most about ``sampleCap`` traces).
    func headroom() throws -> Headroom {
        try Headroom.run(data: data, grouping: grouping, seed: seed, parallelFolds: oneTaskAtATime, trainingCap: sampleCap)
    }

    /// The defaults candidate of policy `order`, timed, and what else it needs.
    func defaultsCandidate(_ order: Int) throws -> Defaults {
        let given = policies[order]
        let objective = fitter.objective
        let defaults = try given.withParameterValues(given.defaultParameterValues)
        let began = DispatchTime.now().uptimeNanoseconds
        let scores = grouping.testIndices.map { data.score(defaults, objective: objective, indices: $0) }
        let took = DispatchTime.now().uptimeNanoseconds &- began
        var candidate = Recommendation.Candidate(
            policyID: defaults.id, variant: "defaults", fittedParameters: [], parameterCount: defaults.parameterSpecs.count,
            order: order, foldTestScores: scores, testScore: CrossValidatedFit.mean(scores),
            testStandardError: CrossValidatedFit.standardError(scores), policy: defaults)
        // Defaults are not fitted: every trace is held out from a fit that did not happen.
        for test in grouping.testIndices { addHits(defaults, test, into: &candidate.userHits) }
        if defaults is LearnedThresholdSnap { return Defaults(candidate: candidate, work: .learned, nanoseconds: took) }
        let names = fitNames(defaults)
        if names?.isEmpty == true {
            return Defaults(candidate: candidate, work: choiceKnob(defaults) == nil ? .none : .choice, nanoseconds: took)
        }
        let free = try BoundTransform(policy: defaults.id, specs: defaults.parameterSpecs, values: defaults.parameterValues, free: names)
        let work: Work = free.count == 0 ? .none : free.count > maxFittedParameters ? .tooMany : .search(free: free.count)
        return Defaults(candidate: candidate, work: work, nanoseconds: took)
    }

    /// The fitted candidate of the learned policy `order`: on all traces, then on each training fold,
    /// maximum likelihood then cut points (``LearnedThresholdFit``, what ``PolicyFitter`` does for it).
    /// The folds' likelihood searches start from the all-traces optimum (fewer BFGS iterations; the
    /// likelihood has one optimum, so they end where a cold start ends, within the optimizer's
    /// tolerance); the all-traces fit always runs first, so the result does not depend on the schedule.
    /// Above ``sampleCap`` traces a fit's likelihood learns from a ``LearnedSample`` of them.
    func learnedCandidate(_ order: Int) throws -> Recommendation.Candidate {
        let objective = fitter.objective
        let start = LearnedThresholdSnap(maxPages: maxPages)
        func fit(_ indices: [Int], from warmStart: OrdinalThresholdModel?) throws -> (result: PolicyFitter.Result,
                                                                                      model: OrdinalThresholdModel) {
            let sample = subsample(indices)
            return try LearnedThresholdFit.fitWithModel(start, data: data, indices: indices, weights: nil, objective: objective,
                                                        warmStart: warmStart, likelihoodIndices: sample)
        }
        let all = try fit(data.allIndices, from: nil)
        var scores: [Double] = [], hits: [Double] = [], values: [[Double]] = []
        for f in 0..<grouping.count {
            let policy = try fit(grouping.trainIndices(f), from: all.model).result.policy
            scores.append(data.score(policy, objective: objective, indices: grouping.testIndices[f]))
            addHits(policy, grouping.testIndices[f], into: &hits)
            values.append(policy.parameterValues)
        }
        let final = all.result.policy
        var candidate = Recommendation.Candidate(policyID: final.id, variant: "fitted", fittedParameters: final.parameterSpecs.map(\.name),
                                                 parameterCount: final.parameterSpecs.count, order: order, foldTestScores: scores,
                                                 testScore: CrossValidatedFit.mean(scores),
                                                 testStandardError: CrossValidatedFit.standardError(scores), policy: final,
                                                 sampleCap: sampledCap)
        candidate.userHits = hits
        candidate.foldValues = values
        return candidate
    }

    /// The traces a rule policy's threshold search on `indices` runs on: `indices` up to
    /// ``sampleCap`` of them, else their ``LearnedSample`` (seeded with ``seed``, the sample the
    /// learned likelihood would learn from on the same traces).
    func searchIndices(_ indices: [Int]) -> [Int] {
        subsample(indices) ?? indices
    }

    /// The ``LearnedSample`` of `indices` (seeded with ``seed``) when there are more than
    /// ``sampleCap`` of them, else `nil`.
    func subsample(_ indices: [Int]) -> [Int]? {
        indices.count > sampleCap ? LearnedSample.thin(indices, data: data, cap: sampleCap, seed: seed) : nil
    }

    /// ``sampleCap`` when the all-traces fit learns from a subsample (a candidate's
    /// ``Recommendation/Candidate/sampleCap``), else `nil`.
    var sampledCap: Int? { data.count > sampleCap ? sampleCap : nil }

    /// The fitted candidate of policy `order` (every threshold, ``PolicyFitter``, on each training
    /// fold and on all traces, sharing one ``BreakpointMemo`` and one ``FeatureOrders``, which
    /// depends on the data, not on the fold, as in ``CrossValidatedFit``). A fit on more than
    /// ``sampleCap`` traces searches on their subsample (``searchIndices(_:)``); the folds' test
    /// scores are taken on every test trace, whatever the fit learned from. The final fit's
    /// plateaus (at bound, not identified) are then those of its subsample.
    func searchedCandidate(_ order: Int) throws -> Recommendation.Candidate {
        let objective = fitter.objective
        let given = policies[order]
        let defaults = try given.withParameterValues(given.defaultParameterValues)
        let names = fitNames(defaults)
        let free = try BoundTransform(policy: defaults.id, specs: defaults.parameterSpecs, values: defaults.parameterValues, free: names)
        // Rows only for the parameters that are bisected, as in `fit` (8 bytes per trace and row).
        let memo = BreakpointMemo(traces: data.count, policy: defaults, coordinates: free.coordinates)
        // (no fold sample reaches the sweep's size on smaller data: the fitter would not use them)
        let orders = data.count >= PolicyFitter.sweepMinimum
            ? try FeatureOrders(data: data, policy: defaults, parameters: names, objective: objective) : nil
        var scores: [Double] = [], hits: [Double] = [], values: [[Double]] = []
        for f in 0..<grouping.count {
            let fit = try fitter.fit(defaults, parameters: names, data: data, indices: searchIndices(grouping.trainIndices(f)),
                                     memo: memo, orders: orders, scoringStart: false)
            scores.append(data.score(fit.policy, objective: objective, indices: grouping.testIndices[f]))
            addHits(fit.policy, grouping.testIndices[f], into: &hits)
            values.append(fit.policy.parameterValues)
        }
        // scoringStart: also says which fitted values the data leave not identified (for the code's comments)
        let final = try fitter.fit(defaults, parameters: names, data: data, indices: searchIndices(data.allIndices), memo: memo,
                                   orders: orders, scoringStart: true)
        var candidate = Recommendation.Candidate(
            policyID: defaults.id, variant: "fitted", fittedParameters: final.fittedNames,
            parameterCount: defaults.parameterSpecs.count, order: order, foldTestScores: scores,
            testScore: CrossValidatedFit.mean(scores),
            testStandardError: CrossValidatedFit.standardError(scores), policy: final.policy,
            atBound: zip(final.fittedNames, final.atBound).filter(\.1).map(\.0),
            notIdentified: zip(final.fittedNames, final.notIdentified).filter(\.1).map(\.0),
            sampleCap: sampledCap)
        candidate.userHits = hits
        candidate.foldValues = values
        return candidate
    }

    /// The fitted candidate of policy `order` whose platform offers `knob` as a few values
    /// (``PlatformKnob/values``): each training fold picks the value with the best score (ties: the
    /// first listed, the platform's default), scored on its test fold; the final value is the pick
    /// on all traces.
    func choiceCandidate(_ order: Int, knob: PlatformKnob) throws -> Recommendation.Candidate {
        let objective = fitter.objective
        let given = policies[order]
        let defaults = try given.withParameterValues(given.defaultParameterValues)
        let options: [any SnapPolicy] = try (knob.values ?? []).map { value in
            var p = defaults
            try p.setParameter(named: knob.name, to: value)
            return p
        }
        guard !options.isEmpty else { throw FitError.noFreeParameters(policy: defaults.id) }
        func pick(_ indices: [Int]) -> any SnapPolicy {
            var best = options[0], bestLoss = objective.loss(data.score(options[0], objective: objective, indices: indices))
            for p in options.dropFirst() {
                let loss = objective.loss(data.score(p, objective: objective, indices: indices))
                if loss < bestLoss { (best, bestLoss) = (p, loss) }
            }
            return best
        }
        var scores: [Double] = [], hits: [Double] = [], values: [[Double]] = []
        for f in 0..<grouping.count {
            let p = pick(grouping.trainIndices(f))
            scores.append(data.score(p, objective: objective, indices: grouping.testIndices[f]))
            addHits(p, grouping.testIndices[f], into: &hits)
            values.append(p.parameterValues)
        }
        var candidate = Recommendation.Candidate(
            policyID: defaults.id, variant: "fitted", fittedParameters: [knob.name],
            parameterCount: defaults.parameterSpecs.count, order: order, foldTestScores: scores,
            testScore: CrossValidatedFit.mean(scores), testStandardError: CrossValidatedFit.standardError(scores),
            policy: pick(data.allIndices))
        candidate.userHits = hits
        candidate.foldValues = values
        return candidate
    }

    /// `body(0..<count)` in parallel (or in order when `serial`), each result in its own slot,
    /// returned in index order.
    static func parallelMap<T: Sendable>(count: Int, serial: Bool = false, _ body: (Int) throws -> T) -> [Result<T, any Error>] {
        if serial { return (0..<count).map { k in Result { try body(k) } } }
        var out = [Result<T, any Error>?](repeating: nil, count: count)
        withoutActuallyEscaping(body) { body in
            out.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let slots = ChunkSlots(base: base)
                let work = UncheckedTask(body: body)
                DispatchQueue.concurrentPerform(iterations: count) { k in slots.base[k] = Result { try work.body(k) } }
            }
        }
        return out.map { $0 ?? .failure(FitError.emptyData(operation: "recommend", detail: "a task did not run")) }
    }
}

/// A non-escaping task body handed to `concurrentPerform`: each iteration writes only its own
/// slot, and what the body reads is shared read-only, so running it concurrently is race-free.
private struct UncheckedTask<T>: @unchecked Sendable {
    let body: (Int) throws -> T
}
