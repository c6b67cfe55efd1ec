// SnapScoring: policies scored on traces, and the statistics that say how sure the scores are.
// It owns the per-trace outcome (`TraceOutcome`, `HitCriterion.reaches`), the accumulator that
// scores every policy in batches (`ScoreAccumulator`, `PendingScores`), the read-and-score pass
// of `compare` (`ComparisonRun`) and its result (`Comparison`, `UserHitTable`); and, in
// Statistics/, the user bootstrap, cluster-robust intervals, the clustered McNemar test, Holm's
// adjustment, rank correlation and p-values as text (quantiles: SnapLabSupport's `Percentile`). It fits nothing. May import:
// SnapStrategies, SnapLabSupport, SnapGSL, SnapTraces.
