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
