/// Rebuilds the input samples a device's tracker saw between the frames an app logged.
///
/// An app that logs one position per delivered pointer event (Compose `PointerEvent`, Android
/// `MotionEvent`) logs one row per display frame: Android batches the touchscreen's samples
/// per frame, the event carries the newest as its position and the rest as historical samples
/// (`MotionEvent.getHistoricalX`, Compose `PointerInputChange.historical`), and the platform
/// trackers consume them all (Compose `VelocityTracker.addPointerInputChange` adds every
/// historical change before the event's own position). A tracker replayed on the logged rows
/// alone sees a fraction of them: after a first move 65–105 ms past the touch-down (GestureApp),
/// its 40 ms gap rule drops the down and often leaves fewer samples than `Lsq2` needs, so it
/// reads 0 where the device flung.
///
/// The reconstruction: between each pair of consecutive tracked rows (the touch-down, then each
/// move; the lift-off row is left as it is), samples at the touchscreen's interval ``interval``
/// counted back from the newer row (`t_newer − k·interval` for k = 1, 2, … while later than the
/// older row), each at the position linearly interpolated between the two rows. The logged rows
/// themselves are kept. Linear interpolation is the least-assuming path between two frames; it
/// understates a finger that accelerates within one frame and so leans the fit toward the
/// frames' chord (Docs/real-recordings.md, "frame-logged recordings").
///
/// ``interval`` is the touchscreen's sampling interval, ms: 8.33 (120 Hz) by default, the
/// interval the GestureApp recording shows between the last move and the repeated lift-off
/// (median 8 ms over 442 strokes; the A30's frames are 16.7 ms apart).
public struct FrameInputReconstruction: Sendable, Hashable {
    /// The touchscreen's sampling interval, ms.
    public var interval: Double
    /// Reconstructed samples kept per gap at most (a long pause is not filled beyond this).
    public var maximumPerGap: Int

    /// 120 Hz.
    public static let defaultInterval = 1000.0 / 120

    public init(interval: Double = Self.defaultInterval, maximumPerGap: Int = 64) {
        self.interval = interval
        self.maximumPerGap = maximumPerGap
    }

    /// The reconstructed rows: `time` (ms), `offset` (points) and `isMove` (1 for tracked rows,
    /// the lift-off row keeps its flag), in time order, the lift-off last.
    public func rows(_ s: TraceSamples) -> (time: [Double], offset: [Double], isMove: [Bool]) {
        rows(count: s.count, time: { s.time[$0] }, offset: { s.offset[$0] }, isMove: { s.isMove[$0] != 0 })
    }

    /// ``rows(_:)`` from arrays (tests and tools).
    public func rows(time: [Double], offset: [Double], isMove: [Bool]) -> (time: [Double], offset: [Double], isMove: [Bool]) {
        rows(count: Swift.min(time.count, offset.count, isMove.count), time: { time[$0] }, offset: { offset[$0] },
             isMove: { isMove[$0] })
    }

    private func rows(count n: Int, time st: (Int) -> Double, offset sx: (Int) -> Double,
                      isMove sm: (Int) -> Bool) -> (time: [Double], offset: [Double], isMove: [Bool]) {
        var time: [Double] = [], offset: [Double] = [], isMove: [Bool] = []
        time.reserveCapacity(2 * n)
        offset.reserveCapacity(2 * n)
        isMove.reserveCapacity(2 * n)
        var previous: Int?
        for i in 0..<n {
            let tracked = sm(i)
            if tracked, let p = previous, interval > 0, interval.isFinite {
                let t0 = st(p), x0 = sx(p), t1 = st(i), x1 = sx(i)
                let span = t1 - t0
                var k = 1
                var filled: [(Double, Double)] = []
                while k <= maximumPerGap {
                    let t = t1 - Double(k) * interval
                    guard t > t0, span > 0 else { break }
                    filled.append((t, x0 + (t - t0) / span * (x1 - x0)))
                    k += 1
                }
                for (t, x) in filled.reversed() {
                    time.append(t)
                    offset.append(x)
                    isMove.append(true)
                }
            }
            time.append(st(i))
            offset.append(sx(i))
            isMove.append(tracked)
            if tracked { previous = i }
        }
        return (time, offset, isMove)
    }
}
