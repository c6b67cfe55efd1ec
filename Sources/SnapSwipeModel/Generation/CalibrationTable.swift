import SnapLabSupport
import SnapScoring

/// The side-by-side table of `generate --like`: each statistic of the recording and of the
/// generated traces, whether they agree within the statistic's tolerance, and, where they do not,
/// why: the model cannot reach it, or (``FitContext``) the fit reached it on its simulated
/// population and the file's people (the recording's own, or another draw) miss it.
public enum CalibrationTable {
    /// One row.
    public struct Row: Sendable, Hashable {
        /// The statistic's label (``StatisticKind/label``) and stable id (``StatisticKind/id``).
        public var statistic: String
        public var id: String
        public var recording: Double
        public var generated: Double
        public var tolerance: String
        /// `nil` when the recording has no value for the statistic.
        public var passes: Bool?
        /// Whether the calibration fits a parameter to this statistic.
        public var isFitted: Bool
        public var note: String
    }

    /// The rows for `recording` against `generated`, for a model fitted to the statistics named in
    /// `fitted`; with `task`, only the statistics a recording of that task has
    /// (``StatisticKind/applies(to:)``: a reveal recording's table has no paging-only rows), and
    /// every fitted one.
    /// With `fit` (``FitContext``), a fitted row the file misses says whether the fit reached it.
    public static func rows(recording: RecordingSummary, generated: RecordingSummary, fitted: Set<StatisticKind>,
                            task: SwipeTask? = nil, fit: FitContext? = nil) -> [Row] {
        let shown = recording.statistics.filter { s in fitted.contains(s.kind) || task.map(s.kind.applies(to:)) ?? true }
        return rows(targets: shown, generated: generated, fitted: fitted, fit: fit)
    }

    /// The rows for published `targets` (statistic → value; the tolerances are the statistics' own):
    /// only the statistics that `targets` names.
    public static func rows(targets: [StatisticKind: Double], generated: RecordingSummary, fitted: Set<StatisticKind>,
                            fit: FitContext? = nil) -> [Row] {
        let list = generated.statistics.compactMap { s -> RecordingSummary.Statistic? in
            guard let v = targets[s.kind] else { return nil }
            var t = s
            t.value = v
            return t
        }
        return rows(targets: list, generated: generated, fitted: fitted, fit: fit)
    }

    /// The note of the screen-edge row (``StatisticKind/screenEdgeShare``) for a model without a screen.
    public static let noScreenNote = "not in the model: it has no screen (generate --like --screen-edge)"

    /// The note of every row when nothing was generated (`--traces 0`): there is nothing to compare.
    public static let notGeneratedNote = "not compared: no traces generated (--traces 0)"

    static func rows(targets: [RecordingSummary.Statistic], generated: RecordingSummary, fitted: Set<StatisticKind>,
                     fit: FitContext? = nil) -> [Row] {
        let g = generated.statisticValues
        let nothingGenerated = generated.features.isEmpty
        return targets.map { s in
            let other = g[s.kind] ?? .nan
            let tolerance = s.kind.toleranceText
            let isFitted = fitted.contains(s.kind)
            guard !nothingGenerated else {
                return Row(statistic: s.name, id: s.kind.id, recording: s.value, generated: .nan, tolerance: tolerance, passes: nil,
                           isFitted: isFitted, note: notGeneratedNote)
            }
            guard s.value.isFinite else {
                return Row(statistic: s.name, id: s.kind.id, recording: s.value, generated: other, tolerance: tolerance, passes: nil,
                           isFitted: isFitted, note: "not in the recording")
            }
            // a model without a screen knows nothing of the finger's place: the edge share is not compared
            guard other.isFinite || s.kind != .screenEdgeShare else {
                return Row(statistic: s.name, id: s.kind.id, recording: s.value, generated: other, tolerance: tolerance, passes: nil,
                           isFitted: isFitted, note: Self.noScreenNote)
            }
            let ok = s.matches(other)
            let note = ok ? (isFitted ? "fitted" : "follows")
                : (isFitted ? fit.map { $0.missNote(s.kind, generated: other) } ?? unreachedNote
                            : "NOT MATCHED: not a fitted statistic; it follows from the model's structure")
            return Row(statistic: s.name, id: s.kind.id, recording: s.value, generated: other, tolerance: tolerance, passes: ok,
                       isFitted: isFitted, note: note)
        }
    }

    /// The line under the table: how many statistics are within tolerance and how many are not
    /// matched, or, when no row was compared because nothing was generated, that.
    public static func summary(_ rows: [Row]) -> String {
        if !rows.isEmpty && rows.allSatisfy({ $0.note == notGeneratedNote }) {
            return "no traces generated (--traces 0): nothing to compare the \(rows.count) statistics with (--save-model writes the fitted model)"
        }
        let failed = rows.filter { $0.passes == false }.count
        return "\(rows.filter { $0.passes == true }.count) of \(rows.filter { $0.passes != nil }.count) statistics within tolerance"
            + (failed > 0 ? "; \(failed) not matched (see notes)" : "")
    }

    /// The rows as a text table.
    public static func rendered(_ rows: [Row]) -> String {
        func number(_ x: Double) -> String { x.isFinite ? NumberFormat.compact(x, 3) : "—" }
        let table = TextTable(header: ["statistic", "id", "recording", "generated", "tolerance", "pass", "note"],
                              rows: rows.map { r in
                                  [r.statistic, r.id, number(r.recording), number(r.generated), r.tolerance,
                                   r.passes.map { $0 ? "✓" : "✗" } ?? "", r.note]
                              }, rightAligned: [2, 3])
        return table.rendered()
    }
}
