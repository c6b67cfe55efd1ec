/// Android's impulse strategy: the velocity whose kinetic energy equals the work done by the
/// finger over the ``VelocityWindow`` samples.
///
/// With the samples oldest to newest and `v_i = (x_i − x_{i−1}) / (t_i − t_{i−1})` (pt/ms):
/// `W = Σ (v_i − v_prev)·|v_i|`, where `v_prev = sign(W)·√(2|W|)` before the step and the first
/// step's term is halved; the velocity is `sign(W)·√(2|W|)`. Two samples give their slope,
/// fewer give 0. Equal times are already merged by the window (the newer kept).
///
/// Source: AOSP `frameworks/native/libs/input/VelocityTracker.cpp`,
/// `ImpulseVelocityTrackerStrategy`, `calculateImpulseVelocity` and `kineticEnergyToVelocity`
/// (computed here in double precision and ms instead of float and s; the result is unit-consistent).
/// Not clamped, as AOSP's tracker (see ``LSQ2VelocityEstimator``).
public struct ImpulseVelocityEstimator: VelocityEstimator {
    public init() {}
    public var id: String { VelocityMethod.impulse.rawValue }

    /// `sign(work)·√(2|work|)`.
    @inlinable
    static func kineticEnergyToVelocity(_ work: Double) -> Double {
        (work < 0 ? -1.0 : 1.0) * (2 * Swift.abs(work)).squareRoot()
    }

    public func estimate(_ s: TraceSamples) -> VelocityEstimate {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: VelocityWindow.historySize) { buf in
            guard let idx = buf.baseAddress else { return .zero }
            let n = VelocityWindow.select(s, into: idx)
            guard n >= 2 else { return VelocityEstimate(velocity: 0, samplesUsed: n) }
            if n == 2 {
                let v = (s.offset[idx[0]] - s.offset[idx[1]]) / (s.time[idx[0]] - s.time[idx[1]])
                return VelocityEstimate(velocity: v.isFinite ? v : 0, samplesUsed: 2)
            }
            var work = 0.0
            // idx is newest first: step from the oldest (k = n - 1) toward the newest.
            var k = n - 1
            while k > 0 {
                let older = idx[k], newer = idx[k - 1]
                let dt = s.time[newer] - s.time[older]
                if dt > 0 {
                    let vPrev = Self.kineticEnergyToVelocity(work)
                    let vCurr = (s.offset[newer] - s.offset[older]) / dt
                    work += (vCurr - vPrev) * Swift.abs(vCurr)
                    if k == n - 1 { work *= 0.5 }
                }
                k -= 1
            }
            let v = Self.kineticEnergyToVelocity(work)
            return VelocityEstimate(velocity: v.isFinite ? v : 0, samplesUsed: n)
        }
    }
}
