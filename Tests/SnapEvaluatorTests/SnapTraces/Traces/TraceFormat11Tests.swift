import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces

/// Trace format 1.1 columns (`hit`, `duration_ms`, `finger_travel`, `settled_index`,
/// `tap_index`), index ranges, the item-count limit and "no layout at all".
@Suite struct TraceFormat11Tests {
    /// Every yielded release, copied.
    func releases(_ text: String, _ options: TraceReadOptions = withLayout) throws -> [TraceRelease] {
        let reader = try TraceReader(path: try TestFiles.write(text), options: options)
        var out: [TraceRelease] = []
        try reader.forEach { out.append($0.release) }
        return out
    }

    @Test func releaseLevelColumnsFillTheRelease() throws {
        let text = """
        trace_id,release_offset,release_velocity,hit,duration_ms,finger_travel,settled_index,tap_index,intended_index
        1,300,1.5,revealed,120.5,-42.25,3,4,2
        2,310,-0.5,exact,,,,,
        3,320,0.25,,80,10,,7,

        """
        let r = try releases(text)
        #expect(r.count == 3)
        #expect(r[0].hit == .revealed && r[1].hit == .exact && r[2].hit == nil)
        #expect(r[0].release.startTime == 0 && r[0].release.time == 120.5 && r[0].release.duration == 120.5)
        #expect(r[0].release.fingerTravel == -42.25)
        #expect(r[0].settledIndex == 3 && r[0].tapIndex == 4 && r[0].intendedIndex == 2)
        #expect(r[1].release.time == 0 && r[1].release.fingerTravel == nil && r[1].settledIndex == nil && r[1].tapIndex == nil)
        #expect(r[2].release.time == 80 && r[2].release.fingerTravel == 10 && r[2].tapIndex == 7)
    }

    @Test func theReaderGivesHitToTracesWithoutTheirOwn() throws {
        // --hit resolved once, where traces are read: the trace's own column wins, else options.hit
        let text = "trace_id,release_offset,release_velocity,hit\n1,300,1.5,exact\n2,310,-0.5,\n3,320,0.25,revealed\n"
        var options = withLayout
        options.hit = .revealed
        let r = try releases(text, options)
        #expect(r.map(\.hit) == [.exact, .revealed, .revealed])
        #expect(r.map(\.criterion) == [.exact, .revealed, .revealed])
        let plain = try releases(text)
        #expect(plain.map(\.hit) == [.exact, nil, .revealed] && plain[1].criterion == .exact)
    }

    @Test func sampleLevelTouchXGivesTheFingerTravelInTheOffsetsSign() throws {
        // the finger moves left by 30 pt: the content offset grows by 30
        let text = "trace_id,t_ms,touch_x,settled_index,hit\n1,0,200,5,exact\n1,8,190,,\n1,16,170,5,\n2,0,100,,\n2,8,130,,\n"
        let r = try releases(text)
        #expect(r[0].release.fingerTravel == 30)
        #expect(r[0].release.travel == 30)
        #expect(r[0].settledIndex == 5 && r[0].hit == .exact)
        #expect(r[1].release.fingerTravel == -30)
        let offsets = try releases("trace_id,t_ms,offset\n1,0,0\n1,8,10\n")
        #expect(offsets[0].release.fingerTravel == nil)
    }

    @Test func durationIsUnknownInSampleLevelFiles() throws {
        let path = try TestFiles.write("trace_id,t_ms,offset,duration_ms\n1,0,0,5\n1,8,10,\n")
        let (traces, summary, _) = try readAll(path, withLayout)
        #expect(summary.unknownColumns == ["duration_ms"])
        #expect(traces[0].release.time == 8 && traces[0].release.fingerTravel == nil)
    }

    /// Issue 13: a sample-level file may give `finger_travel` per trace (first row, or every row
    /// agreeing); it is used when given and overrides the travel derived from `touch_x`.
    @Test func sampleLevelFingerTravelIsAPerTraceValue() throws {
        let withOffset = "trace_id,t_ms,offset,finger_travel\n1,0,0,-12.5\n1,8,10,\n2,0,0,\n2,8,10,\n3,0,0,7\n3,8,1,7.0\n"
        let (traces, summary, _) = try readAll(try TestFiles.write(withOffset), withLayout)
        #expect(summary.unknownColumns.isEmpty)
        #expect(traces.map(\.release.fingerTravel) == [-12.5, nil, 7])
        // with touch_x: the column wins where given, touch_x gives the rest
        let withTouch = "trace_id,t_ms,touch_x,finger_travel\n1,0,200,44\n1,8,170,\n2,0,200,\n2,8,170,\n"
        let r = try releases(withTouch)
        #expect(r[0].release.fingerTravel == 44 && r[0].release.travel == 30)
        #expect(r[1].release.fingerTravel == 30)
    }

    @Test func sampleLevelFingerTravelIsTheSameForAnyPathAndParts() throws {
        // the fast path takes unquoted rows, the checked one quoted cells; both give the value
        let text = "trace_id,t_ms,offset,phase,finger_travel\n" + (1...3000).map { k in
            "\(k),0,0,began,\(k % 7 - 3)\n\(k),8,5,moved,\n\(k),16,9,ended,\(k % 7 - 3)\n"
        }.joined()
        for variant in [text, TraceReaderTests.quotingEveryCell(text)] {
            let path = try TestFiles.write(variant)
            for parts in [1, 4] {
                let r = try TraceReader.readInParallel(path: path, options: withLayout, parts: parts, minimumPartBytes: 1024,
                                                       initial: { [Double?]() }) { acc, rec in acc.append(rec.release.release.fingerTravel) }
                let all = r.partials.flatMap { $0 }
                #expect(all == (1...3000).map { Double($0 % 7 - 3) }, "parts \(parts)")
            }
        }
    }

