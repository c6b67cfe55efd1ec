/// LSQ2: Android's default velocity strategy (also Jetpack Compose, Flutter and Chromium).
///
/// Unweighted least-squares fit of `offset ≈ b0 + b1·a + b2·a²` over the ``VelocityWindow``
/// samples, with `a = t − t_newest` (times centred on the newest move sample, ms); the velocity
/// is the derivative at the newest sample, `b1`, pt/ms. With 2 samples, the line through them
/// (Android lowers the degree to samples − 1); with 1 (or none, or a stopped pointer), 0.
///
/// `b1` comes from the 3×3 normal equations in closed form (Cramer's rule on the sums of `a^0…a^4`
/// and `dx·a^0…a^2`, `dx = x − x_newest`), as `shared/bench/baseline.py` `_lsq2_block` does;
/// a test pins it to GSL's `gsl_multifit_linear` (``PolynomialFit``) within 1e-9.
///
/// Source: AOSP `frameworks/native/libs/input/VelocityTracker.cpp`,
/// `LeastSquaresVelocityTrackerStrategy::getVelocity` (degree 2, unweighted).
public struct LSQ2VelocityEstimator: VelocityEstimator {
    public init() {}
    public var id: String { VelocityMethod.lsq2.rawValue }

    public func estimate(_ s: TraceSamples) -> VelocityEstimate {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: VelocityWindow.historySize) { buf in
            guard let idx = buf.baseAddress else { return .zero }
            let n = VelocityWindow.select(s, into: idx)
            guard n >= 2 else { return VelocityEstimate(velocity: 0, samplesUsed: n) }
            let tNew = s.time[idx[0]], xNew = s.offset[idx[0]]
            var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, r0 = 0.0, r1 = 0.0, r2 = 0.0
            for k in 0..<n {
                let a = s.time[idx[k]] - tNew
                let dx = s.offset[idx[k]] - xNew
                let a2 = a * a
                s0 += 1; s1 += a; s2 += a2; s3 += a2 * a; s4 += a2 * a2
                r0 += dx; r1 += dx * a; r2 += dx * a2
            }
            let v: Double
            if n == 2 {
                v = (s0 * r1 - s1 * r0) / (s0 * s2 - s1 * s1)
            } else {
                let c1 = s1 * s4 - s3 * s2
                let det = s0 * (s2 * s4 - s3 * s3) - s1 * c1 + s2 * (s1 * s3 - s2 * s2)
                let det1 = s0 * (r1 * s4 - s3 * r2) - r0 * c1 + s2 * (s1 * r2 - r1 * s2)
                v = det1 / det
            }
            return VelocityEstimate(velocity: v.isFinite ? v : 0, samplesUsed: n)
        }
    }
}
