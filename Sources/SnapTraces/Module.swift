// SnapTraces: traces in memory and everything that produces them. It owns the trace reader
// (`TraceReader`: sample- and release-level CSV, parallel byte ranges, errors with file, line
// and column), `TraceRecord` and `TraceRelease`, what counts as a hit (`HitCriterion`),
// pointer-log import (`PointerImporter`), the release-velocity estimators (`VelocityMethod` and
// the platform trackers), data checks and their counted warnings (`DataChecks`, `DataWarning`,
// `FrameLoggedPattern`, `VelocityInUse`) and behaviour labels (`BehaviourLabeller`,
// `BehaviourRelabelling`). It scores nothing. May import: SnapStrategies, SnapLabSupport,
// SnapGSL.
