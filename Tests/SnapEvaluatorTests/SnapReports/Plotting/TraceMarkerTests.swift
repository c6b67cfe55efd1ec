import Testing
@testable import SnapReports

@Suite("Trace markers")
struct TraceMarkerTests {
    @Test("each marker is centred where asked and tagged with its kind", arguments: TraceMarker.allCases)
    func centred(marker: TraceMarker) {
        let e = marker.element(x: 10, y: 20)
        #expect(e.attribute("class") == marker.rawValue)
        #expect(XMLStructure(e.rendered()).wellFormed)
        switch marker {
        case .hit, .unlabelled:
            #expect(e.name == "circle" && e.attribute("cx") == "10" && e.attribute("cy") == "20")
        case .miss:
            #expect(e.descendants(named: "path").count == 2)
            #expect(e.descendants(named: "path").first?.attribute("d") == "M6.8 16.8L13.2 23.2M6.8 23.2L13.2 16.8")
        }
    }

    @Test("hit and miss differ in shape, unlabelled in colour")
    func distinct() {
        #expect(TraceMarker.hit.element(x: 0, y: 0).name != TraceMarker.miss.element(x: 0, y: 0).name)
        #expect(TraceMarker.hit.element(x: 0, y: 0).attribute("fill") != TraceMarker.unlabelled.element(x: 0, y: 0).attribute("fill"))
    }
}
