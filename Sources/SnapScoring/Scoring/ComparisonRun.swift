import Foundation
import SnapStrategies
import SnapLabSupport
import SnapTraces

/// Reads trace files and scores policies on them in one streaming pass: `snaplab compare`'s
/// engine.
///
/// Each file is read in `parts` byte ranges at once (``TraceReader/readFolding(paths:options:parts:bytesPerPart:into:initial:accumulate:fold:afterFile:)``),
/// one thread each, every range folding its traces into its own ``ScoreAccumulator``; the
/// accumulators are merged in file order as they come (a bounded number alive), their user indices translated to one users
/// table across all files. Memory: one trace's samples per thread, plus the accumulators (which
/// do not grow with the number of traces), never the file.
public enum ComparisonRun {
    /// Scores `policies` on every trace of `paths`.
    /// - Parameters:
    ///   - parts: threads per file (1 = serial).
    ///   - progress: called with a line after each file, or `nil`. Independently of it, a
    ///     ``ProgressLine`` counts the traces scored when ``ProgressOutput`` is on.
    /// - Returns: the merged totals and what was read.
    /// - Throws: ``TraceParseError`` for bad input (strict mode), with file, line and column.
    public static func accumulate(paths: [String], options: TraceReadOptions, policies: [any SnapPolicy],
                                  parts: Int, progress: ((String) -> Void)? = nil) throws -> (totals: ScoreAccumulator, summary: ReadSummary) {
        let run = try accumulateChecked(paths: paths, options: options, policies: policies, parts: parts, progress: progress)
        return (run.totals, run.summary)
    }

    /// A part's scores and checks.
    struct Part: Sendable {
        var scores: PendingScores
        var checks = DataChecks()
    }

    /// ``accumulate(paths:options:policies:parts:progress:)`` and the data checks
    /// (``DataChecks``) over the same traces, with absolute example lines.
    public static func accumulateChecked(paths: [String], options: TraceReadOptions, policies: [any SnapPolicy],
                                         parts: Int, progress: ((String) -> Void)? = nil) throws -> (totals: ScoreAccumulator, summary: ReadSummary, checks: DataChecks) {
        let started = Date()
        let line = ProgressLine(stage: "scoring \(policies.count) policies", unit: "traces", checkEvery: 512)
        defer { line.finish() }
        // parts are folded in file order as they come: a bounded number of part accumulators alive
        var merged = (totals: ScoreAccumulator(policies: policies), checks: DataChecks(readWith: options))
        let summary = try TraceReader.readFolding(
            paths: paths, options: options, parts: parts, into: &merged,
            initial: { Part(scores: PendingScores(policies: policies)) },
            accumulate: { part, record in
                part.checks.add(record)
                line.advance()
                part.scores.add(record)
            },
            fold: { merged, part in
                var scores = part.partial.scores
                scores.flush()
                merged.totals.merge(scores.accumulator, userRemap: part.userMap)
                merged.checks.merge(part.partial.checks, lineOffset: part.lineOffset)
            },
            afterFile: progress.map { report in
                { i, file in
                    let seconds = Date().timeIntervalSince(started)
                    report("[\(i + 1)/\(paths.count)] \(file.path): \(file.tracesRead) traces, \(String(format: "%.1f", seconds)) s")
                }
            })
        let (totals, checks) = merged
        return (totals, summary, checks)
    }
}
