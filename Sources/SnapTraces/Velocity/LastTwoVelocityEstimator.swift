/// The naive estimate: the slope between the two newest move samples with different times,
/// `(x₁ − x₀) / (t₁ − t₀)` pt/ms (of two samples with equal time the newer counts).
///
/// No horizon and no stop rule: a baseline to show what the smarter estimators buy.
/// Fewer than two distinct times give 0.
public struct LastTwoVelocityEstimator: VelocityEstimator {
    public init() {}
    public var id: String { VelocityMethod.lastTwo.rawValue }

    public func estimate(_ s: TraceSamples) -> VelocityEstimate {
        guard let nm = s.newestMove else { return .zero }
        let tNew = s.time[nm]
        var j = nm - 1
        while j >= 0 {
            if s.isMove[j] != 0 && s.time[j] < tNew {
                let v = (s.offset[nm] - s.offset[j]) / (tNew - s.time[j])
                return VelocityEstimate(velocity: v.isFinite ? v : 0, samplesUsed: 2)
            }
            j -= 1
        }
        return VelocityEstimate(velocity: 0, samplesUsed: 1)
    }
}
