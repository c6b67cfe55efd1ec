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
    /// - Returns: the merged totals and what was read.
    /// - Throws: ``TraceParseError`` for bad input (strict mode), with file, line and column.
    public static func accumulate(paths: [String], options: TraceReadOptions, policies: [any SnapPolicy],
                                  parts: Int, progress: ((String) -> Void)? = nil) throws -> (totals: ScoreAccumulator, summary: ReadSummary) {
        let started = Date()
        let line = ProgressLine(stage: "scoring \(policies.count) policies", unit: "traces", checkEvery: 512)
        defer { line.finish() }
        let (parts, summary) = try TraceReader.readInParallel(
            paths: paths, options: options, parts: parts,
            initial: { PendingScores(policies: policies) },
            accumulate: { part, record in
                part.add(record.release)
                line.advance()
            },
            afterFile: progress.map { report in
                { i, file in
                    let seconds = Date().timeIntervalSince(started)
                    report("[\(i + 1)/\(paths.count)] \(file.path): \(file.tracesRead) traces, \(String(format: "%.1f", seconds)) s")
                }
            })
        var totals = ScoreAccumulator(policies: policies)
        for part in parts {
            var scores = part.partial
            scores.flush()
            totals.merge(scores.accumulator, userRemap: part.userMap)
        }
        return (totals, summary)
    }
}
