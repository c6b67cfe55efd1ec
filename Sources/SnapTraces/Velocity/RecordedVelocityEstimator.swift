/// The velocity recorded in the file (`release_velocity`, pt/ms, as UIKit reports it at
/// lift-off): release-level files, or sample-level files with a `release_velocity` column.
///
/// The reader refuses a trace without the value (``TraceParseError``), so this estimator only
/// sees traces that have one; 0 otherwise. `samplesUsed` is 0: no sample is fitted.
public struct RecordedVelocityEstimator: VelocityEstimator {
    public init() {}
    public var id: String { VelocityMethod.recorded.rawValue }

    public func estimate(_ s: TraceSamples) -> VelocityEstimate {
        guard let v = s.recordedVelocity, v.isFinite else { return .zero }
        return VelocityEstimate(velocity: v, samplesUsed: 0)
    }
}
