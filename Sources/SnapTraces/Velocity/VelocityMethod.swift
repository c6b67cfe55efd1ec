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
    /// ``ComposeVelocityEstimator`` (current path).
    case compose
    /// ``ComposeVelocityEstimator`` with `legacy` (the up event tracked).
    case composeLegacy = "compose-legacy"
    /// ``ComposeVelocityEstimator`` with `legacy` on the input samples rebuilt between logged
    /// frames (``FrameInputReconstruction``): what the device computed from a frame-logged log.
    case composeFrames = "compose-frames"
    /// ``FlutterVelocityEstimator``.
    case flutter
    /// ``ChromiumVelocityEstimator``.
    case chromium

    /// The estimator for this method.
    public var estimator: any VelocityEstimator {
        switch self {
        case .lsq2: return LSQ2VelocityEstimator()
        case .ios: return IOSVelocityEstimator()
        case .impulse: return ImpulseVelocityEstimator()
        case .lastTwo: return LastTwoVelocityEstimator()
        case .recorded: return RecordedVelocityEstimator()
        case .compose: return ComposeVelocityEstimator()
        case .composeLegacy: return ComposeVelocityEstimator(legacy: true)
        case .composeFrames: return ComposeVelocityEstimator(legacy: true, input: FrameInputReconstruction())
        case .flutter: return FlutterVelocityEstimator()
        case .chromium: return ChromiumVelocityEstimator()
        }
    }
}
