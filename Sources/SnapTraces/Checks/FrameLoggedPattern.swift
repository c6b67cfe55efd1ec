import SnapLabSupport

/// Recognises a trace logged one row per display frame, the pattern under which a platform
/// tracker replayed on the log sees fewer samples than the device did (``FrameInputReconstruction``).
///
/// A trace matches when all three hold:
/// - its first move comes more than the trackers' 40 ms gap (``TrackerWindow/stopGap``) after
///   the touch-down, so the walk back from the newest sample never reaches the down;
/// - Compose's window (``TrackerWindow`` in whole milliseconds, the lift-off not tracked) holds
///   fewer than `Lsq2`'s 3 samples (``ComposeVelocityEstimator/minimumSamples``): Compose and
///   Flutter read 0;
/// - its moves are at least ``minimumFrameInterval`` apart (median), one per 60 or 90 Hz frame,
///   not the 4–8 ms of a touchscreen's own samples (a trace with a single move passes).
public enum FrameLoggedPattern {
    /// The shortest median move interval counted as one row per frame, ms (a 90 Hz frame is 11.1).
    public static let minimumFrameInterval = 11.0

    /// The touch-down to first-move delay when `s` matches, else `nil`.
    public static func delay(_ s: TraceSamples) -> Double? {
        let n = s.count
        guard n >= 3, s.isMove[0] != 0,
              let first = (1..<(n - 1)).first(where: { s.isMove[$0] != 0 }) else { return nil }
        let delay = s.time[first] - s.time[0]
        let window = TrackerWindow(wholeMilliseconds: true)
        guard delay > window.stopGap + VelocityWindow.timeEpsilon else { return nil }
        let count = window.withWindow(s) { _, _, w in w.count }
        guard count < ComposeVelocityEstimator.minimumSamples else { return nil }
        var intervals: [Double] = []
        var previous = first
        for i in (first + 1)..<n where s.isMove[i] != 0 {
            intervals.append(s.time[i] - s.time[previous])
            previous = i
        }
        guard !intervals.isEmpty else { return delay }
        return Percentile.of(intervals, 0.5) >= minimumFrameInterval ? delay : nil
    }
}
