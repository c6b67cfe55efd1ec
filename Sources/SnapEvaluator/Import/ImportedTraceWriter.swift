import SnapStrategies

/// Writes ``ImportedTrace``s as a sample-level trace file (trace format 1.1, Kind A): one row
/// per event with `trace_id,t_ms,offset,phase`, and the per-trace values on each trace's first
/// row only (later rows leave them empty): `start_offset`, `user_id`, `session_id`,
/// `intended_index`, `finger_travel` and the layout columns, so that the file needs no layout
/// options to be read. When any trace has a task's hit criterion (``ImportedTrace/hit``), a
/// last `hit` column carries it (`exact` or `revealed`; empty for the others).
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
        var s = Self.header + (withHit ? ",hit" : "") + "\n"
        let layoutFields = [number(layout.itemWidth), number(layout.spacing), number(layout.leadingInset),
                            number(layout.trailingInset), number(layout.viewportWidth), String(layout.itemCount),
                            layout.alignment.rawValue, layout.isLooping ? "true" : "false"].joined(separator: ",")
        let blanks = String(repeating: ",", count: withHit ? 13 : 12)
        for t in traces {
            let id = CSVText.field(t.id)
            for i in t.times.indices {
                let phase = i == 0 ? "began" : (i == t.times.count - 1 ? "ended" : "moved")
                s += "\(id),\(number(t.times[i])),\(number(t.offsets[i])),\(phase),"
                if i == 0 {
                    s += [number(t.startOffset), CSVText.field(t.user ?? ""), CSVText.field(t.session ?? ""),
                          t.intendedIndex.map(String.init) ?? "", number(t.fingerTravel), layoutFields].joined(separator: ",")
                    if withHit { s += "," + (t.hit?.rawValue ?? "") }
                } else {
                    s += blanks
                }
                s += "\n"
            }
        }
        return s
    }

    func number(_ x: Double) -> String { NumberFormat.compact(x, decimals) }
}
