import Foundation
import Synchronization

/// One updating line on standard error for long work: stage, done/total, rate and ETA.
///
/// Cheap enough for hot loops: ``advance(by:)`` is one relaxed atomic add and, when the line is
/// off (no terminal, `--quiet`, or in tests), not even that. The clock is read at most once per
/// `checkEvery` units, and the line is redrawn at most every ``interval`` (100 ms); a thread that
/// finds another one drawing skips its turn instead of waiting. Safe to call from many threads.
///
/// Commands switch it on once with ``ProgressOutput/configure(quiet:)``; library code just does
/// ```swift
/// let progress = ProgressLine(stage: "fitting", total: folds + 1, unit: "fits")
/// defer { progress.finish() }
/// for … { …; progress.advance() }
/// ```
public final class ProgressLine: Sendable {
    /// What is being done (`reading`, `scoring`, `fitting tag99`).
    public let stage: String
    /// Units expected in all, when known (then the line shows a percentage and an ETA).
    public let total: Int?
    /// What is counted (`traces`, `fits`).
    public let unit: String
    /// Minimum time between redraws, in nanoseconds.
    public static let interval: UInt64 = 100_000_000

    private let sink: (any ProgressSink)?
    /// `sink != nil`, kept apart: comparing the optional existential with `nil` copies it (an
    /// outlined copy and destroy, some 140 instructions, and a retain and release of a sink shared
    /// by every thread), once per trace in the readers' loops.
    private let isOn: Bool
    private let checkEvery: Int
    private let clock: @Sendable () -> UInt64
    private let done = Atomic<Int>(0)
    private let state: Mutex<DrawState>

    private struct DrawState {
        var started: UInt64
        var lastDraw: UInt64
        var drawn = false
        var finished = false
    }

    /// A progress line drawn to the sink that ``ProgressOutput`` holds (none: the line is off).
    /// - Parameters:
    ///   - checkEvery: read the clock only when the count crosses a multiple of this (use a few
    ///     hundred for per-trace loops, 1 for steps that each take a while).
    public convenience init(stage: String, total: Int? = nil, unit: String = "", checkEvery: Int = 1) {
        self.init(stage: stage, total: total, unit: unit, checkEvery: checkEvery, sink: ProgressOutput.sink,
                  clock: ProgressLine.monotonicNanoseconds)
    }

    /// A progress line drawn to `sink` (`nil`: off) with an injected clock (tests).
    public init(stage: String, total: Int?, unit: String, checkEvery: Int, sink: (any ProgressSink)?,
                clock: @escaping @Sendable () -> UInt64) {
        self.stage = stage
        self.total = total.map { Swift.max(0, $0) }
        self.unit = unit
        self.sink = sink
        self.isOn = sink != nil
        self.checkEvery = Swift.max(1, checkEvery)
        self.clock = clock
        let now = sink == nil ? 0 : clock()
        self.state = Mutex(DrawState(started: now, lastDraw: now))
    }

    /// Whether anything is drawn at all.
    public var isEnabled: Bool { isOn }

    /// Units done so far.
    public var completed: Int { done.load(ordering: .relaxed) }

    /// Counts `n` more units done; redraws when the interval has passed.
    @inline(__always)
    public func advance(by n: Int = 1) {
        guard isOn else { return }
        let (old, new) = done.wrappingAdd(n, ordering: .relaxed)
        if old / checkEvery != new / checkEvery { redrawIfDue(done: new) }
    }

    /// Sets the count (for work that reports positions rather than increments).
    public func update(done value: Int) {
        guard isOn else { return }
        let old = done.exchange(value, ordering: .relaxed)
        if old / checkEvery != value / checkEvery || checkEvery == 1 { redrawIfDue(done: value) }
    }

    /// Clears the line (if one was drawn); later calls draw nothing.
    public func finish() {
        guard let sink else { return }
        state.withLock { s in
            if s.drawn { sink.clear() }
            s.finished = true
        }
    }

    private func redrawIfDue(done: Int) {
        guard let sink else { return }
        let now = clock()
        _ = state.withLockIfAvailable { s in
            guard !s.finished, now &- s.lastDraw >= Self.interval else { return }
            s.lastDraw = now
            s.drawn = true
            let seconds = Double(now &- s.started) / 1e9
            sink.draw(ProgressLine.render(stage: stage, done: done, total: total, unit: unit, seconds: seconds))
        }
    }

    /// The line's text: `stage  done/total unit  percent  rate/s  ETA m:ss` (parts that are
    /// unknown are left out).
    public static func render(stage: String, done: Int, total: Int?, unit: String, seconds: Double) -> String {
        var parts = [stage]
        let unitSuffix = unit.isEmpty ? "" : " \(unit)"
        if let total, total > 0 {
            parts.append("\(grouped(done))/\(grouped(total))\(unitSuffix)")
            parts.append("\(Int((100 * Double(Swift.min(done, total)) / Double(total)).rounded(.down)))%")
        } else {
            parts.append("\(grouped(done))\(unitSuffix)")
        }
        if seconds > 0, done > 0 {
            let rate = Double(done) / seconds
            parts.append("\(compact(rate))\(unitSuffix)/s")
            if let total, total > done, rate > 0 {
                parts.append("ETA \(clockTime(Double(total - done) / rate))")
            }
        }
        parts.append(clockTime(seconds))
        return parts.joined(separator: "  ")
    }

    /// `1234567` → `1,234,567`.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }

    /// A rate with a k/M suffix and two or three significant digits.
    static func compact(_ x: Double) -> String {
        switch x {
        case 1e6...: return String(format: "%.1fM", x / 1e6)
        case 1e4...: return String(format: "%.0fk", x / 1e3)
        case 1e3...: return String(format: "%.1fk", x / 1e3)
        case 10...: return String(format: "%.0f", x)
        default: return String(format: "%.1f", x)
        }
    }

    /// Seconds as `m:ss` (or `h:mm:ss`).
    static func clockTime(_ seconds: Double) -> String {
        let s = Int(seconds.isFinite ? Swift.max(0, seconds.rounded()) : 0)
        if s >= 3600 { return String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) }
        return String(format: "%d:%02d", s / 60, s % 60)
    }

    /// Nanoseconds of a monotonic clock.
    @Sendable public static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
