import Testing
@testable import SnapTraces
@testable import SnapReports

@Suite struct RealDataDescriptionTests {
    /// The issue-13 stroke, and one whose moves leave Compose only two samples in its window.
    static let file = """
        trace_id,t_ms,offset,phase,item_width,item_spacing,leading_inset,viewport_width,item_count
        a,0,0,began,100,0,0,300,10
        a,89,60,moved,,,,,
        a,106,120,moved,,,,,
        a,123,180,moved,,,,,
        a,131,180,ended,,,,,
        b,0,0,began,100,0,0,300,10
        b,100,60,moved,,,,,
        b,117,120,moved,,,,,
        b,134,120,ended,,,,,

        """

    @Test func durationsDelaysGapsAndZeroSharesPerEstimator() throws {
        var d = RealDataDescription()
        let reader = try TraceReader(path: TestFiles.write(Self.file), options: TraceReadOptions())
        _ = try reader.forEach { d.add($0) }
        #expect(d.duration.values.sorted() == [131, 134])
        #expect(d.firstMoveDelay.values.sorted() == [89, 100])
        #expect(d.travelItems.values.sorted() == [1.2, 1.8])
        // the touch-down → first-move delays (89, 100 ms) are not gaps (issue 31: they were the
        // two "gaps over 40 ms")
        #expect(d.gaps == 5 && d.longGaps == 0)
        let compose = try #require(RealDataDescription.methods.firstIndex(of: .compose))
        let lsq2 = try #require(RealDataDescription.methods.firstIndex(of: .lsq2))
        #expect(d.zeroShare(compose) == 0.5)
        #expect(d.zeroShare(lsq2) == 0)
        #expect(d.zeroWarnings.contains { $0.hasPrefix("warning: compose gives velocity 0 for 50.0% of traces") })
        #expect(!d.zeroWarnings.contains { $0.contains("lsq2") })
        // recorded: no trace carries a velocity, so it is not reported
        let recorded = try #require(RealDataDescription.methods.firstIndex(of: .recorded))
        #expect(d.zeroShare(recorded) == nil)
    }
}
