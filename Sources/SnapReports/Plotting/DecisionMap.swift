import SnapStrategies
import SnapTraces
import SnapScoring

/// Pages moved by one or more policies over the plane (release velocity, position in item), with
/// labelled traces overlaid as hit/miss markers: `snaplab plot decision-map`.
///
/// ## The plane
/// The x axis is the release velocity `v ∈ [−vmax, vmax]` pt/ms, the y axis the fraction
/// `f ∈ [0, 1)` of a stride by which the release offset lies past the snap offset of a fixed item
/// `s` (“position in item”). The grid has ``Grid/velocityColumns`` × ``Grid/positionRows`` cells;
/// each cell is evaluated at its centre, `v = −vmax + (i + ½)·2·vmax/columns`,
/// `f = (j + ½)/rows` (row 0 at the bottom), so no cell sits exactly on `v = 0`.
///
/// ## The release of a cell (``release(velocity:fraction:)``)
/// - `s` = ``startItem``: the middle item `⌊count/2⌋`, at most `count − 2` (so that `s + 1` is an
///   item; 0 for a single item), far from the ends of a bounded layout;
/// - release offset `x = rawSnapOffset(s) + f·stride` (between the snap offsets of `s` and `s + 1`);
/// - the start item `a` (the item selected before the drag, ``Release/startIndex``):
///   with ``StartRule/behindRelease`` (default) the item the motion is leaving, `a = s` for
///   `v ≥ 0` and `a = s + 1` for `v < 0`, so every cell is an ordinary swipe that has not yet
///   passed a whole item (a forward drag of `f` items or a backward drag of `1 − f` items); with
///   ``StartRule/fixed`` always `a = s` (then `v < 0` cells are drags that reversed);
/// - `startOffset = snapOffset(a)` (the carousel was at rest on `a`), so travel
///   `x − startOffset` is `f·stride` or `−(1 − f)·stride`;
/// - `startTime = 0`, `time = ` ``contactDuration`` (default 120 ms, the median planned flick
///   duration of `human-swipes-and-user-needs.md` Part C), so duration is that constant.
///
/// The colour of a cell is `decision.targetSlot − a` (``SnapPolicy/pagesMoved(by:for:in:)``).
///
/// ## The traces
/// Each trace is drawn at `x = release.velocity`, `y = p − ⌊p⌋` with `p` its release position
/// (``CarouselLayout/position(atOffset:)`` in its own layout), i.e. where the release lies within
/// the item it is over. Its marker comes from deciding the trace itself (its own layout, start and
/// duration): hit when the policy rests on the intended item (``TraceOutcome/isHit(_:on:)``), miss
/// otherwise, grey when unlabelled. A trace matches its cell exactly when it started on the item
/// the start rule names and its layout and duration are the map's; otherwise the marker can
/// disagree with the colour under it, which is the point of showing both. Traces with a
/// non-finite position or velocity, or `|v| > vmax`, are not drawn (counted in ``Panel/notDrawn``).
///
/// ```swift
/// let map = DecisionMap(policies: [Tag99Snap()], layout: layout, traces: traces)
/// try map.svg(title: "tag99").rendered().write(toFile: "map.svg", atomically: true, encoding: .utf8)
/// ```
public struct DecisionMap: Sendable {
    /// Which item the drag of a cell started on.
    public enum StartRule: String, Sendable, Hashable, CaseIterable {
        /// The item the motion is leaving: `s` for `v ≥ 0`, `s + 1` for `v < 0`.
        case behindRelease
        /// Always `s`.
        case fixed
    }

    /// Grid resolution and velocity range.
    public struct Grid: Sendable, Hashable {
        /// Cells along the velocity axis, clamped to `1...400`.
        public var velocityColumns: Int
        /// Cells along the position axis, clamped to `1...200`.
        public var positionRows: Int
        /// Half-width of the velocity axis, pt/ms (a non-finite or non-positive value becomes 4).
        public var maxVelocity: Double

        public init(velocityColumns: Int = 96, positionRows: Int = 40, maxVelocity: Double = 4) {
            self.velocityColumns = SnapMath.clamp(velocityColumns, 1, 400)
            self.positionRows = SnapMath.clamp(positionRows, 1, 200)
            self.maxVelocity = maxVelocity.isFinite && maxVelocity > 0 ? maxVelocity : 4
        }

        /// Velocity at the centre of column `i`, pt/ms.
        public func velocity(column i: Int) -> Double {
            -maxVelocity + (Double(i) + 0.5) * 2 * maxVelocity / Double(velocityColumns)
        }

        /// Position fraction at the centre of row `j` (row 0 at the bottom).
        public func fraction(row j: Int) -> Double {
            (Double(j) + 0.5) / Double(positionRows)
        }
    }