    /// The malformed-file case of ``TraceReaderTests``.
    typealias Bad = TraceReaderTests.Malformed

    static let bad: [Bad] = [
        Bad(name: "unknown hit", text: "trace_id,release_offset,release_velocity,hit\n1,0,1,exact\n2,0,1,visible\n", line: 3,
            column: "hit", fragment: "found 'visible'; expected exact or revealed"),
        Bad(name: "negative duration", text: "trace_id,release_offset,release_velocity,duration_ms\n1,0,1,-3\n", line: 2,
            column: "duration_ms", fragment: "not negative"),
        Bad(name: "non-numeric finger travel", text: "trace_id,release_offset,release_velocity,finger_travel\n1,0,1,far\n", line: 2,
            column: "finger_travel", fragment: "found 'far'"),
        Bad(name: "non-numeric sample-level finger travel", text: "trace_id,t_ms,offset,finger_travel\n1,0,0,\n1,8,1,0x10\n", line: 3,
            column: "finger_travel", fragment: "found '0x10'"),
        Bad(name: "sample-level finger travel disagrees", text: "trace_id,t_ms,offset,finger_travel\n1,0,0,5\n1,8,1,6\n", line: 3,
            column: "finger_travel", fragment: "expected '5' as on line 2"),
        Bad(name: "non-finite sample-level finger travel", text: "trace_id,t_ms,offset,finger_travel\n1,0,0,inf\n", line: 2,
            column: "finger_travel", fragment: "a finite number"),
        Bad(name: "fractional settled index", text: "trace_id,release_offset,release_velocity,settled_index\n1,0,1,2.5\n", line: 2,
            column: "settled_index", fragment: "a whole number"),
        Bad(name: "tap index past the end", text: "trace_id,t_ms,offset,tap_index\n1,0,0,\n1,8,1,40\n", line: 3,
            column: "tap_index", fragment: "an item index in 0...39"),
        Bad(name: "intended index past the end", text: "trace_id,t_ms,offset,intended_index\n1,0,0,40\n", line: 2,
            column: "intended_index", fragment: "an item index in 0...39"),
        Bad(name: "negative start index", text: "trace_id,t_ms,offset,start_index\n1,0,0,-1\n", line: 2,
            column: "start_index", fragment: "an item index in 0...39"),
        Bad(name: "settled index disagrees", text: "trace_id,t_ms,offset,settled_index\n1,0,0,3\n1,8,1,4\n", line: 3,
            column: "settled_index", fragment: "expected '3' as on line 2"),
        Bad(name: "item count zero", text: "trace_id,t_ms,offset,item_count\n1,0,0,0\n", line: 2,
            column: "item_count", fragment: "a whole number in 1...1000000000"),
        Bad(name: "item count too large", text: "trace_id,t_ms,offset,item_count\n1,0,0,1000000001\n", line: 2,
            column: "item_count", fragment: "a whole number in 1...1000000000"),
        Bad(name: "item count huge", text: "trace_id,t_ms,offset,item_count\n1,0,0,4611686018427387905\n", line: 2,
            column: "item_count", fragment: "a whole number"),
    ]

    @Test(arguments: bad)
    func badValuesNameLineAndColumn(_ b: Bad) throws {
        let error = try #require(try readError(b.text, withLayout))
        #expect(error.line == b.line, "\(error)")
        #expect(error.columnName == b.column, "\(error)")
        #expect(error.description.contains(b.fragment), "\(error)")
    }

    @Test func anyWholeIndexIsFineInALoopingLayout() throws {
        let text = "trace_id,t_ms,offset,intended_index,settled_index,tap_index,start_index,looping\n1,0,0,45,-3,400,-41,true\n"
        let r = try releases(text)
        #expect(r[0].intendedIndex == 45 && r[0].settledIndex == -3 && r[0].tapIndex == 400 && r[0].release.startIndex == -41)
    }

    @Test func theLargestItemCountIsAccepted() throws {
        let r = try releases("trace_id,t_ms,offset,item_count,intended_index\n1,0,0,1000000000,999999999\n")
        #expect(r[0].layout.itemCount == 1_000_000_000 && r[0].intendedIndex == 999_999_999)
    }

    @Test func aFileWithoutLayoutColumnsAndNoBaseLayoutIsAnErrorAtTheHeader() throws {
        for options in [TraceReadOptions(), TraceReadOptions(lenient: true)] {
            let error = try #require(try readError("trace_id,t_ms,offset,item_width\n1,0,0,160\n", options))
            guard case let .invalidLayout(reason) = error.kind else {
                Issue.record("expected invalidLayout, got \(error)")
                return
            }
            #expect(error.line == 1)
            #expect(reason.contains("viewport_width, item_count are not a column"), "\(reason)")
        }
        // the columns alone, or a base layout alone, suffice
        #expect(try releases("trace_id,t_ms,offset,item_width,viewport_width,item_count\n1,0,0,160,375,40\n", TraceReadOptions()).count == 1)
        #expect(try releases("trace_id,t_ms,offset\n1,0,0\n").count == 1)
    }

    @Test func theLayoutFileHasTheSameItemCountLimit() throws {
        for (json, ok) in [("{\"item_count\": 1000000000}", true), ("{\"item_count\": 1000000001}", false),
                           ("{\"item_count\": 0}", false), ("{\"item_count\": 4.5}", false)] {
            let parsed = try? LayoutFields.parse(json: Data(json.utf8), file: "layout.json")
            #expect((parsed != nil) == ok, "\(json)")
        }
    }
}
