/// How a platform's own tracker (Compose, Flutter, Chromium) picks the samples it fits when
/// the finger lifts.
///
/// All three keep a ring of the last 20 tracked samples and walk back from the newest while the
/// motion looks continuous: a sample more than ``horizon`` (100 ms) older than the newest, or a
/// gap of ``stopGap`` (40 ms) between consecutive samples, ends the walk. They differ in what
/// they track and how they compare:
/// - tracked samples are the touch-down and the moves (rows with `isMove`); Compose before its
///   `VelocityTrackerAddPointsFix` also tracked the lift-off (``tracksLiftOff``);
/// - Compose compares whole milliseconds (`uptimeMillis: Long`, ``wholeMilliseconds``);
///   Flutter microseconds, Chromium `TimeTicks` (µs), both taken here as given;
/// - Chromium clears its history when a move comes 40 ms *or more* after the previous event
///   (``stopGapInclusive``), Compose and Flutter break only on *more than* 40 ms.
/// Unlike AOSP's window (``VelocityWindow``), samples with equal times are all kept.
///
/// Sources: Compose `compose/ui/ui/src/commonMain/kotlin/androidx/compose/ui/input/pointer/util/VelocityTracker.kt`
/// `DefaultVelocityDataPointsBuilder.buildDataPoints` (`HorizonMilliseconds` = 100,
/// `AssumePointerMoveStoppedMilliseconds` = 40, `historySize` = 20); Flutter
/// `packages/flutter/lib/src/gestures/velocity_tracker.dart` `VelocityTracker.getVelocityEstimate`
/// (`_horizonMilliseconds` = 100, `_assumePointerMoveStoppedMilliseconds` = 40, `_historySize` = 20);
/// Chromium `ui/events/velocity_tracker/velocity_tracker.cc` `VelocityTracker::AddMovement`
/// (`kAssumePointerMoveStoppedTimeMs` = 40) and `LeastSquaresVelocityTrackerStrategy::GetEstimator`
/// (`kHorizonMS` = 100, `kHistorySize` = 20).
public struct TrackerWindow: Sendable, Hashable {
    /// Samples older than this relative to the newest tracked sample are dropped, ms.
    public var horizon: Double = 100
    /// Most samples kept.
    public var historySize = 20
    /// A gap between consecutive tracked samples longer than this ends the window, ms.
    public var stopGap: Double = 40
    /// Whether a gap of exactly ``stopGap`` ends it too (Chromium's `>=`).
    public var stopGapInclusive = false
    /// Whether times are truncated to whole milliseconds first (Compose).
    public var wholeMilliseconds = false
    /// Whether the lift-off row's position is tracked as the newest sample (Compose's legacy path).
    public var tracksLiftOff = false

    public init(stopGapInclusive: Bool = false, wholeMilliseconds: Bool = false, tracksLiftOff: Bool = false) {
        self.stopGapInclusive = stopGapInclusive
        self.wholeMilliseconds = wholeMilliseconds
        self.tracksLiftOff = tracksLiftOff
    }

    /// What a walk found.
    struct Walk {
        /// Samples in the window.
        var count = 0
        /// Time of the newest tracked sample (ms, truncated if ``wholeMilliseconds``).
        var newestTime = 0.0
        /// Time of the lift-off (same treatment).
        var liftOffTime = 0.0
        /// Offset of the newest minus offset of the oldest sample in the window, points.
        var span = 0.0
    }

    func time(_ t: Double) -> Double { wholeMilliseconds ? t.rounded(.down) : t }

    /// Walks back from the newest tracked sample, writing `a` (time − newest time, ms) and `dx`
    /// (offset − newest offset, points) for each window sample, newest first. Both buffers
    /// need ``historySize`` elements. `count` is 0 when nothing was tracked.
    func walk(_ s: TraceSamples, a: UnsafeMutablePointer<Double>, dx: UnsafeMutablePointer<Double>) -> Walk {
        var w = Walk()
        let n = s.count
        guard n > 0 else { return w }
        w.liftOffTime = time(s.time[n - 1])
        let eps = wholeMilliseconds ? 0 : VelocityWindow.timeEpsilon
        var j = n - 1
        // The newest tracked sample: the lift-off row itself when it is tracked.
        if !(tracksLiftOff || s.isMove[j] != 0) {
            while j >= 0 && s.isMove[j] == 0 { j -= 1 }
        }
        guard j >= 0 else { return w }
        let tNew = time(s.time[j]), xNew = s.offset[j]
        w.newestTime = tNew
        var previous = tNew
        var oldestX = xNew
        while j >= 0 && w.count < historySize {
            if s.isMove[j] != 0 || (tracksLiftOff && j == n - 1) {
                let tj = time(s.time[j])
                let gap = previous - tj
                if tNew - tj > horizon + eps { break }
                if stopGapInclusive ? gap >= stopGap - eps : gap > stopGap + eps { break }
                a[w.count] = tj - tNew
                dx[w.count] = s.offset[j] - xNew
                oldestX = s.offset[j]
                w.count += 1
                previous = tj
            }
            j -= 1
        }
        w.span = xNew - oldestX
        return w
    }

    /// Runs `body` with the window's samples (`a`, `dx`, the walk), on stack buffers.
    func withWindow<R>(_ s: TraceSamples, _ body: (UnsafePointer<Double>, UnsafePointer<Double>, Walk) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * historySize) { buf in
            let a = buf.baseAddress!, dx = a + historySize
            let w = walk(s, a: a, dx: dx)
            return body(a, dx, w)
        }
    }
}