    /// One evaluated cell.
    public struct Cell: Sendable, Hashable {
        public var column: Int
        public var row: Int
        public var velocity: Double
        public var fraction: Double
        public var pagesMoved: Int
        public var rule: String
    }

    /// One trace of the overlay.
    public struct Point: Sendable, Hashable {
        public var traceID: String
        public var velocity: Double
        public var fraction: Double
        public var marker: TraceMarker
    }

    /// One policy's map and overlay.
    public struct Panel: Sendable {
        public var policy: String
        /// Row-major from the bottom row: `cells[row · columns + column]`.
        public var cells: [Cell]
        public var points: [Point]
        /// Traces not drawn (non-finite, or faster than the axis).
        public var notDrawn: Int

        public var hits: Int { points.filter { $0.marker == .hit }.count }
        public var misses: Int { points.filter { $0.marker == .miss }.count }
    }

    public var policies: [any SnapPolicy]
    public var layout: CarouselLayout
    public var traces: [TraceRelease]
    public var grid: Grid
    public var startRule: StartRule
    /// Contact time of every cell's release, ms (non-finite or negative becomes 120).
    public var contactDuration: Double

    public init(policies: [any SnapPolicy], layout: CarouselLayout, traces: [TraceRelease] = [],
                grid: Grid = Grid(), startRule: StartRule = .behindRelease, contactDuration: Double = 120) {
        self.policies = policies
        self.layout = layout
        self.traces = traces
        self.grid = grid
        self.startRule = startRule
        self.contactDuration = contactDuration.isFinite && contactDuration >= 0 ? contactDuration : 120
    }

    /// The item `s` whose stride the y axis spans: `min(⌊count/2⌋, count − 2)`, at least 0.
    public var startItem: Int { max(0, min(layout.itemCount / 2, layout.itemCount - 2)) }

    /// The start item of a cell with velocity `v` under ``startRule`` (clamped to the items of a
    /// bounded layout).
    public func startSlot(velocity v: Double) -> Int {
        let s = startItem
        return layout.clampedSlot(startRule == .behindRelease && v < 0 ? s + 1 : s)
    }

    /// The release evaluated for the cell at (`velocity`, `fraction`); see the type's documentation.
    public func release(velocity v: Double, fraction f: Double) -> Release {
        let a = startSlot(velocity: v)
        return Release(offset: layout.rawSnapOffset(ofSlot: startItem) + f * layout.stride, velocity: v,
                       startOffset: layout.snapOffset(ofSlot: a), startTime: 0, time: contactDuration,
                       startIndex: a)
    }

    /// Evaluates `policy` on every cell and decides every trace.
    public func panel(for policy: any SnapPolicy) -> Panel {
        var cells: [Cell] = []
        cells.reserveCapacity(grid.velocityColumns * grid.positionRows)
        for j in 0..<grid.positionRows {
            let f = grid.fraction(row: j)
            for i in 0..<grid.velocityColumns {
                let v = grid.velocity(column: i)
                let r = release(velocity: v, fraction: f)
                let d = policy.decide(r, in: layout)
                cells.append(Cell(column: i, row: j, velocity: v, fraction: f,
                                  pagesMoved: policy.pagesMoved(by: d, for: r, in: layout), rule: d.rule))
            }
        }
        var points: [Point] = []
        var notDrawn = 0
        for t in traces {
            let p = t.layout.position(atOffset: t.release.offset)
            let v = t.release.velocity
            guard p.isFinite, v.isFinite, abs(v) <= grid.maxVelocity else {
                notDrawn += 1
                continue
            }
            let marker: TraceMarker
            if t.intendedIndex == nil {
                marker = .unlabelled
            } else {
                marker = TraceOutcome.isHit(policy, on: t) ? .hit : .miss
            }
            points.append(Point(traceID: t.traceID, velocity: v, fraction: p - p.rounded(.down), marker: marker))
        }
        return Panel(policy: policy.id, cells: cells, points: points, notDrawn: notDrawn)
    }

    /// Every policy's panel, in ``policies`` order.
    public func panels() -> [Panel] { policies.map(panel(for:)) }

    /// Overlay size the commands default to (a seeded sample beyond).
    public static let overlayLimit = 1_500

    /// The layout most of `traces` were recorded in (ties: the first seen), how many traces
    /// share it, and how many distinct layouts there are; `nil` without traces.
    public static func commonLayout(of traces: [TraceRelease]) -> (layout: CarouselLayout, count: Int, distinct: Int)? {
        var counts: [CarouselLayout: Int] = [:]
        var order: [CarouselLayout] = []
        for t in traces {
            if counts[t.layout] == nil { order.append(t.layout) }
            counts[t.layout, default: 0] += 1
        }
        guard let most = counts.values.max(), let first = order.first(where: { counts[$0] == most }) else { return nil }
        return (first, most, order.count)
    }

