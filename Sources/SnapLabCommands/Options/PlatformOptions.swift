import ArgumentParser
import SnapStrategies
import SnapTraces
import SnapFitting
import SnapReports

extension DecisionPlatform: ExpressibleByArgument {}

/// `--platform` of `recommend` and `report` (``DecisionPlatform``): the velocity estimator of the
/// platform's tracker, and the candidates limited to its native policies plus rules that ship as code.
public struct PlatformOptions: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp("The app's platform: \(DecisionPlatform.allCases.map(\.rawValue).joined(separator: ", ")). Sets --velocity to its tracker's estimator (replacing the default lsq2) and limits the candidates to its native policies plus rules that ship as code (tag99, nearest, learned-threshold).",
                               valueName: "platform"))
    public var platform: DecisionPlatform?

    public init() {}

    /// `input` with the platform's velocity estimator (unless the file's own velocities, `recorded`, are asked for).
    /// - Throws: `ValidationError` when `--velocity` names another platform's estimator.
    func applied(to input: TraceInputOptions) throws -> TraceInputOptions {
        guard let platform else { return input }
        var out = input
        switch input.velocity {
        case platform.velocity, .recorded: break
        case .composeFrames where platform == .compose: break
        case .lsq2: out.velocity = platform.velocity
        default:
            throw ValidationError("--velocity \(input.velocity.rawValue) is not what --platform \(platform.rawValue)'s tracker measures "
                                  + "(\(platform.velocity.rawValue)); leave --velocity out or give \(platform.velocity.rawValue)")
        }
        return out
    }

    /// The selected policies the platform can run: native ones and rules that ship as code.
    /// - Throws: `ValidationError` when none of the selection is.
    func candidates(_ selected: [any SnapPolicy]) throws -> [any SnapPolicy] {
        guard let platform else { return selected }
        let kept = selected.filter { platform.allows($0.id) }
        guard !kept.isEmpty else {
            throw ValidationError("none of the selected --policies runs on --platform \(platform.rawValue); its policies: "
                                  + (platform.nativePolicyIDs + DecisionPlatform.rulePolicyIDs).joined(separator: ", "))
        }
        return kept
    }

    /// The selected policies the platform does not run (empty without `--platform`): scored with
    /// their defaults for reference, never candidates (``Recommendation/offPlatform``).
    func offPlatform(_ selected: [any SnapPolicy]) -> [any SnapPolicy] {
        guard let platform else { return [] }
        return selected.filter { !platform.allows($0.id) }
    }

    /// The estimator to read the traces with when `--platform compose` chose Compose's tracker (no
    /// `--velocity` given: `given` is the command's own input) and the first traces look logged
    /// one row per display frame (``TraceInputOptions/firstTracesLookFrameLogged(limit:)``, the
    /// `frame-logged` data check's rule on a pre-scan, so that the traces are read once with the
    /// estimator chosen): `compose-frames`, Compose's tracker on the input samples rebuilt between
    /// frames (issue 31), since on the rows as logged it reads 0 on a large share of real strokes.
    /// `nil` otherwise (without a pre-scan unless it can matter). `--frames` decides as for any
    /// estimator (``TraceInputOptions/rebuildsFrames(given:layoutNeeded:)``): `rebuild` without a
    /// pre-scan, `as-logged` never (Compose's tracker on the rows as logged).
    func framesEstimator(given: TraceInputOptions) throws -> VelocityMethod? {
        guard platform == .compose, given.velocity == .lsq2, try given.rebuildsFrames() else { return nil }
        return .composeFrames
    }

    /// What `recommend` and `report` read with: `given` under the platform's estimator
    /// (``applied(to:)``), `compose-frames` when ``framesEstimator(given:)`` chose it. Its pre-scan
    /// runs at most once: under `--frames auto` its answer is kept as `rebuild` or `as-logged`, so
    /// that the read does not scan the same first traces again (it did when they were not
    /// frame-logged: Compose's tracker can be rebuilt, and `auto` scanned for it).
    func input(_ given: TraceInputOptions) throws -> (input: TraceInputOptions, frames: VelocityMethod?) {
        var given = given
        if platform == .compose, given.velocity == .lsq2, given.frames == .auto {
            given.frames = try given.rebuildsFrames() ? .rebuild : .asLogged
        }
        var input = try applied(to: given)
        let frames = try framesEstimator(given: given)
        if let frames { input.velocity = frames }
        return (input, frames)
    }

    /// The note that says so (standard error, the verdict, the code's header).
    static let framesNote = "the traces look logged one row per display frame (data check frame-logged), so --platform compose "
        + "uses compose-frames: Compose's tracker on the input samples rebuilt between frames (issue 31), not on the rows as "
        + "logged, where it reads 0 on strokes the device flung (--frames as-logged keeps the rows)"

    /// The policies native to the platform (preferred among ties), empty without one.
    var native: Set<String> { Set(platform?.nativePolicyIDs ?? []) }

    /// What the numbers and the generated code assume, one line: estimator, hit criterion, platform.
    /// `frames`: the estimator is the frame-logged one (``framesEstimator(given:)``), said too.
    /// `hit`: the run header's `hit` entry (``RunHeader/hitText``).
    /// `framesRebuilt`: the estimator was replayed on rebuilt frames (`--frames`, ``DataChecks/framesRebuilt``), said too.
    func assumptions(velocity: String, hit: String, frames: Bool = false, framesRebuilt: Bool = false) -> String {
        "Assumes: velocity estimator \(velocity); hit criterion \(hit); "
            + (platform.map { $0.summary(readWith: frames ? .composeFrames : nil) } ?? "platform not given (--platform sets the estimator its tracker uses; "
                + "thresholds compared with other velocities decide differently)")
            + (frames ? "; " + Self.framesNote : "") + (framesRebuilt ? "; " + Self.framesRebuiltNote : "") + "."
    }

    /// What ``assumptions(velocity:hit:frames:framesRebuilt:)`` adds when `--frames` rebuilt the input.
    static let framesRebuiltNote = "frames rebuilt: the estimator was replayed on the input samples rebuilt between logged "
        + "frames, as the device's tracker saw them (--frames; --frames as-logged replays it on the rows as logged)"
}
