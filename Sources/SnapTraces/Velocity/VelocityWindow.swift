/// The samples Android's `VelocityTracker` keeps at lift-off (LSQ2 and impulse strategies).
///
/// Rules (AOSP `frameworks/native/libs/input/VelocityTracker.cpp`: `HORIZON` = 100 ms,
/// `HISTORY_SIZE` = 20, `ASSUME_POINTER_STOPPED_TIME` = 40 ms; matched to
/// `shared/bench/baseline.py` `release_velocity`):
/// - only move samples count; the newest one anchors the window;
/// - a lift-off more than 40 ms after the newest move sample means the pointer stopped: empty;
/// - walking back, a move sample more than 100 ms older than the newest ends the window (one
///   exactly 100 ms old counts), and so does a gap over 40 ms between consecutive move samples;
/// - of two move samples with the same time only the newer counts;
/// - at most 20 samples.
/// Times are compared with a tolerance of 0.5 ns (Android works in integer nanoseconds), as
/// `baseline.py` does (`TIME_EPS_MS`).
public enum VelocityWindow {
    /// Samples older than this (relative to the newest move sample) are dropped, ms.
    public static let horizon: Double = 100
    /// Most samples kept.
    public static let historySize = 20
    /// A gap longer than this between moves, or between the last move and lift-off, ms.
    public static let assumePointerStopped: Double = 40
    /// Time comparison tolerance, ms (0.5 ns).
    public static let timeEpsilon: Double = 0.5e-6
    /// The fastest fling Android hands on, pt/ms: `ViewConfiguration.MAXIMUM_FLING_VELOCITY`
    /// = 8000 dp/s. AOSP's tracker itself does not clamp (`VelocityTracker.cpp` returns the fit);
    /// the widgets do, when they read it: `VelocityTracker.computeCurrentVelocity(1000,
    /// maxFlingVelocity)` clamps each axis to ±max (`RecyclerView.onTouchEvent`,
    /// `ScrollView.onTouchEvent`, `ViewPager.onTouchEvent`). A touchscreen glitch (two events
    /// 1 ms apart, far apart) is thus read as an 8000 dp/s fling, never more.
    public static let maximumFlingVelocity: Double = 8

    /// `v` clamped to ±``maximumFlingVelocity`` (also Compose's and Flutter's clamp, same value).
    @inlinable
    public static func clampedToFling(_ v: Double) -> Double {
        Swift.max(-maximumFlingVelocity, Swift.min(maximumFlingVelocity, v))
    }

    /// Fills `indices` (capacity ≥ ``historySize``) with the window's row indices, newest first,
    /// and returns how many; 0 when there is no move sample or the pointer had stopped.
    @inlinable
    public static func select(_ s: TraceSamples, into indices: UnsafeMutablePointer<Int>) -> Int {
        walk(s) { k, j in indices[k] = j }
    }

    /// Calls `visit(k, j)` for the window's row indices `j`, newest first (`k` = 0, 1, …), and
    /// returns how many; 0 when there is no move sample or the pointer had stopped (``select(_:into:)``
    /// without the array).
    @inlinable @inline(__always)
    static func walk(_ s: TraceSamples, _ visit: (Int, Int) -> Void) -> Int {
        walk(s, newest: { j in visit(0, j) }, older: visit)
    }

    /// The window's walk with its newest sample apart: `newest(j)` for the newest move sample,
    /// then `older(k, j)` for the others, newest first (`k` = 1, 2, …); returns how many. LSQ2
    /// sums the points as they come, relative to the newest: the newest one's own call sets
    /// that origin, and the loop over the older ones carries no test of which sample is first.
    @inlinable @inline(__always)
    static func walk(_ s: TraceSamples, newest: (Int) -> Void, older: (Int, Int) -> Void) -> Int {
        guard let nm = s.newestMove, let lift = s.liftOffTime else { return 0 }
        let tNew = s.time[nm]
        guard lift - tNew <= assumePointerStopped + timeEpsilon else { return 0 }
        newest(nm)
        var count = 1
        var previous = tNew
        var j = nm - 1
        let oldest = -(horizon + timeEpsilon), gap = assumePointerStopped + timeEpsilon
        while j >= 0 && count < historySize {
            if s.isMove[j] != 0 {
                let tj = s.time[j]
                if tj - tNew < oldest || previous - tj > gap { break }
                if previous - tj > timeEpsilon {
                    older(count, j)
                    count += 1
                }
                previous = tj
            }
            j -= 1
        }
        return count
    }
}
