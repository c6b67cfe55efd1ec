import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapReports

/// `tinyLayout` (stride 100, 10 items): start item s = 5. An 8 × 10 grid over ±4 pt/ms puts
/// column centres at −3.5, −2.5, …, 3.5 pt/ms and row centres at 0.05, 0.15, …, 0.95.
let smallGrid = DecisionMap.Grid(velocityColumns: 8, positionRows: 10, maxVelocity: 4)

func mapTraces() -> [TraceRelease] {
    [
        tinyTrace("hit", user: 0, start: 500, offset: 530, velocity: 0.5, intended: 5),
        tinyTrace("miss", user: 0, start: 500, offset: 530, velocity: 0.5, intended: 6),
        tinyTrace("back", user: 1, start: 600, offset: 520, velocity: -1.5, intended: 5),
        tinyTrace("free", user: 1, start: 200, offset: 250, velocity: 1, intended: nil),
        tinyTrace("fast", user: 1, start: 200, offset: 250, velocity: 10, intended: 3),
    ]
}

@Suite("Decision map")
struct DecisionMapTests {
    @Test("the release of a cell: offset in the start item's stride, start behind the motion, fixed duration")
    func cellRelease() {
        let map = DecisionMap(policies: [NearestPageSnap()], layout: tinyLayout, grid: smallGrid)
        #expect(map.startItem == 5)
        let fwd = map.release(velocity: 0.5, fraction: 0.3)
        #expect(fwd.offset == 530 && fwd.startOffset == 500 && fwd.startIndex == 5)
        #expect(fwd.duration == 120 && fwd.velocity == 0.5)
        let back = map.release(velocity: -0.5, fraction: 0.55)
        #expect(back.offset == 555 && back.startOffset == 600 && back.startIndex == 6)
        #expect(back.travel == -45)
        let fixed = DecisionMap(policies: [NearestPageSnap()], layout: tinyLayout, startRule: .fixed)
        #expect(fixed.release(velocity: -0.5, fraction: 0.55).startIndex == 5)
    }

    @Test("start item stays inside small layouts")
    func smallLayouts() throws {
        let one = try CarouselLayout(itemWidth: 100, viewportWidth: 100, itemCount: 1)
        let m1 = DecisionMap(policies: [Tag99Snap()], layout: one, grid: smallGrid)
        #expect(m1.startItem == 0 && m1.startSlot(velocity: -1) == 0)
        let two = try CarouselLayout(itemWidth: 100, viewportWidth: 100, itemCount: 2)
        let m2 = DecisionMap(policies: [Tag99Snap()], layout: two, grid: smallGrid)
        #expect(m2.startItem == 0 && m2.startSlot(velocity: -1) == 1)
        #expect(m1.panel(for: Tag99Snap()).cells.count == 80)
    }

    @Test("grid centres and clamped resolution")
    func grid() {
        #expect(smallGrid.velocity(column: 0) == -3.5 && smallGrid.velocity(column: 7) == 3.5)
        #expect(abs(smallGrid.fraction(row: 5) - 0.55) < 1e-12)
        let g = DecisionMap.Grid(velocityColumns: 0, positionRows: 10_000, maxVelocity: .nan)
        #expect(g.velocityColumns == 1 && g.positionRows == 200 && g.maxVelocity == 4)
    }

    /// Hand-worked with policies.md §1.2 (tag99) and §1.3 (nearest):
    /// - tag99, v = 2.5, f = 0.55: val 5.55 → 5, +1 forward, +1 low tier → 7; from 5: +2.
    /// - tag99, v = −0.5, f = 0.55: start 6; val 5.55 → 5, 0.55 ≤ 0.6, −1 → 4; from 6: −2.
    /// - tag99, v = −0.5, f = 0.65: 0.65 > 0.6 → 6, −1 → 5; from 6: −1.
    /// - nearest, v = 0.5: f = 0.45 → item 5 (0), f = 0.55 → item 6 (+1); v = −0.5, f = 0.55 → 6 from 6 (0).
    @Test("cells against hand-worked decisions", arguments: [
        ("tag99", 6, 5, 2), ("tag99", 3, 5, -2), ("tag99", 3, 6, -1),
        ("nearest", 4, 4, 0), ("nearest", 4, 5, 1), ("nearest", 3, 5, 0),
    ])
    func handWorked(policy: String, column: Int, row: Int, pages: Int) throws {
        let p = try PolicyCatalog.policy(id: policy)
        let panel = DecisionMap(policies: [p], layout: tinyLayout, grid: smallGrid).panel(for: p)
        let cell = panel.cells[row * smallGrid.velocityColumns + column]
        #expect(cell.column == column && cell.row == row)
        #expect(cell.pagesMoved == pages)
    }

    @Test("every cell equals policy.decide on the documented release", arguments: PolicyCatalog.identifiers)
    func everyCell(policy: String) throws {
        let p = try PolicyCatalog.policy(id: policy)
        let map = DecisionMap(policies: [p], layout: tinyLayout, grid: smallGrid)
        for c in map.panel(for: p).cells {
            let r = map.release(velocity: c.velocity, fraction: c.fraction)
            let d = p.decide(r, in: tinyLayout)
            #expect(c.pagesMoved == d.targetSlot - r.startSlot(in: tinyLayout))
            #expect(c.rule == d.rule)
        }
    }

