// SnapReports: what a user reads or pastes. It owns the reports and their formats
// (`ComparisonReport`, `FitReport`, `RecommendationReport`, `DecisionReport`: text, Markdown,
// CSV, JSON, HTML), the one-page HTML report (`ReportPage`, which runs the recommendation's
// fits, so this module sits above SnapFitting), plots (`DecisionMap`, `HitRateCurve`, SVG and
// PNG), policy code export (Swift, Kotlin, JavaScript, native settings) and the recording page
// (`RecorderPage`, `RecorderScript`, `StudyPlan`). May import: SnapStrategies, SnapLabSupport,
// SnapGSL, SnapTraces, SnapScoring, SnapFitting (not SnapSwipeModel).
