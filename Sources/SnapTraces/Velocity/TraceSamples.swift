/// The touch samples of one trace, as the reader hands them to a velocity estimator.
///
/// The buffers are views into the reader's reusable storage: valid only during the call that
/// receives them. Times in ms (non-decreasing), offsets in points (content offset). `isMove[i]`
/// is non-zero for a move sample (`began`/`moved`, or an empty phase on any row but the last);
/// the last row is the lift-off, which gives its time but, unless it is itself a move sample,
/// not its position.
public struct TraceSamples {
    /// Sample times, milliseconds.
    public let time: UnsafeBufferPointer<Double>
    /// Content offsets, points.
    public let offset: UnsafeBufferPointer<Double>
    /// Non-zero where the row is a move sample.
    public let isMove: UnsafeBufferPointer<UInt8>
    /// The `release_velocity` of the trace (release-level files, or a per-trace column), pt/ms.
    public let recordedVelocity: Double?

    /// Number of rows (samples plus the lift-off row): the shortest of the three buffers. Stored
    /// (the buffers cannot change): the estimators, the data checks and the frame-logged pattern
    /// each ask for it, several times a trace.
    public let count: Int

    public init(time: UnsafeBufferPointer<Double>, offset: UnsafeBufferPointer<Double>,
                isMove: UnsafeBufferPointer<UInt8>, recordedVelocity: Double? = nil) {
        self.time = time
        self.offset = offset
        self.isMove = isMove
        self.recordedVelocity = recordedVelocity
        count = Swift.min(time.count, offset.count, isMove.count)
    }

    /// Index of the newest move sample, or `nil` when there is none.
    @inlinable @inline(__always) public var newestMove: Int? {
        var i = count - 1
        while i >= 0 {
            if isMove[i] != 0 { return i }
            i -= 1
        }
        return nil
    }

    /// Time of the lift-off (the last row), ms.
    @inlinable public var liftOffTime: Double? { count > 0 ? time[count - 1] : nil }
}
