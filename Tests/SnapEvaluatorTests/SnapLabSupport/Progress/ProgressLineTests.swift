import Foundation
import Synchronization
import Testing
@testable import SnapLabSupport
@testable import SnapTraces

/// A sink that records what it is asked to draw.
final class RecordingSink: ProgressSink {
    let lines = Mutex<[String]>([])
    let clears = Atomic<Int>(0)
    func draw(_ line: String) { lines.withLock { $0.append(line) } }
    func clear() { clears.add(1, ordering: .relaxed) }
}

/// A clock the test moves by hand (nanoseconds).
final class ManualClock: Sendable {
    let now = Atomic<UInt64>(1_000)
    func advance(ms: UInt64) { now.add(ms * 1_000_000, ordering: .relaxed) }
    var read: @Sendable () -> UInt64 { { [self] in now.load(ordering: .relaxed) } }
}

@Suite("Progress line")
struct ProgressLineTests {
    @Test("text: stage, done/total, percent, rate, ETA, elapsed")
    func render() {
        let text = ProgressLine.render(stage: "reading", done: 25_000, total: 100_000, unit: "traces", seconds: 10)
        #expect(text == "reading  25,000/100,000 traces  25%  2.5k traces/s  ETA 0:30  0:10")
        let open = ProgressLine.render(stage: "scoring", done: 1_234_567, total: nil, unit: "traces", seconds: 3723)
        #expect(open == "scoring  1,234,567 traces  332 traces/s  1:02:03")
        #expect(ProgressLine.render(stage: "fitting", done: 0, total: 6, unit: "fits", seconds: 0) == "fitting  0/6 fits  0%  0:00")
    }

    @Test("throttled: at most one draw per 100 ms however often it advances; the clock is read once per checkEvery")
    func throttled() {
        let sink = RecordingSink(), clock = ManualClock()
        let reads = Atomic<Int>(0)
        let line = ProgressLine(stage: "reading", total: 10_000, unit: "traces", checkEvery: 100, sink: sink,
                                clock: { reads.add(1, ordering: .relaxed); return clock.read() })
        for _ in 0..<5_000 { line.advance() }
        #expect(sink.lines.withLock { $0.isEmpty }, "no time has passed")
        #expect(reads.load(ordering: .relaxed) == 1 + 50, "once at start, then once per 100 units")
        clock.advance(ms: 150)
        for _ in 0..<100 { line.advance() }
        clock.advance(ms: 50)
        for _ in 0..<100 { line.advance() }
        let drawn = sink.lines.withLock { $0 }
        #expect(drawn.count == 1)
        #expect(drawn.first?.hasPrefix("reading  5,100/10,000 traces  51%") == true, "\(drawn)")
        line.finish()
        #expect(sink.clears.load(ordering: .relaxed) == 1)
        clock.advance(ms: 500)
        for _ in 0..<1_000 { line.advance() }
        #expect(sink.lines.withLock { $0.count } == 1, "nothing after finish")
    }

    @Test("off: no sink, nothing counted or drawn; finish without a draw clears nothing")
    func off() {
        let line = ProgressLine(stage: "x", total: 3, unit: "", checkEvery: 1, sink: nil, clock: { 0 })
        line.advance(by: 3)
        #expect(!line.isEnabled)
        #expect(line.completed == 0)
        let sink = RecordingSink()
        let quiet = ProgressLine(stage: "x", total: 3, unit: "", checkEvery: 1, sink: sink, clock: { 0 })
        quiet.finish()
        #expect(sink.clears.load(ordering: .relaxed) == 0)
    }

    @Test("many threads: every unit counted")
    func concurrent() async {
        let sink = RecordingSink(), clock = ManualClock()
        let line = ProgressLine(stage: "s", total: nil, unit: "", checkEvery: 64, sink: sink, clock: clock.read)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { for _ in 0..<10_000 { line.advance(); if Int.random(in: 0..<500) == 0 { clock.advance(ms: 30) } } } }
        }
        #expect(line.completed == 80_000)
    }

    @Test("the terminal sink never wraps: long lines end in an ellipsis")
    func terminalWidth() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let sink = TerminalProgressSink(fd: fds[1])
        sink.draw(String(repeating: "x", count: 300))
        sink.clear()
        close(fds[1])
        let data = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("\r\u{1B}[2K"))
        #expect(text.hasSuffix("\r\u{1B}[2K"))
        #expect(text.contains("…"))
        #expect(text.count < 100, "80 columns when the fd is not a terminal")
    }
}
