/// A plot legend: swatches with labels, laid out left to right and wrapped to a width.
///
/// Text width is estimated as `0.6 × font size` per character (a sans-serif average; 15% more for
/// the bold heading), enough to keep entries from overlapping without measuring fonts.
public struct Legend: Sendable, Hashable {
    /// What a legend entry shows before its label.
    public enum Swatch: Sendable, Hashable {
        /// A filled square (a map colour).
        case fill(String)
        /// A short line with a dot (a series of a line plot).
        case line(String)
        /// A trace marker of the decision-map overlay.
        case marker(TraceMarker)
    }

    /// One entry.
    public struct Entry: Sendable, Hashable {
        public var swatch: Swatch
        public var label: String
        public init(_ swatch: Swatch, _ label: String) {
            self.swatch = swatch
            self.label = label
        }
    }

    /// Heading drawn before the entries (e.g. `"pages moved"`), or empty.
    public var heading: String
    public var entries: [Entry]

    public init(heading: String = "", entries: [Entry]) {
        self.heading = heading
        self.entries = entries
    }

    static let fontSize: Double = 11
    static let rowHeight: Double = 18
    static let swatchWidth: Double = 22

    static func textWidth(_ s: String) -> Double { Double(s.count) * fontSize * 0.6 }

    /// Entries placed from (`x`, `y`) (top left) wrapping at `x + width`; the elements and the
    /// height used.
    public func layout(x: Double, y: Double, width: Double) -> (elements: [SVGElement], height: Double) {
        var out: [SVGElement] = []
        var cx = x
        var row = 0.0
        let baseline = { (r: Double) in y + r * Self.rowHeight + 12 }
        if !heading.isEmpty {
            out.append(.label(heading, x: cx, y: baseline(row), size: Self.fontSize,
                              extra: [.init("font-weight", "bold"), .init("class", "legend-heading")]))
            cx += Self.textWidth(heading) * 1.15 + 14  // bold runs about 15% wider
        }
        for e in entries {
            let w = Self.swatchWidth + Self.textWidth(e.label) + 16
            if cx + w > x + width, cx > x {
                row += 1
                cx = x
            }
            let midY = baseline(row) - 4
            out.append(contentsOf: swatch(e.swatch, x: cx, midY: midY))
            out.append(.label(e.label, x: cx + Self.swatchWidth, y: baseline(row), size: Self.fontSize,
                              extra: [.init("class", "legend-label")]))
            cx += w
        }
        return (out, (row + 1) * Self.rowHeight + 4)
    }

    func swatch(_ s: Swatch, x: Double, midY: Double) -> [SVGElement] {
        switch s {
        case .fill(let colour):
            return [SVGElement("rect", ["x": x, "y": midY - 6, "width": 16, "height": 12], fill: colour,
                               extra: [.init("stroke", "#999999"), .init("stroke-width", "0.5")])]
        case .line(let colour):
            return [SVGElement("line", ["x1": x, "y1": midY, "x2": x + 16, "y2": midY],
                               extra: [.init("stroke", colour), .init("stroke-width", "2")]),
                    SVGElement("circle", ["cx": x + 8, "cy": midY, "r": 3], fill: colour)]
        case .marker(let m):
            return [SVGElement("rect", ["x": x, "y": midY - 6, "width": 16, "height": 12], fill: "#bbbbbb"),
                    m.element(x: x + 8, y: midY)]
        }
    }
}
