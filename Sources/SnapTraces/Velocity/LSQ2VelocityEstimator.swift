/// LSQ2: Android's default velocity strategy (also Jetpack Compose, Flutter and Chromium).
///
/// Unweighted least-squares fit of `offset ≈ b0 + b1·a + b2·a²` over the ``VelocityWindow``
/// samples, with `a = t − t_newest` (times centred on the newest move sample, ms); the velocity
/// is the derivative at the newest sample, `b1`, pt/ms. With 2 samples, the line through them
/// (Android lowers the degree to samples − 1); with 1 (or none, or a stopped pointer), 0.
///
/// `b1` comes from ``LeastSquaresSlope`` (the normal equations in closed form, as
/// `shared/bench/baseline.py` `_lsq2_block` does); a test pins it to GSL's
/// `gsl_multifit_linear` (``PolynomialFit``) within 1e-9.
///
/// Not clamped: AOSP's tracker returns the fit, and Android's widgets clamp what their fling
/// receives to ±``VelocityWindow/maximumFlingVelocity`` (8 pt/ms) themselves; the policies that
/// model them apply that clamp (e.g. ``AndroidLinearSnapHelperSnap``), and the `fling-clamp`
/// warning counts releases at or beyond it.
///
/// Source: AOSP `frameworks/native/libs/input/VelocityTracker.cpp`,
/// `LeastSquaresVelocityTrackerStrategy::getVelocity` (degree 2, unweighted).
public struct LSQ2VelocityEstimator: VelocityEstimator {
    public init() {}
    public var id: String { VelocityMethod.lsq2.rawValue }

    /// The window's points are summed as ``VelocityWindow`` walks them (``LeastSquaresSlope/Sums``),
    /// newest first, as ``LeastSquaresSlope/slope(a:dx:count:)`` sums its arrays: the same slope.
    /// The newest point, which gives the origin of `a` and `dx`, is summed by its own call
    /// (``VelocityWindow/walk(_:newest:older:)``): the same operations on the same values.
    public func estimate(_ s: TraceSamples) -> VelocityEstimate {
        var sums = LeastSquaresSlope.Sums()
        var tNew = 0.0, xNew = 0.0
        let n = VelocityWindow.walk(s, newest: { j in
            tNew = s.time[j]; xNew = s.offset[j]
            sums.add(s.time[j] - tNew, s.offset[j] - xNew)
        }, older: { _, j in
            sums.add(s.time[j] - tNew, s.offset[j] - xNew)
        })
        guard n >= 2 else { return VelocityEstimate(velocity: 0, samplesUsed: n) }
        let v = sums.slope(count: n)
        guard v.isFinite else { return VelocityEstimate(velocity: 0, samplesUsed: n) }
        return VelocityEstimate(velocity: v, samplesUsed: n)
    }
}
