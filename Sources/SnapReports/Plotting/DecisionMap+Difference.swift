import SnapLabSupport

/// Where the policies of a ``DecisionMap`` disagree: one panel whose cells are dark where the
/// policies move different numbers of pages and light where they all agree.
extension DecisionMap {
    /// Per cell (row-major from the bottom row, as ``Panel/cells``): how many distinct
    /// page counts the policies choose (1 = all agree).
    public func distinctDecisions() -> [Int] {
        let panels = panels()
        guard let first = panels.first else { return [] }
        return first.cells.indices.map { i in Set(panels.map { $0.cells[i].pagesMoved }).count }
    }

    /// The disagreement picture: one panel, a legend and a note naming the policies compared.
    public func differenceSVG(title: String) -> SVGDocument {
        let distinct = distinctDecisions()
        let rect = PlotRect(x: Self.leftMargin, y: 64, width: Self.panelWidth * 1.4, height: Self.panelHeight)
        let width = rect.maxX + Self.rightMargin + 16
        var out: [SVGElement] = []
        var y = 8.0
        for line in SVGElement.wrapped(title, maxCharacters: Int((width - 32) / 10.2)) {
            y += 20
            out.append(.label(line, x: 16, y: y, size: 17, extra: [.init("font-weight", "bold"), .init("class", "title")]))
        }
        var plot = rect
        plot.y = y + 24
        let cw = plot.width / Double(grid.velocityColumns), ch = plot.height / Double(grid.positionRows)
        let shades = ["#f4f4f4", "#e69f00", "#b35806", "#7f3b08"]
        var cells: [SVGElement] = []
        for (i, n) in distinct.enumerated() {
            let column = i % grid.velocityColumns, row = i / grid.velocityColumns
            cells.append(SVGElement("rect", ["x": plot.x + Double(column) * cw, "y": plot.maxY - Double(row + 1) * ch,
                                             "width": cw + 0.25, "height": ch + 0.25], fill: shades[min(n, 4) - 1]))
        }
        out.append(SVGElement("g", attributes: [.init("class", "cells"), .init("shape-rendering", "crispEdges")], children: cells))
        out.append(SVGElement("rect", ["x": plot.x, "y": plot.y, "width": plot.width, "height": plot.height],
                              fill: "none", extra: [.init("stroke", "#333333"), .init("stroke-width", "1")]))
        let xAxis = Axis(lower: -grid.maxVelocity, upper: grid.maxVelocity, label: "release velocity (pt/ms)")
        let yAxis = Axis(lower: 0, upper: 1, label: "position in item (fraction)", targetTickCount: 5)
        out += xAxis.horizontalElements(in: plot)
        out += yAxis.verticalElements(in: plot)
        y = plot.maxY + 52
        let legend = Legend(heading: "decisions", entries: [
            Legend.Entry(.fill(shades[0]), "all agree"), Legend.Entry(.fill(shades[1]), "2 different"),
            Legend.Entry(.fill(shades[2]), "3 different"), Legend.Entry(.fill(shades[3]), "4+ different"),
        ])
        let placed = legend.layout(x: 16, y: y, width: width - 32)
        out.append(SVGElement("g", attributes: [.init("class", "legend")], children: placed.elements))
        y += placed.height
        let share = distinct.isEmpty ? 0 : Double(distinct.filter { $0 > 1 }.count) / Double(distinct.count)
        let note = "Policies compared: " + policies.map(\.id).joined(separator: ", ") + ". They disagree on "
            + NumberFormat.fixed(100 * share, 0) + "% of the plane (same cells as the maps: drag from rest, contact "
            + SVGElement.number(contactDuration) + " ms)."
        for line in SVGElement.wrapped(note, maxCharacters: Int((width - 32) / 6.2)) {
            y += 14
            out.append(.label(line, x: 16, y: y, size: 10, extra: [.init("fill", "#555555"), .init("class", "note")]))
        }
        return SVGDocument(width: width, height: y + 14, title: title, elements: out)
    }
}
