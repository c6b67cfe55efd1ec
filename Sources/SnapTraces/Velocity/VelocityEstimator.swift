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
