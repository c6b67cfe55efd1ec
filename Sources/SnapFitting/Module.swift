// SnapFitting: policy parameters fitted to labelled traces, and the recommendation built on
// the fits. It owns the data a fit holds (`FitData`, `LearnedSample`), the fitter
// (`PolicyFitter`: bounded Nelder–Mead from SnapGSL, step search), user-grouped cross-validation
// (`CrossValidatedFit`, `GroupedFolds`), the learned-threshold policy's ordinal model, headroom,
// degeneracy checks and the recommendation (`Recommendation`, `RecommendationPlan`,
// `DecisionPlatform`). It writes no report and generates no trace. May import: SnapStrategies,
// SnapLabSupport, SnapGSL, SnapTraces, SnapScoring (not SnapSwipeModel, its sibling).
