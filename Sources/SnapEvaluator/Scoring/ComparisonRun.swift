import Foundation
import SnapStrategies

/// Reads trace files and scores policies on them in one streaming pass: `snaplab compare`'s
/// engine.
///
/// Each file is read in `parts` byte ranges at once (``TraceReader/readInParallel(path:options:parts:users:initial:accumulate:)``),
/// one thread each, every range folding its traces into its own ``ScoreAccumulator``; the
/// accumulators are then merged in file order, their user indices translated to one users
/// table across all files. Memory: one trace's samples per thread, plus the accumulators (which
/// do not grow with the number of traces), never the file.
public enum ComparisonRun {
    /// Scores `policies` on every trace of `paths`.
    /// - Parameters:
    ///   - parts: threads per file (1 = serial).
    ///   - progress: called with a line after each file, or `nil`. Independently of it, a
    ///     ``ProgressLine`` counts the traces scored when ``ProgressOutput`` is on.
    ///   - hit: the criterion for traces without a `hit` column of their own.
    /// - Returns: the merged totals and what was read.
    /// - Throws: ``TraceParseError`` for bad input (strict mode), with file, line and column.
    public static func accumulate(paths: [String], options: TraceReadOptions, policies: [any SnapPolicy],
                                  parts: Int, progress: ((String) -> Void)? = nil,
                                  hit: HitCriterion = .exact) throws -> (totals: ScoreAccumulator, summary: ReadSummary) {
        let run = try accumulateChecked(paths: paths, options: options, policies: policies, parts: parts, progress: progress, hit: hit)
        return (run.totals, run.summary)
    }

    /// A part's scores and checks.
    struct Part: Sendable {
        var scores: PendingScores
        var checks = DataChecks()
    }

    /// ``accumulate(paths:options:policies:parts:progress:hit:)`` and the data checks
    /// (``DataChecks``) over the same traces, with absolute example lines.
    public static func accumulateChecked(paths: [String], options: TraceReadOptions, policies: [any SnapPolicy],
                                         parts: Int, progress: ((String) -> Void)? = nil,
                                         hit: HitCriterion = .exact) throws -> (totals: ScoreAccumulator, summary: ReadSummary, checks: DataChecks) {
        let started = Date()
        let line = ProgressLine(stage: "scoring \(policies.count) policies", unit: "traces", checkEvery: 512)
        defer { line.finish() }
        let (parts, summary) = try TraceReader.readInParallel(
            paths: paths, options: options, parts: parts,
            initial: { Part(scores: PendingScores(policies: policies)) },
            accumulate: { part, record in
                part.checks.add(record)
                line.advance()
                guard record.release.hit == nil, hit != .exact else { return part.scores.add(record.release) }
                var release = record.release
                release.hit = hit
                part.scores.add(release)
            },
            afterFile: progress.map { report in
                { i, file in
                    let seconds = Date().timeIntervalSince(started)
                    report("[\(i + 1)/\(paths.count)] \(file.path): \(file.tracesRead) traces, \(String(format: "%.1f", seconds)) s")
                }
            })
        var totals = ScoreAccumulator(policies: policies)
        var checks = DataChecks()
        for part in parts {
            var scores = part.partial.scores
            scores.flush()
            totals.merge(scores.accumulator, userRemap: part.userMap)
            checks.merge(part.partial.checks, lineOffset: part.lineOffset)
        }
        return (totals, summary, checks)
    }
}
