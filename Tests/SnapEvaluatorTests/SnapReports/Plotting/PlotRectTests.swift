import Testing
@testable import SnapReports

@Suite("Plot rectangle")
struct PlotRectTests {
    @Test("edges and centre")
    func edges() {
        let r = PlotRect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.maxX == 110 && r.maxY == 70 && r.midX == 60 && r.midY == 45)
    }
}