    @Test("overlay: position within the item, hit/miss from the trace's own decision, fast traces not drawn")
    func overlay() {
        let map = DecisionMap(policies: [NearestPageSnap()], layout: tinyLayout, traces: mapTraces(), grid: smallGrid)
        let panel = map.panel(for: NearestPageSnap())
        #expect(panel.points.map(\.traceID) == ["hit", "miss", "back", "free"])
        #expect(panel.points.map(\.marker) == [.hit, .miss, .hit, .unlabelled])
        #expect(abs(panel.points[0].fraction - 0.3) < 1e-12)
        #expect(abs(panel.points[2].fraction - 0.2) < 1e-12)
        #expect(panel.points[2].velocity == -1.5)
        #expect(panel.notDrawn == 1 && panel.hits == 2 && panel.misses == 1)
    }

    @Test("SVG: well-formed; title, axis labels with units, legend, one rect per run of equal cells per panel, markers")
    func svgStructure() {
        let map = DecisionMap(policies: [Tag99Snap(), NearestPageSnap()], layout: tinyLayout,
                              traces: mapTraces(), grid: smallGrid)
        let doc = map.svg(title: "Decision map <tiny>")
        let xml = XMLStructure(doc.rendered())
        #expect(xml.wellFormed, "\(xml.error ?? "")")
        for label in ["Decision map <tiny>", "release velocity (pt/ms)", "position in item (fraction)",
                      "pages moved", "0", "+1", "\u{2212}2", "\u{2265} +3", "\u{2264} \u{2212}3",
                      "traces", "hit (rests on the intended item)", "miss", "unlabelled"] {
            #expect(xml.texts.contains(label), "missing label \(label)")
        }
        #expect(xml.texts.contains("tag99") && xml.texts.contains("nearest"))
        #expect(xml.texts.contains("2 hits, 1 misses, 1 not drawn"))
        #expect(xml.texts.filter { $0 == "release velocity (pt/ms)" }.count == 2)
        let groups = doc.root().descendants(named: "g")
        let cells = groups.filter { $0.attribute("class") == "cells" }
        #expect(cells.count == 2)
        // Issue 30: one rect per run of equal cells in a row (was one per cell: 14.5 MB for the catalogue).
        let runs = [map.panel(for: Tag99Snap()), map.panel(for: NearestPageSnap())].map { DecisionMap.runs($0.cells).count }
        #expect(zip(cells, runs).allSatisfy { $0.children.count == $1 && $1 < 80 && $0.children.allSatisfy { $0.name == "rect" } })
        #expect(groups.filter { $0.attribute("class") == "panel" }.compactMap { $0.attribute("data-policy") } == ["tag99", "nearest"])
        let traces = groups.filter { $0.attribute("class") == "traces" }
        #expect(traces.count == 2 && traces.allSatisfy { $0.children.count == 4 })
    }

    @Test("many panels share the overlay: up to 6 draw every trace, more draw a prefix each and say how many")
    func markerLimit() {
        #expect(DecisionMap.markerLimit(panels: 6) == .max)
        #expect(DecisionMap.markerLimit(panels: 27) == 1_500 * 6 / 27)
        #expect(DecisionMap.markerLimit(panels: 1_000) == 100)
        let map = DecisionMap(policies: [Tag99Snap()], layout: tinyLayout, traces: mapTraces(), grid: smallGrid)
        let panel = map.panel(for: Tag99Snap())
        let group = map.panelElement(panel, rect: PlotRect(x: 0, y: 0, width: 80, height: 100),
                                     xAxis: Axis(lower: -4, upper: 4, label: "v"), yAxis: Axis(lower: 0, upper: 1, label: "f"),
                                     markerLimit: 1)
        let markers = group.descendants(named: "g").first { $0.attribute("class") == "traces" }?.children ?? []
        #expect(markers.count == 1)
        let xml = XMLStructure(SVGDocument(width: 100, height: 100, title: "t", elements: [group]).rendered())
        #expect(xml.texts.contains { $0.hasSuffix("; 1 drawn") })
    }

