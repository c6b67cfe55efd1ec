import Testing
@testable import SnapReports

@Suite("Axis")
struct AxisTests {
    @Test("1-2-5 steps", arguments: [
        (10.0, 5, 2.0), (1.0, 5, 0.2), (8.0, 6, 1.0), (5.4, 6, 1.0), (100.0, 4, 20.0), (3.0, 6, 0.5), (0.7, 6, 0.1),
    ])
    func steps(span: Double, target: Int, step: Double) {
        #expect(abs(Axis.niceStep(span: span, targetCount: target) - step) < 1e-12)
    }

    @Test("bad spans give step 1")
    func badSpan() {
        #expect(Axis.niceStep(span: 0, targetCount: 5) == 1)
        #expect(Axis.niceStep(span: .nan, targetCount: 5) == 1)
        #expect(Axis.niceStep(span: .infinity, targetCount: 5) == 1)
    }

    @Test("niced axis widens to whole steps; ticks are the multiples inside")
    func niced() {
        let a = Axis.niced(lower: -2.7, upper: 2.7, label: "v (pt/ms)")
        #expect(a.lower == -3 && a.upper == 3)
        #expect(a.ticks == [-3, -2, -1, 0, 1, 2, 3])
        let b = Axis(lower: 0, upper: 1, label: "f", targetTickCount: 5)
        #expect(b.ticks.count == 6)
        #expect(b.ticks.map(b.tickLabel) == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"])
    }

    @Test("tick label decimals follow the step")
    func decimals() {
        #expect(Axis.decimals(forStep: 2) == 0)
        #expect(Axis.decimals(forStep: 1) == 0)
        #expect(Axis.decimals(forStep: 0.5) == 1)
        #expect(Axis.decimals(forStep: 0.05) == 2)
        #expect(Axis.decimals(forStep: 20) == 0)
    }

    @Test("degenerate ranges never divide by zero")
    func degenerate() {
        let a = Axis(lower: 2, upper: 2, label: "x")
        #expect(a.lower == 1 && a.upper == 3)
        let b = Axis(lower: .nan, upper: 4, label: "x")
        #expect(b.lower == 0 && b.upper == 1)
        let c = Axis(lower: 5, upper: 1, label: "x")
        #expect(c.lower == 1 && c.upper == 5)
        #expect(a.map(.nan, from: 10, to: 20) == 10)
        #expect(c.map(3, from: 0, to: 100) == 50)
    }

    @Test("drawn axes carry their label and one tick label per tick")
    func drawing() {
        let a = Axis(lower: 0, upper: 1, label: "hit rate (fraction)", targetTickCount: 5)
        let rect = PlotRect(x: 50, y: 10, width: 200, height: 100)
        let v = SVGElement("g", children: a.verticalElements(in: rect, grid: true))
        let texts = v.descendants(named: "text")
        #expect(texts.count == a.ticks.count + 1)
        #expect(texts.last?.children.first?.text == "hit rate (fraction)")
        #expect(texts.last?.attribute("transform")?.hasPrefix("rotate(-90") == true)
        let h = SVGElement("g", children: a.horizontalElements(in: rect))
        #expect(h.descendants(named: "text").first?.children.first?.text == "0.0")
    }
}
