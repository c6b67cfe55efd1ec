import SnapStrategies
import SnapTraces
import SnapLabSupport

/// What `snaplab describe` adds for real recordings: how long and how far the strokes went,
/// how the input was delivered (first-move delay, long gaps), and the release speed under every
/// velocity estimator with the share that is exactly 0 (``DataChecks/zeroVelocityShare``).
public struct RealDataDescription: Sendable {
    /// Contact time touch-down → lift-off, ms.
    public private(set) var duration = BoundedSample()
    /// |finger travel|, points (traces that know it: `touch_x` or `finger_travel`).
    public private(set) var fingerTravel = BoundedSample()
    /// |finger travel| in items (`/ stride`).
    public private(set) var fingerTravelItems = BoundedSample()
    /// |content travel| in items (`|offset − start_offset| / stride`).
    public private(set) var travelItems = BoundedSample()
    /// Time from touch-down to the first move sample, ms (traces with a move before lift-off).
    public private(set) var firstMoveDelay = BoundedSample()
    /// Gaps between consecutive samples: all, and over 40 ms.
    public private(set) var gaps = 0
    public private(set) var longGaps = 0
    /// Per estimator (``methods`` order): |release speed| quantiles and exact zeros.
    public private(set) var speeds: [BoundedSample]
    public private(set) var zeros: [Int]
    public private(set) var estimated: [Int]

    /// Every estimator that works from samples; `recorded` when traces carry a velocity.
    public static let methods: [VelocityMethod] = VelocityMethod.allCases

    public init() {
        speeds = Self.methods.map { _ in BoundedSample() }
        zeros = Self.methods.map { _ in 0 }
        estimated = Self.methods.map { _ in 0 }
    }

    public mutating func add(_ record: TraceRecord) {
        let r = record.release, s = record.samples
        let n = s.count
        // release-level rows have no contact time
        if n >= 2 { duration.add(r.release.duration) }
        if let f = r.release.fingerTravel {
            fingerTravel.add(Swift.abs(f))
            if r.layout.stride > 0 { fingerTravelItems.add(Swift.abs(f) / r.layout.stride) }
        }
        if r.layout.stride > 0 { travelItems.add(Swift.abs(r.release.travel) / r.layout.stride) }
        let firstMove = Self.firstMoveIndex(s)
        if let firstMove { firstMoveDelay.add(s.time[firstMove] - s.time[0]) }
        if n >= 2 {
            // the touch-down → first-move delay is its own quantity, not a gap between samples
            for i in ((firstMove ?? 0) + 1)..<n {
                gaps += 1
                if s.time[i] - s.time[i - 1] > VelocityWindow.assumePointerStopped + VelocityWindow.timeEpsilon { longGaps += 1 }
            }
        }
        for (k, m) in Self.methods.enumerated() {
            // release-level rows have no samples to estimate from: only their recorded velocity
            if m == .recorded ? s.recordedVelocity == nil : n < 2 { continue }
            let v = m.estimator.estimate(s).velocity
            estimated[k] += 1
            speeds[k].add(Swift.abs(v))
            if v == 0 { zeros[k] += 1 }
        }
    }

    /// The first move after the touch-down (row 0), before the lift-off row; `nil` without one.
    public static func firstMoveIndex(_ s: TraceSamples) -> Int? {
        let n = s.count
        guard n >= 3 else { return nil }
        return (1..<(n - 1)).first(where: { s.isMove[$0] != 0 })
    }

    /// Share of exactly-zero velocities of estimator `k`, or `nil` when it estimated none.
    public func zeroShare(_ k: Int) -> Double? {
        estimated[k] > 0 ? Double(zeros[k]) / Double(estimated[k]) : nil
    }

    /// The estimators whose zero share exceeds 5%, as warning lines.
    public var zeroWarnings: [String] {
        Self.methods.indices.compactMap { k in
            guard let share = zeroShare(k), share > DataChecks.zeroVelocityShare else { return nil }
            return "warning: \(Self.methods[k].rawValue) gives velocity 0 for \(NumberFormat.fixed(100 * share, 1))% of traces "
                + "(\(zeros[k]) of \(estimated[k]); over 5%)"
        }
    }

    /// `(name, sample, decimals)` rows for the quantile table.
    public var quantityRows: [(String, BoundedSample, Int)] {
        [("duration (ms)", duration, 1), ("finger travel (pt)", fingerTravel, 1), ("finger travel (items)", fingerTravelItems, 2),
         ("content travel (items)", travelItems, 2),
         ("first-move delay (ms)", firstMoveDelay, 1)]
    }

    /// Share of gaps over 40 ms, or `nil` without gaps.
    public var longGapShare: Double? { gaps > 0 ? Double(longGaps) / Double(gaps) : nil }
}
