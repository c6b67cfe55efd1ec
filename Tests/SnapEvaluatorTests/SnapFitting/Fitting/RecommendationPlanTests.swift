import Testing
import SnapStrategies
@testable import SnapGSL
@testable import SnapFitting
@testable import SnapReports

@Suite("Recommendation plan (parallel tasks)")
struct RecommendationPlanTests {
    static func data() throws -> FitData {
        FitData(try LearnedTraces.make(count: 1200, users: 12, seed: 31, label: HeadroomTests.structured))
    }

    static func plan(_ data: FitData, folds: Int = 3, seed: UInt64 = 7, serial: Bool, oneAtATime: Bool? = nil) throws -> RecommendationPlan {
        let policies: [any SnapPolicy] = [Tag99Snap(), NearestPageSnap(basis: .releaseOffset), LearnedThresholdSnap(),
                                          UIKitPagingSnap(), SwiperSnap()]
        let grouping = try GroupedFolds(data: data, folds: folds, seed: seed, adapting: true)
        var plan = RecommendationPlan(policies: policies, data: data, grouping: grouping, fitter: PolicyFitter(starts: 2, seed: seed),
                                      maxPages: 2, maxFittedParameters: 2, seed: seed, withHeadroom: true)
        plan.serial = serial
        plan.oneAtATime = oneAtATime
        return plan
    }

    /// Everything a candidate reports, bit for bit.
    static func essence(_ c: Recommendation.Candidate) -> [String] {
        [c.policyID, c.variant, "\(c.order)", c.fittedParameters.joined(separator: ","), c.atBound.joined(separator: ","),
         c.foldTestScores.map { "\($0.bitPattern)" }.joined(separator: ","),
         c.policy.parameterValues.map { "\($0.bitPattern)" }.joined(separator: ",")]
    }

    @Test("the parallel run gives the serial run's candidates and headroom bit for bit, in input order")
    func parallelIsSerial() throws {
        let data = try Self.data()
        let parallel = try Self.plan(data, serial: false).run()
        let serial = try Self.plan(data, serial: true).run()
        #expect(parallel.candidates.map(Self.essence) == serial.candidates.map(Self.essence))
        #expect(parallel.candidates.map(\.order) == parallel.candidates.map(\.order).sorted())
        #expect(parallel.notFitted == serial.notFitted)
        let a = try #require(parallel.headroom), b = try #require(serial.headroom)
        #expect(a.foldScores.map(\.bitPattern) == b.foldScores.map(\.bitPattern))
        // Every policy has its defaults; those with thresholds (at most 2) a fitted candidate too.
        #expect(parallel.candidates.filter { $0.variant == "defaults" }.count == 5)
        #expect(parallel.notFitted.contains("swiper") && !parallel.notFitted.contains("uikit-paging"))
        #expect(parallel.candidates.contains { $0.policyID == "uikit-paging" && $0.variant == "fitted" })
    }

    @Test("tasks one at a time, each on every core (large data), give the side-by-side run's outcome bit for bit")
    func oneAtATimeIsSideBySide() throws {
        let data = try Self.data()
        let sideBySide = try Self.plan(data, serial: false, oneAtATime: false)
        let oneAtATime = try Self.plan(data, serial: false, oneAtATime: true)
        #expect(!sideBySide.oneTaskAtATime && oneAtATime.oneTaskAtATime)
        #expect(!(try Self.plan(data, serial: false)).oneTaskAtATime)   // 1,200 traces: side by side
        let a = try sideBySide.run(), b = try oneAtATime.run()
        #expect(a.candidates.map(Self.essence) == b.candidates.map(Self.essence))
        #expect(a.notFitted == b.notFitted)
        let ha = try #require(a.headroom), hb = try #require(b.headroom)
        #expect(ha.foldScores.map(\.bitPattern) == hb.foldScores.map(\.bitPattern))
    }

