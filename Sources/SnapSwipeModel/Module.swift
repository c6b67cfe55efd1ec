// SnapSwipeModel: the swipe model, which makes labelled synthetic traces. It owns the model
// and its parameters (`SwipeModel`, `SwipeModelParameters`, `SyntheticUser`), sessions and the
// generator with its CSV writer (`SessionSimulator`, `TraceGenerator`, `TraceCSVWriter`),
// calibration to a recording or to published statistics (`ModelCalibration`,
// `RecordingSummary`, `CalibrationTable`), and the check of behaviour labels on simulated
// sessions (`BehaviourLabelValidation`). May import: SnapStrategies, SnapLabSupport, SnapGSL,
// SnapTraces, SnapScoring (not SnapFitting, its sibling).
