/// Which release velocity a run actually used, for its header, and the notice for a
/// `release_velocity` column that the chosen estimator ignores.
///
/// Release-level files always use their recorded `release_velocity`, whatever `--velocity`
/// says; sample-level files use the estimator, and their `release_velocity` column (if any)
/// only with `--velocity recorded`.
public enum VelocityInUse {
    /// `lsq2`, `recorded`, or `lsq2 (sample-level files), recorded (release-level files)`.
    /// With `framesRebuilt` (``DataChecks/framesRebuilt``) the estimator reads e.g.
    /// `lsq2 (frames rebuilt)`.
    public static func header(method: VelocityMethod, files: [FileReadSummary], framesRebuilt: Bool = false) -> String {
        let kinds = Set(files.map(\.kind))
        if kinds == [.releaseLevel] || method == .recorded { return VelocityMethod.recorded.rawValue }
        let name = method.rawValue + (framesRebuilt && method.canRebuildFrames ? " " + framesRebuiltSuffix : "")
        if kinds.contains(.releaseLevel) {
            return "\(name) (sample-level files), recorded (release-level files)"
        }
        return name
    }

    /// Said after the estimator's name when it was replayed on rebuilt frames.
    public static let framesRebuiltSuffix = "(frames rebuilt)"

    /// The notice when `ignored` sample-level traces carried a `release_velocity` that `method`
    /// did not use; `nil` when there is nothing to say.
    public static func ignoredNotice(method: VelocityMethod, ignored: Int) -> String? {
        guard ignored > 0, method != .recorded else { return nil }
        return "notice: \(ignored) sample-level traces have a release_velocity column; it is not used: "
            + "--velocity \(method.rawValue) estimates from the samples (give --velocity recorded to use the recorded value)"
    }
}

/// Data a command cannot score (exit 65), e.g. hit rates of unlabelled traces.
public struct UnscorableDataError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    /// The data checks' lines about the traces read (``DataChecks/lines(users:)``),
    /// printed before the error: a run that stops still says what it found.
    public var warnings: [String]

    public init(_ description: String, warnings: [String] = []) {
        self.description = description
        self.warnings = warnings
    }

    /// Hit rates of traces without `intended_index`.
    public static func unlabelled(traces: Int, warnings: [String] = []) -> UnscorableDataError {
        UnscorableDataError(DataChecks.hitRatesNeedLabels + " (none of the \(traces) traces read has one)", warnings: warnings)
    }
}

extension DataChecks {
    /// The sentence every command says about unlabelled data.
    public static let hitRatesNeedLabels =
        "hit rates need intended_index (the item each swipe meant to reach; see snaplab import --intended-column or --target-column)"
}
