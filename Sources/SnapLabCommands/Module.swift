// SnapLabCommands: the `snaplab` command line (swift-argument-parser). It owns the commands
// (`SnapLab` and Subcommands/), the options they share (Options/: trace input, layout, hit,
// platform, groups, fitting), the run header every scoring command prints first (`RunHeader`),
// standard output and error with the quiet filter (`Output`, `QuietFilter`) and the mapping of
// errors to exit codes (Errors/: 64 usage, 65 data). It reads, scores, fits, generates and
// reports only through the modules below; it holds no statistics, policy or file format of its
// own. May import: ArgumentParser, Foundation, SnapStrategies, SnapLabSupport, SnapTraces,
// SnapScoring, SnapFitting, SnapSwipeModel, SnapReports, and SnapGSL for its error types only
// (`FitError`, mapped to exit codes; no GSL call). The `snaplab` executable is one line that
// runs `SnapLab.runMain()`.
