/// How a trace is drawn over a decision map.
public enum TraceMarker: String, Sendable, Hashable, CaseIterable {
    /// The policy rests on the intended item: a black dot with a white rim.
    case hit
    /// It does not: a black cross with a white halo.
    case miss
    /// The trace has no intended item: a small grey dot.
    case unlabelled

    /// The marker centred on (`x`, `y`).
    public func element(x: Double, y: Double) -> SVGElement {
        switch self {
        case .hit:
            return SVGElement("circle", ["cx": x, "cy": y, "r": 3.2], fill: Palette.hit,
                              extra: [.init("stroke", Palette.miss), .init("stroke-width", "1"), .init("class", "hit")])
        case .miss:
            let d = 3.2
            let path = "M\(SVGElement.number(x - d)) \(SVGElement.number(y - d))L\(SVGElement.number(x + d)) \(SVGElement.number(y + d))"
                + "M\(SVGElement.number(x - d)) \(SVGElement.number(y + d))L\(SVGElement.number(x + d)) \(SVGElement.number(y - d))"
            return SVGElement("g", attributes: [.init("class", "miss")], children: [
                SVGElement("path", attributes: [.init("d", path), .init("stroke", Palette.miss), .init("stroke-width", "3.5"),
                                                .init("fill", "none")]),
                SVGElement("path", attributes: [.init("d", path), .init("stroke", Palette.hit), .init("stroke-width", "1.6"),
                                                .init("fill", "none")]),
            ])
        case .unlabelled:
            return SVGElement("circle", ["cx": x, "cy": y, "r": 2.2], fill: Palette.unlabelled,
                              extra: [.init("class", "unlabelled")])
        }
    }
}