    @Test("the learned candidate and the headroom equal the standalone fitter's and Headroom.run's")
    func learnedEqualsStandalone() throws {
        let data = try Self.data()
        let seed: UInt64 = 7
        let outcome = try Self.plan(data, seed: seed, serial: false).run()
        let learned = try #require(outcome.candidates.first { $0.policyID == "learned-threshold" && $0.variant == "fitted" })
        let fitter = PolicyFitter(starts: 2, seed: seed)
        let grouping = try GroupedFolds(data: data, folds: 3, seed: seed, adapting: true)
        let start = LearnedThresholdSnap(maxPages: 2)
        // The folds' likelihood searches start from the all-traces optimum: the same fits as the
        // standalone fitter's up to BFGS's tolerance; the same as warm-started standalone fits bit for bit.
        let all = try LearnedThresholdFit.fitWithModel(start, data: data, indices: data.allIndices, weights: nil, objective: .hitRate)
        var scores: [Double] = [], coldScores: [Double] = []
        for f in 0..<grouping.count {
            let fit = try LearnedThresholdFit.fitWithModel(start, data: data, indices: grouping.trainIndices(f), weights: nil,
                                                           objective: .hitRate, warmStart: all.model)
            scores.append(data.score(fit.result.policy, objective: .hitRate, indices: grouping.testIndices[f]))
            let cold = try fitter.fit(start, data: data, indices: grouping.trainIndices(f))
            coldScores.append(data.score(cold.policy, objective: .hitRate, indices: grouping.testIndices[f]))
        }
        let final = try fitter.fit(start, data: data).policy
        #expect(learned.foldTestScores.map(\.bitPattern) == scores.map(\.bitPattern))
        for (f, (a, b)) in zip(scores, coldScores).enumerated() {
            #expect(abs(a - b) <= 2.0 / Double(grouping.testIndices[f].count), "fold \(f): warm \(a), cold \(b)")
        }
        #expect(learned.policy.parameterValues.map(\.bitPattern) == final.parameterValues.map(\.bitPattern))
        let headroom = try Headroom.run(data: data, folds: 3, seed: seed)
        #expect(try #require(outcome.headroom).foldScores.map(\.bitPattern) == headroom.foldScores.map(\.bitPattern))
    }