    @Test("cell colours follow pages moved")
    func colours() {
        let map = DecisionMap(policies: [Tag99Snap()], layout: tinyLayout, grid: smallGrid)
        let panel = map.panel(for: Tag99Snap())
        let group = map.panelElement(panel, rect: PlotRect(x: 0, y: 0, width: 80, height: 100),
                                     xAxis: Axis(lower: -4, upper: 4, label: "v"), yAxis: Axis(lower: 0, upper: 1, label: "f"))
        let rects = group.descendants(named: "g").first { $0.attribute("class") == "cells" }?.children ?? []
        // Every cell is covered by the run that holds it, in its colour (runs of one row, 10 px per column here).
        let runs = DecisionMap.runs(panel.cells)
        #expect(rects.count == runs.count && runs.reduce(0) { $0 + $1.length } == panel.cells.count)
        for c in panel.cells {
            let run = runs.first { $0.row == c.row && $0.column <= c.column && c.column < $0.column + $0.length }
            #expect(run?.pagesMoved == c.pagesMoved)
        }
        for (r, run) in zip(rects, runs) { #expect(r.attribute("fill") == Palette.pages(run.pagesMoved)) }
        // Row 0 is drawn at the bottom.
        #expect(rects.first?.attribute("y") == "90")
    }

    @Test("without traces there is no marker legend and no overlay")
    func noTraces() {
        let doc = DecisionMap(policies: [NearestPageSnap()], layout: tinyLayout, grid: smallGrid).svg(title: "t")
        let xml = XMLStructure(doc.rendered())
        #expect(xml.wellFormed)
        #expect(!xml.texts.contains("traces"))
        #expect(xml.texts.contains("nearest"))
    }

    @Test("renders to PNG with rsvg-convert", .enabled(if: rsvgConvertInstalled, "rsvg-convert (Debian librsvg2-bin) is not installed"))
    func rendersToPNG() throws {
        let layout = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
        var traces: [TraceRelease] = []
        // A deterministic spread of traces around item 5 of the 170-pt layout.
        for i in 0..<60 {
            let v = -3.6 + 7.2 * Double(i) / 59
            let f = Double((i * 37) % 60) / 60
            let start = v >= 0 ? 5.0 : 6.0
            let offset = 10 + (5 + f) * 170 - 10
            let intended = v >= 0 ? (v > 1.5 ? 7 : 6) : (v < -1.5 ? 4 : 5)
            traces.append(TraceRelease(traceID: "t\(i)", user: i % 4, intendedIndex: i % 9 == 0 ? nil : intended,
                                       layout: layout,
                                       release: Release(offset: offset, velocity: v, startOffset: start * 170,
                                                        startTime: 0, time: 120),
                                       sampleCount: 1, location: TraceLocation(file: "x.csv", line: i + 2)))
        }
        let map = DecisionMap(policies: [Tag99Snap(), NearestPageSnap(), ASHorizontalSnap()], layout: layout, traces: traces)
        let result = try renderPNG(map.svg(title: "Decision map: tag99, nearest, ashorizontal").rendered(), name: "decision-map")
        #expect(result.reason == nil, "\(result.reason ?? "")")
        #expect((result.bytes ?? 0) > 10_000, "PNG at \(result.path)")
    }
}

@Suite("Decision map: grid, layout, text")
struct DecisionMapGridTests {
    @Test("past three policies the panels wrap into rows; the width stays that of three panels")
    func wraps() throws {
        let layout = try CarouselLayout(itemWidth: 100, spacing: 0, leadingInset: 0, viewportWidth: 100, itemCount: 10)
        let five: [any SnapPolicy] = [Tag99Snap(), NearestPageSnap(), EmblaSnap(), SwiperSnap(), UIKitPagingSnap()]
        let grid = DecisionMap.Grid(velocityColumns: 4, positionRows: 2)
        let three = DecisionMap(policies: Array(five.prefix(3)), layout: layout, grid: grid).svg(title: "three")
        let wrapped = DecisionMap(policies: five, layout: layout, grid: grid).svg(title: "five")
        #expect(wrapped.width == three.width)
        #expect(wrapped.height > three.height + DecisionMap.panelHeight)
        #expect(XMLStructure(wrapped.rendered()).wellFormed)
    }

    @Test("long titles and notes wrap to the picture's width instead of running off it")
    func noClipping() throws {
        let layout = try CarouselLayout(itemWidth: 100, spacing: 0, leadingInset: 0, viewportWidth: 100, itemCount: 10)
        let map = DecisionMap(policies: [Tag99Snap()], layout: layout, grid: DecisionMap.Grid(velocityColumns: 4, positionRows: 2))
        let title = String(repeating: "a-very-long-policy-name, ", count: 12)
        let doc = map.svg(title: title, note: String(repeating: "word ", count: 200))
        let texts = doc.root().descendants(named: "text").map { $0.children.map(\.text).joined() }
        for t in texts { #expect(Double(t.count) * 0.6 * 11 <= doc.width + 60, "\(t.prefix(40))… is wider than the picture") }
    }

    @Test("the most common layout of the traces, with counts")
    func commonLayout() throws {
        let a = try CarouselLayout(itemWidth: 100, spacing: 0, leadingInset: 0, viewportWidth: 100, itemCount: 10)
        let b = try CarouselLayout(itemWidth: 100, spacing: 0, leadingInset: 0, viewportWidth: 100, itemCount: 10,
                                   alignment: .center, isLooping: true)
        var traces = (0..<3).map { tinyTrace("t\($0)", user: 0, start: 0, offset: 10, intended: 0) }
        for i in traces.indices { traces[i].layout = i == 0 ? a : b }
        let common = try #require(DecisionMap.commonLayout(of: traces))
        #expect(common.layout == b && common.count == 2 && common.distinct == 2)
        #expect(DecisionMap.commonLayout(of: []) == nil)
    }
}
