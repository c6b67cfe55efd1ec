import Foundation
import SnapStrategies
import SnapLabSupport

/// Writes ``ImportedTrace``s as a sample-level trace file (trace format 1.1, Kind A): one row
/// per event with `trace_id,t_ms,offset,phase`, and the per-trace values on each trace's first
/// row only (later rows leave them empty): `start_offset`, `user_id`, `session_id`,
/// `intended_index`, `finger_travel` and the layout columns, so that the file needs no layout
/// options to be read; each trace's own layout (``ImportedTrace/layout``) when it has one.
/// When any trace has a task's hit criterion (``ImportedTrace/hit``), a `hit` column carries it
/// (`exact` or `revealed`; empty for the others); when any has telemetry, `settled_index` and
/// `tap_index` columns follow. Times are written in full: `t_ms` of 10^15 and more (epoch
/// microseconds read as ms) as whole numbers, never rounded to six digits.
public struct ImportedTraceWriter: Sendable {
    public var layout: CarouselLayout
    /// Decimals for times and offsets.
    public var decimals = 3

    public init(layout: CarouselLayout) { self.layout = layout }

    public static let header = "trace_id,t_ms,offset,phase,start_offset,user_id,session_id,intended_index,finger_travel,"
        + "item_width,item_spacing,leading_inset,trailing_inset,viewport_width,item_count,alignment,looping"

    /// The whole file.
    public func text(_ traces: [ImportedTrace]) -> String {
        let withHit = traces.contains { $0.hit != nil }
        let withTelemetry = traces.contains { $0.settledIndex != nil || $0.tapIndex != nil }
        var s = Self.header + (withHit ? ",hit" : "") + (withTelemetry ? ",settled_index,tap_index" : "") + "\n"
        let blanks = String(repeating: ",", count: 12 + (withHit ? 1 : 0) + (withTelemetry ? 2 : 0))
        for t in traces {
            let id = CSVText.field(t.id)
            for i in t.times.indices {
                let phase = i == 0 ? "began" : (i == t.times.count - 1 ? "ended" : "moved")
                s += "\(id),\(time(t.times[i])),\(number(t.offsets[i])),\(phase),"
                if i == 0 {
                    s += [number(t.startOffset), CSVText.field(t.user ?? ""), CSVText.field(t.session ?? ""),
                          t.intendedIndex.map(String.init) ?? "", number(t.fingerTravel), layoutFields(t.layout ?? layout)].joined(separator: ",")
                    if withHit { s += "," + (t.hit?.rawValue ?? "") }
                    if withTelemetry { s += "," + (t.settledIndex.map(String.init) ?? "") + "," + (t.tapIndex.map(String.init) ?? "") }
                } else {
                    s += blanks
                }
                s += "\n"
            }
        }
        return s
    }

    func number(_ x: Double) -> String { NumberFormat.compact(x, decimals) }

    /// A time in full: below 10^15 as ``number(_:)``, above as a whole number (a double that
    /// large has no fraction below 0.125 ms; `%.0f` writes every digit).
    func time(_ t: Double) -> String {
        Swift.abs(t) < 1e15 || !t.isFinite ? number(t) : String(format: "%.0f", t)
    }

    func layoutFields(_ l: CarouselLayout) -> String {
        [number(l.itemWidth), number(l.spacing), number(l.leadingInset), number(l.trailingInset), number(l.viewportWidth),
         String(l.itemCount), l.alignment.rawValue, l.isLooping ? "true" : "false"].joined(separator: ",")
    }
}
