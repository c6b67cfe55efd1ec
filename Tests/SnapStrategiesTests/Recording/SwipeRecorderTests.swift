import SnapStrategies
import Testing

@Suite("SwipeRecorder")
struct SwipeRecorderTests {
    let layout = try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)

    func fields(_ line: String) -> [String] { line.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }

    @Test("one swipe: header, a first row with the per-trace values, later rows empty there")
    func oneSwipe() throws {
        var r = try SwipeRecorder(layout: layout, userID: "u1", sessionID: "s1")
        r.begin(time: 0, position: 200, startOffset: 510, startIndex: 3)
        r.move(time: 16, position: 180)
        r.move(time: 32.5, position: 150.25)
        r.end(time: 40, position: 150.25, releaseVelocity: 1.5)
        r.settled(on: 5)
        r.tapped(5)
        #expect(r.drain().isEmpty, "a trace waits for its settle and tap until the next begins or a flush")
        r.flush()
        let lines = r.drain()
        #expect(lines.count == 5)
        #expect(lines[0] == "trace_id,t_ms,touch_x,phase,start_offset,start_index,intended_index,user_id,session_id,item_width,item_spacing,leading_inset,trailing_inset,viewport_width,item_count,alignment,looping,release_velocity,settled_index,tap_index")
        #expect(lines[1] == "1,0.000,200.000,began,510.000,3,,u1,s1,160.000,10.000,10.000,10.000,375.000,40,leading,false,1.500000,5,5")
        #expect(lines[2] == "1,16.000,180.000,moved" + String(repeating: ",", count: 16))
        #expect(lines[4].hasPrefix("1,40.000,150.250,ended,"))
        #expect(lines.allSatisfy { fields($0).count == 20 })
        #expect(r.drain().isEmpty)
        #expect(r.finishedTraces == 1 && r.droppedTraces == 0 && r.droppedSamples == 0)
    }

    @Test("content offsets instead of finger x; ids with a prefix; the header is written once")
    func contentOffsets() throws {
        var r = try SwipeRecorder(layout: layout, coordinate: .contentOffset, traceIDPrefix: "a-")
        r.begin(time: 0, position: 510, startOffset: 510)
        r.end(time: 10, position: 520)
        r.begin(time: 100, position: 520, startOffset: 520)
        r.end(time: 110, position: 530)
        r.flush()
        let lines = r.drain()
        #expect(lines[0].hasPrefix("trace_id,t_ms,offset,phase,"))
        #expect(lines.filter { $0.hasPrefix("trace_id") }.count == 1)
        #expect(lines[1].hasPrefix("a-1,") && lines[3].hasPrefix("a-2,"))
    }

    @Test("a new touch-down finishes an open trace as cancelled; stray samples are counted")
    func openAndStray() throws {
        var r = try SwipeRecorder(layout: layout)
        r.move(time: 0, position: 1)
        r.end(time: 1, position: 1)
        #expect(r.strayedSamples == 2)
        r.begin(time: 10, position: 100, startOffset: 0)
        r.move(time: 20, position: 90)
        r.begin(time: 30, position: 100, startOffset: 10)
        r.flush()
        let lines = r.drain()
        #expect(lines[3] == "1,20.000,90.000,cancelled" + String(repeating: ",", count: 16))
        #expect(lines[5].hasPrefix("2,30.000,100.000,cancelled,"))
    }

    @Test("an over-long trace keeps its touch-down and its newest samples, and counts the rest")
    func longTrace() throws {
        var r = try SwipeRecorder(layout: layout, maximumSamplesPerTrace: 5)
        r.begin(time: 0, position: 300, startOffset: 0)
        for k in 1...10 { r.move(time: Double(k), position: 300 - Double(k)) }
        r.end(time: 11, position: 290)
        r.flush()
        let times = r.drain().dropFirst().map { fields($0)[1] }
        #expect(times == ["0.000", "8.000", "9.000", "10.000", "11.000"])
        #expect(r.droppedSamples == 7)
    }

    @Test("a full queue drops the oldest whole traces and counts them; emit gets every line instead")
    func boundedQueue() throws {
        var r = try SwipeRecorder(layout: layout, maximumSamplesPerTrace: 3, maximumQueuedRows: 7)
        for k in 0..<4 {
            r.begin(time: Double(k * 100), position: 100, startOffset: 0)
            r.move(time: Double(k * 100 + 10), position: 90)
            r.end(time: Double(k * 100 + 20), position: 80)
        }
        r.flush()
        let lines = r.drain()
        #expect(lines.count == 7)
        #expect(lines[0].hasPrefix("trace_id"))
        #expect(lines[1].hasPrefix("3,") && lines[4].hasPrefix("4,"))
        #expect(r.droppedTraces == 2)

        final class Sink: @unchecked Sendable { var lines: [String] = [] }
        let sink = Sink()
        var e = try SwipeRecorder(layout: layout, maximumSamplesPerTrace: 3, maximumQueuedRows: 4, emit: { sink.lines.append($0) })
        for k in 0..<4 {
            e.begin(time: Double(k * 100), position: 100, startOffset: 0)
            e.end(time: Double(k * 100 + 20), position: 80)
        }
        e.flush()
        #expect(sink.lines.count == 9 && e.droppedTraces == 0 && e.drain().isEmpty)
    }

    @Test("limits out of range are errors")
    func limits() {
        #expect(throws: SwipeRecorderError.limitTooSmall(name: "maximumSamplesPerTrace", value: 2, minimum: 3)) {
            _ = try SwipeRecorder(layout: layout, maximumSamplesPerTrace: 2)
        }
        #expect(throws: SwipeRecorderError.self) { _ = try SwipeRecorder(layout: layout, maximumSamplesPerTrace: 10, maximumQueuedRows: 10) }
    }

    @Test("numbers: fixed decimals, half away from zero, no negative zero, empty when not finite; text quoted when needed")
    func numberText() {
        #expect(TraceNumberText.fixed(1.0005, decimals: 3) == "1.000" || TraceNumberText.fixed(1.0005, decimals: 3) == "1.001")
        #expect(TraceNumberText.fixed(-2.5, decimals: 0) == "-3")
        #expect(TraceNumberText.fixed(-0.0004, decimals: 3) == "0.000")
        #expect(TraceNumberText.fixed(123456.789, decimals: 2) == "123456.79")
        #expect(TraceNumberText.fixed(0.05, decimals: 6) == "0.050000")
        #expect(TraceNumberText.fixed(.nan, decimals: 3) == "" && TraceNumberText.fixed(-.infinity, decimals: 3) == "")
        #expect(TraceNumberText.fixed(1e300, decimals: 3) == "")
        #expect(TraceNumberText.csvField("plain") == "plain")
        #expect(TraceNumberText.csvField("a,\"b\"") == "\"a,\"\"b\"\"\"")
    }
}
