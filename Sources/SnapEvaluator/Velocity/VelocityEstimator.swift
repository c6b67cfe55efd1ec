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

    public init(time: UnsafeBufferPointer<Double>, offset: UnsafeBufferPointer<Double>,
                isMove: UnsafeBufferPointer<UInt8>, recordedVelocity: Double? = nil) {
        self.time = time
        self.offset = offset
        self.isMove = isMove
        self.recordedVelocity = recordedVelocity
    }

    /// Number of rows (samples plus the lift-off row).
    @inlinable public var count: Int { Swift.min(time.count, offset.count, isMove.count) }

    /// Index of the newest move sample, or `nil` when there is none.
    @inlinable public var newestMove: Int? {
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

/// A release velocity and how many samples it rests on.
public struct VelocityEstimate: Sendable, Hashable {
    /// d(offset)/dt at lift-off, points per millisecond.
    public var velocity: Double
    /// Samples the estimate used (0 when the pointer had stopped or there were none).
    public var samplesUsed: Int

    public init(velocity: Double, samplesUsed: Int) {
        self.velocity = velocity
        self.samplesUsed = samplesUsed
    }

    /// No motion: velocity 0 from 0 samples.
    public static let zero = VelocityEstimate(velocity: 0, samplesUsed: 0)
}

/// Estimates the release velocity of one trace from its samples.
public protocol VelocityEstimator: Sendable {
    /// The `--velocity` name.
    var id: String { get }
    /// The estimate for `samples` (never traps; non-finite results are reported as 0).
    func estimate(_ samples: TraceSamples) -> VelocityEstimate
}

extension VelocityEstimator {
    /// Convenience for tests and tools: estimates from arrays. `isMove` defaults to "every row
    /// but the last" (a file without a `phase` column).
    public func estimate(time: [Double], offset: [Double], isMove: [Bool]? = nil,
                         recordedVelocity: Double? = nil) -> VelocityEstimate {
        let n = Swift.min(time.count, offset.count)
        let flags: [UInt8] = (0..<n).map { i in
            if let isMove, i < isMove.count { return isMove[i] ? 1 : 0 }
            return i < n - 1 ? 1 : 0
        }
        return time.withUnsafeBufferPointer { t in
            offset.withUnsafeBufferPointer { x in
                flags.withUnsafeBufferPointer { m in
                    estimate(TraceSamples(time: UnsafeBufferPointer(rebasing: t[0..<n]),
                                          offset: UnsafeBufferPointer(rebasing: x[0..<n]),
                                          isMove: m, recordedVelocity: recordedVelocity))
                }
            }
        }
    }
}

/// The `--velocity` choices.
public enum VelocityMethod: String, Sendable, CaseIterable {
    /// ``LSQ2VelocityEstimator`` (default).
    case lsq2
    /// ``IOSVelocityEstimator``.
    case ios
    /// ``ImpulseVelocityEstimator``.
    case impulse
    /// ``LastTwoVelocityEstimator``.
    case lastTwo = "last-two"
    /// ``RecordedVelocityEstimator``.
    case recorded

    /// The estimator for this method.
    public var estimator: any VelocityEstimator {
        switch self {
        case .lsq2: return LSQ2VelocityEstimator()
        case .ios: return IOSVelocityEstimator()
        case .impulse: return ImpulseVelocityEstimator()
        case .lastTwo: return LastTwoVelocityEstimator()
        case .recorded: return RecordedVelocityEstimator()
        }
    }
}