    // MARK: - Drawing

    static let panelWidth: Double = 330
    static let panelHeight: Double = 230
    static let leftMargin: Double = 70
    static let gap: Double = 78
    static let rightMargin: Double = 24
    static let rowGap: Double = 96
    /// Panels per row; more policies wrap into further rows.
    public static let panelsPerRow = 3

    /// The picture: title, one panel per policy (up to ``panelsPerRow`` side by side, then
    /// further rows; own axes, panel heading with hit/miss counts), a legend of pages moved and
    /// (with traces) of the markers, and a note on how the cells were built. Every text line is
    /// wrapped to the picture's width.
    public func svg(title: String, note extraNote: String? = nil) -> SVGDocument {
        let panels = panels()
        let columns = Double(max(1, min(Self.panelsPerRow, panels.count)))
        let rows = max(1, (panels.count + Self.panelsPerRow - 1) / Self.panelsPerRow)
        let width = max(560, Self.leftMargin + columns * Self.panelWidth + (columns - 1) * Self.gap + Self.rightMargin)
        let charsPerLine: (Double) -> Int = { size in Int((width - 32) / (size * 0.6)) }
        var out: [SVGElement] = []
        var y = 8.0
        for line in SVGElement.wrapped(title, maxCharacters: charsPerLine(17)) {
            y += 20
            out.append(.label(line, x: 16, y: y, size: 17, extra: [.init("font-weight", "bold"), .init("class", "title")]))
        }
        let subtitle = "pages moved by the release at each (velocity, position); start item rule: "
            + (startRule == .behindRelease ? "the item the motion leaves" : "always the item below the release")
        y += 4
        for line in SVGElement.wrapped(subtitle, maxCharacters: charsPerLine(11)) {
            y += 15
            out.append(.label(line, x: 16, y: y, size: 11, extra: [.init("fill", "#555555"), .init("class", "subtitle")]))
        }
        let top = y + 46

        let xAxis = Axis(lower: -grid.maxVelocity, upper: grid.maxVelocity, label: "release velocity (pt/ms)")
        let yAxis = Axis(lower: 0, upper: 1, label: "position in item (fraction)", targetTickCount: 5)
        for (k, panel) in panels.enumerated() {
            let column = Double(k % Self.panelsPerRow), row = Double(k / Self.panelsPerRow)
            let rect = PlotRect(x: Self.leftMargin + column * (Self.panelWidth + Self.gap),
                                y: top + row * (Self.panelHeight + Self.rowGap),
                                width: Self.panelWidth, height: Self.panelHeight)
            out.append(panelElement(panel, rect: rect, xAxis: xAxis, yAxis: yAxis, markerLimit: Self.markerLimit(panels: panels.count)))
        }

        y = top + Double(rows) * Self.panelHeight + Double(rows - 1) * Self.rowGap + 52
        let legendWidth = width - 32
        let pagesLegend = Legend(heading: "pages moved",
                                 entries: (-Palette.pagesLimit...Palette.pagesLimit).map {
                                     Legend.Entry(.fill(Palette.pages($0)), Palette.pagesLabel($0))
                                 })
        let placed = pagesLegend.layout(x: 16, y: y, width: legendWidth)
        out.append(SVGElement("g", attributes: [.init("class", "legend")], children: placed.elements))
        y += placed.height
        if !traces.isEmpty {
            let markers = Legend(heading: "traces",
                                 entries: [Legend.Entry(.marker(.hit), "hit (rests on the intended item)"),
                                           Legend.Entry(.marker(.miss), "miss"),
                                           Legend.Entry(.marker(.unlabelled), "unlabelled")])
            let m = markers.layout(x: 16, y: y, width: legendWidth)
            out.append(SVGElement("g", attributes: [.init("class", "legend")], children: m.elements))
            y += m.height
        }
        var note = (extraNote.map { $0 + " " } ?? "") + "Cells: release at the snap offset of item \(startItem) + fraction × stride "
            + "(\(SVGElement.number(layout.stride)) pt), drag from the start item at rest, "
            + "contact \(SVGElement.number(contactDuration)) ms; \(grid.velocityColumns) × \(grid.positionRows) cells. "
            + "Layout: \(layout)."
        if traces.count > Self.overlayLimit {
            note += " (The overlay draws \(traces.count) traces; past \(Self.overlayLimit) markers hide the cells.)"
        }
        for line in SVGElement.wrapped(note, maxCharacters: Int(legendWidth / 6.2)) {
            y += 14
            out.append(.label(line, x: 16, y: y, size: 10, extra: [.init("fill", "#555555"), .init("class", "note")]))
        }
        return SVGDocument(width: width, height: y + 14, title: title, elements: out)
    }

