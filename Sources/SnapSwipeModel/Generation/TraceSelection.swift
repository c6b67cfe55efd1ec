import Foundation
import SnapLabSupport

/// Which strokes a recording kept, so that `generate --like` measures its simulated traces with the
/// same selection (issue 32).
///
/// A recording rebuilt by a script keeps only some strokes: the GestureApp kit
/// (`realdata/gestureapp/scripts/convert_gestureapp.py`) keeps strokes with at least 3 rows (a
/// touch-down, a move, a lift-off) and a finger travel of at least 20 px (11.4 pt at its 1.75 px/dp).
/// The model generates every stroke, also those that lift before their first move is delivered (with
/// withheld moves about a third of them on the A30 home recording) and those that barely move; left
/// in, they would shift every statistic the fit compares (travel, contact, late speed) against a
/// recording that has none of them.
///
/// The selection is read off the recording itself, not assumed: strokes with fewer rows than the
/// recording's fewest, and with less travel than its shortest, are left out of every simulated data
/// set. The shortest recorded travel is an upper estimate of the script's cut (22.9 pt on A30 home,
/// against the kit's 11.4 pt), so at most the strokes between the two are left out in excess; a
/// travel cut only applies when the recording's shortest stroke travels more than
/// ``TraceFeatures/onsetDistance`` (a recording that keeps strokes at rest has none).
public struct TraceSelection: Sendable, Hashable {
    /// Fewest rows a kept stroke has (touch-down and lift-off included).
    public var minimumRows: Int
    /// Least |travel| a kept stroke has, points (0: no cut).
    public var minimumTravel: Double

    public init(minimumRows: Int, minimumTravel: Double) {
        self.minimumRows = minimumRows
        self.minimumTravel = minimumTravel
    }

    /// The selection `features` show, or `nil` when it leaves nothing out that the model makes
    /// (every recording has at least 2 rows per stroke; no travel cut above sensor noise).
    public static func of(_ features: [TraceFeatures]) -> TraceSelection? {
        guard let rows = features.map(\.rows).min(), let travel = features.map({ abs($0.travel) }).min() else { return nil }
        let selection = TraceSelection(minimumRows: max(rows, 2), minimumTravel: travel > TraceFeatures.onsetDistance ? travel : 0)
        return selection.minimumRows > 2 || selection.minimumTravel > 0 ? selection : nil
    }

    /// Whether a stroke passes the selection.
    public func keeps(_ f: TraceFeatures) -> Bool {
        f.rows >= minimumRows && abs(f.travel) >= minimumTravel
    }

    /// One line for `--like`'s notes.
    public var note: String {
        "selection: simulated strokes are measured as the recording's were kept: at least \(minimumRows) rows"
            + (minimumTravel > 0 ? " and \(NumberFormat.fixed(minimumTravel, 1)) pt of travel (its shortest stroke)" : "")
    }
}
