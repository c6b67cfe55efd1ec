import Testing
@testable import SnapTraces
@testable import SnapReports

@Suite struct TraceDescriptionTests {
    @Test func countsLabelsDeltasAndWarnings() throws {
        let text = """
            trace_id,user_id,t_ms,offset,phase,intended_index
            1,a,0,0,began,1
            1,a,8,40,moved,1
            1,a,16,80,moved,1
            1,a,24,80,ended,1
            2,b,0,340,began,
            2,b,50,330,ended,
            3,a,0,340,began,0
            3,a,8,335,moved,0
            3,a,16,320,moved,0
            3,a,20,310,ended,0

            """
        let reader = try TraceReader(path: try TestFiles.write(text), options: withLayout)
        var d = TraceDescription()
        var summary = ReadSummary()
        summary.files.append(try reader.forEach { d.add($0) })
        summary.users = reader.users
        #expect(d.traces == 3)
        #expect(d.labelled == 2)
        #expect(d.users == 2)
        #expect(d.pageDeltas == [1: 1, -2: 1])
        // fewer than 3 moves after the touch-down, the lift-off not counted (issue 31: was
        // "< 3 rows with isMove", which counted the touch-down and missed traces 1 and 3)
        #expect(d.sparseTraces == 3)
        #expect(d.repeatedLiftOff == 1)     // trace 1 lifts at its last position
        #expect(d.longGapTraces == 1)       // trace 2: 50 ms
        #expect(d.samplingInterval.seen == 3 + 1 + 3)
        let json = d.json(summary: summary).rendered()
        #expect(json.contains(#""traces_read":3"#))
        #expect(json.contains(#""traces_skipped":0"#))
        #expect(json.contains(#""traces_cancelled":0"#))
        #expect(json.contains(#""page_deltas":{"-2":1,"1":1}"#))
        let table = d.table(summary: summary)
        #expect(table.contains("labelled 2 (66.7%)"))
        #expect(table.contains("3 sparse traces (< 3 moves after touch-down)"))
    }
}