    /// Runs of consecutive cells in one row (increasing column) that move the same number of pages.
    static func runs(_ cells: [Cell]) -> [(row: Int, column: Int, length: Int, pagesMoved: Int)] {
        var out: [(row: Int, column: Int, length: Int, pagesMoved: Int)] = []
        for c in cells {
            if let last = out.last, last.row == c.row, last.column + last.length == c.column, last.pagesMoved == c.pagesMoved {
                out[out.count - 1].length += 1
            } else {
                out.append((c.row, c.column, 1, c.pagesMoved))
            }
        }
        return out
    }

    /// Markers drawn per panel when a map has `panels` panels: all up to ``panelsDrawnInFull``
    /// panels, then ``overlayLimit`` × ``panelsDrawnInFull`` shared among them (at least 100 each),
    /// so that a catalogue's maps stay a few MB (every panel repeats the same traces).
    static func markerLimit(panels: Int) -> Int {
        panels <= panelsDrawnInFull ? .max : Swift.max(100, overlayLimit * panelsDrawnInFull / panels)
    }

    /// Panels drawn with every sampled trace.
    static let panelsDrawnInFull = 6

    func panelElement(_ panel: Panel, rect: PlotRect, xAxis: Axis, yAxis: Axis, markerLimit: Int = .max) -> SVGElement {
        var children: [SVGElement] = []
        // The policy on one line and the trace counts under it, so that long names and counts
        // never run into the next panel.
        let hasTraces = !panel.points.isEmpty || panel.notDrawn > 0
        children.append(.label(panel.policy, x: rect.x, y: rect.y - (hasTraces ? 20 : 10), size: 13,
                               extra: [.init("font-weight", "bold"), .init("class", "panel-title")]))
        if hasTraces {
            var counts = "\(panel.hits) hits, \(panel.misses) misses"
            if panel.notDrawn > 0 { counts += ", \(panel.notDrawn) not drawn" }
            if panel.points.count > markerLimit { counts += "; \(markerLimit) drawn" }
            children.append(.label(counts, x: rect.x, y: rect.y - 6, size: 10,
                                   extra: [.init("fill", "#555555"), .init("class", "panel-counts")]))
        }
        let cw = rect.width / Double(grid.velocityColumns)
        let ch = rect.height / Double(grid.positionRows)
        var cellElements: [SVGElement] = []
        // One rect per run of equal cells along a row (a map has few changes per row: a whole
        // catalogue's maps were 7 MB of one-cell rects). Runs overlap by a quarter pixel so that
        // anti-aliasing leaves no seams.
        for run in Self.runs(panel.cells) {
            cellElements.append(SVGElement("rect", ["x": rect.x + Double(run.column) * cw,
                                                    "y": rect.maxY - Double(run.row + 1) * ch,
                                                    "width": Double(run.length) * cw + 0.25, "height": ch + 0.25],
                                           fill: Palette.pages(run.pagesMoved)))
        }
        children.append(SVGElement("g", attributes: [.init("class", "cells"), .init("shape-rendering", "crispEdges")],
                                   children: cellElements))
        let zero = xAxis.map(0, from: rect.x, to: rect.maxX)
        children.append(SVGElement("line", ["x1": zero, "y1": rect.y, "x2": zero, "y2": rect.maxY],
                                   extra: [.init("stroke", "#666666"), .init("stroke-width", "0.75"),
                                           .init("stroke-dasharray", "3 3")]))
        children.append(SVGElement("rect", ["x": rect.x, "y": rect.y, "width": rect.width, "height": rect.height],
                                   fill: "none", extra: [.init("stroke", "#333333"), .init("stroke-width", "1")]))
        if !panel.points.isEmpty {
            // The points are in the (uniformly sampled) traces' order, so a prefix is a uniform subsample.
            let markers = panel.points.prefix(markerLimit).map { p in
                p.marker.element(x: xAxis.map(p.velocity, from: rect.x, to: rect.maxX),
                                 y: yAxis.map(p.fraction, from: rect.maxY, to: rect.y))
            }
            children.append(SVGElement("g", attributes: [.init("class", "traces")], children: markers))
        }
        children += xAxis.horizontalElements(in: rect)
        children += yAxis.verticalElements(in: rect)
        return SVGElement("g", attributes: [.init("class", "panel"), .init("data-policy", panel.policy)],
                          children: children)
    }
}
