import Testing
import SnapStrategies
@testable import SnapTraces
@testable import SnapFitting

@Suite("Transfer between tasks")
struct TransferGroupsTests {
    /// Six users each swiping in every task (a layout and a group column's value) at speeds
    /// 0.1 … 2.0: task 0 means the next item from 0.8 pt/ms, task 1 from 1.4 pt/ms.
    static func traces(_ tasks: [(layout: CarouselLayout, group: String?)]) -> [TraceRelease] {
        var traces: [TraceRelease] = []
        for (t, task) in tasks.enumerated() {
            for u in 0..<6 {
                for k in 1...20 {
                    let v = 0.1 * Double(k)
                    let intended = v > (t == 0 ? 0.8 : 1.4) ? 3 : 2
                    traces.append(TraceRelease(traceID: "t\(t)u\(u)k\(k)", user: u, intendedIndex: intended, layout: task.layout,
                                               release: Release(offset: 220, velocity: v, startOffset: 200, startIndex: 2),
                                               sampleCount: 1, location: TraceLocation(file: "two", line: traces.count + 1),
                                               group: task.group))
                }
            }
        }
        return traces
    }

    /// Two layouts (10 and 8 items of 100 pt).
    static func twoTasks() throws -> FitData {
        let wide = try CarouselLayout(itemWidth: 100, spacing: 0, viewportWidth: 100, itemCount: 10)
        let narrow = try CarouselLayout(itemWidth: 100, spacing: 0, viewportWidth: 100, itemCount: 8)
        return FitData(traces([(wide, nil), (narrow, nil)]))
    }

    @Test("with two layouts every candidate gets a leave-one-group-out score; defaults transfer as they are; the rule ranks by it")
    func scoresTransfer() throws {
        let data = try Self.twoTasks()
        #expect(TransferGroups(data: data).count == 2)
        let rec = try Recommendation.run(policies: [NearestPageSnap(), AndroidPagerSnapHelperSnap()], data: data, folds: 3)
        #expect(rec.transferGroups.count == 2 && rec.byTransfer)
        for c in rec.ranking {
            let t = try #require(c.transferScore)
            #expect(c.transferGroupScores.count == 2)
            if c.variant == "defaults" { #expect(abs(t - (rec.heldOut(c)?.rate ?? -1)) < 1e-12, "\(c.name)") }
        }
        // A gate fitted on one task misses the other's: the transfer is below the within-task score.
        let fitted = try #require(rec.ranking.first { $0.variant == "fitted" })
        #expect(try #require(fitted.transferScore) < (rec.heldOut(fitted)?.rate ?? 0))
        #expect(rec.reasons[0].hasPrefix("Best transfer hit rate"))
    }

    @Test("a learned fit is held back unless its transfer beats the best rule's by more than one standard error")
    func learnedMustTransfer() throws {
        func candidate(_ policy: any SnapPolicy, _ variant: String, transfer: Double, se: Double) -> Recommendation.Candidate {
            var c = Recommendation.Candidate(policyID: policy.id, variant: variant, fittedParameters: variant == "fitted" ? ["w"] : [],
                                             parameterCount: 1, order: 0, foldTestScores: [0.9, 0.9], testScore: 0.9,
                                             testStandardError: 0.01, policy: policy)
            c.transferScore = transfer
            c.transferStandardError = se
            return c
        }
        let rule = candidate(NearestPageSnap(), "defaults", transfer: 0.70, se: 0.04)
        let close = candidate(LearnedThresholdSnap(), "fitted", transfer: 0.73, se: 0.01)
        let held = try Recommendation(objective: .hitRate, candidates: [rule, close], folds: 2)
        #expect(held.chosen.policyID == "nearest" && held.setAside.first?.transferFailure != nil)
        let clear = candidate(LearnedThresholdSnap(), "fitted", transfer: 0.80, se: 0.01)
        let kept = try Recommendation(objective: .hitRate, candidates: [rule, clear], folds: 2)
        #expect(kept.chosen.policyID == "learned-threshold" && kept.setAside.isEmpty)
    }

    /// Two screens in one layout (a `screen` column).
    static func twoScreens(second: String = "pix") throws -> FitData {
        let layout = try CarouselLayout(itemWidth: 100, spacing: 0, viewportWidth: 100, itemCount: 10)
        var data = FitData(traces([(layout, "home"), (layout, second)]))
        data.groupColumn = "screen"
        return data
    }

    @Test("a group column's values are the groups, even in one layout; a column with one value gives way to the layouts unless named")
    func groupsByColumn() throws {
        let data = try Self.twoScreens()
        #expect(data.groupNames == ["home", "pix"] && data.groupIndex.count == data.count)
        let groups = TransferGroups(data: data)
        #expect(groups.count == 2 && groups.column == "screen")
        #expect(groups.names == ["screen = home (120 traces)", "screen = pix (120 traces)"])
        #expect(groups.indices[0] == Array(0..<120) && groups.indices[1] == Array(120..<240))
        let rec = try Recommendation.run(policies: [NearestPageSnap(), AndroidPagerSnapHelperSnap()], data: data, folds: 3)
        #expect(rec.byTransfer && rec.transferGroups == groups.names)
        let fitted = try #require(rec.ranking.first { $0.variant == "fitted" })
        #expect(try #require(fitted.transferScore) < (rec.heldOut(fitted)?.rate ?? 0))

        let one = try Self.twoScreens(second: "home")
        #expect(TransferGroups(data: one).column == nil && TransferGroups(data: one).count == 1)
        #expect(TransferGroups(data: one, byColumnOnly: true).names == ["screen = home (240 traces)"])
        let named = try Recommendation.run(policies: [NearestPageSnap()], data: one, folds: 3, groupsByColumnOnly: true)
        #expect(!named.byTransfer && named.notes.contains { $0.contains("group column screen has one value (home)") })
    }

    @Test("a reservoir keeps each kept trace's group; traces without one among grouped ones are \"(none)\"")
    func reservoirGroups() throws {
        let data = try Self.twoScreens()
        let layout = data.layout(0)
        let reservoir = try FitData.Reservoir(capacity: 50, seed: 7)
        for i in 0..<240 {
            reservoir.add(TraceRelease(traceID: "\(i)", user: i % 6, intendedIndex: 2, layout: layout,
                                       release: Release(offset: 220, velocity: 0.1, startOffset: 200, startIndex: 2), sampleCount: 1,
                                       location: TraceLocation(file: "r", line: i + 1), group: i < 10 ? nil : (i < 130 ? "home" : "pix")))
        }
        let kept = reservoir.data
        #expect(kept.count == 50 && kept.groupIndex.count == 50)
        #expect(Set(kept.groupNames).isSubset(of: ["(none)", "home", "pix"]) && kept.groupNames.count == Set(kept.groupNames).count)
        let mixed = FitData([nil, "a", nil].enumerated().map { i, g in
            TraceRelease(traceID: "\(i)", user: 0, intendedIndex: 2, layout: layout, release: Release(offset: 0, velocity: 0, startOffset: 0),
                         sampleCount: 1, location: TraceLocation(file: "m", line: i + 1), group: g)
        })
        #expect(mixed.groupNames == ["(none)", "a"] && mixed.groupIndex == [0, 1, 0])
    }
}
