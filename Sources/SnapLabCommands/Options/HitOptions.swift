import ArgumentParser
import SnapTraces

extension HitCriterion: ExpressibleByArgument {}

/// `--hit exact|revealed`: what counts as reaching the intended item, for every command that
/// scores (compare, fit, recommend, report, plot). A trace's own `hit` column wins: the command
/// hands ``hit`` to the reader (``TraceInputOptions/read(layoutNeeded:hit:_:)``), which gives
/// it to every trace without one.
public struct HitOptions: ParsableArguments, Sendable {
    @Option(help: "What counts as a hit: exact (the resting item is the intended one) or revealed (the intended item is wholly inside the viewport at rest); a trace's hit column wins.")
    public var hit: HitCriterion = .exact

    public init() {}
}
