// SnapLabSupport: what every other SnapLab module formats and writes with. It owns number
// formatting (`NumberFormat`), CSV fields (`CSVText`), JSON values (`JSONValue`), aligned text
// tables (`TextTable`), file output that never leaves a partial file (`AtomicFileOutput`,
// `FileOutputError`, `TemporaryFileCleanup`), the progress line with an ETA on standard error
// (`ProgressLine`, `ProgressOutput`), seeds derived from a printed one (`SeedMix`) and, in
// Statistics/, the closed interval every layer reports (`Interval`) and the one quantile
// function (`Percentile`, Hyndman–Fan type 7). It knows
// nothing of traces, policies or GSL. May import: Foundation, Synchronization and the C library
// only.
