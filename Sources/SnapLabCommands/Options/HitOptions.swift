import ArgumentParser
import SnapTraces

extension HitCriterion: ExpressibleByArgument {}

/// `--hit exact|revealed`: what counts as reaching the intended item, for every command that
/// scores (compare, fit, recommend, report, plot). A trace's own `hit` column wins.
public struct HitOptions: ParsableArguments, Sendable {
    @Option(help: "What counts as a hit: exact (the resting item is the intended one) or revealed (the intended item is wholly inside the viewport at rest); a trace's hit column wins.")
    public var hit: HitCriterion = .exact

    public init() {}

    /// `trace` with the command's criterion where it has none of its own.
    public func applied(to trace: TraceRelease) -> TraceRelease {
        guard trace.hit == nil else { return trace }
        var t = trace
        t.hit = hit
        return t
    }
}
