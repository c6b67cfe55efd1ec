import ArgumentParser
import SnapTraces

/// `--group-by COLUMN` of `recommend` and `report`: the per-trace column whose values are the
/// tasks or screens a choice must carry over between (``TraceReadOptions/groupBy``). Without it
/// a `screen` or `session_kind` column is used when the header has one, else the layouts.
/// Other commands never read such a column (it costs `compare` nothing).
public struct GroupOptions: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp("A per-trace column whose values are the tasks or screens (each is scored by the fit on the others, and the rule ranks by that transfer score). Default: a screen or session_kind column if the file has one, else the distinct layouts.",
                               valueName: "column"))
    public var groupBy: String?

    public init() {}

    public func validate() throws {
        if let groupBy, groupBy.isEmpty { throw ValidationError("--group-by needs a column name") }
    }

    /// What the reader is asked to read: the named column, or the automatic one.
    var readGroup: TraceReadOptions.GroupColumn { groupBy.map { .named($0) } ?? .automatic }

    /// The column the files grouped their traces by (`a/b` when the files differ), `nil` when none did.
    static func column(_ summary: ReadSummary) -> String? {
        var seen: [String] = []
        for f in summary.files { if let c = f.groupColumn, !seen.contains(c) { seen.append(c) } }
        return seen.isEmpty ? nil : seen.joined(separator: "/")
    }
}
