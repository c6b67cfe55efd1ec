import ArgumentParser
import SnapFitting

/// `recommend --fit-sample-cap N|all|auto`: the traces per fit above which `recommend`'s fits learn
/// from a seeded user-stratified subsample (``Recommendation/run(policies:data:fitter:folds:maxPages:maxFittedParameters:seed:adaptingFolds:withHeadroom:sampleCap:)``).
enum FitSampleCap {
    /// The help of the option.
    static let help = ArgumentHelp(
        "A fit on more traces than this (a training fold or all traces) learns from a seeded, user-stratified subsample "
            + "of about this many: every policy's threshold search, the learned likelihood, the headroom. 'auto': a fifth "
            + "of the traces, at least \(LearnedSample.minimumAutomaticCap). 'all': every fit on all its traces (slower, "
            + "more memory). Scores always use all traces.",
        valueName: "traces|all|auto")

    /// The default, as the option's text.
    static let defaultText = "auto"

    /// The cap `text` names.
    /// - Throws: `ValidationError` unless `text` is `auto`, `all` or a whole number from 1 to 1,000,000,000.
    static func parse(_ text: String) throws -> LearnedSample.Cap {
        if text == "all" { return .all }
        if text == "auto" { return .automatic }
        guard let n = Int(text), n >= 1, n <= 1_000_000_000 else {
            throw ValidationError("--fit-sample-cap must be a number of traces from 1 to 1000000000, 'all' or 'auto', not '\(text)'")
        }
        return .traces(n)
    }
}
