import ArgumentParser
import SnapEvaluator

/// `recommend --fit-sample-cap N|all`: the traces per fit above which `recommend`'s fits learn from
/// a seeded user-stratified subsample (``Recommendation/run(policies:data:fitter:folds:maxPages:maxFittedParameters:seed:adaptingFolds:withHeadroom:sampleCap:)``).
enum FitSampleCap {
    /// The help of the option.
    static let help = ArgumentHelp(
        "A fit on more traces than this (a training fold or all traces) learns from a seeded, user-stratified subsample "
            + "of about this many: every policy's threshold search, the learned likelihood, the headroom. 'all': every fit "
            + "on all its traces (slower, more memory). Scores always use all traces.",
        valueName: "traces|all")

    /// The default, as the option's text.
    static let defaultText = "\(LearnedSample.defaultCap)"

    /// The cap `text` names (`nil` for `all`).
    /// - Throws: `ValidationError` unless `text` is `all` or a whole number from 1 to 1,000,000,000.
    static func parse(_ text: String) throws -> Int? {
        if text == "all" { return nil }
        guard let n = Int(text), n >= 1, n <= 1_000_000_000 else {
            throw ValidationError("--fit-sample-cap must be a number of traces from 1 to 1000000000, or 'all', not '\(text)'")
        }
        return n
    }
}
