import Testing
import SnapStrategies
@testable import SnapTraces
@testable import SnapFitting

/// The single-layout robustness check (``ViewportCheck``, issue 30): a configuration whose hits
/// hinge on the recorded viewport width is set aside.
@Suite("Viewport check")
struct ViewportCheckTests {
    /// Eight 160-pt items in a 400-pt view (leading); every swipe a forward fling from item 0 at
    /// 1 pt/ms released at 50 pt, meant to reveal item 4 (640–800 pt): one view width away.
    static func oneViewAway(users: Int = 12, count: Int = 240, viewport: Double = 400) throws -> FitData {
        let layout = try CarouselLayout(itemWidth: 160, viewportWidth: viewport, itemCount: 8)
        return FitData((0..<count).map { i in
            TraceRelease(traceID: "t\(i)", user: i % users, intendedIndex: 4, layout: layout,
                         release: Release(offset: 50 + Double(i % 7), velocity: 1, startOffset: 0, startIndex: 0), sampleCount: 1,
                         location: TraceLocation(file: "view", line: i + 1), hit: .revealed)
        })
    }

    func candidate(_ policy: any SnapPolicy) -> Recommendation.Candidate {
        Recommendation.Candidate(policyID: policy.id, variant: "defaults", fittedParameters: [], parameterCount: 1, order: 0,
                                 foldTestScores: [1, 1], testScore: 1, testStandardError: 0.05, policy: policy)
    }

    @Test("only the viewport is scaled; a policy that pages by the view's width is caught, one that decides in items is not")
    func pagingByViewIsCaught() throws {
        let data = try Self.oneViewAway()
        let narrow = try #require(data.withViewport(scaledBy: 0.9))
        #expect(narrow.layouts.map(\.viewportWidth) == [360] && narrow.layouts[0].itemWidth == 160 && narrow.count == data.count)
        #expect(narrow.labels == data.labels && narrow.layoutIndex == data.layoutIndex)
        let check = ViewportCheck(data: data)
        #expect(check.scaled.map(\.scale) == [0.9, 1.1])
        // Both hit every swipe on the recorded layout.
        let paging = RNAndroidPagingSnap(), projected = NearestPageSnap(basis: .projectedOffset)
        #expect(ViewportCheck.hitRate(paging, data) == 1 && ViewportCheck.hitRate(projected, data) == 1)
        #expect(ViewportCheck.hitRate(paging, narrow) == 0, "one 360-pt page reveals 360–720 pt, not item 4")
        let reasons = check.reasons([candidate(paging), candidate(projected)], allowDegenerate: false)
        let reason = try #require(reasons[0])
        #expect(reason.contains("1.000 on the recorded layout") && reason.contains("0.9× as wide"), "\(reason)")
        #expect(reasons[1] == nil)
    }

    @Test("the check is relative: a drop beyond the standard error sets a candidate aside only if its worst case falls out of contention")
    func relativeToTheBestWorstCase() throws {
        let check = ViewportCheck(data: try Self.oneViewAway())
        var c = candidate(NearestPageSnap(basis: .projectedOffset))
        c.testStandardError = 0.02
        // Every rate moves on a trailing row under revealed: 0.66 -> 0.60 drops beyond 0.02, but
        // stays within 0.02 of the best worst case, 0.61: kept.
        let moved = ViewportCheck.Rates(recorded: 0.66, worst: (0.9, 0.60))
        #expect(check.reason(c, rates: moved, bestWorst: 0.61) == nil)
        // The same drop, with the others' best worst case at 0.70: out of contention on another phone.
        let out = try #require(check.reason(c, rates: moved, bestWorst: 0.70))
        #expect(out.contains("0.600 with the viewport 0.9× as wide") && out.contains("best worst case of the candidates, 0.700"), "\(out)")
        // A drop within the standard error is never a failure, whatever the others do.
        #expect(check.reason(c, rates: ViewportCheck.Rates(recorded: 0.66, worst: (1.1, 0.645)), bestWorst: 0.9) == nil)
        // The bar is the best worst case of the contenders.
        #expect(ViewportCheck.bestWorst([moved, ViewportCheck.Rates(recorded: 0.8, worst: (0.9, 0.7)),
                                         ViewportCheck.Rates(recorded: 0.5, worst: nil)]) == 0.7)
    }

    @Test("recommend sets such a candidate aside on one layout, and leaves it to the transfer score with two")
    func recommendation() throws {
        let data = try Self.oneViewAway()
        let rec = try Recommendation.run(policies: [RNAndroidPagingSnap(), NearestPageSnap(basis: .projectedOffset)], data: data, folds: 4)
        let paging = try #require(rec.ranking.first { $0.policyID == "rn-android-paging" && $0.variant == "defaults" })
        #expect(paging.viewportFailure != nil && rec.setAside.contains { $0.isSame(as: paging) })
        #expect(rec.chosen.policyID == "uikit-projected-nearest")
        #expect(rec.reasons.contains { $0.contains("hinge on the viewport width") && $0.contains("rn-android-paging (defaults)") })
        // two layouts: transfer scores judge instead
        let wide = try Self.oneViewAway(viewport: 480)
        var traces: [TraceRelease] = []
        for (k, d) in [data, wide].enumerated() {
            for i in 0..<d.count {
                traces.append(TraceRelease(traceID: "\(k)-\(i)", user: i % 12, intendedIndex: 4, layout: d.layout(i),
                                           release: d.releases[i], sampleCount: 1, location: TraceLocation(file: "two", line: i + 1),
                                           hit: .revealed))
            }
        }
        let two = try Recommendation.run(policies: [RNAndroidPagingSnap()], data: FitData(traces), folds: 4)
        #expect(two.byTransfer && two.ranking.allSatisfy { $0.viewportFailure == nil })
    }
}