    @Test("above the sample cap the likelihood and the headroom learn from seeded subsamples, the same on any schedule, and say so")
    func sampled() throws {
        let data = try Self.data()
        var parallelPlan = try Self.plan(data, serial: false), serialPlan = try Self.plan(data, serial: true)
        parallelPlan.sampleCap = 500
        serialPlan.sampleCap = 500
        let parallel = try parallelPlan.run(), serial = try serialPlan.run()
        #expect(parallel.sampledLikelihood && serial.sampledLikelihood)
        #expect(parallel.candidates.map(Self.essence) == serial.candidates.map(Self.essence))
        // The threshold searches searched on subsamples too (uikit-paging is fitted; tag99 and swiper, with more than
        // two thresholds, are not).
        #expect(parallel.notFitted == ["tag99", "swiper"])
        #expect(parallel.sampledSearches == ["uikit-paging"] && serial.sampledSearches == parallel.sampledSearches)
        for c in parallel.candidates { #expect(c.sampleCap == (c.variant == "fitted" ? 500 : nil), "\(c.policyID) \(c.variant)") }
        let unsampled = try Self.plan(data, serial: false).run()
        #expect(unsampled.sampledSearches.isEmpty && unsampled.candidates.allSatisfy { $0.sampleCap == nil })
        let headroom = try #require(parallel.headroom)
        #expect(headroom.foldScores.map(\.bitPattern) == (try #require(serial.headroom)).foldScores.map(\.bitPattern))
        #expect(headroom.trainingCap == 500 && headroom.summary.contains("subsample of about 500"))
        #expect(headroom.foldScores != (try Self.plan(data, serial: false).run().headroom)?.foldScores)
        // Still a real fit: far above its defaults.
        let fitted = try #require(parallel.candidates.first { $0.policyID == "learned-threshold" && $0.variant == "fitted" })
        let defaults = try #require(parallel.candidates.first { $0.policyID == "learned-threshold" && $0.variant == "defaults" })
        #expect(fitted.testScore > defaults.testScore + 0.1, "\(fitted.testScore) vs \(defaults.testScore)")
        // The likelihood of the all-traces fit learned from the sample; its cut points were tuned on every trace.
        let sample = LearnedSample.thin(data.allIndices, data: data, cap: 500, seed: 7)
        let fit = try LearnedThresholdFit.fitWithModel(LearnedThresholdSnap(maxPages: 2), data: data, indices: data.allIndices,
                                                       weights: nil, objective: .hitRate, likelihoodIndices: sample)
        #expect(fit.result.runs.map(\.traces) == [sample.count, data.count])
        #expect(fit.result.policy.parameterValues.map(\.bitPattern) == fitted.policy.parameterValues.map(\.bitPattern))
    }

    @Test("without a learned policy the headroom is a task of its own, with the same figures")
    func headroomAlone() throws {
        let data = try Self.data()
        let grouping = try GroupedFolds(data: data, folds: 3, seed: 7, adapting: true)
        let plan = RecommendationPlan(policies: [NearestPageSnap(basis: .releaseOffset)], data: data, grouping: grouping,
                                      fitter: PolicyFitter(starts: 2, seed: 7), maxPages: 2, maxFittedParameters: 2, seed: 7,
                                      withHeadroom: true)
        let outcome = try plan.run()
        let headroom = try Headroom.run(data: data, folds: 3, seed: 7)
        #expect(try #require(outcome.headroom).foldScores.map(\.bitPattern) == headroom.foldScores.map(\.bitPattern))
        #expect(outcome.candidates.count == 1)
    }

    @Test("a capped search is the fit run directly on the same subsample; the folds' test scores use every test trace")
    func cappedSearchIsDirectFit() throws {
        let data = try Self.data()
        let seed: UInt64 = 7
        var plan = try Self.plan(data, seed: seed, serial: true)
        plan.sampleCap = 500
        for (order, policy) in plan.policies.enumerated() where ["tag99", "uikit-paging"].contains(policy.id) {
            let candidate = try plan.searchedCandidate(order)
            // The same fits by hand: fresh memo, folds in order, then all traces, each on its thinned sample.
            let free = try BoundTransform(policy: policy.id, specs: policy.parameterSpecs, values: policy.parameterValues)
            let memo = BreakpointMemo(traces: data.count, policy: policy, coordinates: free.coordinates)
            var scores: [Double] = []
            for f in 0..<plan.grouping.count {
                let train = plan.grouping.trainIndices(f)
                let sample = LearnedSample.thin(train, data: data, cap: 500, seed: seed)
                #expect(sample.count < train.count && sample.count >= 490 && sample.count <= 510, "\(sample.count)")
                let fit = try plan.fitter.fit(policy, data: data, indices: sample, memo: memo, scoringStart: false)
                scores.append(data.score(fit.policy, objective: .hitRate, indices: plan.grouping.testIndices[f]))
            }
            let final = try plan.fitter.fit(policy, data: data, indices: LearnedSample.thin(data.allIndices, data: data, cap: 500, seed: seed),
                                            memo: memo, scoringStart: true)
            #expect(candidate.foldTestScores.map(\.bitPattern) == scores.map(\.bitPattern), "\(policy.id)")
            #expect(candidate.policy.parameterValues.map(\.bitPattern) == final.values.map(\.bitPattern), "\(policy.id)")
            #expect(candidate.sampleCap == 500)
            // Without the cap the fits learn from every training trace: other values here.
            plan.sampleCap = .max
            let uncapped = try plan.searchedCandidate(order)
            plan.sampleCap = 500
            #expect(uncapped.sampleCap == nil)
            #expect(uncapped.foldTestScores != candidate.foldTestScores || uncapped.policy.parameterValues != candidate.policy.parameterValues,
                    "\(policy.id)")
        }
    }

    @Test("the recommendation says which fits learned from subsamples, with the cap and the seed, and nothing without a cap")
    func sampleNote() throws {
        let data = try Self.data()
        let policies: [any SnapPolicy] = [Tag99Snap(), LearnedThresholdSnap()]
        let capped = try Recommendation.run(policies: policies, data: data, fitter: PolicyFitter(starts: 2, seed: 7), folds: 3,
                                            maxPages: 2, seed: 7, sampleCap: .traces(500))
        #expect(capped.sampleCap == 500)
        let note = try #require(capped.notes.first { $0.contains("subsample") })
        for part in ["more than 500 traces", "seed 7", "threshold searches of 1 fitted policy (tag99)", "learned-threshold likelihood",
                     "taken on all traces"] {
            #expect(note.contains(part), "\(part): \(note)")
        }
        let all = try Recommendation.run(policies: policies, data: data, fitter: PolicyFitter(starts: 2, seed: 7), folds: 3,
                                         maxPages: 2, seed: 7, sampleCap: .all)
        #expect(all.sampleCap == nil && !all.notes.contains { $0.contains("subsample") })
        #expect(all.ranking.allSatisfy { $0.sampleCap == nil })
        #expect(throws: FitError.self) { try Recommendation.run(policies: policies, data: data, seed: 7, sampleCap: .traces(0)) }
        #expect(LearnedSample.note(cap: 500, seed: 1, searches: [], likelihood: false) == nil)
    }
}
