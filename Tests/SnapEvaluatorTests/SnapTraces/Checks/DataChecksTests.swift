import SnapStrategies
import Testing
@testable import SnapTraces

@Suite struct DataChecksTests {
    // 10 items of 100 pt in a 300-pt viewport, leading: maxOffset 700, items 8 and 9 never rest
    let layout = try! CarouselLayout(itemWidth: 100, viewportWidth: 300, itemCount: 10)

    func trace(_ line: Int, offset: Double = 150, velocity: Double = 1, intended: Int? = 1, hit: HitCriterion? = nil) -> TraceRelease {
        TraceRelease(traceID: "\(line)", user: 0, intendedIndex: intended, layout: layout,
                     release: Release(offset: offset, velocity: velocity, startOffset: 100),
                     sampleCount: 5, location: TraceLocation(file: "a.csv", line: line), hit: hit)
    }

    func ids(_ traces: [TraceRelease], users: Int? = nil) -> [String] {
        var c = DataChecks()
        for t in traces { c.add(t) }
        return c.warnings(users: users).map(\.id)
    }

    @Test func releasesMoreThanOneItemOutsideTheContent() {
        #expect(ids([trace(2, offset: -100), trace(3, offset: 800), trace(4, intended: 2)]) == [])
        var c = DataChecks()
        for (i, x) in [-100.5, 801, 150, 150].enumerated() { c.add(trace(i + 2, offset: x, intended: i)) }
        let w = c.warnings().first
        #expect(w?.id == "outside-content" && w?.count == 2 && w?.total == 4)
        #expect(w?.examples.map(\.description) == ["a.csv:2", "a.csv:3"])
    }

    @Test func intendedItemsThatCanNeverRestUnderTheAlignment() {
        #expect(DataChecks.isReachable(item: 7, in: layout))
        #expect(!DataChecks.isReachable(item: 8, in: layout) && !DataChecks.isReachable(item: 9, in: layout))
        #expect(ids([trace(2, intended: 7), trace(3, intended: 2)]) == [])
        var c = DataChecks()
        c.add(trace(2, intended: 9)); c.add(trace(3, intended: 2))
        let w = c.warnings()
        #expect(w.map(\.id) == ["unreachable-intended"])
        #expect(w[0].message.contains("unreachable under exact, the criterion they are scored under: no policy can hit them"))
        let center = try! CarouselLayout(itemWidth: 100, viewportWidth: 300, itemCount: 10, alignment: .center)
        #expect(!DataChecks.isReachable(item: 0, in: center))
    }

    /// The unreachable traces are judged by the criterion each was scored under (its own `hit`
    /// column, else `--hit`, as the reader gives it), not by the run's `--hit`.
    @Test func unreachableTracesAreJudgedByTheirOwnCriterion() {
        func message(_ hits: [HitCriterion?]) -> String? {
            var c = DataChecks()
            for (i, h) in hits.enumerated() { c.add(trace(i + 2, intended: 9, hit: h)) }
            c.add(trace(hits.count + 2, intended: 2))
            return c.warnings().first { $0.id == "unreachable-intended" }?.message
        }
        #expect(message([.revealed, .revealed])
                == "2 of 3 labelled traces intend an item that can never be a resting item under the layout's alignment "
                + "(scored under revealed: they can only be revealed, never rest at the snap position)")
        #expect(message([.exact, nil])?.hasSuffix("(unreachable under exact, the criterion they are scored under: no policy can hit them)") == true)
        #expect(message([.revealed, .exact, nil])?.hasSuffix("(2 scored under exact are unreachable: no policy can hit them; "
                + "1 scored under revealed: they can only be revealed, never rest at the snap position)") == true)
        // parts merged, and the layout checks dropped
        var a = DataChecks(), b = DataChecks()
        a.add(trace(2, intended: 9, hit: .exact))
        b.add(trace(3, intended: 9, hit: .revealed))
        a.merge(b, lineOffset: 10)
        #expect(a.unreachable.count == 2 && a.unreachableRevealed == 1)
        a.dropLayoutChecks()
        #expect(a.unreachableRevealed == 0 && !a.warnings().contains { $0.id == "unreachable-intended" })
    }

    @Test func moreThanFivePercentZeroVelocities() {
        let some = (2..<22).map { trace($0, velocity: $0 == 2 ? 0 : 1, intended: $0 % 3) }   // 1 of 20 = 5%: fine
        #expect(ids(some) == [])
        let many = (2..<22).map { trace($0, velocity: $0 < 4 ? 0 : 1, intended: $0 % 3) }   // 2 of 20
        #expect(ids(many) == ["zero-velocity"])
    }

    @Test func fewerThanFiveUsersAndOneLabel() {
        let varied = [trace(2, intended: 1), trace(3, intended: 2)]
        #expect(ids(varied, users: 5) == [])
        #expect(ids(varied, users: 4) == ["few-users"])
        #expect(ids([trace(2, intended: 1), trace(3, intended: 1)]) == ["one-label"])
        #expect(ids([trace(2, intended: 1)]) == [])
    }

    @Test func mergedPartsKeepTheFirstExamplesWithAbsoluteLines() {
        var a = DataChecks(), b = DataChecks()
        a.add(trace(2, velocity: 0, intended: 1))
        b.add(trace(3, velocity: 0, intended: 2))
        a.merge(b, lineOffset: 100)
        let w = a.warnings().first { $0.id == "zero-velocity" }
        #expect(w?.examples.map(\.description) == ["a.csv:2", "a.csv:103"])
        #expect(w?.json.rendered().contains("\"id\":\"zero-velocity\"") == true)
    }
}
